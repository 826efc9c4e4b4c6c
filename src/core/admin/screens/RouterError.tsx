import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../../web/ErrorScreen';

/**
 * The router's error element: an error thrown outside react-admin's own
 * boundary (or by the router itself). Plain HTML, since the admin's
 * providers may be what broke.
 */
export function RouterError() {
  const error = useRouteError();
  return <ErrorScreen error={error} router />;
}
