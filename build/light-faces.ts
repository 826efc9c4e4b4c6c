import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The light faces (the public site and the light login, src/entry/README.md)
 * run on Preact instead of React. React 19's react-dom client alone is 62 kB
 * gzipped, more than everything else the home page loads together; those
 * faces use only hooks, Component, context, lazy, Suspense and useId, which
 * preact/compat gives in a fraction of that. The admin stays on React:
 * react-admin and MUI need React itself.
 *
 * One build, two module graphs: main.ts imports the light faces and their
 * boot with `?light` (`import('./boot?light')`). In a module with the mark,
 * react, react-dom and react/jsx-runtime are preact/compat's, and the mark
 * goes on to each module it imports that reaches React, its own copy of
 * shared code like src/core/web/ErrorBoundary.tsx, into node_modules too (a
 * package that imports react, @react-oauth/google for the lazy Google
 * button, must get Preact as well, or it would call React's hooks with no
 * React renderer running). A module that never reaches React is not copied:
 * both faces share one instance, so state kept in a module stays one (main.ts
 * starts the texts' download in localeFile.ts and the site's copy would
 * otherwise download them again). Preact itself, styles and other assets,
 * virtual modules and ids with a query of their own are never marked.
 *
 * Build only: in `vite` (dev) the packages are pre-bundled with React inside
 * (node_modules/.vite/deps), which the mark cannot reach, and the site keeps
 * React Fast Refresh. There `?light` only makes another instance of the same
 * module, on React; the e2e tests and `npm start` run the build, on Preact.
 */
export const LIGHT = '?light';

/** What a light module gets when it asks for React. */
const TO_PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

const REACT_SPECIFIER = /^react(?:-dom)?(?:\/|$)/;
/** Modules the mark can go on: JavaScript or TypeScript files, no query, not virtual. */
const SCRIPT = /^[^\0?]*\.[cm]?[jt]sx?$/;
const IN_PACKAGES = /[\\/]node_modules[\\/]/;
const PREACT_FILE = /[\\/]node_modules[\\/]preact[\\/]/;
/** Static and dynamic imports, re-exports, require(): what a module may load. Matches in comments only cost a copy. */
const SPECIFIERS = /\b(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g;

/** Whether the package a file belongs to depends on React (then every file of it may import React). */
function packageUsesReact(file: string): boolean {
  for (let dir = dirname(file); IN_PACKAGES.test(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    // Folders like preact/compat carry a package.json of their own without a name: go on to the package's.
    if (typeof pkg.name !== 'string') continue;
    const deps = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}));
    return deps.some((d) => REACT_SPECIFIER.test(d));
  }
  return false;
}

interface Imports {
  /** Imports React itself (JSX counts: it imports react/jsx-runtime). */
  react: boolean;
  /** The project's modules it imports. */
  modules: string[];
}

export function lightFaces(): Plugin {
  let root = process.cwd();
  // Per file, what it imports, resolved once per build.
  const imports = new Map<string, Promise<Imports>>();
  return {
    name: 'light-faces',
    apply: 'build',
    // Before Vite's resolver, which would give a light importer React too.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      imports.clear();
    },
    async resolveId(source, importer, options) {
      if (!importer?.endsWith(LIGHT)) return null;
      const preact = TO_PREACT[source];
      // Resolved from the project's root, so every light module, in src/ or in a package, shares one Preact.
      if (preact) return this.resolve(preact, join(root, 'index.html'), { ...options, skipSelf: true });
      const resolved = await this.resolve(source, importer.slice(0, -LIGHT.length), { ...options, skipSelf: true });
      if (!resolved || resolved.external || !SCRIPT.test(resolved.id) || PREACT_FILE.test(resolved.id)) return resolved;

      /** What `file` imports; a package's file stands for its package. */
      const importsOf = (file: string): Promise<Imports> => {
        let found = imports.get(file);
        if (!found) {
          found = IN_PACKAGES.test(file) ? Promise.resolve({ react: packageUsesReact(file), modules: [] }) : scan(file);
          imports.set(file, found);
        }
        return found;
      };
      const scan = async (file: string): Promise<Imports> => {
        const result: Imports = { react: /x$/.test(file), modules: [] };
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
          if (!spec) continue;
          if (REACT_SPECIFIER.test(spec)) result.react = true;
          else {
            const r = await this.resolve(spec, file, { skipSelf: true });
            if (r && !r.external && SCRIPT.test(r.id)) result.modules.push(r.id);
          }
        }
        return result;
      };
      // Reaches React when it or anything it imports, however deep, imports React; cycles are walked once.
      const seen = new Set<string>();
      const reachesReact = async (file: string): Promise<boolean> => {
        if (seen.has(file)) return false;
        seen.add(file);
        const found = await importsOf(file);
        if (found.react) return true;
        for (const m of found.modules) if (await reachesReact(m)) return true;
        return false;
      };
      return (await reachesReact(resolved.id)) ? { ...resolved, id: resolved.id + LIGHT } : resolved;
    },
  };
}
