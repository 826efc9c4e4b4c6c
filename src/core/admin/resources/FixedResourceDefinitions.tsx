import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Resource, ResourceDefinitionContext, type ResourceDefinitions, type ResourceProps } from 'react-admin';

const unchanged = () => undefined;

/**
 * react-admin's resource definitions, computed once from this app's
 * Resource elements. react-admin keeps them in state that an effect fills,
 * and the effect runs again (every resource unregistered, then registered)
 * whenever the permissions arrive or its list of resources is rebuilt: each
 * run made a new definitions object with the same content, and everything
 * that reads it (the routes, the menu, the open screen) drew again as the
 * admin started. This app's resources are fixed by its
 * declarations, so the definitions are the same ones react-admin would
 * register (its own Resource.registerResource) and registering changes
 * nothing.
 */
export function FixedResourceDefinitions({ resources, children }: { resources: ReactElement<ResourceProps>[]; children: ReactNode }) {
  const value = useMemo(() => {
    const definitions: ResourceDefinitions = Object.create(null);
    for (const r of resources) definitions[r.props.name] = Resource.registerResource(r.props);
    return { definitions, register: unchanged, unregister: unchanged };
  }, [resources]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
}
