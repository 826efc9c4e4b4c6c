import type { ReactElement } from 'react';
import { ReinitiatePermissionsButton } from './ReinitiatePermissionsButton';

/**
 * Screen-specific buttons next to a generated list's 'Add New' button, keyed
 * by resource name: the generic list stays free of per-resource branches.
 */
export const listExtras: Readonly<Record<string, ReactElement>> = {
  permissions: <ReinitiatePermissionsButton />,
};
