import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRegistrySource } from './registry-source.js';

// A stand-in for the API's GET /registry/areas that counts its calls and can be switched off, and a disk
// whose dist/ACTIVE names another version, to see which one /registry.json would serve.
const root = mkdtempSync(path.join(tmpdir(), 'hcm-registry-source-'));
const descriptor = (version: string) => ({ name: 'finance', title: 'Finance', description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], version, container: 'area_finance' });
mkdirSync(path.join(root, 'remotes/finance/dist/0.1.0-disk'), { recursive: true });
writeFileSync(path.join(root, 'remotes/finance/dist/0.1.0-disk/area.json'), JSON.stringify(descriptor('0.1.0-disk')));
writeFileSync(path.join(root, 'remotes/finance/dist/ACTIVE'), '0.1.0-disk\n');

let active = '0.1.0-api';
let up = true;
const calls: (string | undefined)[] = [];
const api = http.createServer((request, response) => {
  calls.push(request.headers['if-none-match'] as string | undefined);
  if (!up) return response.destroy();
  const etag = `"${active}"`;
  if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
  response.writeHead(200, { 'Content-Type': 'application/json', ETag: etag });
  response.end(JSON.stringify({ areas: [{ name: 'finance', version: active, manifestUrl: `/areas/finance/${active}/mf-manifest.json`, descriptor: descriptor(active), pageSources: { images: ['https://tiles.example.org'] } }] }));
});
let apiUrl = '';
before(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
after(() => {
  api.close();
  rmSync(root, { recursive: true, force: true });
});

test('the API answer is served, kept 2 s, then revalidated with its ETag; a change shows after that', async () => {
  let clock = 0;
  const source = createRegistrySource({ repoRoot: root, apiUrl, env: {}, now: () => clock, log: () => {} });
  const first = await source.areas('http://web.test');
  assert.deepEqual(first.map((area) => [area.version, area.manifestUrl, area.container]), [['0.1.0-api', 'http://web.test/areas/finance/0.1.0-api/mf-manifest.json', 'area_finance']]);
  // What the area's screens load elsewhere under its settings rides along, for the page's CSP.
  assert.deepEqual(first[0]?.pageSources, { images: ['https://tiles.example.org'] });
  calls.length = 0;
  active = '0.1.0-rolled-back';
  clock = 1_000;
  assert.equal((await source.areas('http://web.test'))[0]?.version, '0.1.0-api');
  assert.equal(calls.length, 0);
  clock = 2_500;
  assert.equal((await source.areas('http://web.test'))[0]?.version, '0.1.0-rolled-back');
  assert.deepEqual(calls, ['"0.1.0-api"']);
  clock = 5_000;
  assert.equal((await source.areas('http://web.test'))[0]?.version, '0.1.0-rolled-back');
  assert.equal(source.origin(), 'api');
});

test('when the API stops answering its last answer is served; before any answer, dist/ACTIVE', async () => {
  let clock = 0;
  const source = createRegistrySource({ repoRoot: root, apiUrl, env: {}, now: () => clock, log: () => {} });
  active = '0.1.0-api';
  await source.areas('http://web.test');
  up = false;
  clock = 10_000;
  assert.equal((await source.areas('http://web.test'))[0]?.version, '0.1.0-api');
  assert.equal(source.origin(), 'api (stale)');
  // Not asked again within 2 s of a failure.
  calls.length = 0;
  clock = 11_000;
  await source.areas('http://web.test');
  assert.equal(calls.length, 0);
  clock = 12_500;
  await source.areas('http://web.test');
  assert.equal(calls.length, 1);
  const fresh = createRegistrySource({ repoRoot: root, apiUrl, env: {}, log: () => {} });
  assert.equal((await fresh.areas('http://web.test'))[0]?.version, '0.1.0-disk');
  assert.equal(fresh.origin(), 'disk');
  up = true;
});

test('AREA_<NAME>_MANIFEST_URL still points one area at a build served elsewhere', async () => {
  const source = createRegistrySource({ repoRoot: root, apiUrl, env: { AREA_FINANCE_MANIFEST_URL: 'http://localhost:9103/mf-manifest.json' }, log: () => {} });
  assert.equal((await source.areas('http://web.test'))[0]?.manifestUrl, 'http://localhost:9103/mf-manifest.json');
});
