import assert from 'node:assert/strict';
import { test } from 'node:test';
import { locationsOf, matchLocation, parseNginx, routesFromTree, samplePath } from './topology.js';

// The readers topology.test.ts relies on, against nginx's documented rules (checked once against nginx
// itself): exact match, then the longest prefix unless ^~, regular expressions in order beat a plain prefix.

const config = parseNginx(`
  # a comment; with a brace {
  server {
    listen 443 ssl;
    location / { proxy_pass http://web; }
    location /api/ { proxy_pass http://api; }
    location ^~ /areas/ { add_header Cache-Control "public, max-age=60"; }
    location ~ \\.json$ { proxy_pass http://json; }
    location = /login { proxy_pass http://api; }
  }
`);

test('parses blocks, arguments and quoted values, and drops comments', () => {
  assert.equal(config.length, 1);
  const server = config[0]!;
  assert.deepEqual(server.block?.[0], { name: 'listen', args: ['443', 'ssl'] });
  const areas = locationsOf(server).find((location) => location.pattern === '/areas/');
  assert.deepEqual(areas?.directives[0]?.args, ['Cache-Control', 'public, max-age=60']);
  assert.throws(() => parseNginx('server { listen 80 }'), /has no ";"/);
});

test("picks the location nginx picks", () => {
  const locations = locationsOf(config[0]!);
  const pick = (path: string) => {
    const location = matchLocation(locations, path);
    return location && `${location.modifier}${location.pattern}`;
  };
  assert.equal(pick('/login'), '=/login');
  assert.equal(pick('/login/x'), '/');
  assert.equal(pick('/api/v1/users'), '/api/');
  assert.equal(pick('/api/v1/users.json'), '~\\.json$', 'a regular expression beats a plain prefix');
  assert.equal(pick('/areas/finance/mf-manifest.json'), '^~/areas/', '^~ stops the regular expressions');
  assert.equal(pick('/app/clients'), '/');
});

test("reads every route of Fastify's printed radix tree", () => {
  const tree = ['├── /health (GET, HEAD)', '│   └── -professionals/login (POST)', '│       └── /:id (GET)', '└── /login (POST)'].join('\n');
  assert.deepEqual(routesFromTree(tree), [
    { method: 'GET', path: '/health' },
    { method: 'HEAD', path: '/health' },
    { method: 'POST', path: '/health-professionals/login' },
    { method: 'GET', path: '/health-professionals/login/:id' },
    { method: 'POST', path: '/login' },
  ]);
  assert.equal(samplePath('/reset-password/:token/*'), '/reset-password/7/x');
});
