import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageOriginFor, webOriginsOf } from './origins.js';

test("the web app's origins: APP_URL then WEB_ORIGINS, else localhost and 127.0.0.1 on the web port", () => {
  assert.deepEqual(webOriginsOf({}, 8080), ['http://localhost:8080', 'http://127.0.0.1:8080']);
  assert.deepEqual(webOriginsOf({}, 18080), ['http://localhost:18080', 'http://127.0.0.1:18080']);
  assert.deepEqual(webOriginsOf({ WEB_ORIGINS: 'https://care.example/ , https://admin.care.example:8443' }, 8080), ['https://care.example', 'https://admin.care.example:8443']);
  assert.deepEqual(webOriginsOf({ APP_URL: 'https://care.example/app/', WEB_ORIGINS: 'https://admin.care.example,https://care.example' }, 8080), ['https://care.example', 'https://admin.care.example']);
  assert.throws(() => webOriginsOf({ WEB_ORIGINS: 'care.example' }, 8080), /WEB_ORIGINS/);
  assert.throws(() => webOriginsOf({ APP_URL: 'javascript:alert(1)' }, 8080), /APP_URL/);
});

test("a request's page origin: the configured origin its Host names (the scheme X-Forwarded-Proto says breaks a tie), else the first", () => {
  const origins = ['https://care.example', 'http://care.example', 'http://localhost:8080', 'http://127.0.0.1:8080'];
  const origin = (host: string | undefined, proto?: string) => pageOriginFor(origins, host, proto).origin;
  assert.equal(origin('localhost:8080'), 'http://localhost:8080');
  assert.equal(origin('LOCALHOST:8080'), 'http://localhost:8080');
  assert.equal(origin('127.0.0.1:8080'), 'http://127.0.0.1:8080');
  assert.equal(origin('care.example', 'https'), 'https://care.example');
  assert.equal(origin('care.example:443', 'https'), 'https://care.example');
  assert.equal(origin('care.example', 'http'), 'http://care.example');
  assert.equal(origin('care.example'), 'http://care.example');
  assert.deepEqual(pageOriginFor(origins, 'care.example', 'https, http'), { protocol: 'https:', hostname: 'care.example', origin: 'https://care.example' });
  for (const forged of ['evil.example', 'localhost:8081', 'localhost', 'care.example.evil.example', 'evil.example/care.example', '[', '', undefined]) {
    assert.equal(origin(forged, 'https'), 'https://care.example', String(forged));
  }
  // Whatever the Host says, only a configured origin comes out.
  assert.equal(origin('localhost:8080@evil.example'), 'https://care.example');
  assert.equal(origin('localhost:8080/evil'), 'https://care.example');
});
