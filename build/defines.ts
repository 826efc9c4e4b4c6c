import { readFileSync } from 'node:fs';
import { resources } from '../resources/index.ts';
import { adminSegments } from '../src/core/shared/route-names.ts';

/**
 * Constants the front end gets at build time (vite.config.ts, and
 * vitest.config.ts for tests): values derived from package.json and the
 * declarations, so the browser entry carries them without their sources.
 */
export function appDefines(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    // The footer shows only major.minor (5.10.28 -> 5.10).
    __APP_VERSION__: JSON.stringify(pkg.version.split('.').slice(0, 2).join('.')),
    // First path segments that open the admin when typed without /admin (src/core/web/adminPaths.ts).
    __ADMIN_SEGMENTS__: JSON.stringify(adminSegments(resources)),
  };
}
