import { AREA_MODULES } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { anonymousClient, createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '../testing.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

// Routes any logged-in user may call. Adding one is a decision: this list has to be changed with it.
const OPEN_TO_ANY_USER = [
  'GET /api/v1/user',
  'HEAD /api/v1/user',
  'GET /api/v1/account/switch-accounts-list',
  'HEAD /api/v1/account/switch-accounts-list',
  'POST /api/v1/account/switch-back',
  // The composed permission catalogue: names, descriptions and owners (users/routes.ts).
  'GET /api/v1/permissions',
  'HEAD /api/v1/permissions',
  // One's own sessions (auth/session-routes.ts).
  'GET /api/v1/account/sessions',
  'HEAD /api/v1/account/sessions',
  'DELETE /api/v1/account/sessions/:publicId',
  'DELETE /api/v1/account/sessions',
  // The notices addressed to oneself, and marking one read (communication/routes.ts).
  'GET /api/v1/communication/my-notices',
  'HEAD /api/v1/communication/my-notices',
  'POST /api/v1/communication/my-notices/:id/read',
  // The global search: each area's providers run for the user's own permissions (search/routes.ts).
  'GET /api/v1/search',
  'HEAD /api/v1/search',
];
// Of those, the ones that refuse (403) a user who is not in the state they need: switching back outside a switched session.
const REFUSED_OUT_OF_STATE = ['POST /api/v1/account/switch-back'];
// ...and these find nothing named 1 (a session's public id is 16 hex digits; notice 1 is not addressed to them): not found, but let through.
const NOT_FOUND_FOR_ID_1 = ['DELETE /api/v1/account/sessions/:publicId', 'POST /api/v1/communication/my-notices/:id/read'];
// ...and these first ask for the password again (423): ending all one's other sessions.
const PASSWORD_CONFIRMATION_FIRST = ['DELETE /api/v1/account/sessions'];
// ...and these need input (422): the search without ?q=.
const NEEDS_INPUT = ['GET /api/v1/search', 'HEAD /api/v1/search'];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** Every guarded /api/v1 route and method (not the carers' app sign-in, open to anyone), `:params` replaced by 1. */
function apiRequests(app: FastifyInstance): { method: Method; url: string; name: string }[] {
  return app.apiRoutes.filter((route) => !route.anonymous).map(({ method, url }) => ({
    method: method as Method,
    url: url.replace(/:\w+/g, '1'),
    name: `${method} ${url}`,
  }));
}

async function call(client: TestClient, method: Method, url: string) {
  // A plausible body, so a route that forgot its guard would have something to act on.
  return client.request(method, url, method === 'GET' || method === 'HEAD' ? {} : { payload: {} });
}

test('the route list covers the API, and matches what Fastify has registered', () => {
  const names = t.app.apiRoutes.map(({ method, url }) => `${method} ${url}`);
  for (const expected of ['GET /api/v1/user', 'GET /api/v1/branches', 'POST /api/v1/branches', 'PUT /api/v1/branches/:id']) {
    assert.ok(names.includes(expected), expected);
  }
  // Cross-check with Fastify's router: every method it serves on these URLs is in the list.
  const urls = new Set(t.app.apiRoutes.map((route) => route.url));
  for (const url of urls) {
    for (const method of METHODS) {
      assert.equal(t.app.hasRoute({ method, url }), names.includes(`${method} ${url}`), `${method} ${url}`);
    }
  }
});

test('a user whose role grants nothing gets 403 on every permission-guarded /api/v1 route', async () => {
  const roleId = await createRole(t.database.db, 'no_access', []);
  const client = await loginAs(t.app, await createUser(t.database.db, { email: 'nobody@homecare.test', roleId }));
  const requests = apiRequests(t.app);
  assert.ok(requests.length >= 8);
  for (const { method, url, name } of requests) {
    const response = await call(client, method, url);
    if (OPEN_TO_ANY_USER.includes(name)) {
      const expected = REFUSED_OUT_OF_STATE.includes(name)
        ? 403
        : NOT_FOUND_FOR_ID_1.includes(name)
          ? 404
          : PASSWORD_CONFIRMATION_FIRST.includes(name)
            ? 423
            : NEEDS_INPUT.includes(name)
              ? 422
              : 200;
      assert.equal(response.statusCode, expected, name);
      continue;
    }
    assert.equal(response.statusCode, 403, name);
    if (method !== 'HEAD') {
      assert.deepEqual(response.json(), { status: false, message: 'This action is unauthorized.', data: null, errors: null });
    }
  }
  // The exceptions are exactly the routes declared `authenticated: true`.
  assert.deepEqual(
    t.app.apiRoutes.filter((route) => route.permission === null && !route.anonymous).map(({ method, url }) => `${method} ${url}`).sort(),
    [...OPEN_TO_ANY_USER].sort(),
  );
});

test('a user without any role gets 403 too', async () => {
  const client = await loginAs(t.app, await createUser(t.database.db, { email: 'roleless@homecare.test', roleId: null }));
  for (const { method, url, name } of apiRequests(t.app)) {
    if (OPEN_TO_ANY_USER.includes(name)) continue;
    assert.equal((await call(client, method, url)).statusCode, 403, name);
  }
});

test('the only route open to anyone is the carers\' app sign-in', () => {
  assert.deepEqual(t.app.apiRoutes.filter((route) => route.anonymous).map(({ method, url }) => `${method} ${url}`), ['POST /api/v1/carer-app/session']);
});

test('logged out, every /api/v1 route answers 401', async () => {
  const client = await anonymousClient(t.app); // a CSRF token, but no user
  for (const { method, url, name } of apiRequests(t.app)) {
    const response = await call(client, method, url);
    assert.equal(response.statusCode, 401, name);
    if (method !== 'HEAD') {
      assert.deepEqual(response.json(), { status: false, message: 'Unauthenticated.', data: null, errors: null });
    }
  }
});

test('a finance officer is refused the branch routes (403), the admin is let through', async () => {
  const financeRole = (await t.database.db.query.roles.findFirst({ where: (roles, { eq }) => eq(roles.name, 'finance_officer') }))!;
  const finance = await loginAs(t.app, await createUser(t.database.db, { email: 'fiona@homecare.test', roleId: financeRole.id }));
  assert.equal((await finance.get('/api/v1/branches')).statusCode, 403);
  const admin = await loginAs(t.app, 'admin');
  assert.equal((await admin.get('/api/v1/branches')).statusCode, 200);
});

/** Builds a second app over the test database with one extra route; resolves when it starts. */
async function startWithRoute(addRoute: (app: FastifyInstance) => void): Promise<void> {
  const app = await buildApp({
    modules: AREA_MODULES,
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: [],
    cookieSecure: false,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
  });
  try {
    addRoute(app);
    await app.ready();
  } finally {
    await app.close();
  }
}

test('the start-up check itself lets a declared route through', async () => {
  await startWithRoute((app) => {
    app.get('/api/v1/declared', { config: { permission: 'dashboard.view' } }, async () => ({}));
  });
});

test('an /api/v1 route that declares no permission stops the server from starting', async () => {
  await assert.rejects(
    startWithRoute((app) => {
      app.get('/api/v1/forgotten', async () => ({ leaked: true }));
    }),
    /GET \/api\/v1\/forgotten declares neither config.permission nor config.authenticated/,
  );
});

test('an /api/v1 route that names a permission outside the catalogue stops the server from starting', async () => {
  await assert.rejects(
    startWithRoute((app) => {
      app.post('/api/v1/typo', { config: { permission: 'branches.creat' as never } }, async () => ({}));
    }),
    /POST \/api\/v1\/typo requires "branches.creat", which is not in the permission catalogue/,
  );
});
