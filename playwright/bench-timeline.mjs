#!/usr/bin/env node
// Click → bars drawn on the carer week timeline at a large agency's scale (issue 29): in Debian's Chromium, against
// a running web app and API on the scheduler's scale seed (remotes/scheduler/server/scale/seed.ts; the README's
// "Benchmarks" says how to start them). Each round clicks "Next week" onto a week not fetched yet (no cached answer)
// and times from the click event to the animation frame after every bar in view belongs to the new week.
// Prints figures; asserts nothing.
//
//   WEB_URL=http://localhost:8080 BRANCH_ID=4 FROM=2026-11-02 node playwright/bench-timeline.mjs
//   (EMAIL and PASSWORD: an office user of the branch; the scale seed's office@homecare.test by default)
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = (process.env.WEB_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const branchId = process.env.BRANCH_ID;
const from = process.env.FROM;
const rounds = Number(process.env.ROUNDS ?? 8);
if (!branchId || !/^\d{4}-\d{2}-\d{2}$/.test(from ?? '')) {
  console.error('Set BRANCH_ID (the branch to plan) and FROM (a Monday with the weeks after it seeded, YYYY-MM-DD).');
  process.exit(2);
}

const browser = await chromium.launch({
  // The full browser, as a person's; Chromium's headless shell (what `npm test` installs) where it is missing.
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${base}/`);
await page.getByLabel('Email').fill(process.env.EMAIL ?? 'office@homecare.test');
await page.getByLabel('Password').fill(process.env.PASSWORD ?? 'Office!2026demo');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
await page.goto(`${base}/app/scheduler/timeline/week?branch_id=${branchId}&date=${from}`);
await page.locator('button[data-visit]').first().waitFor({ timeout: 60_000 });
await page.waitForLoadState('networkidle');

const figures = [];
for (let round = 0; round < rounds; round += 1) {
  await page.evaluate(() => {
    const before = new Set([...document.querySelectorAll('button[data-visit]')].map((bar) => bar.dataset.visit));
    const next = [...document.querySelectorAll('a, button')].find((element) => element.textContent.trim() === 'Next week');
    window.__barsDrawn = new Promise((resolve) => {
      next.addEventListener('click', () => {
        const started = performance.now();
        const check = () => {
          const bars = [...document.querySelectorAll('button[data-visit]')];
          if (bars.length && bars.every((bar) => !before.has(bar.dataset.visit))) requestAnimationFrame(() => resolve({ ms: performance.now() - started, bars: bars.length }));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, { once: true });
    });
  });
  await page.getByText('Next week', { exact: true }).click();
  const { ms, bars } = await page.evaluate(() => window.__barsDrawn);
  figures.push(ms);
  console.log(`week ${round + 2}: ${ms.toFixed(0)} ms from the click to the frame with its bars (${bars} bars in view)`);
  await page.waitForLoadState('networkidle');
}
const sorted = [...figures].sort((a, b) => a - b);
console.log(`click → bars drawn over ${rounds} weeks: p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, best ${sorted[0].toFixed(0)} ms, worst ${sorted.at(-1).toFixed(0)} ms (budget 300 ms)`);
await browser.close();
