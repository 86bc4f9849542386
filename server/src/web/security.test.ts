import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { AreaRegistration } from '@hcm/contract';
import { apiOrigin, chatOrigin, chatOrigins, contentSecurityPolicy, HSTS } from './security.js';
import { createWebServer } from './server.js';

const page = { protocol: 'http:' as const, hostname: 'localhost', origin: 'http://localhost:8080' };
const area = (name: string, manifestUrl: string) => ({ name, manifestUrl }) as AreaRegistration;

/** The CSP as a map of directive → sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split('; ').map((part) => {
    const [name, ...values] = part.split(' ');
    return [name!, values];
  }));
}

test('the API and chat origins: configured, or the page host on ports 8000 and 3002', () => {
  assert.equal(apiOrigin({ page, apiUrl: '' }), 'http://localhost:8000');
  assert.equal(apiOrigin({ page, apiUrl: 'https://api.care.example/' }), 'https://api.care.example');
  assert.equal(chatOrigin({ page, apiUrl: '', chatUrl: '' }), 'ws://localhost:3002');
  assert.equal(chatOrigin({ page, apiUrl: 'https://api.care.example', chatUrl: '' }), 'wss://api.care.example:3002');
  assert.equal(chatOrigin({ page, apiUrl: '', chatUrl: 'wss://chat.care.example/socket' }), 'wss://chat.care.example');
  assert.deepEqual(chatOrigins({ page, apiUrl: '', chatUrl: 'https://chat.care.example:3002' }), ['https://chat.care.example:3002', 'wss://chat.care.example:3002']);
});

test('the page CSP allows this origin, the remotes, the API and the chat socket, and nothing inline but styles', () => {
  const csp = directives(
    contentSecurityPolicy({
      page,
      apiUrl: 'http://localhost:18000',
      chatUrl: '',
      areas: [area('finance', 'http://localhost:8080/areas/finance/1/mf-manifest.json'), area('rota', 'https://rota.cdn.example/mf-manifest.json')],
    }),
  );
  assert.deepEqual(csp['default-src'], ["'self'"]);
  assert.deepEqual(csp['script-src'], ["'self'", 'https://rota.cdn.example']);
  // The chat socket: WebSocket, and http for socket.io's long-polling.
  assert.deepEqual(csp['connect-src'], ["'self'", 'https://rota.cdn.example', 'http://localhost:18000', 'ws://localhost:3002', 'http://localhost:3002']);
  assert.deepEqual(csp['style-src'], ["'self'", 'https://rota.cdn.example', "'unsafe-inline'"]);
  assert.deepEqual(csp['img-src']!.slice(0, 3), ["'self'", 'data:', 'blob:']);
  assert.deepEqual(csp['worker-src'], ["'self'", 'blob:']);
  assert.deepEqual(csp['object-src'], ["'none'"]);
  assert.deepEqual(csp['base-uri'], ["'self'"]);
  assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
  assert.ok(!csp['script-src']!.some((source) => source.includes('unsafe')));
});

test('an area’s declared image origins (a map’s tile server) are allowed for images alone, and only https origins', () => {
  const withTiles = { ...area('scheduler', 'http://localhost:8080/areas/scheduler/1/mf-manifest.json'), imageOrigins: ['https://tile.openstreetmap.org', 'http://tiles.example', 'https://*.example', "'unsafe-inline'"] };
  const csp = directives(contentSecurityPolicy({ page, apiUrl: '', chatUrl: '', areas: [withTiles] }));
  assert.deepEqual(csp['img-src'], ["'self'", 'data:', 'blob:', 'http://localhost:8000', 'https://tile.openstreetmap.org']);
  for (const directive of ['script-src', 'connect-src', 'style-src', 'font-src', 'default-src']) assert.ok(!csp[directive]!.includes('https://tile.openstreetmap.org'), directive);
});

test('what an area loads elsewhere under its settings (pageSources) reaches only its own directive, and only https host-sources', () => {
  const withGoogle = {
    ...area('scheduler', 'http://localhost:8080/areas/scheduler/1/mf-manifest.json'),
    pageSources: {
      scripts: ['https://maps.googleapis.com', "'unsafe-eval'", '*'],
      images: ['https://*.gstatic.com'],
      connections: ['https://*.googleapis.com'],
      fonts: ['https://fonts.gstatic.com'],
      styles: ['https://fonts.googleapis.com', 'data:'],
      frames: ['https://*.google.com', 'http://maps.example'],
    },
  };
  const csp = directives(contentSecurityPolicy({ page, apiUrl: '', chatUrl: '', areas: [withGoogle] }));
  assert.deepEqual(csp['script-src'], ["'self'", 'https://maps.googleapis.com']);
  assert.deepEqual(csp['img-src']!.at(-1), 'https://*.gstatic.com');
  assert.deepEqual(csp['connect-src']!.at(-1), 'https://*.googleapis.com');
  assert.deepEqual(csp['font-src']!.at(-1), 'https://fonts.gstatic.com');
  assert.deepEqual(csp['style-src'], ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
  assert.deepEqual(csp['frame-src']!.at(-1), 'https://*.google.com');
  assert.ok(!Object.values(csp).flat().some((source) => ["'unsafe-eval'", '*', 'http://maps.example'].includes(source)));
  // Without them (settings unchanged, or the registry not reachable) the page allows none of it.
  const without = directives(contentSecurityPolicy({ page, apiUrl: '', chatUrl: '', areas: [area('scheduler', 'http://localhost:8080/areas/scheduler/1/mf-manifest.json')] }));
  assert.deepEqual(without['script-src'], ["'self'"]);
});

// The web server: a built host and one area, served with those headers.
const root = mkdtempSync(path.join(tmpdir(), 'hcm-web-csp-'));
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
write('host/dist/index.html', '<!doctype html><title>host</title>');
write('host/dist/main.abc123.js', 'console.log("host")');
write('remotes/finance/dist/1.0.0/area.json', JSON.stringify({ name: 'finance', title: 'Finance', description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], container: 'area_finance' }));
write('remotes/finance/dist/1.0.0/mf-manifest.json', '{}');
write('remotes/finance/dist/ACTIVE', '1.0.0');
const server = createWebServer({
  repoRoot: root,
  productLabel: 'Test Care',
  apiUrl: 'http://api.test:18000',
  env: { AREA_FINANCE_MANIFEST_URL: 'http://127.0.0.1:9101/mf-manifest.json' },
});
let base = '';
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.close();
  server.closeAllConnections();
  rmSync(root, { recursive: true, force: true });
});

test('the app page (at any client route) carries the CSP and the other headers; no HSTS over plain HTTP', async () => {
  for (const url of ['/app/dashboard', '/index.html', '/reset-password/abc']) {
    const response = await fetch(`${base}${url}`);
    assert.equal(response.status, 200, url);
    const csp = directives(response.headers.get('content-security-policy') ?? '');
    assert.deepEqual(csp['script-src'], ["'self'", 'http://127.0.0.1:9101'], url);
    assert.ok(csp['connect-src']!.includes('http://api.test:18000'), url);
    assert.ok(csp['connect-src']!.includes('ws://api.test:3002'), url);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('referrer-policy'), 'same-origin');
    assert.equal(response.headers.get('strict-transport-security'), null);
  }
  const script = await fetch(`${base}/main.abc123.js`);
  assert.equal(script.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(script.headers.get('content-security-policy'), null);
});

test('served over TLS (behind a proxy that says so), the page and the registry add HSTS', async () => {
  const headers = { 'X-Forwarded-Proto': 'https' };
  const pageResponse = await fetch(`${base}/app/dashboard`, { headers });
  assert.equal(pageResponse.headers.get('strict-transport-security'), HSTS);
  assert.equal((await fetch(`${base}/registry.json`, { headers })).headers.get('strict-transport-security'), HSTS);
});

test('the CSP names the configured origin the Host matches, else the first one: never a forged Host', async () => {
  // No API address configured: the CSP's API origin is the page's host name on port 8000.
  const configured = createWebServer({ repoRoot: root, productLabel: 'Test Care', apiUrl: '', env: {}, webOrigins: ['https://care.example', 'http://localhost:8080', 'http://127.0.0.1:8080'] });
  await new Promise<void>((resolve) => configured.listen(0, '127.0.0.1', resolve));
  const port = (configured.address() as AddressInfo).port;
  const get = (requestPath: string, headers: Record<string, string>) =>
    new Promise<{ csp: string; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: requestPath, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ csp: String(response.headers['content-security-policy'] ?? ''), body }));
        })
        .on('error', reject);
    });
  try {
    const apiOf = async (headers: Record<string, string>) => directives((await get('/app/dashboard', headers)).csp)['connect-src']!;
    assert.ok((await apiOf({ Host: 'localhost:8080' })).includes('http://localhost:8000'));
    assert.ok((await apiOf({ Host: '127.0.0.1:8080' })).includes('http://127.0.0.1:8000'));
    assert.ok((await apiOf({ Host: 'care.example', 'X-Forwarded-Proto': 'https' })).includes('https://care.example:8000'));
    for (const forged of ['evil.example', 'evil.example:8080', 'care.example.evil.example', 'localhost:8080@evil.example']) {
      for (const headers of [{ Host: forged }, { Host: forged, 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
        for (const requestPath of ['/app/dashboard', '/index.html', '/health-professionals/7/dashboard']) {
          const { csp } = await get(requestPath, headers);
          assert.ok(csp.startsWith("default-src 'self'"), `${forged} ${requestPath}`);
          assert.doesNotMatch(csp, /evil/, `${forged} ${requestPath}`);
          assert.ok(directives(csp)['connect-src']!.includes('https://care.example:8000'), `${forged} ${requestPath}`);
        }
        const registry = await get('/registry.json', headers);
        assert.doesNotMatch(registry.body, /evil/, forged);
      }
    }
  } finally {
    configured.close();
    configured.closeAllConnections();
  }
});
