/* global window */
// Layout shift, long tasks and the Lighthouse score of the sign-in page and
// /admin/users, on a running server with a built front end.
// Two measurements per page, both in Debian's Chromium (/usr/bin/chromium):
//  1. Chromium's own performance APIs (PerformanceObserver 'layout-shift' and
//     'longtask'), phone viewport 390x844, CPU slowed 4x through CDP: CLS (the
//     largest session window, as web-vitals counts it) and the longest task;
//  2. Lighthouse (npm devDependency, no browser download), default mobile
//     emulation and simulated throttling: performance score, CLS, TBT and the
//     longest main-thread task it saw. /admin/users is measured signed in: the
//     session is put in localStorage first and Lighthouse keeps storage.
// /admin/users is measured with a full first page: the bench adds users up to 41 when there are fewer.
// Usage: start the server (e.g. PORT=3200 DATA_DIR=/tmp/lh-data WEB_DIR=/tmp/lh-dist
//   ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=admin-pass-123 npx tsx src/core/server/main.ts), then
//   node bench/web-vitals.mjs [baseUrl=http://127.0.0.1:3200] [runs=3] [email] [password]
// Optional: ONLY=/admin/users measures one page; LH_ONLY=1 skips the performance-API pass; LH_OUT=dir keeps each Lighthouse report
// (JSON) for its breakdown (bootup-time, unused JS, main-thread work).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const base = process.argv[2] ?? 'http://127.0.0.1:3200';
const runs = Number(process.argv[3] ?? 3);
const email = process.argv[4] ?? 'admin@example.com';
const password = process.argv[5] ?? 'admin-pass-123';
const CHROMIUM = '/usr/bin/chromium';
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);

const PAGES = [
  { path: '/admin/login', signedIn: false, ready: 'input[name=email]' },
  // A phone gets the compact list, a desktop the table.
  { path: '/admin/users', signedIn: true, ready: 'tbody tr, [data-testid=compact-list] li' },
].filter((p) => !process.env.ONLY || p.path === process.env.ONLY);
const LH_OUT = process.env.LH_OUT;
if (LH_OUT) mkdirSync(LH_OUT, { recursive: true });
// The machine is shared: TBT follows the load, so every table says what it was.
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function signIn() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.json();
}

/** Runs in the page before any of its scripts: records layout shifts and long tasks from the start. */
function observe() {
  const v = { shifts: [], tasks: [] };
  window.__vitals = v;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) v.shifts.push({ t: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) v.tasks.push({ t: e.startTime, d: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** CLS as web-vitals counts it: the largest burst of shifts less than 1 s apart, at most 5 s long. */
function cls(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - first > 5000) {
      sum = 0;
      first = s.t;
    }
    sum += s.value;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}

async function measureApis(session) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const out = {};
  try {
    for (const p of PAGES) {
      const rows = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
        });
        if (p.signedIn) {
          await context.addInitScript((s) => localStorage.setItem('userInfo', JSON.stringify(s)), session);
          // A browser with a stored session carries the signed-in hint, which has the page preload the admin's files.
          await context.addCookies([{ name: 'bo_signed_in', value: '1', url: base }]);
        }
        await context.addInitScript(observe);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(base + p.path);
        await page.locator(p.ready).first().waitFor({ timeout: 60000 });
        // The bell's notification stream stays open, so the network may never be idle: wait at most 5 s.
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
        await page.waitForTimeout(2000);
        const v = await page.evaluate(() => window.__vitals);
        rows.push({ cls: cls(v.shifts), longest: Math.round(Math.max(0, ...v.tasks.map((t) => t.d))) });
        await context.close();
      }
      out[p.path] = { cls: median(rows.map((r) => r.cls)), longest: median(rows.map((r) => r.longest)), rows };
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function measureLighthouse(session) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const out = {};
  try {
    // The session goes into the origin's storage once; Lighthouse is told to keep storage.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(base + '/');
    await page.evaluate((s) => localStorage.setItem('userInfo', JSON.stringify(s)), session);
    await page.close();
    for (const p of PAGES) {
      const rows = [];
      for (let i = 0; i < runs; i++) {
        if (!p.signedIn) {
          // The sign-in page as a first visit: nobody signed in.
          const pg = await cdp.contexts()[0].newPage();
          await pg.goto(base + '/');
          await pg.evaluate(() => localStorage.removeItem('userInfo'));
          await pg.close();
        } else {
          const pg = await cdp.contexts()[0].newPage();
          await pg.goto(base + '/');
          await pg.evaluate((s) => localStorage.setItem('userInfo', JSON.stringify(s)), session);
          await pg.close();
        }
        const { lhr } = await lighthouse(base + p.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (lhr.runtimeError) {
          // A failed run (e.g. NO_NAVSTART on a loaded machine) has no metrics: left out of the medians.
          console.error(p.path, `run ${i + 1} failed:`, lhr.runtimeError.code);
          continue;
        }
        if (LH_OUT) writeFileSync(`${LH_OUT}/${p.path.replace(/\W+/g, '_')}-${i}.json`, JSON.stringify(lhr));
        const a = lhr.audits;
        const tasks = a['long-tasks']?.details?.items ?? [];
        rows.push({
          score: Math.round(lhr.categories.performance.score * 100),
          cls: a['cumulative-layout-shift'].numericValue ?? NaN,
          tbt: Math.round(a['total-blocking-time'].numericValue),
          lcp: Math.round(a['largest-contentful-paint'].numericValue),
          fcp: Math.round(a['first-contentful-paint'].numericValue),
          si: Math.round(a['speed-index'].numericValue),
          load: load(),
          longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
          longestUrl: tasks.slice().sort((x, y) => y.duration - x.duration)[0]?.url ?? '',
        });
      }
      out[p.path] = {
        score: median(rows.map((r) => r.score)),
        cls: median(rows.map((r) => r.cls)),
        tbt: median(rows.map((r) => r.tbt)),
        lcp: median(rows.map((r) => r.lcp)),
        fcp: median(rows.map((r) => r.fcp)),
        si: median(rows.map((r) => r.si)),
        longest: median(rows.map((r) => r.longest)),
        rows,
      };
    }
    await cdp.close();
  } finally {
    await chrome.kill();
  }
  return out;
}

/**
 * A full first page of users, as in real use: with the admin alone, /admin/users drew one row, and measured
 * a fraction of the work of a real page (Lighthouse 92-94 with one user, 73-75 with 41, the same build).
 */
async function fillFirstPage(token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/auth/users?page=1&limit=1`, { headers });
  if (!res.ok) throw new Error(`users: ${res.status}`);
  const { total } = await res.json();
  for (let i = total + 1; i <= 41; i++) {
    const name = i % 2 ? `Μαρία Παπαδοπούλου ${i}` : `Amelia Hart-Jones ${i}`;
    const body = JSON.stringify({ name, email: `bench.person${i}@example.com`, password: `bench-password-${i}` });
    const made = await fetch(`${base}/api/auth/users`, { method: 'POST', headers, body });
    if (made.status !== 201 && made.status !== 409) throw new Error(`create user ${i}: ${made.status}`);
  }
}

const session = await signIn();
await fillFirstPage(session.token);
const loadBefore = load();
const apis = process.env.LH_ONLY
  ? Object.fromEntries(PAGES.map((p) => [p.path, { cls: NaN, longest: NaN, rows: [] }]))
  : await measureApis(session);
const lh = await measureLighthouse(session);
console.log(`\n${base}, ${runs} runs each (medians), load average before ${loadBefore}, after ${load()}\n`);
console.log(
  '| page | CLS (PerformanceObserver, 4x CPU) | longest task (PerformanceObserver, 4x CPU) | Lighthouse score | Lighthouse CLS | Lighthouse TBT | Lighthouse LCP | Lighthouse FCP | Lighthouse SI | Lighthouse longest task |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const p of PAGES) {
  const a = apis[p.path];
  const l = lh[p.path];
  console.log(
    `| \`${p.path}\` | ${a.cls.toFixed(3)} | ${a.longest} ms | ${l.score} (${l.rows.map((r) => r.score).join('/')}) | ${l.cls.toFixed(3)} | ${l.tbt} ms | ${l.lcp} ms | ${l.fcp} ms | ${l.si} ms | ${l.longest} ms |`,
  );
}
for (const p of PAGES) {
  for (const r of lh[p.path].rows)
    console.log(
      `${p.path} run: score ${r.score}, TBT ${r.tbt} ms, LCP ${r.lcp} ms, FCP ${r.fcp} ms, SI ${r.si} ms, CLS ${r.cls.toFixed(3)}, load average ${r.load}`,
    );
}
for (const p of PAGES) {
  const worst = lh[p.path].rows.map((r) => r.longestUrl).filter(Boolean)[0];
  if (worst) console.log(`longest task on ${p.path} attributed to ${worst}`);
}
