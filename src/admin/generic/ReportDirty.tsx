import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';

/** Inside a form: tells the owner whether any field differs from what it started with. */
export function ReportDirty({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { dirtyFields } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}
