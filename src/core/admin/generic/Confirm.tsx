import { useEffect, useRef } from 'react';
import { Confirm as RaConfirm, type ConfirmProps } from 'react-admin';

/**
 * react-admin's confirmation dialog, answering once per opening. Its buttons
 * stay under the pointer while it fades out, so a double click on "Yes" ran
 * the action twice: two DELETEs, and the second one's "Record not found."
 * shown instead of the success. A dialog that stays open while its work runs
 * (`loading`) answers again once that work is over (a failure to retry).
 */
export function Confirm(props: ConfirmProps) {
  const { isOpen, loading, onConfirm } = props;
  const answered = useRef(false);
  useEffect(() => {
    if (!isOpen || !loading) answered.current = false;
  }, [isOpen, loading]);
  return (
    <RaConfirm
      {...props}
      onConfirm={(event) => {
        if (!isOpen || answered.current) return;
        answered.current = true;
        onConfirm(event);
      }}
    />
  );
}
