/* global window */
// Real cold loads of a signed-in admin screen: no HTTP cache, Chromium's own network emulation of a phone
// (1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, as Lighthouse's mobile preset) and the CPU slowed 4x; prints FCP
// and LCP of each load. Lighthouse's cold run simulates the network from one observed load instead (Lantern),
// which moves FCP behind every request started before the first paint (the admin's preloads, see
// src/core/server/plugins/admin-preload.ts); this measures what a browser does.
// Usage: node bench/cold-load.mjs <baseUrl> [more baseUrls to compare, loaded in turn] (env RUNS=4, PAGE=/admin/users)
import { chromium } from 'playwright-core';

const bases = process.argv.slice(2);
if (bases.length === 0) {
  console.error('Usage: node bench/cold-load.mjs <baseUrl> [baseUrl...]');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 4);
const screen = process.env.PAGE ?? '/admin/users';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const results = new Map(bases.map((b) => [b, []]));
try {
  for (let round = 0; round < runs; round++) {
    for (const base of bases) {
      const signIn = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
          password: process.env.ADMIN_PASSWORD ?? 'admin-pass-123',
        }),
      });
      if (!signIn.ok) throw new Error(`sign-in at ${base} failed: ${signIn.status}`);
      const session = await signIn.json();
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      // A browser with a stored session carries the signed-in hint, which has the page preload the admin's files.
      await context.addCookies([{ name: 'bo_signed_in', value: '1', url: base }]);
      await context.addInitScript((s) => {
        localStorage.setItem('userInfo', JSON.stringify(s));
        window.__lcp = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) window.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }, session);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(base + screen);
      await page.locator('[data-testid=compact-list] li, tbody tr').first().waitFor({ timeout: 60000 });
      await page.waitForTimeout(1000);
      results.get(base).push(
        await page.evaluate(() => ({
          fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
          lcp: Math.round(window.__lcp),
        })),
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`${screen}, ${runs} cold loads each (FCP / LCP in ms)`);
for (const [base, rows] of results) {
  console.log(
    `${base}: FCP median ${median(rows.map((r) => r.fcp))}, LCP median ${median(rows.map((r) => r.lcp))}  (${rows.map((r) => `${r.fcp}/${r.lcp}`).join('  ')})`,
  );
}
