import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createAreaServer, createWebServer } from './server.js';

// Hostile addresses against every kind of path the web server answers: none may cause a 5xx, and none may
// serve a file from outside host/dist or an area's version folders (each such file holds SECRET).

const SECRET = 'SECRET-OUTSIDE-THE-SERVED-FOLDERS';
const root = mkdtempSync(path.join(tmpdir(), 'hcm-web-fuzz-'));
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
write('host/dist/index.html', '<!doctype html><title>host</title>');
write('host/dist/main.abc123.js', 'console.log("host")');
write('host/dist/favicon.ico', 'icon');
write('host/dist/main.abc123.js.map', `{"sources":["${SECRET}"]}`);
write('remotes/finance/dist/1.0.0/area.json', JSON.stringify({ name: 'finance', title: 'Finance', description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], container: 'area_finance' }));
write('remotes/finance/dist/1.0.0/mf-manifest.json', '{}');
write('remotes/finance/dist/1.0.0/remoteEntry.js', 'var area_finance;');
write('remotes/finance/dist/1.0.0/remoteEntry.js.map', `{"sources":["${SECRET}"]}`);
write('remotes/finance/dist/ACTIVE', '1.0.0');
write('remotes/finance/dist/secret.txt', SECRET);
write('remotes/finance/dist/.staging/secret.txt', SECRET);
write('remotes/finance/secret.txt', SECRET);
write('host/secret.txt', SECRET);
write('secret.txt', SECRET);

const web = createWebServer({ repoRoot: root, productLabel: 'Fuzz Care', apiUrl: '', env: {} });
const area = createAreaServer(root, 'finance', '1.0.0', {});
const ports = { web: 0, area: 0 };
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

before(async () => {
  for (const [name, server] of [['web', web], ['area', area]] as const) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports[name] = (server.address() as AddressInfo).port;
  }
});
after(() => {
  agent.destroy();
  for (const server of [web, area]) {
    server.close();
    server.closeAllConnections();
  }
  rmSync(root, { recursive: true, force: true });
});

type Answer = { status: number; body: string };

/** One request with the path sent byte for byte; a connection the server drops counts as status 0. */
function send(port: number, method: string, requestPath: string): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: requestPath, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: 0, body }));
    });
    request.on('error', () => resolve({ status: 0, body: '' }));
    request.end();
  });
}

// Every family of path: the app's pages and client routes, the health professionals' portal, host files,
// the registry, an area's files (known, unknown and missing), and paths nothing serves.
const FAMILIES = [
  '/',
  '/index.html',
  '/app',
  '/app/dashboard',
  '/app/clients/7/edit',
  '/reset-password/abc',
  '/health-professionals',
  '/health-professionals/7/dashboard',
  '/health-professionals/7/pdf/care-plan',
  '/main.abc123.js',
  '/favicon.ico',
  '/missing.js',
  '/registry.json',
  '/areas',
  '/areas/finance',
  '/areas/finance/1.0.0',
  '/areas/finance/1.0.0/mf-manifest.json',
  '/areas/finance/1.0.0/remoteEntry.js',
  '/areas/finance/9.9.9/remoteEntry.js',
  '/areas/care-records/1.0.0/remoteEntry.js',
  '/areas/payroll/1.0.0/x.js',
];

const LONG = 'a'.repeat(10 * 1024);
/** The hostile variants of one path. */
function variants(family: string): string[] {
  const base = family === '/' ? '' : family;
  return [
    family,
    `${base}/%`,
    `${base}%`,
    `${base}/%Z`,
    `${base}%Z`,
    `${base}/%E0%A4%A`,
    `${base}/%C0%AF`,
    `${base}/%C0%AF..%C0%AF..%C0%AFsecret.txt`,
    `${base}%00`,
    `${base}/%00`,
    `${base}/x%00.js`,
    `${base}/${LONG}`,
    `${base}/${'a/'.repeat(5 * 1024)}`,
    `${base}/../../../../../../etc/passwd`,
    `${base}/../../secret.txt`,
    `${base}/../../../secret.txt`,
    `${base}/../secret.txt`,
    `${base}/..%2f..%2f..%2fsecret.txt`,
    `${base}/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
    `${base}/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt`,
    `${base}/%2e%2e%5c%2e%2e%5csecret.txt`,
    `${base}/....//....//secret.txt`,
    `${base}/.staging/secret.txt`,
    `${base}/%2estaging/secret.txt`,
    `${base}/ACTIVE`,
    `${base}.map`,
    `${base}?${'q=%ZZ&'.repeat(1_500)}`,
    `${base}?${'x'.repeat(9_000)}`,
  ];
}
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE'];

/** Runs every request, a few at a time, and lists what went wrong (with the method and path). */
async function probe(port: number, paths: string[]): Promise<string[]> {
  const requests = paths.flatMap((requestPath) => METHODS.map((method) => [method, requestPath] as const));
  const problems: string[] = [];
  const shown = (requestPath: string) => (requestPath.length > 120 ? `${requestPath.slice(0, 120)}… (${requestPath.length} characters)` : requestPath);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const [method, requestPath] = requests[next++]!;
      const { status, body } = await send(port, method, requestPath);
      if (status >= 500 || status === 0) problems.push(`${method} ${shown(requestPath)} answered ${status || 'nothing (connection dropped)'}`);
      if (body.includes(SECRET) || body.includes('root:x:0:0')) problems.push(`${method} ${shown(requestPath)} served a file from outside the served folders`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return problems;
}

test('the web server: no hostile address gets a 5xx or a file from outside host/dist and the version folders', async () => {
  const problems = await probe(ports.web, FAMILIES.flatMap(variants));
  assert.deepEqual(problems, [], `\n${problems.slice(0, 40).join('\n')}`);
});

test('the server of one area alone: the same', async () => {
  const problems = await probe(ports.area, ['/', '/mf-manifest.json', '/remoteEntry.js', '/area.json', '/missing.js'].flatMap(variants));
  assert.deepEqual(problems, [], `\n${problems.slice(0, 40).join('\n')}`);
});

test('an address too long for any server is refused by Node with a 4xx, and the server still answers', async () => {
  const { status } = await send(ports.web, 'GET', `/app/dashboard?${'x'.repeat(20 * 1024)}`);
  assert.ok(status >= 400 && status < 500, `a 20 kB query string answered ${status}`);
  assert.equal((await send(ports.web, 'GET', '/registry.json')).status, 200);
});
