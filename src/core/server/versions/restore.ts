import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ResourceDef } from '../../shared/resource';
import { bodySchema, writableFields } from '../../shared/api/crud';
import type { RestoreBody } from '../../shared/api/versions';
import { serverKindOf } from '../../field-kinds/server';
import type { Db } from '../db/client';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { humanize } from '../http/labels';
import { mayRead, mayWrite } from '../access/access';
import { updateRecords, type WriteContext } from '../crud/repository';
import type { ApiRecord } from '../crud/representation';
import { safeKey, type VersionState } from './state';
import { stateAt } from './store';

// The route validator's options, except defaults: a restore sets only the fields it names.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, strictNumbers: true, strict: false });
addFormats.default(ajv);
const validators = new WeakMap<ResourceDef, ValidateFunction>();

/** A stored value is checked as a request would be today: a version older than a rule may no longer fit it. */
function validatorOf(r: ResourceDef): ValidateFunction {
  let v = validators.get(r);
  if (!v) validators.set(r, (v = ajv.compile(bodySchema(r, 'update'))));
  return v;
}

function refuseUnfit(r: ResourceDef, plain: Record<string, unknown>): void {
  const validate = validatorOf(r);
  if (validate(plain)) return;
  const fields: Record<string, string> = {};
  for (const e of validate.errors ?? []) {
    const f = e.instancePath.split('/')[1] ?? '';
    if (f && !Object.hasOwn(fields, f))
      fields[f] = `The version’s ${humanize(f).toLowerCase()} no longer fits the rules: it ${e.message ?? 'is invalid'}.`;
  }
  throw badRequest(Object.values(fields)[0] ?? 'This version no longer fits the rules.', fields);
}

/** The update body that brings back `names` of a version, and the names the declaration no longer has. */
function restoreBody(r: ResourceDef, state: VersionState, names: readonly string[], chosen: boolean, ctx: WriteContext) {
  const writable = new Set(writableFields(r).map(([f]) => f));
  const body: Record<string, unknown> = {};
  const plain: Record<string, unknown> = {};
  const dropped: string[] = [];
  const refused: string[] = [];
  for (const f of names) {
    if (!safeKey(f)) continue;
    if (!Object.hasOwn(r.fields, f)) {
      if (Object.hasOwn(state, f)) dropped.push(f);
      else if (chosen) throw badRequest(`This version has no field ${f}.`, { [f]: 'Not in this version.' });
      continue;
    }
    // Fields the server keeps (timestamps, who wrote) follow from the restore itself.
    if (!writable.has(f) || !Object.hasOwn(state, f)) {
      if (chosen) throw badRequest(`${humanize(f)} cannot be restored.`, { [f]: 'Cannot be restored.' });
      continue;
    }
    if (!mayRead(ctx.access, f) || !mayWrite(ctx.access, f)) {
      refused.push(f);
      continue;
    }
    const toBody = serverKindOf(r.fields[f]).restoreValue;
    body[f] = toBody ? toBody(state[f]) : state[f];
    if (!toBody) plain[f] = state[f];
  }
  // A whole restore leaves alone what the caller may not write; naming such a field is refused.
  if (chosen && refused.length)
    throw new HttpError(
      403,
      'You may not change some of these fields.',
      Object.fromEntries(refused.map((f) => [f, 'You may not change this field.'])),
    );
  refuseUnfit(r, plain);
  return { body, dropped };
}

/**
 * Brings back version `n` of a record, whole or the chosen fields, as an
 * update through every rule an update meets; the write stores a new version
 * (`restore`) and removes none.
 */
export async function restoreVersion(
  db: Db,
  r: ResourceDef,
  id: string,
  n: number,
  req: RestoreBody,
  ctx: WriteContext,
): Promise<ApiRecord & { dropped?: string[] }> {
  const state = await stateAt(db, r, id, n);
  if (!state) throw notFound('Version');
  const names = req.fields ?? Object.keys(state);
  const { body, dropped } = restoreBody(r, state, names, req.fields !== undefined, ctx);
  const audit = ctx.audit ? { ...ctx.audit, action: 'restore' } : undefined;
  const [{ record }] = await updateRecords(db, r, [id], body, { ...ctx, versionOp: 'restore', audit });
  return dropped.length ? { ...record, dropped } : record;
}
