import { createContext, useContext, type ReactNode } from 'react';
import { productResources } from '../../../../resources/set';
import type { ResourceSet } from '../../shared/resource-set';
import type { AdminModules, AdminResourceModule } from './module';

export interface AdminResources {
  resources: ResourceSet;
  modules: AdminModules;
}

const Context = createContext<AdminResources>({ resources: productResources, modules: {} });

/** The declarations and admin folders the app runs with (the product's, or a test's). */
export function AdminResourcesProvider({ value, children }: { value: AdminResources; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAdminResources(): AdminResources {
  return useContext(Context);
}

/** A resource's admin folder, or nothing overridden. */
export function moduleOf(modules: AdminModules, name: string): AdminResourceModule {
  return Object.hasOwn(modules, name) ? modules[name] : {};
}
