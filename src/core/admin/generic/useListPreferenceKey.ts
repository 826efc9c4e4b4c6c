import { getUserInfo } from '../../web/session';

/**
 * The react-admin store key of a list's remembered choices (shown columns),
 * per signed-in user: people sharing a browser keep their own.
 */
export function listPreferenceKey(resource: string): string {
  const me = getUserInfo()?.user._id ?? 'anonymous';
  return `${me}.${resource}.datagrid`;
}
