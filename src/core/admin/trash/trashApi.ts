import type { Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import type { ApiRecord } from '../../shared/api/crud';
import { api } from '../api/http';

/** A deleted record as `{api}/trash` lists it (src/core/shared/api/trash.ts). */
export interface TrashedRecord extends ApiRecord {
  _deletedAt: string;
  _deletedBy: { _id: string; name: string | null } | null;
}

export const trashKey = (def: ResourceDef) => ['app', 'trash', def.name] as const;

export const loadTrash = (def: ResourceDef, page: number, limit: number) =>
  api<{ data: TrashedRecord[]; total: number }>(`${def.api}/trash?page=${page}&limit=${limit}`);

export const restoreFromTrash = (def: ResourceDef, id: Identifier) =>
  api<ApiRecord>(`${def.api}/${encodeURIComponent(String(id))}/restore`, { method: 'POST' });

export const purgeFromTrash = (def: ResourceDef, id: Identifier) =>
  api<{ ok: true }>(`${def.api}/${encodeURIComponent(String(id))}/purge`, { method: 'DELETE' });
