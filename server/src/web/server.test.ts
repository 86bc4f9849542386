import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Registry } from '@hcm/contract';
import { createAreaServer, createWebServer, withInlineRegistry } from './server.js';
import { clock } from '@hcm/contract/time';

// A workspace on disk with a built host and two built versions of one area, the later one active.
const root = mkdtempSync(path.join(tmpdir(), 'hcm-web-'));
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
write('host/dist/index.html', '<!doctype html><html><head><title>host</title></head><body></body></html>');
write('host/dist/main.abc123.js', 'console.log("host")');
for (const version of ['0.1.0-old', '0.1.0-new']) {
  const area = { name: 'finance', title: `Finance ${version}`, description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], container: 'area_finance' };
  write(`remotes/finance/dist/${version}/area.json`, JSON.stringify({ ...area, version }));
  write(`remotes/finance/dist/${version}/mf-manifest.json`, '{}');
}
write('remotes/finance/dist/ACTIVE', '0.1.0-new\n');
// The carers' app: its page, a hashed bundle, its service worker and manifest.
write('carer-app/dist/index.html', '<!doctype html><html><head><title>carer</title></head><body></body></html>');
write('carer-app/dist/main.1a2b3c4d.js', 'console.log("carer")');
write('carer-app/dist/sw.js', 'self.addEventListener("fetch", () => {})');
write('carer-app/dist/manifest.webmanifest', '{"start_url":"/carer/"}');
write('carer-app/dist/main.1a2b3c4d.js.map', '{"sources":["secret.ts"]}');
write('remotes/finance/dist/.staging/leftover.js', 'a build in progress');
write('remotes/finance/secret.txt', 'not for the web');
// Production builds emit hidden source maps (the full sources): never served unless SERVE_SOURCE_MAPS=true.
write('host/dist/main.abc123.js.map', '{"sources":["secret.ts"]}');
write('remotes/finance/dist/0.1.0-new/remoteEntry.js.map', '{"sources":["secret.ts"]}');

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
    // On the web app's configured origin (the first, as this request's Host is not one of them).
    [['finance', '0.1.0-new', 'area_finance', 'http://localhost:8080/areas/finance/0.1.0-new/mf-manifest.json']],
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

/** A request with the path and headers sent exactly as written (fetch would normalise the dot segments away). */
function raw(requestPath: string, options: { method?: string; headers?: Record<string, string>; url?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(options.url ?? base);
  return new Promise((resolve, reject) => {
    http
      .request({ host: url.hostname, port: Number(url.port), path: requestPath, method: options.method ?? 'GET', headers: options.headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject)
      .end();
  });
}
const rawStatus = async (requestPath: string) => (await raw(requestPath)).status;

test('nothing outside an area build or an unknown area is served', async () => {
  assert.equal(await rawStatus('/areas/finance/0.1.0-new/area.json'), 200);
  for (const url of [
    '/areas/finance/../secret.txt',
    '/areas/finance/0.1.0-new/../../secret.txt',
    '/areas/finance/%2e%2e/secret.txt',
    '/areas/payroll/0.1.0/x.js',
    // Only a version folder is served, not what sits beside it in dist/.
    '/areas/finance/ACTIVE',
    '/areas/finance/0.1.0-new/..%2fACTIVE',
    '/areas/finance/.staging/leftover.js',
    '/areas/finance/%2estaging/leftover.js',
  ]) {
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

test('a malformed percent-encoding or an encoded NUL is a 400 with a short message, whatever the path', async () => {
  for (const url of ['/%', '/app/%ZZ', '/areas/care-records/%E0%A4%A', '/areas/finance/0.1.0-new/%C0%AF', '/registry.json%', '/main%00.js', '/app/%00', '/health-professionals/7/%E0%A4%A']) {
    for (const method of ['GET', 'HEAD']) {
      const response = await raw(url, { method });
      assert.equal(response.status, 400, `${method} ${url}`);
      if (method === 'GET') assert.deepEqual(JSON.parse(response.body), { message: 'Bad request: the address is not valid.' }, url);
    }
  }
  // A malformed query string is not this server's business: the page is served.
  assert.equal(await rawStatus('/app/clients?search=%ZZ'), 200);
});

test('registry.json names the web app by its configured origin matching the Host, never a forged Host', async () => {
  const manifestOf = async (host: string) => ((JSON.parse((await raw('/registry.json', { headers: { Host: host } })).body) as Registry).areas[0]?.manifestUrl);
  assert.equal(await manifestOf('localhost:8080'), 'http://localhost:8080/areas/finance/0.1.0-new/mf-manifest.json');
  assert.equal(await manifestOf('127.0.0.1:8080'), 'http://127.0.0.1:8080/areas/finance/0.1.0-new/mf-manifest.json');
  for (const forged of ['evil.example', 'evil.example:8080', 'localhost:8080.evil.example', '[', 'a b']) {
    const response = await raw('/registry.json', { headers: { Host: forged } });
    assert.equal(response.status, 200, forged);
    assert.doesNotMatch(response.body, /evil/, forged);
    assert.equal((JSON.parse(response.body) as Registry).areas[0]?.manifestUrl, 'http://localhost:8080/areas/finance/0.1.0-new/mf-manifest.json', forged);
  }
});

test('source maps are not served unless SERVE_SOURCE_MAPS=true', async () => {
  for (const url of ['/main.abc123.js.map', '/areas/finance/0.1.0-new/remoteEntry.js.map']) {
    assert.equal(await rawStatus(url), 404, url);
    assert.equal((await raw(url, { method: 'HEAD' })).status, 404, url);
  }
  const withMaps = createWebServer({ repoRoot: root, productLabel: 'Test Care', apiUrl: '', env: { SERVE_SOURCE_MAPS: 'true' } });
  const area = createAreaServer(root, 'finance', '0.1.0-new', { SERVE_SOURCE_MAPS: 'false' });
  await Promise.all([withMaps, area].map((one) => new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve))));
  try {
    const url = `http://127.0.0.1:${(withMaps.address() as AddressInfo).port}`;
    for (const file of ['/main.abc123.js.map', '/areas/finance/0.1.0-new/remoteEntry.js.map']) {
      const response = await raw(file, { url });
      assert.equal(response.status, 200, file);
      assert.match(response.body, /secret\.ts/);
    }
    const areaUrl = `http://127.0.0.1:${(area.address() as AddressInfo).port}`;
    assert.equal((await raw('/remoteEntry.js.map', { url: areaUrl })).status, 404);
    assert.equal((await raw('/area.json', { url: areaUrl })).status, 200);
  } finally {
    for (const one of [withMaps, area]) {
      one.close();
      one.closeAllConnections();
    }
  }
});

test('the app page carries the registry inline, as /registry.json answers it, with no way to close its script', async () => {
  const before = Math.floor(clock.nowMs());
  const page = await (await fetch(`${base}/app/finance`)).text();
  const match = /<script id="hcm-registry" type="application\/json">(.*?)<\/script>/.exec(page);
  assert.ok(match, page);
  const { clockAt: pageClock, ...inline } = JSON.parse(match[1]!) as Registry;
  const { clockAt: answerClock, ...answered } = (await (await fetch(`${base}/registry.json`)).json()) as Registry;
  assert.deepEqual(inline, answered);
  // The suite's clock is set (HCM_NOW), so both say what time the product thinks it is, for the page to follow.
  const after = Math.ceil(clock.nowMs());
  assert.ok(before <= Date.parse(pageClock!) && Date.parse(pageClock!) <= Date.parse(answerClock!) && Date.parse(answerClock!) <= after, `${pageClock} then ${answerClock}`);
  const hostile = withInlineRegistry('<html><head></head></html>', { productLabel: "</script><script>alert(1)</script>$'$&", apiUrl: '', areas: [] });
  assert.ok(!hostile.includes('</script><script>'), hostile);
  const parsed = JSON.parse(/type="application\/json">(.*?)<\/script>/.exec(hostile)![1]!) as Registry;
  assert.equal(parsed.productLabel, "</script><script>alert(1)</script>$'$&");
});

test("the carers' app is served at /carer/: its page with the registry and the host's CSP, its files, its routes", async () => {
  for (const url of ['/carer/', '/carer/visit/12', '/carer/index.html']) {
    const page = await fetch(`${base}${url}`);
    assert.equal(page.status, 200, url);
    assert.equal(page.headers.get('cache-control'), 'no-cache', url);
    const html = await page.text();
    assert.match(html, /<title>carer<\/title>/, url);
    const inline = JSON.parse(/<script id="hcm-registry" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as Registry;
    assert.equal(inline.apiUrl, 'http://api.test');
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /connect-src [^;]*http:\/\/api\.test/, url);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  }
  const redirect = await raw('/carer');
  assert.equal(redirect.status, 308);
  assert.equal(redirect.headers.location, '/carer/');
  const bundle = await fetch(`${base}/carer/main.1a2b3c4d.js`);
  assert.equal(bundle.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(await bundle.text(), 'console.log("carer")');
  // The service worker and the manifest are revalidated, so a new build reaches the phones.
  const worker = await fetch(`${base}/carer/sw.js`);
  assert.equal(worker.headers.get('cache-control'), 'no-cache');
  assert.equal(worker.headers.get('service-worker-allowed'), '/carer/');
  assert.match(worker.headers.get('content-type') ?? '', /javascript/);
  const manifest = await fetch(`${base}/carer/manifest.webmanifest`);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
  assert.equal(manifest.headers.get('x-content-type-options'), 'nosniff');
  for (const url of ['/carer/missing.js', '/carer/main.1a2b3c4d.js.map', '/carer/../host/dist/index.html.x', '/carer/%2e%2e/remotes/finance/secret.txt']) {
    assert.equal(await rawStatus(url), 404, url);
  }
  // The host's routes are not the carers' app's.
  assert.match(await (await fetch(`${base}/app/carer`)).text(), /<title>host<\/title>/);
});
