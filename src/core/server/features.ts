import { routesFeature, type ServerFeature } from './feature';
import { systemFeature } from './routes/system';
import { opsRoutes } from './routes/ops';
import { uploadRoutes } from './routes/upload';
import { crudFeature } from './routes/crud';
import { versionsFeature } from './versions/routes';
import { trashFeature } from './trash/routes';
import { presenceFeature } from './presence/routes';
import { webPlugin } from './plugins/web';
import { sessionsFeature } from '../../features/sessions/server';
import { apiTokensFeature } from '../../features/api-tokens/server';
import { twoFactorFeature } from '../../features/two-factor/server';
import { auditFeature } from '../../features/audit/server';
import { notificationsFeature } from '../../features/notifications/server';
import { invitesFeature } from '../../features/invites/server';
import { translationsFeature } from '../../features/translations/server';
import { experiencesFeature } from '../../features/experiences/server';
import { rolesFeature } from '../../features/roles/server';
import { accessRulesFeature } from '../../features/access-rules/server';
import { permissionsFeature } from '../../features/permissions/server';
import { dashboardFeature } from '../../features/dashboard/server';
import { searchFeature } from '../../features/search/server';
import { accountFeature } from '../../features/account/server';
import { signInFeature } from '../../features/sign-in/server';
import { oidcFeature } from '../../features/oidc/server';
import { webhooksFeature } from '../../features/webhooks/server';
import { importsFeature } from '../../features/imports/server';
import { savedViewsFeature } from '../../features/saved-views/server';

/**
 * The product's features, one line each, in the order their routes register:
 * a feature's own routes before the generic CRUD routes (which would answer
 * their paths otherwise), the built front end last (it answers every other
 * path).
 */
export const productFeatures: readonly ServerFeature[] = [
  systemFeature,
  routesFeature('ops', opsRoutes),
  signInFeature,
  oidcFeature,
  accountFeature,
  permissionsFeature,
  sessionsFeature,
  apiTokensFeature,
  webhooksFeature,
  importsFeature,
  savedViewsFeature,
  twoFactorFeature,
  rolesFeature,
  accessRulesFeature,
  auditFeature,
  notificationsFeature,
  routesFeature('uploads', uploadRoutes),
  invitesFeature,
  translationsFeature,
  experiencesFeature,
  versionsFeature,
  trashFeature,
  presenceFeature,
  crudFeature,
  dashboardFeature,
  searchFeature,
  routesFeature('web', webPlugin),
];
