import { useEffect, useState } from 'react';
import type { Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { PRESENCE_HEARTBEAT_MS, type Editor, type Editors } from '../../shared/api/presence';
import { api } from '../api/http';
import { onPresence } from './presenceEvents';

/**
 * Says this form has the record open (now, then every heartbeat) and keeps
 * the list of the other people who do: from each heartbeat's answer, and at
 * once from the stream's `presence` events. Leaving says so; a closed tab is
 * forgotten after a minute.
 */
export function usePresence(def: ResourceDef, id: Identifier | undefined): Editor[] {
  const [editors, setEditors] = useState<Editor[]>([]);
  useEffect(() => {
    if (id === undefined) return;
    const url = `${def.api}/${encodeURIComponent(String(id))}/presence`;
    let gone = false;
    const beat = () =>
      api<Editors>(url, { method: 'PUT' })
        .then((r) => !gone && setEditors(r.editors))
        .catch(() => undefined);
    void beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    const off = onPresence((e) => {
      if (e.resource === def.name && e.id === String(id)) setEditors(e.editors);
    });
    return () => {
      gone = true;
      clearInterval(timer);
      off();
      void api(url, { method: 'DELETE' }).catch(() => undefined);
    };
  }, [def, id]);
  return editors;
}
