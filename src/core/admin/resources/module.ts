import type { ComponentType, ReactElement } from 'react';
import type { Identifier } from 'react-admin';

/**
 * What a resource's admin folder (src/core/admin/resources/<name>/index.ts)
 * overrides of the screens generated from its declaration; everything is
 * optional (react-admin demo style).
 */
export interface AdminResourceModule {
  /** Replaces the generated list at the resource's path (a lazy component keeps it in its own chunk). */
  list?: ComponentType;
  /** Buttons beside 'Add New' on the generated list. */
  listActions?: ReactElement;
  /** Shown under the generated edit form, for the record being edited (a user's sessions). */
  editPanel?: ComponentType<{ id: Identifier }>;
  /** Icon of its menu entry. */
  icon?: ComponentType;
  /** More screens under the admin, shown to whoever the resource's menu entry is granted to. */
  routes?: readonly { path: string; element: ReactElement }[];
}

/** Admin folders by resource name (src/core/admin/resources/index.ts). */
export type AdminModules = Readonly<Record<string, AdminResourceModule>>;
