/* global window */
// Main-thread long tasks of a warm phone load of a signed-in admin screen, on
// one or more running servers in turns (the same page of two builds, say):
// Debian's Chromium (/usr/bin/chromium), 390x844 touch phone, CPU slowed 4x
// through CDP. Each load is the page's second in a fresh context (its HTTP
// cache warm, as Lighthouse's later runs); the browser's own PerformanceObserver
// reports every task over 50 ms. Printed per server, medians of the loads:
//  - long-task time: the sum of the long tasks' durations (the least noisy);
//  - blocking after the first paint: the sum of each long task's time past
//    50 ms, for tasks from the first contentful paint on (what TBT counts);
//  - the longest task and the first contentful paint.
// The page must have a full screen of records (bench/web-vitals.mjs adds users
// up to 41 when run once against a server).
// Usage: node bench/long-tasks.mjs <base>[,<base>...] [loads=7] [email] [password]
//   PAGE=/admin/users (default), READY=<selector that shows the records>.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

const bases = (process.argv[2] ?? 'http://127.0.0.1:3200').split(',');
const loads = Number(process.argv[3] ?? 7);
const email = process.argv[4] ?? 'admin@example.com';
const password = process.argv[5] ?? 'admin-pass-123';
const PAGE = process.env.PAGE ?? '/admin/users';
const READY = process.env.READY ?? '[data-testid=compact-list] li';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`${base}: sign-in failed: ${res.status}`);
  return res.json();
}

/** Runs in the page before its scripts: long tasks and the first contentful paint from the start. */
function observe() {
  const v = { tasks: [], fcp: 0 };
  window.__longTasks = v;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) v.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

const sessions = new Map();
for (const base of bases) sessions.set(base, await signIn(base));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results = new Map(bases.map((b) => [b, []]));
const loadBefore = load();
try {
  for (let i = 0; i < loads; i++) {
    for (const base of bases) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((s) => localStorage.setItem('userInfo', JSON.stringify(s)), sessions.get(base));
      await context.addInitScript(observe);
      const page = await context.newPage();
      // A first load fills the HTTP cache; the second, with the CPU slowed, is measured.
      await page.goto(base + PAGE);
      await page.locator(READY).first().waitFor({ timeout: 60000 });
      await page.waitForTimeout(1500);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(base + PAGE);
      await page.locator(READY).first().waitFor({ timeout: 60000 });
      // What follows the records (the app bar's buttons, the bell's stream, the form's chunk when idle) counts too.
      await page.waitForTimeout(5000);
      const v = await page.evaluate(() => window.__longTasks);
      results.get(base).push({
        total: v.tasks.reduce((n, [, d]) => n + d, 0),
        blocking: v.tasks.filter(([s]) => s >= v.fcp).reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
        longest: Math.max(0, ...v.tasks.map(([, d]) => d)),
        fcp: v.fcp,
      });
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`\n${PAGE}, ${loads} warm phone loads each at 4x CPU, in turns; load average before ${loadBefore}, after ${load()}\n`);
console.log('| server | long-task time | blocking after first paint | longest task | first contentful paint |');
console.log('|---|---:|---:|---:|---:|');
const ms = (x) => `${Math.round(x)} ms`;
for (const base of bases) {
  const r = results.get(base);
  const all = (k) => r.map((x) => Math.round(x[k])).join(' ');
  console.log(
    `| ${base} | ${ms(median(r.map((x) => x.total)))} (${all('total')}) | ${ms(median(r.map((x) => x.blocking)))} (${all('blocking')}) | ${ms(median(r.map((x) => x.longest)))} | ${ms(median(r.map((x) => x.fcp)))} |`,
  );
}
