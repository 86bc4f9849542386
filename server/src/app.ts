import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { CSRF_HEADER } from '@hcm/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerPermissionGuard, API_PREFIX } from './auth/guard.js';
import { registerSessionHooks } from './auth/hooks.js';
import { registerWriteGenerations } from './http/write-generations.js';
import { authRoutes } from './auth/routes.js';
import { otpRoutes } from './auth/otp.js';
import { secretBoxFor } from './auth/secrets.js';
import { twoFactorRoutes } from './auth/two-factor.js';
import type { AuthSettings } from './auth/settings.js';
import { branchRoutes } from './branches/routes.js';
import type { AppConfig } from './config.js';
import type { Database, DatabaseKind, DatabaseNotices } from './db/client.js';
import { registerEnvelopeHandlers } from './http/envelope.js';
import { registerInputHygiene } from './http/input-hygiene.js';
import { resourceCatalog, type ResourceCatalog } from './resources/catalog.js';
import { Mailer, type MailSettings } from './mail/mailer.js';
import { deviceTokenRoutes } from './auth/device-tokens.js';
import { Pusher, pushLogRoutes, type PushProvider } from './notify/push.js';
import { VapidKeyStore, WebPushProvider, webPushRoutes } from './notify/web-push.js';
import { SmsSender, type SmsProvider } from './notify/sms.js';
import { resourceRoutes } from './resources/routes.js';
import { passwordResetRoutes } from './auth/password-reset.js';
import { sessionRoutes } from './auth/session-routes.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { outboxRoutes } from './mail/outbox-routes.js';
import { userRoutes } from './users/routes.js';
import { auditRoutes } from './audit/routes.js';
import { registerAuditScopes } from './audit/scopes.js';
import { areaAdminRoutes, publicRegistryRoutes } from './areas/routes.js';
import { REPO_ROOT } from './areas/repo-root.js';
import { timeTrackerRoutes } from './time-tracker/routes.js';
import { noChatServer, type ChatBroadcaster } from './chat/broadcaster.js';
import { chatRoutes } from './chat/routes.js';
import { onSessionsEnded } from './auth/sessions.js';
import { composedResources, type AreaModule, type AreaServerContext } from './modules/area-module.js';
import { assertContracts } from './modules/contracts.js';
import { composePermissions, resourcePermissionProblems, routePermissions, type PermissionCatalog } from './modules/permissions.js';
import { eventDeliveryRoutes, registerEvents } from './events/dispatcher.js';
import { eventRegistry } from './events/outbox.js';
import { registerJobs, type ScheduledJob } from './events/jobs.js';
import { pruneExpiredSessions } from './auth/sessions.js';
import { foreignReferences } from './resources/tables.js';
import { TrackableTargets } from './time-tracker/targets.js';
import { composeSearchProviders, searchRoutes } from './search/routes.js';

export type BuildAppOptions = Pick<
  AppConfig,
  'webOrigins' | 'cookieSecure' | 'sessionIdleMinutes' | 'sessionAbsoluteHours' | 'appUrl'
> & {
  db: Database;
  databaseKind: DatabaseKind;
  /** Fastify's logger option: false in tests, an object with a level in production. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Push and text-message providers. Push by default: Web Push to the devices whose carers turned notifications
   * on (notify/web-push.ts), recorded only for the others; text messages are only recorded (notify/sms.ts).
   */
  pushProvider?: PushProvider;
  smsProvider?: SmsProvider;
  /** Run the areas' background timers (the running API); tests leave it off and drive them by hand. */
  background?: boolean;
  /** Email settings; absent means every message stays in the outbox table (tests, fresh installs). */
  mail?: MailSettings;
} & Partial<Pick<AppConfig, 'loginThrottlePerMinute' | 'appKey' | 'appKeyFile' | 'trustProxy' | 'vapid'>> & {
  /** Where remotes/<area>/dist/ lives (the area registry reads builds there); the workspace by default. */
  repoRoot?: string;
  /** The chat server's sockets (src/chat/): embedded, in other processes, or none (the default). */
  chat?: ChatBroadcaster;
  /** The areas' API modules to serve (src/area-modules.ts: AREA_MODULES), in order. */
  modules: readonly AreaModule[];
  /** PostgreSQL's NOTIFY and LISTEN (the database handle's `notices`): other API processes hear of this one's writes. */
  databaseNotices?: DatabaseNotices;
};

/** The API as a Fastify instance, not yet listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // Behind nginx the client's address is in X-Forwarded-For; believed only from the configured proxies.
  // A hop count is given to Fastify as a function: its types take addresses, ranges or a function.
  const trust = options.trustProxy ?? false;
  const serverOptions: FastifyServerOptions = {
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
  };
  const app = Fastify({
    ...serverOptions,
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    // No access log (two lines per request); errors are logged by the error handler with the request id.
    logController: new LogController({ disableRequestLogging: true }),
  });

  // The areas meet only through what their owners publish: a consumer's read or call that no owner publishes (or
  // publishes in another shape) stops the start here, not a request later.
  assertContracts(options.modules);
  const catalog: ResourceCatalog = catalogOf(options.modules);
  // The permission catalogue: the platform's and every area's declarations. A permission declared twice, outside
  // its area's prefixes, or named by an area that neither owns it nor uses it as published stops the start.
  const permissions = permissionsOf(options.modules);
  const mailer = new Mailer(options.db, options.mail ?? { smtpUrl: undefined, from: 'Home Care <no-reply@localhost>' });
  // Without APP_KEY or a key file (tests) the key lives as long as the process.
  const secrets = secretBoxFor({ appKey: options.appKey, appKeyFile: options.appKeyFile });
  const auth: AuthSettings = {
    db: options.db,
    mailer,
    permissions,
    lifetime: {
      idleMs: options.sessionIdleMinutes * 60_000,
      absoluteMs: options.sessionAbsoluteHours * 3_600_000,
    },
    cookieSecure: options.cookieSecure,
    loginThrottlePerMinute: options.loginThrottlePerMinute ?? 5,
    secrets,
  };

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerEnvelopeHandlers(app);
  // nosniff, CSP, no referrer, HSTS over HTTPS, no-store unless a route says otherwise.
  registerSecurityHeaders(app, { hsts: options.cookieSecure });

  await app.register(cors, {
    origin: options.webOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The carers' app (/carer/ on the web origin) calls with its device token and each write's Idempotency-Key.
    allowedHeaders: ['Content-Type', 'X-Requested-With', CSRF_HEADER, 'Accept', 'Authorization', 'Idempotency-Key'],
    exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed'],
  });
  await app.register(cookie);

  // Order matters: the session is loaded, then CSRF is checked, then the /api/v1 permission guard runs.
  registerSessionHooks(app, auth);
  registerPermissionGuard(app, auth);
  // What is kept between requests (shared answers, sessions) is not used past a write request (http/write-generations.ts).
  registerWriteGenerations(app, auth.db, options.databaseNotices);
  // Deny by default in the audit trail: every audited record type declares who reads its entries, from its
  // module's plugin; the engine audits every declared resource, so each must have one before the app is ready.
  const auditScopes = registerAuditScopes(app);
  auditScopes.audited(...catalog.keys());
  // NUL characters and non-object bodies are refused before any handler (after the guard: 401/403 first).
  registerInputHygiene(app);

  app.get('/health', async () => ({ status: 'ok', database: options.databaseKind }));
  await app.register(authRoutes, auth);
  // Second factors: TOTP setup and challenge (Fortify's paths), the emailed code for new devices.
  await app.register(twoFactorRoutes, auth);
  await app.register(otpRoutes, auth);
  await app.register(branchRoutes, { prefix: API_PREFIX, auth });
  const appUrl = options.appUrl ?? options.webOrigins[0] ?? 'http://localhost:8080';
  // Forgot / reset / change password, the user's sessions (and an administrator's view of anyone's), the outbox.
  await app.register(passwordResetRoutes, { auth, appUrl });
  await app.register(sessionRoutes, { prefix: API_PREFIX, ...auth });
  await app.register(outboxRoutes, { prefix: API_PREFIX, db: options.db });
  // Users, roles, the permission catalogue and account switching.
  await app.register(userRoutes, { prefix: API_PREFIX, auth });
  // The audit trail, read-only (src/audit/).
  await app.register(auditRoutes, { prefix: API_PREFIX, db: options.db, auth, catalog });
  // The area registry: the public active set (/registry/areas), versions and rollback for admins (src/areas/).
  const registry = { db: options.db, repoRoot: options.repoRoot ?? REPO_ROOT, permissions };
  await app.register(publicRegistryRoutes, { ...registry, modules: options.modules });
  await app.register(areaAdminRoutes, { prefix: API_PREFIX, ...registry, auth });
  // The time tracker: trackable checks, START/MID/STOP, a target's tracked sessions (src/time-tracker/); areas
  // add what can be timed.
  const trackables = new TrackableTargets();
  await app.register(timeTrackerRoutes, { prefix: API_PREFIX, auth, targets: trackables });
  // Chat: chats, messages, read receipts (src/chat/); an ended session's sockets are disconnected.
  const chat = options.chat ?? noChatServer;
  await app.register(chatRoutes, { prefix: API_PREFIX, auth, chat });
  const stopDisconnecting = onSessionsEnded(options.db, (sessionIds) => sessionIds.forEach((id) => chat.disconnectSession(id)));
  app.addHook('onClose', async () => {
    stopDisconnecting();
  });
  // Every declared resource is served by the engine from its declaration (src/resources/).
  for (const name of catalog.keys()) {
    await app.register(resourceRoutes, { prefix: API_PREFIX, db: options.db, auth, catalog, name });
  }
  // Each area's own routes (remotes/<area>/server/module.ts), composed in src/area-modules.ts.
  // The carers' app: device sign-in and the office's list of devices; push notifications and text messages.
  await app.register(deviceTokenRoutes, { prefix: API_PREFIX, ...auth });
  const vapid = new VapidKeyStore(options.db, secrets, options.vapid);
  const push = new Pusher(options.db, options.pushProvider ?? new WebPushProvider(options.db, vapid));
  await app.register(webPushRoutes, { prefix: API_PREFIX, db: options.db, vapid });
  const sms = new SmsSender(options.db, options.smsProvider);
  await app.register(pushLogRoutes, { prefix: API_PREFIX, db: options.db });
  const context: AreaServerContext = { auth, appUrl, catalog, trackables, chat, push, sms, background: options.background ?? false, log: app.log };
  // Domain events: what areas publish and handle, delivered from the outbox (src/events/), and their failures.
  registerEvents(app, options.db, eventRegistry(options.modules), context, context.background);
  // Scheduled background work (src/events/jobs.ts), the platform's and the areas': in the running API only.
  if (context.background) registerJobs(app, options.db, [...platformJobs(auth), ...options.modules.flatMap((module) => module.jobs ?? [])], context);
  await app.register(eventDeliveryRoutes, { prefix: API_PREFIX, db: options.db });
  // The global search: each area's providers (its module's `search`), run for the user's permissions and branches.
  await app.register(searchRoutes, { prefix: API_PREFIX, auth, providers: composeSearchProviders(options.modules, permissions) });
  for (const module of options.modules) {
    const { routes, publicRoutes } = module;
    if (routes) {
      await app.register(
        async (scope) => {
          holdToItsPermissions(scope, module.name, permissions);
          await routes(scope, context);
        },
        { prefix: API_PREFIX },
      );
    }
    if (publicRoutes) {
      await app.register(
        async (scope) => {
          holdToItsPermissions(scope, module.name, permissions);
          await publicRoutes.routes(scope, context);
        },
        { prefix: publicRoutes.prefix },
      );
    }
  }

  return app;
}

/**
 * Every area's declared resources with their tables and write hooks, in module order. Stops the start when two
 * areas declare one name, or a reference names a resource no area serves.
 */
function catalogOf(modules: readonly AreaModule[]): ResourceCatalog {
  const { specs, tables, hooks } = composedResources(modules);
  const missing = foreignReferences(specs);
  if (missing.length) throw new Error(`Declared references to resources no area serves: ${missing.join(', ')}.`);
  return resourceCatalog(specs, tables, hooks);
}

/** The composed permission catalogue; also refuses a declared resource guarded by a permission its area may not name. */
function permissionsOf(modules: readonly AreaModule[]): PermissionCatalog {
  const permissions = composePermissions(modules);
  const problems = resourcePermissionProblems(modules, permissions);
  if (problems.length) throw new Error(`${problems.join('; ')}.`);
  return permissions;
}

/**
 * Every route an area registers names only permissions it may name: its own, the platform's, and the published
 * ones of other areas it lists in its uses. Registration throws otherwise, so the server does not start.
 */
function holdToItsPermissions(scope: FastifyInstance, area: string, permissions: PermissionCatalog): void {
  scope.addHook('onRoute', (route) => {
    for (const name of routePermissions(route.config)) {
      const refusal = permissions.refusal(area, name);
      if (refusal) throw new Error(`The ${area} area's route ${[route.method].flat().join(',')} ${route.url} names ${refusal}.`);
    }
  });
}

/** The platform's own scheduled work: ended sessions pruned every quarter of an hour. */
function platformJobs(auth: AuthSettings): ScheduledJob<AreaServerContext>[] {
  return [
    {
      name: 'platform:prune-sessions',
      everyMs: 15 * 60_000,
      async run() {
        await pruneExpiredSessions(auth.db, auth.lifetime);
      },
    },
  ];
}
