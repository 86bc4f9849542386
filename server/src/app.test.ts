// Embedded database: the app started on PGlite answers, and says which database it runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from './testing.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({
    configure: (app) => {
      app.get('/test/boom', async () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
after(() => t.close());

test('GET /health names the database', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/health' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: 'ok', database: t.database.kind });
});

test('every answer carries an X-Request-Id header', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/health' });
  const second = await t.app.inject({ method: 'GET', url: '/health' });
  assert.match(String(first.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id']);
});

test('an unknown route answers 404 in the envelope, even for writes without a CSRF token', async () => {
  for (const method of ['GET', 'POST'] as const) {
    const response = await t.app.inject({ method, url: '/no/such/route' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { status: false, message: 'Not found.', data: null, errors: null });
  }
});

test('an unexpected error answers 500 with the request id and no internals', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/test/boom' });
  assert.equal(response.statusCode, 500);
  const requestId = response.headers['x-request-id'];
  assert.deepEqual(response.json(), {
    status: false,
    message: `Something went wrong (request ${requestId}).`,
    data: null,
    errors: null,
  });
  assert.doesNotMatch(response.body, /secret internal detail|at .*\.ts/);
});

test('CORS lets the web origins call with cookies and the CSRF header, and no one else', async () => {
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/login',
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-xsrf-token',
    },
  });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:8080');
  assert.equal(preflight.headers['access-control-allow-credentials'], 'true');
  const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
  for (const header of ['content-type', 'x-requested-with', 'x-xsrf-token', 'accept']) assert.ok(allowed.includes(header));

  // The carers' app at /carer/ on the same web origin sends its device token and each write's Idempotency-Key.
  const device = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/carer-app/visits/1/check-in',
    headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key,content-type' },
  });
  assert.equal(device.statusCode, 204);
  assert.equal(device.headers['access-control-allow-origin'], 'http://localhost:8080');
  const deviceAllowed = String(device.headers['access-control-allow-headers']).toLowerCase();
  for (const header of ['authorization', 'idempotency-key', 'content-type']) assert.ok(deviceAllowed.includes(header), header);

  const stranger = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://evil.test' } });
  assert.equal(stranger.headers['access-control-allow-origin'], undefined);
});

test("TRUST_PROXY: a request's IP (throttle keys, attempts, sessions, audit) comes from X-Forwarded-For only from a trusted proxy", async () => {
  const ipOf = async (trustProxy: boolean | number | string[]) => {
    const app = await createTestApp({
      seed: false,
      trustProxy,
      configure: (instance) => {
        instance.get('/test/ip', async (request) => ({ ip: request.ip }));
      },
    });
    try {
      const ask = (remoteAddress: string) =>
        app.app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } });
      return [(await ask('10.0.0.5')).json().ip, (await ask('198.51.100.7')).json().ip];
    } finally {
      await app.close();
    }
  };
  assert.deepEqual(await ipOf(false), ['10.0.0.5', '198.51.100.7'], 'without TRUST_PROXY the header is ignored');
  assert.deepEqual(await ipOf(['10.0.0.0/8']), ['203.0.113.9', '198.51.100.7'], 'believed from the proxy only');
  assert.deepEqual(await ipOf(1), ['203.0.113.9', '203.0.113.9'], 'one hop: whoever is next');
});
