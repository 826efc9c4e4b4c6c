import { moduleOf, useAdminResources } from '../resources/AdminResources';
import GenericList from './GenericList';

/** Lazy entry of the generated screens (own chunk, loaded on first list visit). */
export default function ResourceList({ name }: { name: string }) {
  const { resources, modules } = useAdminResources();
  const def = resources.find(name);
  if (!def) return null;
  return <GenericList def={def} extra={moduleOf(modules, name).listActions} />;
}
