import { findResource } from '../registry';
import { listExtras } from '../screens/listExtras';
import GenericList from './GenericList';

/** Lazy entry of the generated screens (own chunk, loaded on first list visit). */
export default function ResourceList({ name }: { name: string }) {
  const def = findResource(name);
  if (!def) return null;
  return <GenericList def={def} extra={listExtras[def.name]} />;
}
