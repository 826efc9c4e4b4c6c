import { textApi, csvText, type FieldKind } from '../kind';

/** One of the declared `options`. */
export const enumKind: FieldKind = {
  writable: true,
  compare: 'text',
  bodySchema: (def) => ({ type: 'string', enum: [...(def.options ?? [])] }),
  apiSchema: (def) => textApi(def),
  filter: { params: (def) => ({ '': { type: 'string', enum: [...(def.options ?? [])] } }) },
  emptyValue: () => null,
  csv: csvText,
};
