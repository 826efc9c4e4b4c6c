/** The outcome of a public form: success as a polite status, failure as an alert. */
export function FormMessage({ kind, text }: { kind: 'success' | 'error'; text: string }) {
  return (
    <p className={`form-message form-message-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
