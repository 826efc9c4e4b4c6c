import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from './app-root';

/** The product's version (package.json), as the API and backups report it. */
export const appVersion = (JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string }).version;
