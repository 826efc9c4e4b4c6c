import type { ResourceDef } from '../../../core/shared/resource';
import { call } from '../../../core/admin/api/http';
import { downloadFile } from '../../../core/admin/api/download';
import { importOperations, type RunRequest } from '../contract';

/** The import calls of one resource (`{api}/imports...`), sent in the admin's language (the server's messages follow it). */
export function importApi(def: ResourceDef, lang: string) {
  const ops = importOperations(def);
  const base = `${def.api}/imports`;
  const headers = { 'Accept-Language': lang };
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    upload(file: File, confirm: boolean) {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(ops.upload, confirm ? `${base}?confirm=true` : base, { method: 'POST', form, headers });
    },
    run: (id: string, body: RunRequest) => call(ops.run, `${one(id)}/run`, { method: 'POST', body, headers }),
    get: (id: string) => call(ops.get, one(id), { headers }),
    cancel: (id: string) => call(ops.cancel, `${one(id)}/cancel`, { method: 'POST', headers }),
    downloadErrors: (id: string) => downloadFile(`${one(id)}/errors.csv`, `${def.name}-import-errors.csv`),
  };
}
