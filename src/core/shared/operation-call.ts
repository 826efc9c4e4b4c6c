import type { Operation, ResourceDef } from './resource';

/** An API call as its permission record names it: method and route pattern. */
export interface ApiCall {
  method: string;
  route: string;
}

/** The generic route serving `op` of a resource (src/core/server/routes/crud.ts registers these). */
export function operationCall(def: ResourceDef, op: Operation): ApiCall {
  switch (op) {
    case 'list':
      return { method: 'GET', route: def.api };
    case 'create':
      return { method: 'POST', route: def.api };
    case 'get':
      return { method: 'GET', route: `${def.api}/:id` };
    case 'update':
      return { method: 'PUT', route: `${def.api}/:id` };
    case 'delete':
      return { method: 'DELETE', route: `${def.api}/:id` };
  }
}
