import { operation } from '../../core/shared/api/operation';
import { ErrorBody } from '../../core/shared/api/errors';
import { Id, Type } from '../../core/shared/api/schema';
import { CONDITION_OPERATORS, MAX_CONDITION_DEPTH } from '../../core/shared/access-rules';

const IdParams = Type.Object({ id: Id });

const FieldList = Type.Array(Type.String());
const ConditionDoc = Type.Unknown({
  description:
    `A condition over the resource's fields: {"field": {"op": value}}, several fields all holding, or {"and": [...]} / {"or": [...]}. ` +
    `Operators: ${CONDITION_OPERATORS.join(', ')} (gt/gte/lt/lte on numbers and dates; null takes true or false; in/nin take a list). ` +
    `Values: of the field's kind, "$me" (the caller's id) or "$myRoles" (the caller's role ids, with in/nin). ` +
    `"_id" is the record's own id. At most ${MAX_CONDITION_DEPTH} levels deep.`,
});

/** One role's rule for one resource; a part left out allows everything. */
export const AccessRuleSchema = Type.Object({
  read: Type.Optional(FieldList),
  write: Type.Optional(FieldList),
  where: Type.Optional(ConditionDoc),
  writeWhere: Type.Optional(ConditionDoc),
});

/** A role's rules by resource name; a resource left out keeps the role's plain access. */
export const RoleAccessBody = Type.Object({ resources: Type.Record(Type.String(), AccessRuleSchema) });

export const getRoleAccess = operation({
  operationId: 'getRoleAccess',
  summary: "A role's access by field and by record, per resource",
  tags: ['roles'],
  params: IdParams,
  response: { 200: RoleAccessBody, 404: ErrorBody },
});

export const setRoleAccess = operation({
  operationId: 'setRoleAccess',
  summary: "Replace a role's access by field and by record (rank rule: nobody grants more than they hold)",
  description:
    'The body is checked whole before anything is stored: an unknown resource, field or operator, a value of the wrong type, ' +
    `nesting deeper than ${MAX_CONDITION_DEPTH} or a __proto__/constructor key is a 400 whose \`fields\` names the path of the offending part.`,
  tags: ['roles'],
  params: IdParams,
  // Checked by the route (problemOf), which names the offending part: a schema would drop unknown keys instead.
  body: Type.Object({ resources: Type.Unknown() }),
  response: { 200: RoleAccessBody, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
});

export const ExplainQuery = Type.Object(
  {
    userId: Id,
    method: Type.Unsafe<string>({ type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] }),
    route: Type.String({ minLength: 1, maxLength: 300 }),
    recordId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/** What decided: the role and permission, and the rule's fields and condition when one applied. */
export const Explanation = Type.Object({
  allowed: Type.Boolean(),
  decidedBy: Type.Object({
    role: Type.Union([Type.String(), Type.Null()]),
    permission: Type.Union([Type.String(), Type.Null()]),
    fields: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
    condition: Type.Optional(Type.Unknown()),
  }),
});

export const explainAccess = operation({
  operationId: 'explainAccess',
  summary: 'Whether a user may call a route (on a record), and which role, permission and rule decide it',
  tags: ['roles'],
  querystring: ExplainQuery,
  response: { 200: Explanation, 404: ErrorBody },
});
