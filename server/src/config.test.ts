import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_WEB_ORIGINS, loadConfig } from './config.js';
import { DEFAULT_PGLITE_DIR } from './paths.js';

test('defaults', () => {
  assert.deepEqual(loadConfig({}), {
    port: 8000,
    host: '127.0.0.1',
    webOrigins: DEFAULT_WEB_ORIGINS,
    cookieSecure: false,
    databaseUrl: undefined,
    pgliteDataDir: DEFAULT_PGLITE_DIR,
    seedDemo: true,
    background: true,
    firstAdmin: undefined,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
    mail: { smtpUrl: undefined, from: 'Home Care <no-reply@localhost>' },
    loginThrottlePerMinute: 5,
    appKey: undefined,
    appKeyFile: DEFAULT_PGLITE_DIR.replace(/pglite$/, 'app.key'),
    chat: { port: 3002, embedded: true, tls: undefined },
    trustProxy: false,
    vapid: { publicKey: undefined, privateKey: undefined, subject: undefined },
  });
  assert.match(DEFAULT_PGLITE_DIR, /server\/\.data\/pglite$/);
});

test('environment overrides', () => {
  const config = loadConfig({
    API_PORT: '18000',
    HOST: '0.0.0.0',
    WEB_ORIGINS: 'https://care.example , https://admin.care.example',
    COOKIE_SECURE: 'true',
    DATABASE_URL: 'postgres://u:p@db/hcm',
    PGLITE_DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
  });
  assert.equal(config.port, 18000);
  assert.equal(config.host, '0.0.0.0');
  assert.deepEqual(config.webOrigins, ['https://care.example', 'https://admin.care.example']);
  assert.equal(config.cookieSecure, true);
  assert.equal(config.databaseUrl, 'postgres://u:p@db/hcm');
  assert.equal(config.pgliteDataDir, 'memory://');
  assert.equal(config.seedDemo, false);
});

test('a first administrator needs both an email and a long enough password', () => {
  assert.deepEqual(loadConfig({ ADMIN_EMAIL: 'boss@agency.example', ADMIN_PASSWORD: 'long enough secret' }).firstAdmin, {
    email: 'boss@agency.example',
    password: 'long enough secret',
    name: 'Administrator',
  });
  assert.throws(() => loadConfig({ ADMIN_EMAIL: 'boss@agency.example' }), /ADMIN_EMAIL and ADMIN_PASSWORD/);
  assert.throws(() => loadConfig({ ADMIN_EMAIL: 'boss@agency.example', ADMIN_PASSWORD: 'short' }), /at least 12/);
});

test('sign-in settings: the login throttle and where the app key comes from', () => {
  assert.equal(loadConfig({ LOGIN_THROTTLE_PER_MINUTE: '1000' }).loginThrottlePerMinute, 1000);
  assert.throws(() => loadConfig({ LOGIN_THROTTLE_PER_MINUTE: 'lots' }), /LOGIN_THROTTLE_PER_MINUTE/);
  const withKey = loadConfig({ APP_KEY: 'base64:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' });
  assert.equal(withKey.appKey, 'base64:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
  assert.equal(withKey.appKeyFile, undefined);
  assert.equal(loadConfig({ PGLITE_DATA_DIR: '/srv/hcm/pglite' }).appKeyFile, '/srv/hcm/app.key');
  assert.equal(loadConfig({ PGLITE_DATA_DIR: 'memory://' }).appKeyFile, undefined);
});

test('APP_URL, the address emailed links are built on, is optional (the app then uses the first web origin)', () => {
  assert.equal(loadConfig({ APP_URL: 'https://care.example' }).appUrl, 'https://care.example');
  assert.equal('appUrl' in loadConfig({}), false);
});

test('values it cannot use are refused, not guessed', () => {
  assert.throws(() => loadConfig({ API_PORT: 'eighty' }), /API_PORT/);
  assert.throws(() => loadConfig({ COOKIE_SECURE: 'maybe' }), /COOKIE_SECURE/);
});

test('the chat server: its port, embedded or not, and TLS only with both files', () => {
  assert.deepEqual(loadConfig({ CHAT_PORT: '13002', CHAT_EMBEDDED: 'false', CHAT_TLS_CERT: '/tls/chat.crt', CHAT_TLS_KEY: '/tls/chat.key' }).chat, {
    port: 13002,
    embedded: false,
    tls: { certFile: '/tls/chat.crt', keyFile: '/tls/chat.key' },
  });
  assert.throws(() => loadConfig({ CHAT_TLS_CERT: '/tls/chat.crt' }), /CHAT_TLS_CERT and CHAT_TLS_KEY/);
  assert.throws(() => loadConfig({ CHAT_PORT: 'chat' }), /CHAT_PORT/);
});

test('TRUST_PROXY: off, on, a number of hops, or addresses and ranges', () => {
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12' }).trustProxy, ['10.0.0.0/8', '172.16.0.0/12']);
});

test('Web Push: both VAPID keys or neither, and a subject push services can write to', () => {
  assert.deepEqual(loadConfig({ VAPID_PUBLIC_KEY: 'BPub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:office@agency.example' }).vapid, { publicKey: 'BPub', privateKey: 'priv', subject: 'mailto:office@agency.example' });
  assert.throws(() => loadConfig({ VAPID_PUBLIC_KEY: 'BPub' }), /both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  assert.throws(() => loadConfig({ VAPID_SUBJECT: 'office@agency.example' }), /mailto: or https:/);
});
