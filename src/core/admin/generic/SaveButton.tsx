import { SaveButton as RaSaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * react-admin's SaveButton, answering an untouched form too (a click shows
 * what is required) but never while a save runs. react-admin's
 * `alwaysEnable` keeps it enabled even then, and ignores `disabled`: a double
 * click sent the record twice (a duplicate, or a conflict shown after the
 * success).
 */
export function SaveButton(props: Omit<SaveButtonProps, 'alwaysEnable'>) {
  const { isSubmitting } = useFormState();
  return <RaSaveButton {...props} alwaysEnable={!isSubmitting && !props.disabled} />;
}
