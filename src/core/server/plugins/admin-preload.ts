import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

// The build's names for the admin face and React's start (src/entry/main.ts imports both at once).
const FIRST_LOAD = ['src/core/admin/AdminRoot.tsx', 'src/entry/boot.tsx'];

/**
 * The script files a first load of an admin screen fetches at once: the
 * admin chunk, React's boot and everything they import statically, read
 * from the build's manifest (`dist/web/.vite/manifest.json`, the list
 * bench/bundle.mjs measures). None when there is no manifest (a front end
 * built elsewhere, tests).
 */
export function adminFirstLoadFiles(webDir: string): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !Object.hasOwn(manifest, key)) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  FIRST_LOAD.forEach(walk);
  return [...seen].map((k) => manifest[k].file).filter((f) => /^assets\/[\w.-]+\.js$/.test(f));
}

/**
 * The page with a `<link rel="modulepreload">` per file: the browser fetches
 * the admin's chunks with the page instead of after the entry script has run
 * and asked for them (one round trip less on a phone's network).
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0 || !html.includes('</head>')) return html;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * The admin screens' page for the build in `webDir`, made again when the
 * build changes (index.html or its manifest rewritten by `npm run build`
 * while the server runs): a page kept from before would name chunks the
 * new build deleted.
 */
export function adminPageOf(webDir: string): () => Promise<string> {
  const page = path.join(webDir, 'index.html');
  const manifest = path.join(webDir, '.vite', 'manifest.json');
  let made: { version: string; html: string } | null = null;
  return async () => {
    const [a, b] = await Promise.all([stat(page).catch(() => null), stat(manifest).catch(() => null)]);
    const version = `${a?.mtimeMs}:${a?.size}:${b?.mtimeMs}:${b?.size}`;
    if (made?.version !== version) made = { version, html: withModulePreloads(await readFile(page, 'utf8'), adminFirstLoadFiles(webDir)) };
    return made.html;
  };
}
