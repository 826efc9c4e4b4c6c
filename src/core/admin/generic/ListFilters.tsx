import type { HTMLAttributes } from 'react';
import { Box } from '@mui/material';
import { FilterLiveForm, useTranslate } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import { filterFields } from '../../shared/list-filters';
import { adminKindOf } from '../../field-kinds/admin';

/** The filters' form, laid out as a wrapping row beside the search box. */
function FilterRow(props: Pick<HTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  return (
    <Box component="form" {...props} data-testid="list-filters" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} />
  );
}

/** Whether any of the list's filterable fields has an input (else there is nothing to show or toggle). */
export function hasFilterInputs(def: ResourceDef, readable: (field: string) => boolean = () => true): boolean {
  return filterFields(def).some(([field, fd]) => readable(field) && Boolean(adminKindOf(fd).FilterInput));
}

/**
 * The list's filters, next to the search box: one input per field the API
 * filters by (its kind's `FilterInput`: a select for an enum, any/yes/no for
 * a boolean, from/to days for a date, a choice of records for a relation).
 * Changes apply as they are made and go into the URL with the search.
 * Fields the user may not read get none (the server refuses their filter).
 */
export function ListFilters({ def, readable = () => true }: { def: ResourceDef; readable?: (field: string) => boolean }) {
  const translate = useTranslate();
  const inputs = filterFields(def).flatMap(([field, fd]) => {
    const Input = adminKindOf(fd).FilterInput;
    if (!Input || !readable(field)) return [];
    const label = translate(fieldLabel(def.name, field, fd), { _: field });
    return [<Input key={field} resource={def} source={field} def={fd} label={label} alwaysOn />];
  });
  if (!inputs.length) return null;
  return (
    <FilterLiveForm debounce={300} formComponent={FilterRow}>
      {inputs}
    </FilterLiveForm>
  );
}
