import type { TranslateFunction } from 'react-admin';
import { errorBody, errorStatus } from '../api/ApiError';

export type CrudAction = 'create' | 'update' | 'delete' | 'fetch';

/** The thing a toast talks about: 'User', 'Client permission', 'UserRole'... */
export function thingOf(translate: TranslateFunction, resource: string): string {
  return translate(`resources.${resource}.thing`, { _: resource });
}

/**
 * The server's error text when it sent one; otherwise 'Failed to
 * {action} {thing}.' for a failed answer, or 'An error occurred while
 * {action}ing {thing}.' when no answer came at all.
 */
export function crudErrorMessage(translate: TranslateFunction, resource: string, action: CrudAction, error: unknown): string {
  const body = errorBody(error);
  // Someone changed the record since this screen read it (If-Match): said in the user's language.
  if (errorStatus(error) === 412) return translate(action === 'delete' ? 'app.conflict.stale_delete' : 'app.conflict.stale');
  if (body.error) return body.error;
  const thing =
    action === 'fetch'
      ? translate(`resources.${resource}.name`, { smart_count: 2, _: resource }).toLowerCase()
      : thingOf(translate, resource);
  if (body.transport || action === 'fetch') return translate(`app.crud.error_${action}`, { thing });
  return translate(`app.crud.failed_${action}`, { thing });
}

export function crudSuccessMessage(translate: TranslateFunction, resource: string, action: 'create' | 'update' | 'delete'): string {
  return translate(`app.crud.${action}d`, { thing: thingOf(translate, resource) });
}
