import { useId, type InputHTMLAttributes } from 'react';

/**
 * The site's Field (same classes, same look) plus a note under the input,
 * tied to it for screen readers: 'Email is locked to the invited address.'
 */
export function AcceptInviteField({
  label,
  error,
  note,
  ...input
}: { label: string; error?: string; note?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [error && `${id}-err`, note && `${id}-note`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {note && (
        <span id={`${id}-note`} className="invite-note">
          {note}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
