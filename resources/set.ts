import type { ResourceDef } from '../src/core/shared/resource';
import { createResourceSet } from '../src/core/shared/resource-set';
import { resources } from './index';

/**
 * The product's resources, checked (names, paths, fields, route names) and
 * looked up by name. Apart from index.ts so that code needing only the list
 * (the browser entry's path table) does not carry the checks.
 */
export const productResources = createResourceSet(resources);

export function resourceByName(name: string): ResourceDef {
  return productResources.byName(name);
}
