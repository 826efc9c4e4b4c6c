import { useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/resource';
import { adminKindOf } from '../../field-kinds/admin';
import { fieldValidators } from './validators';

/** The form input of one declared field: its kind's input, with the label, checks and default; `disabled`: shown, not edited. */
export function FieldInput({ def, name, creating, disabled }: { def: ResourceDef; name: string; creating: boolean; disabled?: boolean }) {
  const translate = useTranslate();
  const f = def.fields[name];
  if (!f) return null;
  const Input = adminKindOf(f).Input;
  if (!Input) return null;
  const label = translate(fieldLabel(def.name, name, f), { _: name });
  const defaultValue = creating && f.default !== undefined && f.default !== null ? f.default : undefined;
  return (
    <Input
      resource={def}
      name={name}
      def={f}
      label={label}
      validate={fieldValidators(translate, f, label)}
      defaultValue={defaultValue}
      disabled={disabled}
    />
  );
}
