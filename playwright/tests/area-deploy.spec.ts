import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, logIn, openMenu } from './helpers';

// Operations: a team deploys a new version of one remote (finance) with `npm run area:deploy`, the page
// shows it after a reload, `npm run area:rollback` brings the old one back, and no other area moves.
// This test builds a remote: like every journey run, it runs under the build lock.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API_PORT = Number(process.env.E2E_API_PORT ?? 18000);
const LABEL = 'e2e-area-deploy';

/**
 * The ops file of the API under test. playwright.config.ts makes a fresh temp dir for the database in every
 * process that loads it, so this worker cannot know the runner's: the API writes its port and pid into the
 * file inside its data folder, and the newest file of a live API on our port is ours. HCM_OPS_FILE wins.
 */
function opsFile(): string {
  if (process.env.HCM_OPS_FILE) return process.env.HCM_OPS_FILE;
  const candidates = readdirSync(tmpdir())
    .filter((name) => name.startsWith('hcm-e2e-'))
    .map((name) => path.join(tmpdir(), name, 'pglite', 'ops.json'))
    .filter((file) => {
      if (!existsSync(file)) return false;
      try {
        const ops = JSON.parse(readFileSync(file, 'utf8')) as { api_port: number; pid: number };
        process.kill(ops.pid, 0);
        return ops.api_port === API_PORT;
      } catch {
        return false;
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!candidates[0]) throw new Error(`No ops file of a live API on port ${API_PORT} under ${tmpdir()}/hcm-e2e-*`);
  return candidates[0];
}

/** Runs `node scripts/area.mjs <args>` (what `npm run area:*` runs) against the API under test. */
function areaCommand(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', 'area.mjs'), ...args, '--by', 'e2e-operator'],
      { cwd: ROOT, env: { ...process.env, HCM_OPS_FILE: opsFile(), ...env }, timeout: 240_000, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`area ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

async function versions(request: APIRequestContext): Promise<Record<string, string>> {
  let registry: { areas: { name: string; version: string }[] } | undefined;
  // Served from the API's area registry, not the web server's dist/ACTIVE fallback. On a busy machine the API may
  // miss the web server's 1.5 s ceiling, which then serves the registry's last answer ("api (stale)") for a
  // moment: asked again until the API's own answer comes.
  await expect(async () => {
    const response = await request.get('/registry.json');
    expect(response.ok()).toBe(true);
    expect(response.headers()['x-registry-source']).toBe('api');
    registry = (await response.json()) as { areas: { name: string; version: string }[] };
  }).toPass({ timeout: 30_000 });
  return Object.fromEntries(registry!.areas.map((area) => [area.name, area.version]));
}

const others = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'finance'));
const marker = (page: Page) => page.getByText(/^Version \S+/);

test('an operator deploys a new finance version, the page shows it, a rollback brings the old one back, no other area moves', async ({ page, request }) => {
  test.setTimeout(360_000);
  const before = await versions(request);
  const original = before.finance;
  expect(original).toBeTruthy();
  expect(Object.keys(before)).toHaveLength(6);

  await logIn(page, ADMIN);
  await page.goto('/app/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  await expect(marker(page)).toHaveText(`Version ${original}`);

  // Deploy: a labelled build is a new version of the same sources.
  const deployed = await areaCommand(['deploy', 'finance'], { AREA_BUILD_LABEL: LABEL });
  expect(deployed).toMatch(/is deployed and active/);
  let current = await versions(request);
  await expect.poll(async () => (current = await versions(request)).finance, { timeout: 10_000 }).not.toBe(original);
  const next = current.finance!;
  expect(others(current)).toEqual(others(before));
  await page.reload();
  await expect(marker(page)).toHaveText(`Version ${next} (build ${LABEL})`);

  // Roll back, timing how long until the registry and then a page load serve the old version again.
  const started = Date.now();
  const rolledBack = await areaCommand(['rollback', 'finance']);
  expect(rolledBack).toContain(`now serves ${original}`);
  const commandDone = Date.now();
  await expect.poll(async () => (current = await versions(request)).finance, { timeout: 10_000, intervals: [100] }).toBe(original);
  const registryServed = Date.now();
  await page.reload();
  await expect(marker(page)).toHaveText(`Version ${original}`);
  const pageServed = Date.now();
  expect(others(current)).toEqual(others(before));
  console.log(
    `area:rollback timing: command ${commandDone - started} ms; /registry.json serves the old version ${registryServed - started} ms after the command started; a page load shows it ${pageServed - started} ms after`,
  );

  // The operators' list names both versions, the active one and who did what.
  const listed = await areaCommand(['list', 'finance']);
  expect(listed).toContain(`active ${original}`);
  expect(listed).toMatch(new RegExp(`rollback ${original} \\(from ${next}\\) by e2e-operator`));
  expect(listed).toMatch(new RegExp(`deploy ${next} \\(from ${original}\\) by e2e-operator`));

  // The super admin's screen in the host shows the same history, and its buttons move the version too.
  await page.goto('/app/areas');
  const history = page.getByRole('list', { name: 'History of Finance' });
  await expect(history).toContainText(`e2e-operator rolled back to ${original} (from ${next})`);
  await page.getByRole('button', { name: `Activate Finance to ${next}` }).click();
  await page.getByRole('button', { name: `Yes, serve ${next}` }).click();
  await expect(history).toContainText(`${ADMIN.email} activated ${next} (from ${original})`);
  await expect.poll(async () => (await versions(request)).finance, { timeout: 10_000 }).toBe(next);
  await page.getByRole('button', { name: `Roll back Finance to ${original}` }).click();
  await page.getByRole('button', { name: `Yes, serve ${original}` }).click();
  await expect(history).toContainText(`${ADMIN.email} rolled back to ${original} (from ${next})`);
  await expect.poll(async () => (current = await versions(request)).finance, { timeout: 10_000 }).toBe(original);
  expect(others(current)).toEqual(others(before));
});

test('a changed declaration deployed with its area alone is what the user sees, whichever area they opened first', async ({ page, request }) => {
  test.setTimeout(360_000);
  // The probe's case: a label of the clients declaration changes and only care-records is deployed; the user
  // opens reference data first (which once bundled every declaration through a shared singleton) and then clicks Clients -> All clients.
  const declaration = path.join(ROOT, 'remotes', 'care-records', 'contract', 'resources.ts');
  const original = readFileSync(declaration, 'utf8');
  const oldLabel = "date_of_birth: { label: 'Date of birth',";
  expect(original).toContain(oldLabel);
  const before = await versions(request);
  try {
    writeFileSync(declaration, original.replace(oldLabel, "date_of_birth: { label: 'Born on',"));
    expect(await areaCommand(['deploy', 'care-records'])).toMatch(/is deployed and active/);
  } finally {
    writeFileSync(declaration, original);
  }
  await expect.poll(async () => (await versions(request))['care-records'], { timeout: 10_000 }).not.toBe(before['care-records']);
  const current = await versions(request);
  expect(Object.fromEntries(Object.entries(current).filter(([name]) => name !== 'care-records'))).toEqual(
    Object.fromEntries(Object.entries(before).filter(([name]) => name !== 'care-records')),
  );

  try {
    await logIn(page, ADMIN);
    await page.goto('/app/datatables/medications');
    await expect(page.getByRole('table', { name: 'Medications' })).toBeVisible();
    await openMenu(page, ['Clients'], 'All clients');
    const clients = page.getByRole('table', { name: 'Clients' });
    await expect(clients.getByRole('columnheader', { name: /Born on/ })).toBeVisible();
    await expect(clients.getByRole('columnheader', { name: /Date of birth/ })).toHaveCount(0);
  } finally {
    // The journey leaves care-records as it found it.
    expect(await areaCommand(['rollback', 'care-records', before['care-records']!])).toContain(`now serves ${before['care-records']}`);
  }
});
