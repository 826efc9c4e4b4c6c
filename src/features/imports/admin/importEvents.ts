import { eventHub } from '../../../core/admin/eventHub';
import type { ImportEvent } from '../contract';

/**
 * `import` events of the notification stream (an import's state and rows
 * done), handed on to the open import dialog. Small on purpose: it is in the
 * admin's first load, the dialog is not.
 */
const hub = eventHub<ImportEvent>();
export const publishImport = hub.publish;
export const onImport = hub.on;
