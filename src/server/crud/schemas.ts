export { UUID_PATTERN } from '../../shared/field-kinds/kind';
export { bodySchema, filterFields, listQuerySchema, writableFields } from '../../shared/api/crud';
