import { AREA_MODULES, areaMigrations } from './area-modules.js';
import type { AreaModule } from './modules/area-module.js';
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { DEMO_USERS, seedDemo, standardRoles } from './db/seed.js';
import { openSeededTestDatabase, openTestDatabase } from './db/test-database.js';
import { rolePermissions, roles, users } from './db/schema.js';
import { hashPassword } from './auth/passwords.js';
import type { MailSettings } from './mail/mailer.js';
import { clock } from '@hcm/contract/time';

// Test helpers: an app over a fresh in-memory PGlite (about 3 s to create, so one per test file),
// and a tiny cookie-keeping client that does the /csrf-cookie → /login dance like the SPA.

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export type TestAppOptions = {
  seed?: boolean;
  pgliteDataDir?: string;
  /** Runs before app.ready(), e.g. to register extra routes (or create tables they need). */
  configure?: (app: FastifyInstance, database: DatabaseHandle) => void | Promise<void>;
  /** TRUST_PROXY as the app gets it (off by default). */
  trustProxy?: boolean | number | string[];
  /** The area modules to compose (every registered area by default). */
  modules?: readonly AreaModule[];
  /** SMTP settings (e.g. a test SMTP server from mail/smtp-test-server.ts); by default mail stays in the outbox. */
  mail?: MailSettings;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // A data dir asks for PGlite on disk; otherwise a fresh database (PostgreSQL when TEST_DATABASE_URL is set).
  const modules = options.modules ?? AREA_MODULES;
  const prepare = async (handle: DatabaseHandle) => {
    await handle.migrate(areaMigrations(modules));
    if (options.seed ?? true) await seedDemo(handle.db, modules);
  };
  // The usual start (every area, migrated, the demo seeded) is prepared once and copied (db/test-database.ts).
  const usual = !options.pgliteDataDir && (options.seed ?? true) && seedsAsUsual(modules);
  const database = usual
    ? await openSeededTestDatabase(prepare)
    : options.pgliteDataDir
      ? await openDatabase({ pgliteDataDir: options.pgliteDataDir })
      : await openTestDatabase();
  if (!usual) await prepare(database);
  // An app that cannot be built or made ready closes its database: an open one keeps the test process alive.
  let app: FastifyInstance;
  try {
    app = await buildApp({
      modules,
      db: database.db,
      databaseKind: database.kind,
      databaseNotices: database.notices,
      webOrigins: ['http://localhost:8080'],
      cookieSecure: false,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      trustProxy: options.trustProxy ?? false,
      mail: options.mail,
    });
    await options.configure?.(app, database);
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Whether these modules migrate and seed exactly as every area's do, so the shared seed serves them: a test that
 * replaces an area's routes (stubbed rules, a fake provider) but not its migrations, roles or demo. One that seeds
 * otherwise (an area left out, its demo replaced) prepares its own database.
 */
function seedsAsUsual(modules: readonly AreaModule[]): boolean {
  if (modules === AREA_MODULES) return true;
  const seedOf = (list: readonly AreaModule[]) => JSON.stringify({ migrations: areaMigrations(list), roles: standardRoles(list) });
  return (
    modules.length === AREA_MODULES.length &&
    modules.every((module, index) => module.name === AREA_MODULES[index]!.name && module.seedDemo === AREA_MODULES[index]!.seedDemo) &&
    seedOf(modules) === seedOf(AREA_MODULES)
  );
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export type RequestOptions = {
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the XSRF-TOKEN cookie on writes, as the SPA does (default true). */
  csrf?: boolean;
};

/** Keeps the cookies the server sets, sends them back, and echoes the CSRF token on writes. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  async request(method: Method, url: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrfToken = this.cookies.get(CSRF_COOKIE);
    if ((options.csrf ?? true) && !['GET', 'HEAD', 'OPTIONS'].includes(method) && csrfToken) {
      headers[CSRF_HEADER] = csrfToken;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= clock.nowMs());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, payload });
  }
  put(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, { ...options, payload });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }
}

/** A client holding an anonymous session and its CSRF token. */
export async function anonymousClient(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.get('/csrf-cookie');
  if (response.statusCode !== 204) throw new Error(`/csrf-cookie answered ${response.statusCode}`);
  return client;
}

/** A client logged in as a demo user (or any email and password). */
export async function loginAs(
  app: FastifyInstance,
  who: keyof typeof DEMO_USERS | { email: string; password: string },
): Promise<TestClient> {
  const { email, password } = typeof who === 'string' ? DEMO_USERS[who] : who;
  const client = await anonymousClient(app);
  const response = await client.post('/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`login as ${email} answered ${response.statusCode}: ${response.body}`);
  return client;
}

/** Adds a role with exactly these permissions (none is allowed) and returns its id. */
export async function createRole(db: DatabaseHandle['db'], name: string, permissions: string[]): Promise<number> {
  const [role] = await db.insert(roles).values({ name, label: name }).returning({ id: roles.id });
  if (permissions.length) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ role_id: role!.id, permission })));
  }
  return role!.id;
}

/** Adds a user and returns the email and password to log in with. */
export async function createUser(
  db: DatabaseHandle['db'],
  fields: { email: string; roleId: number | null; disabled?: boolean; password?: string },
): Promise<{ email: string; password: string }> {
  const password = fields.password ?? 'Test!2026password';
  await db.insert(users).values({
    name: fields.email.split('@')[0]!,
    email: fields.email.toLowerCase(),
    password_hash: await hashPassword(password),
    role_id: fields.roleId,
    disabled: fields.disabled ?? false,
  });
  return { email: fields.email, password };
}

/** A carers' app on a device: sends its bearer token (auth/device-tokens.ts) on every request, no cookies. */
export class DeviceClient {
  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  request(method: Method, url: string, options: { payload?: unknown; headers?: Record<string, string>; idempotencyKey?: string } = {}) {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, ...options.headers };
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    return this.app.inject({ method, url, headers, ...(options.payload === undefined ? {} : { payload: options.payload as object }) });
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, payload: unknown, idempotencyKey?: string) {
    return this.request('POST', url, { payload, idempotencyKey });
  }
}

/** Signs a device in to the carers' app as this user (email and password) and answers its client. */
export async function deviceSignIn(app: FastifyInstance, who: { email: string; password: string }): Promise<DeviceClient> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { ...who, device_name: 'Test phone' } });
  if (response.statusCode !== 201) throw new Error(`device sign-in as ${who.email} answered ${response.statusCode}: ${response.body}`);
  return new DeviceClient(app, (response.json() as { data: { token: string } }).data.token);
}
