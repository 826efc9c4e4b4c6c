import { resources } from '../../resources';
import { operationsOf, type ResourceDef } from '../shared/resource';

/** Declarations that get a generated admin screen: those with a list route. */
export const screenResources: readonly ResourceDef[] = resources.filter((r) => operationsOf(r).includes('list'));

export function findResource(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}

export function can(r: ResourceDef, op: 'list' | 'get' | 'create' | 'update' | 'delete'): boolean {
  return operationsOf(r).includes(op);
}
