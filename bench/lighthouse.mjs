// Lighthouse (performance + accessibility, default mobile emulation and
// throttling) on the public home, the login page and a signed-out admin screen of a running server.
// Uses Debian's Chromium; the lighthouse package downloads no browser.
// Usage: start the real server on a built front end, then
//   node bench/lighthouse.mjs [baseUrl=http://127.0.0.1:3106] [runs=3]
// Prints the median score of each page; exits 1 when one is under 95.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const base = process.argv[2] ?? 'http://127.0.0.1:3106';
const runs = Number(process.argv[3] ?? 3);
// An admin screen with nobody signed in opens the light sign-in page, without the back office's files.
const PAGES = ['/', '/admin/login', '/admin/users'];
const MIN = 95;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  for (const path of PAGES) {
    const perf = [];
    const a11y = [];
    const metrics = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      perf.push(Math.round(lhr.categories.performance.score * 100));
      a11y.push(Math.round(lhr.categories.accessibility.score * 100));
      const a = lhr.audits;
      metrics.push(
        `FCP ${a['first-contentful-paint'].displayValue}, LCP ${a['largest-contentful-paint'].displayValue}, TBT ${a['total-blocking-time'].displayValue}, CLS ${a['cumulative-layout-shift'].displayValue}`,
      );
      for (const [id, audit] of Object.entries(a)) {
        if (lhr.categories.accessibility.auditRefs.some((r) => r.id === id) && audit.score === 0)
          console.log(`  a11y fail on ${path}: ${id} — ${audit.title}`);
      }
    }
    const p = median(perf);
    const s = median(a11y);
    if (p < MIN || s < MIN) failed = true;
    console.log(`${path}: performance ${p} (runs ${perf.join('/')}), accessibility ${s} (runs ${a11y.join('/')})`);
    console.log(`  ${metrics[metrics.length - 1]}`);
  }
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
