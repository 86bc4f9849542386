import { AREA_MODULES } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../app.js';
import { createTestApp, loginAs, type TestApp } from '../testing.js';
import { API_CSP, HSTS, routeCsp } from './security-headers.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({ seed: true });
});
after(() => t.close());

function assertBaseHeaders(headers: Record<string, unknown>, where: string) {
  assert.equal(headers['x-content-type-options'], 'nosniff', where);
  assert.equal(headers['content-security-policy'], API_CSP, where);
  assert.equal(headers['referrer-policy'], 'no-referrer', where);
  assert.equal(headers['x-frame-options'], 'DENY', where);
}

test('every API answer says nosniff, a CSP that allows nothing, no referrer; no HSTS over plain HTTP', async () => {
  for (const url of ['/health', '/csrf-cookie', '/api/v1/user', '/no-such-route']) {
    const response = await t.app.inject({ method: 'GET', url });
    assertBaseHeaders(response.headers, url);
    assert.equal(response.headers['strict-transport-security'], undefined, url);
  }
  assert.equal(API_CSP, "default-src 'none'; frame-ancestors 'none'");
});

test('auth and data answers are not cached; a route that sets its own Cache-Control keeps it', async () => {
  const admin = await loginAs(t.app, 'admin');
  for (const url of ['/api/v1/user', '/api/v1/branches']) {
    assert.equal((await admin.get(url)).headers['cache-control'], 'no-store', url);
  }
  const login = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
  assert.equal(login.headers['cache-control'], 'no-store');
  const csv = await admin.get('/api/v1/branches/export.csv');
  assert.equal(csv.headers['cache-control'], 'no-store');
});

test('HSTS is sent when cookies are Secure (the site is served over HTTPS)', async () => {
  const app = await buildApp({
    modules: AREA_MODULES,
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: ['https://care.example'],
    cookieSecure: true,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(response.headers['strict-transport-security'], HSTS);
    assert.equal(HSTS, 'max-age=31536000; includeSubDomains');
    assertBaseHeaders(response.headers, '/health');
  } finally {
    await app.close();
  }
});

test('Issue 26: a route that sets its own CSP (a served upload\'s sandbox) keeps it, with framing still refused', () => {
  assert.equal(routeCsp("default-src 'none'; sandbox"), "default-src 'none'; sandbox; frame-ancestors 'none'");
  assert.equal(routeCsp("default-src 'none'; sandbox;"), "default-src 'none'; sandbox; frame-ancestors 'none'");
  assert.equal(routeCsp("sandbox; frame-ancestors 'self'"), "sandbox; frame-ancestors 'self'");
});
