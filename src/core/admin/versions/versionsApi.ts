import type { Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import type { VersionComparison, VersionDetail, VersionEntry } from '../../shared/api/versions';
import type { ApiRecord } from '../../shared/api/crud';
import { api } from '../api/http';

/** A record's history, as `{api}/{id}/versions` serves it (src/core/shared/api/versions.ts). */
const base = (def: ResourceDef, id: Identifier) => `${def.api}/${encodeURIComponent(String(id))}/versions`;

export const versionsKey = (def: ResourceDef, id: Identifier) => ['app', 'versions', def.name, String(id)] as const;

export const loadVersions = (def: ResourceDef, id: Identifier, page: number, limit: number) =>
  api<{ data: VersionEntry[]; total: number }>(`${base(def, id)}?page=${page}&limit=${limit}`);

export const loadVersion = (def: ResourceDef, id: Identifier, n: number) => api<VersionDetail>(`${base(def, id)}/${n}`);

export const compareVersions = (def: ResourceDef, id: Identifier, from: number, to: number) =>
  api<VersionComparison>(`${base(def, id)}/compare?from=${from}&to=${to}`);

export const restoreVersion = (def: ResourceDef, id: Identifier, n: number, fields: string[]) =>
  api<ApiRecord & { dropped?: string[] }>(`${base(def, id)}/${n}/restore`, { method: 'POST', body: { fields } });
