// Front-end budgets measured on the `vite build` output in dist/web/:
//  - public home: entry + the site chunk and everything they import statically,
//    <= 80 kB gzipped JS and free of react-admin/MUI;
//  - light login (/admin/login, first load): entry + the login chunk, same rules;
//  - admin first load: entry + the admin chunk and its static imports,
//    <= 350 kB gzipped JS (generated resource screens are lazy chunks).
// Usage: npx vite build && node bench/bundle.mjs [outDir=dist/web]   (exits 1 when over budget)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = process.argv[2] ?? new URL('../dist/web/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET = { home: 80 * 1024, login: 80 * 1024, admin: 350 * 1024 };
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

/** A chunk and everything it imports statically (what the browser fetches at once). */
function closure(keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
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

// The entry loads React (boot) and the face in parallel; both count.
const boot = keyOf('src/entry/boot.tsx');
const home = measure('public home', [entryKey, boot, keyOf('src/core/site/SiteRoot.tsx')]);
const login = measure('light login', [entryKey, boot, keyOf('src/features/sign-in/site/LoginRoot.tsx')]);
const admin = measure('admin first load', [entryKey, boot, keyOf('src/core/admin/AdminRoot.tsx')]);
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
process.exit(failed ? 1 : 0);
