import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../../core/shared/resource';

/**
 * A rule's field list: "All fields" (the default, no list), else one
 * checkbox per field of the resource.
 */
export function FieldChecklist({
  def,
  legend,
  fields,
  all,
  chosen,
  onChange,
  problem,
  id,
}: {
  def: ResourceDef;
  legend: string;
  fields: readonly string[];
  all: boolean;
  chosen: readonly string[];
  onChange: (all: boolean, chosen: string[]) => void;
  problem?: string;
  id: string;
}) {
  const translate = useTranslate();
  const label = (f: string) => translate(fieldLabel(def.name, f, def.fields[f]), { _: f });
  const toggle = (f: string, on: boolean) =>
    onChange(false, on ? fields.filter((x) => x === f || chosen.includes(x)) : chosen.filter((x) => x !== f));
  return (
    <FormControl component="fieldset" error={Boolean(problem)} sx={{ mb: 2, display: 'block' }} data-testid={id}>
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <FormControlLabel
        control={<Checkbox checked={all} onChange={(e) => onChange(e.target.checked, e.target.checked ? [] : [...fields])} />}
        label={translate('app.access.all_fields')}
      />
      {!all && (
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pl: { xs: 1, sm: 3 } }}>
          {fields.map((f) => (
            <Box key={f}>
              <FormControlLabel
                control={<Checkbox checked={chosen.includes(f)} onChange={(e) => toggle(f, e.target.checked)} />}
                label={label(f)}
              />
            </Box>
          ))}
        </FormGroup>
      )}
      {problem && <FormHelperText>{problem}</FormHelperText>}
    </FormControl>
  );
}
