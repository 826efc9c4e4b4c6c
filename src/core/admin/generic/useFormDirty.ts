import { useFormState } from 'react-hook-form';

/**
 * Inside a form: whether any field differs from what it started with. Dirty
 * fields, not `isDirty`: react-admin's own unsaved-changes check does the
 * same, and `isDirty` can stay set after a field goes back to its value.
 */
export function useFormDirty(): boolean {
  const { dirtyFields } = useFormState();
  return Object.keys(dirtyFields).length > 0;
}
