import { useId, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';

/** A labelled input with its error text tied to it for screen readers. */
export function Field({ label, error, autoFocus, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // `autoFocus` focuses the input when it mounts, as React does, rather than
  // through the attribute: Preact (the light faces' renderer) only sets the
  // attribute, which the browser honours once per page, so the two-factor
  // step, shown after the e-mail field had it, would start unfocused.
  const focusOnMount = useRef(autoFocus);
  useLayoutEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} {...input} />
      {error && (
        <span id={`${id}-err`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
