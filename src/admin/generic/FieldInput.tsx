import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/resource';
import { findResource } from '../registry';
import { confirmValidator, fieldValidators } from './validators';
import { confirmName } from './formValues';
import { refOptionText } from './refOptionText';

/** The form input of one declared field, chosen by its type. */
export function FieldInput({ def, name, creating }: { def: ResourceDef; name: string; creating: boolean }) {
  const translate = useTranslate();
  const f = def.fields[name];
  if (!f) return null;
  const label = translate(fieldLabel(def.name, name, f), { _: name });
  const validate = fieldValidators(translate, f, label);
  const common = { source: name, label, validate, fullWidth: true, helperText: false as const };
  const defaultValue = creating && f.default !== undefined && f.default !== null ? f.default : undefined;
  switch (f.type) {
    case 'boolean':
      return <BooleanInput source={name} label={label} defaultValue={defaultValue ?? false} helperText={false} />;
    case 'number':
      return <NumberInput {...common} defaultValue={defaultValue} />;
    case 'text':
    case 'richtext':
      return <TextInput {...common} multiline minRows={3} />;
    case 'enum':
      return <SelectInput {...common} defaultValue={defaultValue} choices={(f.options ?? []).map((o) => ({ id: o, name: o }))} />;
    case 'password':
      return (
        <>
          <PasswordInput {...common} autoComplete="new-password" />
          <PasswordInput
            source={confirmName(name)}
            label={translate('app.form.confirm_password')}
            validate={confirmValidator(translate, name)}
            fullWidth
            helperText={false}
            autoComplete="new-password"
          />
        </>
      );
    case 'ref': {
      const target = findResource(f.ref ?? '');
      return (
        <ReferenceInput
          source={name}
          reference={f.ref ?? ''}
          perPage={def.choicesLimit ?? 25}
          filter={def.refFilter?.[name] ?? {}}
          sort={target?.defaultSort}
        >
          <SelectInput {...common} optionText={refOptionText(target)} />
        </ReferenceInput>
      );
    }
    case 'refList': {
      const target = findResource(f.ref ?? '');
      return (
        <ReferenceArrayInput
          source={name}
          reference={f.ref ?? ''}
          perPage={def.choicesLimit ?? 25}
          filter={def.refFilter?.[name] ?? {}}
          sort={target?.defaultSort}
        >
          <AutocompleteArrayInput {...common} optionText={refOptionText(target)} filterSelectedOptions />
        </ReferenceArrayInput>
      );
    }
    case 'date':
      return null;
    default:
      return <TextInput {...common} defaultValue={defaultValue} type={f.type === 'email' ? 'email' : 'text'} />;
  }
}
