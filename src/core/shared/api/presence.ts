import type { ResourceDef } from '../resource';
import { errors } from './errors';
import { operation } from './operation';
import { Ok, Type, type Static } from './schema';
import { IdParams } from './crud';
import { stemOf } from './stem';

/**
 * Who else has a record open in an edit form. No locks: an open form says
 * so with a heartbeat every PRESENCE_HEARTBEAT_MS and is forgotten once
 * PRESENCE_STALE_SECONDS pass without one. Joins and leaves reach the other
 * editors live through the notification stream (`presence` events).
 */
export const PRESENCE_HEARTBEAT_MS = 20_000;
export const PRESENCE_STALE_SECONDS = 60;

export const Editor = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  since: Type.String({ description: 'When they opened it (ISO 8601).' }),
});
export type Editor = Static<typeof Editor>;

export const Editors = Type.Object({ editors: Type.Array(Editor, { description: 'Other people with the record open, earliest first.' }) });
export type Editors = Static<typeof Editors>;

/** The `presence` event of the notification stream: the editors of one record now, as its receiver sees them. */
export type PresenceEvent = { resource: string; id: string } & Editors;

const WHO = 'Needs the permission to read the record (`GET {api}/{id}`).';

export function presenceOperations(r: ResourceDef) {
  const s = stemOf(r.name);
  const tags = [r.name];
  return {
    list: operation({
      operationId: `list${s}Editors`,
      summary: `Who else has this record of ${r.name} open`,
      description: WHO,
      tags,
      params: IdParams,
      response: { 200: Editors, ...errors(404) },
    }),
    join: operation({
      operationId: `join${s}Editors`,
      summary: `Say this session has the record open (the heartbeat of an edit form); answers the others`,
      description: `${WHO} Send it every ${PRESENCE_HEARTBEAT_MS / 1000} s while the form is open.`,
      tags,
      params: IdParams,
      response: { 200: Editors, ...errors(404) },
    }),
    leave: operation({
      operationId: `leave${s}Editors`,
      summary: 'Say this session closed the record',
      description: WHO,
      tags,
      params: IdParams,
      response: { 200: Ok },
    }),
  };
}
