import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { IN_MEMORY, LEGACY_MIGRATIONS_DIR, MIGRATIONS_DIR } from '../paths.js';
import { migrateHistories, type MigrationHistory } from './migrate.js';
import * as schema from './schema.js';

/** What the rest of the server queries through: the part of drizzle both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
/** What db.transaction() hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the migrations that have not run yet: the platform's (server/drizzle/), then each given area
   * history in order (src/area-modules.ts gives every registered area's).
   */
  migrate(areas?: readonly MigrationHistory[]): Promise<void>;
  /**
   * PGlite only: its whole data directory as a tarball, taken between two queries: gzipped by default (backups,
   * db/backup.ts); 'none' loads faster (test snapshots, db/test-database.ts).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Buffer>;
  /**
   * PostgreSQL only: NOTIFY and LISTEN between the processes on this database (an embedded database has one).
   * `listen` holds a connection of its own until the answered function is called.
   */
  notices?: DatabaseNotices;
  close(): Promise<void>;
};

export type DatabaseNotices = {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (created if missing) or `memory://`. */
  pgliteDataDir: string;
  /** PGlite only: start from this data directory (a tarball from dumpDataDir, gzipped or not) instead of an empty one. */
  pgliteLoadDataDir?: Buffer;
};

/** The platform's own history: its tables (users, sessions, the audit log, chat...) come before any area's. */
const PLATFORM_HISTORY: MigrationHistory = { owner: 'platform', folder: MIGRATIONS_DIR };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.pgliteDataDir, options.pgliteLoadDataDir);
  refuseQueriesBesideTransactions(handle.db);
  return handle;
}

/**
 * Thrown when code inside `db.transaction(...)` queries through the database rather than the transaction it was
 * handed. PGlite has one connection, so such a query waits for the transaction, which waits for it: the request
 * never answers. On PostgreSQL it runs on another connection, outside the transaction (it does not see the
 * transaction's writes, and is not undone with it). Refused on both, so the PostgreSQL pass of the suite catches
 * what would hang the embedded database.
 */
export class QueryBesideTransactionError extends Error {
  constructor(method: string) {
    super(`A query through the database (${method}) inside a transaction: use the transaction it was handed (PGlite would wait forever).`);
    this.name = 'QueryBesideTransactionError';
  }
}

const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Guards the database's own session, through which everything built from `db` runs (drizzle's `session`, internal
 * but stable; the guard's test fails if it moves): a transaction has a session of its own, and building a
 * subquery from `db` inside a transaction runs nothing, so only a real query beside the transaction is refused.
 */
function refuseQueriesBesideTransactions(db: Database): void {
  const session = (db as unknown as { session: Record<string, unknown> }).session;
  const refuseInsideTransaction = (method: string) => {
    if (openTransaction.getStore()?.open) throw new QueryBesideTransactionError(method);
  };
  for (const method of ['prepareQuery', 'execute', 'all', 'count']) {
    const original = session[method];
    if (typeof original !== 'function') continue;
    session[method] = function (this: unknown, ...args: unknown[]) {
      refuseInsideTransaction(method);
      return original.apply(this, args);
    };
  }
  const transaction = session.transaction as (run: (tx: Transaction) => Promise<unknown>, ...rest: unknown[]) => Promise<unknown>;
  session.transaction = function (this: unknown, run: (tx: Transaction) => Promise<unknown>, ...rest: unknown[]) {
    refuseInsideTransaction('transaction');
    const scope = { open: true };
    // The scope closes when the callback settles: work it left running (an event handler after commit) may use
    // the database again.
    return transaction.call(this, (tx: Transaction) => openTransaction.run(scope, () => run(tx).finally(() => (scope.open = false))), ...rest);
  };
}

async function openPglite(dataDir: string, load?: Buffer): Promise<DatabaseHandle> {
  if (dataDir !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  const client = load ? await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(load)]) }) : await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: (areas = []) => migrateHistories(db, [PLATFORM_HISTORY, ...areas], LEGACY_MIGRATIONS_DIR, (run) => migratePglite(db, run)),
    dumpDataDir: async (compression = 'gzip') => Buffer.from(await (await client.dumpDataDir(compression)).arrayBuffer()),
    // Closing flushes PGlite's files; a process that exits without it can leave the data dir inconsistent.
    close: () => client.close(),
  };
}

// Both drivers hand back the same JavaScript values (db.test.ts compares them), so what the suite proves on one
// holds on the other: a bigint (a count, a sum) is a number where it is safe, as PGlite gives it, not
// node-postgres's string.
const parseInt8 = (text: string): number | bigint => {
  const value = BigInt(text);
  return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value);
};
/** int8[] (oid 1016): pg-types' TypeId lists no array types. */
const INT8_ARRAY = 1016 as unknown as typeof pg.types.builtins.INT8;
const parseTextArray = pg.types.getTypeParser(INT8_ARRAY);
const parseInt8Elements = (value: unknown): unknown => (Array.isArray(value) ? value.map(parseInt8Elements) : typeof value === 'string' ? parseInt8(value) : value);
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(INT8_ARRAY, (text: string) => parseInt8Elements(parseTextArray(text)));

/** A statement is kept prepared once it has run this many times (one-off shapes are not worth a connection's memory)... */
export const PREPARE_AFTER_RUNS = 3;
/** ...and a connection keeps at most this many (the app's hot shapes are a few hundred at most). */
export const PREPARED_PER_CONNECTION = 256;
/** Runs counted per statement text; the tally starts again when it holds this many texts. */
const COUNTED_TEXTS = 10_000;
const runsOfText = new Map<string, number>();
const nameOfText = new Map<string, string>();
/**
 * Parameters that steer a plan: a pattern (a search), one side of a range (a period, "before now"), a page's size or
 * offset. How many rows they take depends on their values, which a plan made once cannot know: PostgreSQL guessed 3
 * visits for a week that holds 8,000 and sorted the week where walking it in order stops after a page (3.3 ms
 * against 1.2), and tried each visit's carers against a search pattern (51 ms against 10). Statements with them
 * are planned on every run, as before; one that should be kept prepared writes those values in (db/literals.ts).
 */
const STEERING_PARAMETER = /(?:\b(?:i?like|similar\s+to|between|limit|offset)|(?<!<)>=?|<=?|~~?\*?)\s+\$\d/i;

/**
 * A parameterless text worth naming: one read (`select` or `with`, no `;`). A statement with its values written in
 * has no parameters, and PostgreSQL plans it once, for those values.
 */
const SINGLE_READ = /^\s*(?:select|with)\b[^;]*$/i;

/** The name a statement is prepared under: the same text gives the same name on every connection. */
function statementName(text: string): string {
  let name = nameOfText.get(text);
  if (!name) {
    name = `hcm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (nameOfText.size < COUNTED_TEXTS) nameOfText.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Keeps the app's repeated statements prepared on each connection (issue 29). node-postgres sends every statement
 * unnamed, so PostgreSQL parsed and planned it on every run: for the visits list that was 0.5 ms of parsing and
 * 1.7 ms of planning against 1.9 ms of running it. A named statement is parsed once per connection and, after five
 * runs, PostgreSQL plans it once too unless its parameters make a plan of their own cheaper (plan_cache_mode=auto).
 * Named: statements with parameters (they already go through the extended protocol, which holds one statement), and
 * parameterless single reads (SINGLE_READ: a list that writes its values in, db/literals.ts); not a parameterless
 * string that may hold several statements, as migrations do. Not those whose parameters steer the plan
 * (STEERING_PARAMETER).
 */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  // Statements whose table changed shape under them (staleResultType): run unnamed on this connection from then on.
  const stale = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const values = Array.isArray(rest[0]) ? rest[0] : (config as QueryConfigLike | null)?.values;
    const text = typeof config === 'string' ? config : (config as QueryConfigLike | null)?.text;
    const plain = typeof config === 'string' || (typeof config === 'object' && config !== null && !(config as QueryConfigLike).name && typeof (config as QueryConfigLike).submit !== 'function');
    if (!plain || typeof text !== 'string' || !Array.isArray(values) || STEERING_PARAMETER.test(text) || stale.has(text)) return query(config, ...rest);
    if (values.length === 0 && !SINGLE_READ.test(text)) return query(config, ...rest);
    const runs = (runsOfText.get(text) ?? 0) + 1;
    if (runsOfText.size >= COUNTED_TEXTS && runs === 1) runsOfText.clear();
    runsOfText.set(text, runs);
    if (runs < PREPARE_AFTER_RUNS) return query(config, ...rest);
    const name = statementName(text);
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return query(config, ...rest);
      prepared.add(name);
    }
    const named = typeof config === 'string' ? { text, name } : { ...(config as object), name };
    // Run again unnamed when the statement's table changed shape since it was prepared (a migration run by another
    // process while this one serves): on its own it succeeds; inside a transaction the transaction has failed.
    const unnamedAfterStale = (error: unknown) => {
      if (!staleResultType(error)) return false;
      stale.add(text);
      return true;
    };
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      return query(named, ...rest.slice(0, -1), (error: unknown, result: unknown) =>
        unnamedAfterStale(error) ? query(config, ...rest) : (callback as (error: unknown, result: unknown) => void)(error, result),
      );
    }
    return (query(named, ...rest) as Promise<unknown>).catch((error: unknown) => {
      if (unnamedAfterStale(error)) return query(config, ...rest);
      throw error;
    });
  };
}

/** PostgreSQL's refusal to run a prepared statement whose columns changed (a `*` over a table that gained one). */
const staleResultType = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '0A000' && /cached plan must not change result type/.test((error as Error).message);

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // UTC, as PGlite: a cast of an instant to a date must not depend on how the database server was set up.
  // No JIT compilation and no parallel workers for the app's short statements (issue 29): where the planner's
  // estimate is far off (a partial index's rows, a week of one branch), it compiled a plan (0.7 s) or started two
  // workers (7 ms against 0.4 ms alone) for a statement that reads a few thousand index entries, under load too.
  // A connection lives an hour at most: its prepared statements go with it, so those of a past day or week (a period
  // written into a list's statement) do not fill its PREPARED_PER_CONNECTION for good.
  const pool = new pg.Pool({ connectionString, options: '-c TimeZone=UTC -c jit=off -c max_parallel_workers_per_gather=0', maxLifetimeSeconds: 3600 });
  pool.on('connect', prepareRepeatedStatements);
  // Fail at start-up, not on the first request, when the database is unreachable.
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres({ client: pool, schema });
  const notices: DatabaseNotices = {
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onNotice) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotice(message.payload ?? '');
      });
      // A listener that loses its connection stops hearing: what it served is then bounded by its own expiry.
      client.on('error', () => {});
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    },
  };
  return {
    db,
    kind: 'postgres',
    notices,
    migrate: (areas = []) => migrateHistories(db, [PLATFORM_HISTORY, ...areas], LEGACY_MIGRATIONS_DIR, (run) => migratePostgres(db, run)),
    close: () => pool.end(),
  };
}
