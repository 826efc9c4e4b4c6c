import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's folder (package.json, public/, dist/), whatever the working
 * directory: this file sits two levels below it as source
 * (src/server/app-root.ts) and so does the compiled server (dist/server/main.js)
 * that bundles it.
 */
export const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
