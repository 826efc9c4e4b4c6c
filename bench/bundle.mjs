// Front-end budgets measured on the `vite build` output in dist/web/:
//  - public home: entry + Preact's boot + the site chunk and everything they
//    import statically, <= 50 kB gzipped JS and free of react-admin/MUI;
//  - light login (/admin/login, first load): entry + Preact's boot + the login
//    chunk, <= 20 kB (17.6 kB when set), same rules;
//  - admin first load: entry + React's boot + the admin chunk and its static
//    imports, <= 249 kB gzipped JS (247.9 kB when set; generated resource
//    screens, the app bar's buttons, toasts and tooltips are lazy chunks);
//  - the light faces (`?light`, build/light-faces.ts) run on Preact: nothing
//    they can load holds React, nor Preact anything the admin or kiosk can.
// Usage: npx vite build && node bench/bundle.mjs [outDir=dist/web]   (exits 1 when over budget)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = process.argv[2] ?? new URL('../dist/web/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET = { home: 50 * 1024, login: 20 * 1024, admin: 249 * 1024 };
// The back office's own code: its room, and every feature folder's admin/ part.
const FORBIDDEN = [
  /react-admin/,
  /ra-core/,
  /ra-ui-materialui/,
  /@mui\//,
  /src\/core\/admin\//,
  /src\/core\/field-kinds\/(admin\/|[^/]+\/admin\.tsx)/,
  /src\/features\/[^/]+\/admin\//,
];

// index.html: the SPA entry (kiosk-login.html is the second, login-only shell).
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const keyOf = (suffix) => {
  const k = Object.keys(manifest).find((x) => x.endsWith(suffix));
  if (!k) throw new Error(`No chunk for ${suffix} in the manifest`);
  return k;
};

/**
 * A chunk and everything it imports statically (what the browser fetches at
 * once); with `lazy`, its dynamic imports too, except the entry's (the faces
 * it picks from: a chunk may import the entry's shared code).
 */
function closure(keys, lazy = false) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
    if (lazy && k !== entryKey) for (const i of manifest[k].dynamicImports ?? []) walk(i);
  };
  keys.forEach(walk);
  return [...seen];
}

function measure(name, keys) {
  const files = closure(keys)
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { name, files, raw, gz };
}

/** Source modules bundled into a set of chunks, read from the source maps when present, else from the code. */
function leaks(files) {
  const hits = new Set();
  for (const f of files) {
    const code = readFileSync(join(dist, f), 'utf8');
    if (/RaDatagrid|MuiButtonBase|useListController|CoreAdmin/.test(code)) hits.add(`${f}: admin/MUI code`);
    for (const re of FORBIDDEN) if (re.test(code)) hits.add(`${f}: ${re}`);
  }
  return [...hits];
}

// The entry loads the renderer (boot) and the face in parallel; both count.
// `?light`: compiled against Preact (build/light-faces.ts).
const lightBoot = keyOf('src/entry/boot.tsx?light');
const siteKey = keyOf('src/core/site/SiteRoot.tsx?light');
const loginKey = keyOf('src/features/sign-in/site/LoginRoot.tsx?light');
const adminKeys = [keyOf('src/entry/boot.tsx'), keyOf('src/core/admin/AdminRoot.tsx')];
const home = measure('public home', [entryKey, lightBoot, siteKey]);
const login = measure('light login', [entryKey, lightBoot, loginKey]);
const admin = measure('admin first load', [entryKey, ...adminKeys]);
const kb = (n) => (n / 1024).toFixed(1) + ' kB';
let failed = false;
for (const [m, budget] of [
  [home, BUDGET.home],
  [login, BUDGET.login],
  [admin, BUDGET.admin],
]) {
  const ok = m.gz <= budget;
  failed ||= !ok;
  console.log(`${m.name}: ${kb(m.gz)} gzipped JS (${kb(m.raw)} raw, ${m.files.length} files), budget ${kb(budget)} ${ok ? 'OK' : 'OVER'}`);
  for (const f of m.files) console.log(`  ${f}`);
}
for (const m of [home, login]) {
  const bad = leaks(m.files);
  if (bad.length) {
    failed = true;
    console.log(`${m.name} contains admin/MUI code:\n  ` + bad.join('\n  '));
  } else console.log(`${m.name}: no react-admin / MUI / admin code`);
}

// Markers of each renderer in minified code: react-dom's keys on DOM nodes,
// React's element type; Preact's context ids and its vnodes' marker.
const REACT = /__reactFiber\$|__reactContainer\$|react\.transitional\.element/;
const PREACT = /__cC|Symbol\.for\(.pv.\)/;
/** Chunks among everything `keys` may load, now or lazily, whose code matches `re`. */
function holding(keys, re) {
  const files = closure(keys, true)
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  return files.filter((f) => re.test(readFileSync(join(dist, f), 'utf8')));
}
// The entry runs before either renderer and must hold neither; the kiosk shell is React's.
const kioskKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('kiosk-login.html'));
for (const [name, keys, re, what] of [
  ['light faces', [entryKey, lightBoot, siteKey, loginKey], REACT, 'React'],
  ['admin and kiosk', [entryKey, ...adminKeys, kioskKey], PREACT, 'Preact'],
]) {
  const bad = holding(keys, re);
  if (bad.length) {
    failed = true;
    console.log(`${name} can load ${what}:\n  ` + bad.join('\n  '));
  } else console.log(`${name}: no ${what} in anything they can load`);
}
process.exit(failed ? 1 : 0);
