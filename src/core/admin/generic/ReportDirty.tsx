import { useEffect } from 'react';
import { useFormDirty } from './useFormDirty';

/** Inside a form: tells the owner whether any field differs from what it started with. */
export function ReportDirty({ onChange }: { onChange: (dirty: boolean) => void }) {
  const dirty = useFormDirty();
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}
