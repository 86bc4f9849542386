#!/usr/bin/env node
// The carers' app's figures (issue 31), measured in Debian's Chromium at 390×844 against the production build:
//  - JS (gzip) fetched up to the day's visit list;
//  - the visit list shown after a cold load (empty HTTP cache, the service worker bypassed) on Chrome's "Fast 3G"
//    profile (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up), navigation start to the list on screen;
//  - the same reload served by the service worker (still on Fast 3G), and with the network off.
// The demo carer of the README signs in once; the reloads keep her session (IndexedDB). Prints figures only.
// Run after a build: `node bench-carer-app.mjs` in playwright/ (`npm run bench` runs it after the office's figures).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { waitFor } from '../scripts/wait-for.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_PORT = 19100;
const WEB_PORT = 19180;
const base = `http://localhost:${WEB_PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcm-bench-carer-'));
const CARER = { email: 'aisha.bello@homecare.test', password: 'Carer!2026demo' };
/** Chrome DevTools' "Fast 3G" preset (bytes per second; latency in ms). */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const RUNS = 3;

const servers = [
  spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'ignore', env: { ...process.env, API_PORT: String(API_PORT), PGLITE_DATA_DIR: path.join(dataDir, 'pglite'), WEB_ORIGINS: base } }),
  spawn(process.execPath, ['server/dist/web.js'], { cwd: root, stdio: 'ignore', env: { ...process.env, WEB_PORT: String(WEB_PORT), API_PUBLIC_URL: `http://localhost:${API_PORT}` } }),
];
process.on('exit', () => servers.forEach((server) => server.kill('SIGTERM')));
await Promise.all([waitFor(`http://127.0.0.1:${API_PORT}/health`), waitFor(`http://127.0.0.1:${WEB_PORT}/registry.json`)]);

const browser = await chromium.launch({
  // The full browser, as a person's; Chromium's headless shell (what `npm test` installs) where it is missing.
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');

const visitList = () => page.getByRole('list', { name: 'Visits' }).or(page.getByText(/^No visits today\./));

// Sign in once (a new device may be asked for the emailed code only when the account asks for two factors: the
// demo carer is not).
await page.goto(`${base}/carer/`);
await page.getByLabel('Email').fill(CARER.email);
await page.getByLabel('Password').fill(CARER.password);
await page.getByRole('button', { name: 'Sign in' }).click();
await visitList().first().waitFor();
await page.evaluate(() => navigator.serviceWorker.ready);

/** Reloads and answers ms from navigation start to the visit list on screen, and the JS fetched meanwhile. */
async function reloadToList() {
  const scripts = [];
  const onResponse = (response) => {
    if (response.url().endsWith('.js') && !response.url().endsWith('/sw.js')) scripts.push(response.body().then(gzipSync).then((body) => body.length, () => 0));
  };
  page.on('response', onResponse);
  await page.reload({ waitUntil: 'commit' });
  await visitList().first().waitFor({ timeout: 60_000 });
  const ms = await page.evaluate(() => performance.now());
  page.off('response', onResponse);
  return { ms, gzip: (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cold = [];
const fromWorker = [];
const offline = [];
let jsToList = 0;
for (let run = 0; run < RUNS; run++) {
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  const first = await reloadToList();
  cold.push(first.ms);
  jsToList = Math.max(jsToList, first.gzip);
  await cdp.send('Network.setBypassServiceWorker', { bypass: false });
  fromWorker.push((await reloadToList()).ms);
  await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline: true });
  offline.push((await reloadToList()).ms);
}
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
await browser.close();

const list = (values) => values.map((ms) => ms.toFixed(0)).join(', ');
console.log('\nThe carers’ app at 390×844 (the demo carer signed in), median of 3');
console.log(`  JS (gzip) up to the visit list              ${(jsToList / 1024).toFixed(1).padStart(7)} KB  (budget 100 KB)`);
console.log(`  cold load on Fast 3G, to the visit list     ${median(cold).toFixed(0).padStart(7)} ms  (budget 1,000 ms)  [${list(cold)}]`);
console.log(`  reload from the service worker, Fast 3G     ${median(fromWorker).toFixed(0).padStart(7)} ms  [${list(fromWorker)}]`);
console.log(`  reload with the network off                 ${median(offline).toFixed(0).padStart(7)} ms  [${list(offline)}]`);
process.exit(0);
