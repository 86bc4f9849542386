#!/usr/bin/env node
// Performance figures of the production build, measured in Debian's Chromium against real servers:
//  - JS (gzip) up to the login screen, and what the dashboard adds after login;
//  - per area: remoteEntry.js and the rest of its first screen (gzip), loaded on first visit;
//  - menu click to list rows visible (branches): in a fresh browser right after sign-in (the area not visited
//    yet), once loaded, and after a page load; a signed-in direct visit to a list, navigation start to rows.
// Run from the root: `npm run bench` (builds first). Prints a table; asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { waitFor } from '../scripts/wait-for.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_PORT = 19000;
const WEB_PORT = 19080;
const base = `http://localhost:${WEB_PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcm-bench-'));

const servers = [
  spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, API_PORT: String(API_PORT), PGLITE_DATA_DIR: path.join(dataDir, 'pglite'), WEB_ORIGINS: base },
  }),
  spawn(process.execPath, ['server/dist/web.js'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, WEB_PORT: String(WEB_PORT), API_PUBLIC_URL: `http://localhost:${API_PORT}` },
  }),
];
const cleanUp = () => {
  for (const server of servers) server.kill('SIGTERM');
};
process.on('exit', cleanUp);

await Promise.all([waitFor(`http://127.0.0.1:${API_PORT}/health`), waitFor(`http://127.0.0.1:${WEB_PORT}/registry.json`)]);

const browser = await chromium.launch({
  // The full browser, as a person's; Chromium's headless shell (what `npm test` installs) where it is missing.
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();

/** Every JS file the page fetched, with its gzip size, in the order fetched (recorded at once, sized when read). */
const scripts = [];
/** Every area file fetched in the whole run (the idle prefetch after sign-in included), for the per-area sizes. */
const areaScripts = [];
const sizing = [];
const gzipOf = (body) => gzipSync(body, { level: 6 }).length;
page.on('response', (response) => {
  const url = response.url();
  if (!url.endsWith('.js') || response.status() !== 200) return;
  const script = { url, gzip: 0 };
  // A body the page no longer holds (a reload came first) is fetched again: the same immutable file.
  sizing.push(
    response
      .body()
      .catch(async () => Buffer.from(await (await fetch(url)).arrayBuffer()))
      .then((body) => (script.gzip = gzipOf(body)), () => undefined),
  );
  scripts.push(script);
  // Each area file once, however often a reload takes it from the HTTP cache.
  if (new URL(url).pathname.startsWith('/areas/') && !areaScripts.some((seen) => seen.url === url)) areaScripts.push(script);
});
const areaOf = (script) => new URL(script.url).pathname.split('/')[2];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (items) => items.reduce((total, item) => total + item.gzip, 0);
const settle = () => page.waitForLoadState('networkidle');

await page.goto(`${base}/`);
await page.getByRole('button', { name: 'Log in' }).waitFor();
await settle();
const loginScripts = scripts.splice(0);

await page.getByLabel('Email').fill('admin@homecare.test');
await page.getByLabel('Password').fill('Admin!2026demo');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
await settle();
// After sign-in the host loads the areas the user can open while the browser is idle: counted apart.
const afterLogin = scripts.splice(0);
const dashboardScripts = afterLogin.filter((script) => !new URL(script.url).pathname.startsWith('/areas/'));
const prefetchedScripts = afterLogin.filter((script) => new URL(script.url).pathname.startsWith('/areas/'));

const sidebar = page.getByRole('navigation', { name: 'Main' });

/** Opens a group of the sidebar, and first the group it folded under (More, or Agency and calendar for Branches). */
async function openGroup(menu, title, under = 'More') {
  const button = menu.getByRole('button', { name: title, exact: true });
  if (!(await button.count())) {
    const parent = menu.getByRole('button', { name: under, exact: true });
    if ((await parent.getAttribute('aria-expanded')) !== 'true') await parent.click();
  }
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

const registry = await (await fetch(`${base}/registry.json`)).json();
const areaRows = [];
for (const area of registry.areas) {
  const group = area.navigation[0];
  const link = group.children?.find((child) => child.target === area.home) ?? group;
  await page.goto(`${base}/app/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await settle();
  scripts.splice(0);
  await openGroup(sidebar, group.title);
  await sidebar.getByRole('link', { name: link.title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: area.title }).waitFor();
  await settle();
  scripts.splice(0);
  // Everything of this area's version fetched so far: by the idle prefetch, then by the visit.
  const loaded = areaScripts.filter((script) => areaOf(script) === area.name);
  const entry = loaded.filter((script) => script.url.endsWith('/remoteEntry.js'));
  areaRows.push({ area: area.name, remoteEntry: sum(entry), firstScreen: sum(loaded) - sum(entry), files: loaded.length });
}

// What a list screen adds once its area's home is loaded: the resource screens, forms and table kit.
await page.goto(`${base}/app/datatables`);
await page.getByRole('heading', { level: 1, name: 'Reference data' }).waitFor();
await settle();
scripts.splice(0);
await page.getByRole('navigation', { name: 'Reference data sections' }).getByRole('link', { name: 'Medications' }).click();
await page.getByRole('row').filter({ hasText: 'Amlodipine' }).waitFor();
await settle();
const listScreen = scripts.splice(0);

// What the client record adds once the clients list is loaded: the record, its header and the first tab (the
// profile), then a record document's tab (the kit's document screens) on top.
await page.goto(`${base}/app/clients`);
await page.getByRole('row').filter({ hasText: 'Ellison' }).waitFor();
await settle();
scripts.splice(0);
await page.getByRole('row').filter({ hasText: 'Ellison' }).getByRole('link', { name: 'Margaret' }).click();
await page.getByRole('navigation', { name: 'Client record' }).waitFor();
await page.getByRole('button', { name: 'Edit client' }).waitFor();
await settle();
const recordScreen = scripts.splice(0);
await page.getByRole('navigation', { name: 'Client record' }).locator('summary', { hasText: 'Plans' }).click();
await page.getByRole('navigation', { name: 'Client record' }).getByRole('link', { name: /^Support plan/ }).click();
await page.getByRole('group', { name: 'Support plan actions' }).waitFor();
await settle();
const documentScreen = scripts.splice(0);

// Menu click to rows: from the click on "Branches" in the sidebar to the first row of the list in the DOM,
// timed inside the page (a MutationObserver), so the test driver's polling does not count.
async function clickToRows({ reload, on = page }) {
  const sidebar = on.getByRole('navigation', { name: 'Main' });
  if (reload === true) {
    await on.goto(`${base}/app/dashboard`);
  } else if (reload === false) {
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
  }
  await on.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await on.waitForLoadState('networkidle');
  await openGroup(sidebar, 'Settings and reference data');
  await openGroup(sidebar, 'Agency and calendar', 'Settings and reference data');
  await on.evaluate(() => {
    window.__rowsShown = new Promise((resolve) => {
      const link = [...document.querySelectorAll('nav[aria-label="Main"] a')].find((a) => a.textContent === 'Branches');
      link.addEventListener('click', () => {
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if ([...document.querySelectorAll('main td')].some((cell) => cell.textContent === 'Camden Domiciliary')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, { once: true });
    });
  });
  await sidebar.getByRole('link', { name: 'Branches', exact: true }).click();
  return on.evaluate(() => window.__rowsShown);
}

/** A browser context of its own: no HTTP cache, no session (the fresh browser of the budgets). */
async function freshContext() {
  return browser.newContext();
}

async function signIn(on) {
  await on.goto(`${base}/`);
  await on.getByLabel('Email').fill('admin@homecare.test');
  await on.getByLabel('Password').fill('Admin!2026demo');
  await on.getByRole('button', { name: 'Log in' }).click();
  await on.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Fresh browser, sign in, wait until the page is idle, then the first click into an area never visited. */
async function firstClickAfterSignIn() {
  const context = await freshContext();
  const fresh = await context.newPage();
  await signIn(fresh);
  const ms = await clickToRows({ reload: null, on: fresh });
  await context.close();
  return ms;
}

/**
 * A signed-in user opens a list's address directly (a bookmark, a reload) in a fresh browser: from the start of
 * the navigation to the first row in the DOM, timed inside the page.
 */
async function directVisitToRows(storageState) {
  const context = await browser.newContext({ storageState });
  const fresh = await context.newPage();
  await fresh.addInitScript(() => {
    window.__rowsShown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if ([...document.querySelectorAll('main td')].some((cell) => cell.textContent === 'Camden Domiciliary')) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true, characterData: true }));
    });
  });
  await fresh.goto(`${base}/app/branches`);
  const ms = await fresh.evaluate(() => window.__rowsShown);
  await context.close();
  return ms;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const firstVisit = [];
const loadedArea = [];
for (let run = 0; run < 5; run++) {
  firstVisit.push(await clickToRows({ reload: true }));
  loadedArea.push(await clickToRows({ reload: false }));
}
const firstClick = [];
const directVisit = [];
const session = await page.context().storageState();
for (let run = 0; run < 5; run++) {
  firstClick.push(await firstClickAfterSignIn());
  directVisit.push(await directVisitToRows(session));
}

await browser.close();
cleanUp();
rmSync(dataDir, { recursive: true, force: true });

await Promise.all(sizing);
console.log('\nJavaScript (gzip, level 6)');
console.log(`  up to the login screen       ${kb(sum(loginScripts)).padStart(9)}  (${loginScripts.length} files; budget 150 KB)`);
console.log(`  dashboard adds after login   ${kb(sum(dashboardScripts)).padStart(9)}  (${dashboardScripts.length} files)`);
console.log(`  areas loaded while idle      ${kb(sum(prefetchedScripts)).padStart(9)}  (${prefetchedScripts.length} files, after the dashboard shows)`);
console.log('\nAreas, first visit, the idle prefetch included (budget: first screen adds <= 60 KB)');
console.log('  area             remoteEntry  first screen  files');
for (const row of areaRows) {
  console.log(`  ${row.area.padEnd(16)} ${kb(row.remoteEntry).padStart(11)}  ${kb(row.firstScreen).padStart(12)}  ${String(row.files).padStart(5)}`);
}
console.log(`  reference-data, a list screen after its home: ${kb(sum(listScreen))} (${listScreen.length} files)`);
console.log(`  care-records, a client's record after the list: ${kb(sum(recordScreen))} (${recordScreen.length} files); a document tab adds ${kb(sum(documentScreen))} (${documentScreen.length} files)`);
console.log('\nMenu click to list rows visible: branches, median of 5');
console.log(`  area already loaded in this session   ${median(loadedArea).toFixed(0).padStart(5)} ms  (budget 120 ms)`);
console.log(`  first visit after a page load         ${median(firstVisit).toFixed(0).padStart(5)} ms  (area code from the HTTP cache)`);
console.log(`  fresh browser, first click after sign-in  ${median(firstClick).toFixed(0).padStart(5)} ms  (area not visited yet; budget 200 ms)  [${firstClick.map((ms) => ms.toFixed(0)).join(', ')}]`);
console.log(`\nSigned-in direct visit to a list, navigation start to rows, fresh browser, median of 5: ${median(directVisit).toFixed(0)} ms (budget 500 ms)  [${directVisit.map((ms) => ms.toFixed(0)).join(', ')}]`);
