export { UUID_PATTERN } from '../../field-kinds/kind';
export { bodySchema, exportQuerySchema, filterFields, listQuerySchema, writableFields } from '../../shared/api/crud';
