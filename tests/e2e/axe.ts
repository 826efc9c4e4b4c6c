import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The longest entrance or fade the scan waits for: react-toastify's bounce is 0.5 s (0.3 s more to collapse on
 * exit), MUI's fades 225-375 ms, the public home title's rise 1.2 s.
 */
const SETTLING_MS = 1500;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * Waits until the page's colours are final, so contrast is measured on them: a dialog still fading in (MUI's
 * 225 ms), a button fading from disabled or a toast in its entering keyframes would be scanned half-way. Only those
 * are waited for: an entrance or a fade ends within SETTLING_MS, while a longer animation is a state that changes
 * no colour (a toast's 5 s countdown bar; waiting for it cost 3 s on every screen showing a toast), and an endless
 * one (a spinner) never ends.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (settlingMs) =>
        !document.getAnimations().some((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return a.playState === 'running' && typeof end === 'number' && end <= settlingMs;
        }),
      SETTLING_MS,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Runs axe-core on the page (or a part of it) and expects no critical or serious violation. */
export async function expectAccessible(page: Page, selector?: string): Promise<void> {
  await waitForSettled(page);
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (sel) => {
    const w = window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(sel ? { include: [sel] } : document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200), why: n.failureSummary })),
    }));
  }, selector ?? null);
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
}

/** The page scrolls sideways (a phone-width failure). */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
