import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the production build, served like `npm start` serves it, on ports of their own
// and a fresh embedded database, so they never touch a running product or its data.
// E2E_API_PORT / E2E_WEB_PORT / E2E_CHAT_PORT let two runs share a machine.
const API_PORT = Number(process.env.E2E_API_PORT ?? 18000);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 18080);
// The API process runs the chat server (socket.io) on CHAT_PORT; the registry tells the browser where it is.
const CHAT_PORT = Number(process.env.E2E_CHAT_PORT ?? 13002);
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'hcm-e2e-')), 'pglite');
// The journeys run at a fixed instant, as the server suite does (server/scripts/run-tests.mjs): a Wednesday, 10:00 GMT,
// carers out and some of the day's visits done, so they give the same answer at any hour of any day (a MAR dose
// "due now" broke one only in the hours a dose was due). Another instant: `HCM_NOW=2026-12-28T09:00:00Z`
// (scripts/test-clock.mjs runs them at each instant that has broken the suite); the machine's own: `HCM_NOW=`.
// Both servers start their clocks there, on one timeline from the moment this runner read it (HCM_CLOCK_ORIGIN,
// inherited by the workers, whose journeys ask the product's clock in ./tests/helpers.ts). The screens follow the
// web server's clock (registry.json's clockAt).
export const JOURNEY_INSTANT = '2026-11-25T10:00:00Z';
if (process.env.HCM_NOW === undefined) process.env.HCM_NOW = JOURNEY_INSTANT;
if (process.env.HCM_NOW && !process.env.HCM_CLOCK_ORIGIN) process.env.HCM_CLOCK_ORIGIN = String(Date.now());
const clockAtInstant: Record<string, string> = process.env.HCM_NOW ? { HCM_NOW: process.env.HCM_NOW, HCM_CLOCK_ORIGIN: process.env.HCM_CLOCK_ORIGIN! } : {};
// Debian's Chromium headless shell where installed (`npm test` installs it as root: scripts/prerequisites.mjs), about
// 40 % less CPU a journey than the full browser run headless, which is used otherwise; CHROMIUM_PATH names another.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

// Timeouts are ceilings for what hangs, not measures of speed (those are the benches'): `npm test` runs the journeys
// beside the other checks, and a machine may be running a second suite, where a first start (migrating and seeding
// the demo on a fresh embedded database) took over a minute and a screen several seconds.
export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../server/dist/main.js',
      url: `http://127.0.0.1:${API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: {
        API_PORT: String(API_PORT),
        PGLITE_DATA_DIR: dataDir,
        WEB_ORIGINS: `http://localhost:${WEB_PORT}`,
        // The journeys log in many times from one IP; the throttle itself is covered by the server's tests.
        LOGIN_THROTTLE_PER_MINUTE: '1000',
        CHAT_PORT: String(CHAT_PORT),
        ...clockAtInstant,
      },
    },
    {
      command: 'node ../server/dist/web.js',
      url: `http://127.0.0.1:${WEB_PORT}/registry.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { WEB_PORT: String(WEB_PORT), API_PUBLIC_URL: `http://localhost:${API_PORT}`, CHAT_PUBLIC_URL: `ws://localhost:${CHAT_PORT}`, ...clockAtInstant },
    },
  ],
});
