import assert from 'node:assert/strict';
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
