import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's folder (package.json, public/, dist/), whatever the working
 * directory: the nearest folder above this file that holds package.json.
 * As source this file sits in src/core/server/, compiled it is bundled into
 * dist/server/main.js; both lie below the product's folder.
 */
function findAppRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..', '..');
  }
}

export const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
