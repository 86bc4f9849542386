import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Registry } from '@hcm/contract';
import { createWebServer } from './server.js';

// A workspace on disk with a built host and two built versions of one area, the later one active.
const root = mkdtempSync(path.join(tmpdir(), 'hcm-web-'));
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
write('host/dist/index.html', '<!doctype html><title>host</title>');
write('host/dist/main.abc123.js', 'console.log("host")');
for (const version of ['0.1.0-old', '0.1.0-new']) {
  const area = { name: 'finance', title: `Finance ${version}`, description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], container: 'area_finance' };
  write(`remotes/finance/dist/${version}/area.json`, JSON.stringify({ ...area, version }));
  write(`remotes/finance/dist/${version}/mf-manifest.json`, '{}');
}
write('remotes/finance/dist/ACTIVE', '0.1.0-new\n');
write('remotes/finance/secret.txt', 'not for the web');

let base = '';
const server = createWebServer({ repoRoot: root, productLabel: 'Test Care', apiUrl: 'http://api.test', env: {} });

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.close();
  server.closeAllConnections();
  rmSync(root, { recursive: true, force: true });
});

test('the registry lists each built area at its active version, with the label and the API address', async () => {
  const response = await fetch(`${base}/registry.json`);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
  const registry = (await response.json()) as Registry;
  assert.equal(registry.productLabel, 'Test Care');
  assert.equal(registry.apiUrl, 'http://api.test');
  assert.deepEqual(
    registry.areas.map((area) => [area.name, area.version, area.container, area.manifestUrl]),
    [['finance', '0.1.0-new', 'area_finance', `${base}/areas/finance/0.1.0-new/mf-manifest.json`]],
  );
});

test('an override variable points one area at a build served elsewhere', async () => {
  const overridden = createWebServer({
    repoRoot: root,
    productLabel: 'Test Care',
    apiUrl: '',
    env: { AREA_FINANCE_MANIFEST_URL: 'http://localhost:9103/mf-manifest.json' },
  });
  await new Promise<void>((resolve) => overridden.listen(0, '127.0.0.1', resolve));
  try {
    const port = (overridden.address() as AddressInfo).port;
    const registry = (await (await fetch(`http://127.0.0.1:${port}/registry.json`)).json()) as Registry;
    assert.equal(registry.areas[0]?.manifestUrl, 'http://localhost:9103/mf-manifest.json');
  } finally {
    overridden.close();
    overridden.closeAllConnections();
  }
});

test('area files are served from their version folder, immutable and open to other origins', async () => {
  for (const version of ['0.1.0-old', '0.1.0-new']) {
    const response = await fetch(`${base}/areas/finance/${version}/area.json`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(((await response.json()) as { version: string }).version, version);
  }
});

/** A GET with the path sent exactly as written (fetch would normalise the dot segments away). */
function rawStatus(requestPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: Number(new URL(base).port), path: requestPath }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

test('nothing outside an area build or an unknown area is served', async () => {
  assert.equal(await rawStatus('/areas/finance/0.1.0-new/area.json'), 200);
  for (const url of ['/areas/finance/../secret.txt', '/areas/finance/0.1.0-new/../../secret.txt', '/areas/finance/%2e%2e/secret.txt', '/areas/payroll/0.1.0/x.js']) {
    assert.equal(await rawStatus(url), 404, url);
  }
});

test('client routes get the host page, never cached; missing assets get a 404', async () => {
  const page = await fetch(`${base}/app/branches/3/edit`);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  assert.match(await page.text(), /<title>host<\/title>/);
  const asset = await fetch(`${base}/main.abc123.js`);
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal((await fetch(`${base}/missing.js`)).status, 404);
});

test('HEAD answers headers without a body; writes are refused', async () => {
  const head = await fetch(`${base}/main.abc123.js`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  assert.equal((await fetch(`${base}/registry.json`, { method: 'POST' })).status, 405);
});
