import type { AreaPermissions, PageSources } from '@hcm/contract';
import type { ResourceSpec } from '@hcm/contract/engine';
import type { FastifyInstance } from 'fastify';
import type { AuthSettings } from '../auth/settings.js';
import type { ChatBroadcaster } from '../chat/broadcaster.js';
import type { Pusher } from '../notify/push.js';
import type { SmsSender } from '../notify/sms.js';
import type { Database, Transaction } from '../db/client.js';
import type { ResourceCatalog, ResourceWriteHook } from '../resources/catalog.js';
import type { ResourceTable } from '../resources/tables.js';
import type { TrackableTargets } from '../time-tracker/targets.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaEventHandler } from '../events/outbox.js';
import type { ScheduledJob } from '../events/jobs.js';
import type { AreaConsumption, AreaPublications } from './contracts.js';
import type { SearchProvider } from '../search/provider.js';

export type { ResourceChange, ResourceWriteHook } from '../resources/catalog.js';
export { likePrefix, searchQueryOf, type SearchHit, type SearchProvider, type SearchQuery, type SearchViewer } from '../search/provider.js';

/** What the platform hands an area's routes: the database and sign-in settings, and its extension points. */
export type AreaServerContext = {
  auth: AuthSettings;
  /** The public address of the web app, for links in emails. */
  appUrl: string;
  /** Every declared resource of every area, served by the engine (references and labels look each other up). */
  catalog: ResourceCatalog;
  /** Register what the time tracker can time (care-records: clients). */
  trackables: TrackableTargets;
  /** The chat server's sockets, for pushing events to signed-in users. */
  chat: ChatBroadcaster;
  /** Push notifications to carers' devices, logged (notify/push.ts). */
  push: Pusher;
  /** Text messages, logged (notify/sms.ts). */
  sms: SmsSender;
  /**
   * Whether this process runs the areas' background work (timers such as the late and missed visit engine):
   * true in the running API (main.ts), false in tests, which drive that work by hand.
   */
  background: boolean;
  /** The API's log, for background work (jobs, event handlers) that has no request to log with. */
  log: FastifyBaseLogger;
};

export type AreaRoutes = (app: FastifyInstance, context: AreaServerContext) => Promise<void>;

/**
 * An area's API module: everything the area's server side owns, in its folder (remotes/<area>/server/), and
 * registered in one line of src/area-modules.ts. Areas never import each other; they meet through the API,
 * the declared resources (a reference names another area's resource) and the extension points above.
 */
export type AreaModule = {
  /** The area's name, as in its area.json. */
  name: string;
  /**
   * Its permissions (remotes/<area>/contract/permissions.ts, defineAreaPermissions): names, descriptions, the
   * standard roles that receive each, what it publishes and what it uses of others. The API composes them into the
   * catalogue (modules/permissions.ts); its routes may name only its own, the platform's and those it uses.
   */
  permissions?: AreaPermissions;
  /** Declared resources the engine serves under /api/v1/<name>, audited, with their tables. */
  resources?: readonly ResourceSpec[];
  /** Their tables, built by buildResourceTables (from the area's tables.ts, which drizzle-kit also reads). */
  resourceTables?: Record<string, ResourceTable>;
  /**
   * Its reactions to the engine's writes of its own resources, by resource name, each run in the write's
   * transaction (resources/catalog.ts, ResourceWriteHook): e.g. publishing an event with the change.
   */
  onResourceWrite?: Readonly<Record<string, ResourceWriteHook>>;
  /**
   * The area's migrations (drizzle-kit's output), applied after the platform's and earlier areas': by default
   * remotes/<name>/server/migrations when that folder exists (an absolute path otherwise, e.g. in tests).
   */
  migrationsFolder?: string;
  /** The area's own routes, under /api/v1 and behind the permission guard (every route names its permission). */
  routes?: AreaRoutes;
  /** Routes outside /api/v1 (the health professionals' portal), each under its own prefix. */
  publicRoutes?: { prefix: string; routes: AreaRoutes };
  /** Demo data, seeded once into an empty database after the platform's (branches, roles, users) and earlier areas'. */
  seedDemo?: (tx: Transaction) => Promise<void>;
  /** What other areas may read of this one: read models and routes (contracts.ts), with a version. */
  publishes?: AreaPublications;
  /** What this area reads of others: its own declarations, checked against what the owners publish. */
  consumes?: AreaConsumption;
  /** Its background work on a schedule (events/jobs.ts): run by the API with a lease, never twice at once. */
  jobs?: readonly ScheduledJob<AreaServerContext>[];
  /** Its reactions to other areas' events (declared in `consumes.events`), run by the outbox (events/outbox.ts). */
  eventHandlers?: readonly AreaEventHandler<AreaServerContext>[];
  /** What of this area the global search finds (GET /api/v1/search, src/search/): its providers, each with its permission. */
  search?: readonly SearchProvider[];
  /**
   * What its screens load from other origins as its settings stand now (a map provider's scripts, a tile server's
   * images): the public registry lists them with the area and the page's CSP allows each for its kind alone
   * (src/areas/page-sources.ts). Asked every few seconds by the web server, so a cheap read.
   */
  pageSources?: (db: Database) => Promise<PageSources>;
};

/** Declares an area's module (a typed identity: the module is data the platform composes). */
export function defineAreaModule(module: AreaModule): AreaModule {
  if (!/^[a-z][a-z-]*$/.test(module.name)) throw new Error(`An area module's name is its area's (a-z and -): "${module.name}".`);
  if (module.resources?.length && !module.resourceTables) throw new Error(`The ${module.name} module declares resources without their tables.`);
  return module;
}

/**
 * Every module's declared resources, in module order, their tables and write hooks by resource name. Two areas
 * declaring one name stop the start, and so does a hook on a resource its area does not declare: an area reacts
 * to writes of its own records only (another area's changes reach it as that area's events).
 */
export function composedResources(modules: readonly AreaModule[]): {
  specs: ResourceSpec[];
  tables: Record<string, ResourceTable>;
  hooks: Record<string, ResourceWriteHook>;
} {
  const tables: Record<string, ResourceTable> = {};
  const hooks: Record<string, ResourceWriteHook> = {};
  for (const module of modules) {
    for (const [name, table] of Object.entries(module.resourceTables ?? {})) {
      if (tables[name]) throw new Error(`The resource "${name}" is declared by two areas (the second: ${module.name}).`);
      tables[name] = table;
    }
    for (const [name, hook] of Object.entries(module.onResourceWrite ?? {})) {
      if (!module.resources?.some((spec) => spec.name === name)) throw new Error(`The ${module.name} module hooks writes of "${name}", a resource it does not declare.`);
      hooks[name] = hook;
    }
  }
  return { specs: modules.flatMap((module) => module.resources ?? []), tables, hooks };
}
