import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { DEFAULT_CHAT_PORT } from '@hcm/contract';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../testing.js';
import { locationsOf, matchLocation, parseNginx, routesFromTree, samplePath, type NginxDirective, type NginxLocation } from './topology.js';

// The production topology (docker-compose.yml, deploy/nginx/home-care.conf) held to the code: every service a
// file names exists, every command runs a file server/build.mjs produces, every environment variable is one
// the code reads, every port is the code's default, every API route and every page of the web app reaches
// the right service through nginx, and the chat socket is proxied as a WebSocket.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_SRC = path.join(ROOT, 'server', 'src');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type ComposeService = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };
const services = compose.services;
const NODE_SERVICES = Object.entries(services).filter(([, service]) => service.image?.startsWith('node:'));

const nginxFile = 'deploy/nginx/home-care.conf';
const nginx = parseNginx(read(nginxFile));
const upstreams = new Map(
  nginx
    .filter((directive) => directive.name === 'upstream')
    .map((upstream) => [upstream.args[0]!, (upstream.block ?? []).filter((directive) => directive.name === 'server').map((server) => server.args[0]!)]),
);
const tlsServer = nginx.find((directive) => directive.name === 'server' && directive.block?.some((inner) => inner.name === 'listen' && inner.args.includes('ssl')));
const locations = tlsServer ? locationsOf(tlsServer) : [];

/** The non-test TypeScript sources of the server, where configuration is read. */
function serverSources(dir = SERVER_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}
const sourceText = serverSources().map((file) => readFileSync(file, 'utf8')).join('\n');

/** Whether some server code reads this environment variable (env.NAME, env['NAME'] or a helper's (env, 'NAME')). */
function codeReads(name: string): boolean {
  return [`env.${name}`, `env['${name}']`, `env, '${name}'`].some((form) => new RegExp(`${form.replace(/[.[\]]/g, '\\$&')}(?!\\w)`).test(sourceText));
}

/** The entry points server/build.mjs bundles, as the dist files they produce. */
function builtEntries(): string[] {
  const entries = /entryPoints:\s*\{([^}]*)\}/.exec(read('server/build.mjs'))?.[1] ?? '';
  return [...entries.matchAll(/([A-Za-z0-9_-]+)\s*:/g)].map((match) => `server/dist/${match[1]}.js`);
}

/** The upstream a location proxies a request to (through a `map $request_method` when it names a variable). */
function upstreamOf(location: NginxLocation | undefined, method: string): string | undefined {
  const target = location?.directives.find((directive) => directive.name === 'proxy_pass')?.args[0];
  const upstream = target?.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  if (!upstream?.startsWith('$')) return upstream;
  const map = nginx.find((directive) => directive.name === 'map' && directive.args[0] === '$request_method' && directive.args[1] === upstream);
  const entries = map?.block ?? [];
  return (entries.find((entry) => entry.name === method) ?? entries.find((entry) => entry.name === 'default'))?.args[0];
}

/** The one compose service nginx sends this request to. */
function serviceBehind(requestPath: string, method = 'GET'): string | undefined {
  const servers = upstreams.get(upstreamOf(matchLocation(locations, requestPath.split('?')[0]!), method) ?? '') ?? [];
  const names = new Set(servers.map((server) => server.split(':')[0]));
  return names.size === 1 ? [...names][0] : undefined;
}

function headerOf(location: NginxLocation | undefined, directiveName: string, header: string): string | undefined {
  return location?.directives.find((directive: NginxDirective) => directive.name === directiveName && directive.args[0]?.toLowerCase() === header.toLowerCase())?.args[1];
}

describe('docker-compose.yml', () => {
  test('PostgreSQL 15 or newer, on a volume, with a health check', () => {
    const postgres = services.postgres;
    assert.ok(postgres, 'a postgres service');
    assert.ok(Number(/^postgres:(\d+)/.exec(postgres.image ?? '')?.[1]) >= 15, `postgres image ${postgres.image}`);
    const volume = postgres.volumes?.find((mount) => mount.endsWith(':/var/lib/postgresql/data'))?.split(':')[0];
    assert.ok(volume && compose.volumes && volume in compose.volumes, 'the data directory on a named volume');
    assert.match(postgres.healthcheck?.test.join(' ') ?? '', /pg_isready/);
  });

  test('a one-shot migrate service runs before the API and chat replicas, after PostgreSQL is healthy', () => {
    assert.deepEqual(services.migrate?.command, ['node', 'server/dist/migrate.js']);
    assert.equal(services.migrate?.depends_on?.postgres?.condition, 'service_healthy');
    for (const name of ['api', 'chat']) {
      assert.equal(services[name]?.depends_on?.migrate?.condition, 'service_completed_successfully', `${name} waits for migrate`);
    }
  });

  test('two API replicas with the chat server apart, two chat replicas, all on the one PostgreSQL', () => {
    assert.equal(services.api?.deploy?.replicas, 2);
    assert.equal(services.chat?.deploy?.replicas, 2);
    assert.equal(services.api?.environment?.CHAT_EMBEDDED, 'false');
    for (const name of ['migrate', 'api', 'chat']) {
      assert.match(services[name]?.environment?.DATABASE_URL ?? '', /^postgres:\/\/[^@]+@postgres:5432\//, `${name}'s DATABASE_URL`);
    }
  });

  test('every Node service runs a file server/build.mjs produces', () => {
    const built = builtEntries();
    assert.ok(NODE_SERVICES.length >= 4);
    for (const [name, service] of NODE_SERVICES) {
      const [program, file] = service.command ?? [];
      assert.equal(program, 'node', `${name} runs node`);
      assert.ok(built.includes(file!), `${name} runs ${file}, which server/build.mjs does not produce (it builds ${built.join(', ')})`);
    }
  });

  test('every environment variable of a Node service is read by the server code', () => {
    for (const [name, service] of NODE_SERVICES) {
      for (const variable of Object.keys(service.environment ?? {})) {
        assert.ok(codeReads(variable), `${name} sets ${variable}, which no server code reads`);
      }
    }
    // The postgres image's own variables.
    for (const variable of Object.keys(services.postgres?.environment ?? {})) {
      assert.ok(['POSTGRES_DB', 'POSTGRES_USER', 'POSTGRES_PASSWORD', 'PGDATA'].includes(variable), variable);
    }
  });

  test('the web server asks an API replica for the registry on the compose network', () => {
    assert.equal(services.web?.environment?.API_INTERNAL_URL, `http://api:${services.api?.environment?.API_PORT}`);
  });

  test("each service listens on the code's default port", () => {
    assert.equal(Number(services.api?.environment?.API_PORT), loadConfig({}).port);
    const webDefault = Number(/WEB_PORT \?\? (\d+)/.exec(read('server/src/web/main.ts'))?.[1]);
    assert.equal(Number(services.web?.environment?.WEB_PORT), webDefault);
    assert.equal(Number(services.chat?.environment?.CHAT_PORT), DEFAULT_CHAT_PORT);
  });

  test('only the proxy publishes ports: 443 (TLS) and 80 (redirect)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'proxy') assert.equal(service.ports, undefined, `${name} publishes no port`);
    }
    assert.deepEqual([...(services.proxy?.ports ?? [])].sort(), ['443:443', '80:80']);
  });
});

describe('deploy/nginx/home-care.conf', () => {
  let testApp: TestApp;
  before(async () => {
    testApp = await createTestApp({ seed: false });
  });
  after(async () => {
    await testApp.close();
  });

  test('is the file the proxy service mounts, with certificate files from a mounted folder', () => {
    const mounts = services.proxy?.volumes ?? [];
    assert.ok(mounts.some((mount) => mount.startsWith(`./${nginxFile}:/etc/nginx/conf.d/`)), 'the proxy mounts the config');
    assert.ok(tlsServer, 'a server that listens with ssl');
    for (const name of ['ssl_certificate', 'ssl_certificate_key']) {
      const file = tlsServer.block?.find((directive) => directive.name === name)?.args[0] ?? '';
      const mount = mounts.map((entry) => entry.split(':')).find(([, inside]) => file.startsWith(`${inside}/`));
      assert.ok(mount && existsSync(path.join(ROOT, mount[0]!)), `${name} ${file} lies in a folder the proxy mounts`);
    }
  });

  test('every upstream is a compose service on the port that service listens on', () => {
    const portOf: Record<string, string | undefined> = {
      api: services.api?.environment?.API_PORT,
      chat: services.chat?.environment?.CHAT_PORT,
      web: services.web?.environment?.WEB_PORT,
    };
    assert.ok(upstreams.size >= 3);
    for (const [upstream, servers] of upstreams) {
      for (const server of servers) {
        const [host, port] = server.split(':');
        assert.ok(services[host!], `upstream ${upstream} names ${host}, which is not a compose service`);
        assert.equal(port, portOf[host!], `upstream ${upstream}: ${server}`);
      }
    }
  });

  test('every API route reaches the API', () => {
    const routes = routesFromTree(testApp.app.printRoutes({ commonPrefix: false }));
    assert.ok(routes.length > 50, 'the API routes were read');
    // `OPTIONS *` is the CORS preflight for any path; through the proxy the API is on the page's own origin.
    const lost = routes.filter((route) => route.path !== '*' && serviceBehind(samplePath(route.path), route.method) !== 'api');
    assert.deepEqual(lost.map((route) => `${route.method} ${route.path}`), []);
  });

  test("every page of the web app reaches the web server, not the API's paths beside them", () => {
    const hostSources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? hostSources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path.join(dir, entry.name)] : [],
      );
    const pages = hostSources(path.join(ROOT, 'host', 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/path: '(\/[^']*)'/g)].map((match) => samplePath(match[1]!)),
    );
    assert.ok(pages.includes('/health-professionals'), 'the host routes were read');
    const samples = [...pages, '/app/dashboard', '/app/clients/7', '/index.html', '/main.0123abcd.js'];
    assert.deepEqual(samples.filter((page) => serviceBehind(page) !== 'web'), []);
  });

  test('/registry.json is never cached; area files are immutable and cached long', () => {
    const registry = matchLocation(locations, '/registry.json');
    assert.equal(serviceBehind('/registry.json'), 'web');
    assert.equal(headerOf(registry, 'add_header', 'Cache-Control'), 'no-cache');
    const areaFile = '/areas/finance/0.1.0-0123abcd/remoteEntry.js';
    assert.equal(serviceBehind(areaFile), 'web');
    assert.match(headerOf(matchLocation(locations, areaFile), 'add_header', 'Cache-Control') ?? '', /max-age=31536000.*immutable/);
  });

  test('the chat socket is proxied to the chat servers as a WebSocket, which the host opens without long polling', () => {
    const socketPath = '/socket.io/?EIO=4&transport=websocket';
    assert.equal(serviceBehind(socketPath), 'chat');
    const location = matchLocation(locations, '/socket.io/');
    assert.equal(headerOf(location, 'proxy_set_header', 'Upgrade'), '$http_upgrade');
    assert.match(headerOf(location, 'proxy_set_header', 'Connection') ?? '', /upgrade/);
    assert.equal(tlsServer?.block?.find((directive) => directive.name === 'proxy_http_version')?.args[0], '1.1');
    // Round robin without sticky sessions holds only while every client is WebSocket-only.
    const hostChat = path.join(ROOT, 'host', 'src', 'chat');
    const clients = existsSync(hostChat)
      ? readdirSync(hostChat)
          .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
          .map((name) => readFileSync(path.join(hostChat, name), 'utf8'))
          .filter((text) => /\bio\(/.test(text))
      : [];
    for (const text of clients) assert.match(text, /transports: \['websocket'\]/);
  });
});
