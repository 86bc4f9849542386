import path from 'node:path';
import { AREA_NAMES, type AreaEventView, type AreaHistory, type AreaName, type PageSources } from '@hcm/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import type { PermissionCatalog } from '../modules/permissions.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { areaActive, areaEvents, areaVersions } from '../db/schema.js';
import { activePointer, areaDistDir, readBuiltVersion, writeActivePointer, type BuiltVersion } from './builds.js';
import { hostSharedRecord, readSharedRecord, sharedFitProblems } from './shared-fit.js';
import { clock } from '@hcm/contract/time';

// The area registry: every deployed version of each remote (area_versions), the one the product serves
// (area_active), and every deploy, activation and rollback with who and when (area_events).

/**
 * Who changes the registry: a person signed in to the product (with the request's audit actor, so the change
 * is in the audit trail too), or an operator's command (--by or the OS user; area_events is its record).
 */
export type RegistryActor = { name: string; userId: number | null; audit?: AuditActor };

/** What the public registry lists per area: the active version and its declaration. */
export type ActiveArea = {
  name: AreaName;
  version: string;
  manifestUrl: string;
  descriptor: BuiltVersion['descriptor'];
  /** What its screens load from elsewhere under the current settings (the public route adds them: page-sources.ts). */
  pageSources?: PageSources;
};

/** A refusal the caller turns into an answer: 404 (no such area or version) or 422 (not possible). */
export class RegistryError extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type ChangeResult = { area: AreaName; version: string; version_id: number; from_version: string | null; action: AreaEventView['action'] };

function areaOf(name: string): AreaName {
  if (!(AREA_NAMES as readonly string[]).includes(name)) throw new RegistryError(404, `There is no area named "${name}".`);
  return name as AreaName;
}

/** The active version of every area that has one, in the product's area order. */
export async function activeAreas(db: Database): Promise<ActiveArea[]> {
  const rows = await db
    .select({ area: areaActive.area, version: areaVersions.version, manifestUrl: areaVersions.manifest_url, descriptor: areaVersions.descriptor })
    .from(areaActive)
    .innerJoin(areaVersions, eq(areaVersions.id, areaActive.version_id));
  return AREA_NAMES.flatMap((name) => {
    const row = rows.find((candidate) => candidate.area === name);
    return row ? [{ name, version: row.version, manifestUrl: row.manifestUrl, descriptor: row.descriptor as ActiveArea['descriptor'] }] : [];
  });
}

async function currentActive(tx: Transaction, area: AreaName) {
  const [row] = await tx
    .select({ versionId: areaActive.version_id, version: areaVersions.version })
    .from(areaActive)
    .innerJoin(areaVersions, eq(areaVersions.id, areaActive.version_id))
    .where(eq(areaActive.area, area))
    .for('update');
  return row;
}

async function setActive(
  tx: Transaction,
  area: AreaName,
  target: { id: number; version: string },
  action: AreaEventView['action'],
  actor: RegistryActor,
): Promise<ChangeResult> {
  const current = await currentActive(tx, area);
  await tx
    .insert(areaActive)
    .values({ area, version_id: target.id, activated_by: actor.name, activated_at: clock.now() })
    .onConflictDoUpdate({ target: areaActive.area, set: { version_id: target.id, activated_by: actor.name, activated_at: clock.now() } });
  await tx.insert(areaEvents).values({ area, action, version: target.version, from_version: current?.version ?? null, actor: actor.name, user_id: actor.userId });
  if (actor.audit) {
    await recordAudit(tx, {
      actor: actor.audit,
      resource: 'area-versions',
      recordId: target.id,
      action: 'update',
      before: { area, active_version: current?.version ?? null },
      after: { area, active_version: target.version, action },
    });
  }
  return { area, version: target.version, version_id: target.id, from_version: current?.version ?? null, action };
}

export type RegistryOptions = {
  db: Database;
  repoRoot: string;
  /** The API's composed permission catalogue: a build's menus may name only what its area may (readBuiltVersion). */
  permissions?: PermissionCatalog;
};

/**
 * Refuses (422) to make a version active when its shared modules do not fit the host this machine serves
 * (host/dist/shared.json): the page would run the remote against a version it was not built for. Skipped where
 * no host is built here; a remote build without its shared.json is refused once a host is there.
 */
function assertFitsHost(repoRoot: string, area: AreaName, version: string): void {
  const host = hostSharedRecord(repoRoot);
  if (!host) return;
  const remote = readSharedRecord(path.join(areaDistDir(repoRoot, area), version, 'shared.json'));
  const problems = remote ? sharedFitProblems(remote, host, `${area} ${version}`) : [`${area} ${version} has no shared.json: rebuild it`];
  if (problems.length) {
    throw new RegistryError(422, `${area} ${version} does not fit the active host's shared modules: ${problems.join('; ')}.`, 'version');
  }
}

/**
 * Registers a built version (checked on disk, see readBuiltVersion) and makes it active. A version that is
 * registered already is only made active again (an `activate` event): a build of unchanged files has the
 * same version name, so deploying twice changes nothing else.
 */
export async function deployVersion(
  options: RegistryOptions,
  areaName: string,
  version: string,
  actor: RegistryActor,
): Promise<ChangeResult & { already_deployed: boolean }> {
  const area = areaOf(areaName);
  const { built, problems } = readBuiltVersion(options.repoRoot, area, version, options.permissions);
  if (!built) throw new RegistryError(422, `${area} ${version} cannot be deployed: ${problems.join('; ')}.`, 'version');
  assertFitsHost(options.repoRoot, area, version);
  const result = await options.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(areaVersions).where(and(eq(areaVersions.area, area), eq(areaVersions.version, version)));
    if (existing) {
      const current = await currentActive(tx, area);
      if (current?.versionId === existing.id) return { area, version, version_id: existing.id, from_version: version, action: 'activate' as const, already_deployed: true };
      return { ...(await setActive(tx, area, existing, 'activate', actor)), already_deployed: true };
    }
    const [inserted] = await tx
      .insert(areaVersions)
      .values({
        area,
        version,
        manifest_url: built.manifestUrl,
        manifest_checksum: built.manifestChecksum,
        descriptor: built.descriptor,
        built_at: built.builtAt,
        deployed_by: actor.name,
      })
      .returning({ id: areaVersions.id, version: areaVersions.version });
    return { ...(await setActive(tx, area, inserted!, 'deploy', actor)), already_deployed: false };
  });
  writeActivePointer(options.repoRoot, area, result.version);
  return result;
}

/**
 * Makes a registered version active. Without a version: the one deployed just before the active one (so
 * rolling back twice steps back twice). Recorded as `rollback` when the target was deployed before the
 * active version, else as `activate`.
 */
export async function activateVersion(
  options: RegistryOptions,
  areaName: string,
  version: string | undefined,
  actor: RegistryActor,
): Promise<ChangeResult> {
  const area = areaOf(areaName);
  const result = await options.db.transaction(async (tx) => {
    const current = await currentActive(tx, area);
    let target: { id: number; version: string } | undefined;
    if (version === undefined) {
      if (!current) throw new RegistryError(422, `${area} has no active version to roll back from.`, 'version');
      [target] = await tx
        .select({ id: areaVersions.id, version: areaVersions.version })
        .from(areaVersions)
        .where(and(eq(areaVersions.area, area), lt(areaVersions.id, current.versionId)))
        .orderBy(desc(areaVersions.id))
        .limit(1);
      if (!target) throw new RegistryError(422, `${area} has no version deployed before ${current.version}.`, 'version');
    } else {
      [target] = await tx
        .select({ id: areaVersions.id, version: areaVersions.version })
        .from(areaVersions)
        .where(and(eq(areaVersions.area, area), eq(areaVersions.version, version)));
      if (!target) throw new RegistryError(422, `${area} has no deployed version named "${version}".`, 'version');
      if (current?.versionId === target.id) throw new RegistryError(422, `${area} ${version} is already the active version.`, 'version');
    }
    assertFitsHost(options.repoRoot, area, target.version);
    const action = current && target.id < current.versionId ? 'rollback' : 'activate';
    return setActive(tx, area, target, action, actor);
  });
  writeActivePointer(options.repoRoot, area, result.version);
  return result;
}

const iso = (date: Date) => date.toISOString();

/** Every area (built or not), its versions newest first, the active one and its latest events (newest first). */
export async function areaHistory(db: Database, eventLimit = 50): Promise<AreaHistory[]> {
  const [versions, actives] = await Promise.all([
    db.select().from(areaVersions).orderBy(desc(areaVersions.id)),
    db.select({ area: areaActive.area, version_id: areaActive.version_id, activated_by: areaActive.activated_by, activated_at: areaActive.activated_at }).from(areaActive),
  ]);
  return Promise.all(
    AREA_NAMES.map(async (name) => {
      const active = actives.find((row) => row.area === name);
      const own = versions.filter((row) => row.area === name);
      const activeRow = own.find((row) => row.id === active?.version_id);
      const events = await db.select().from(areaEvents).where(eq(areaEvents.area, name)).orderBy(desc(areaEvents.id)).limit(eventLimit);
      const title = (activeRow?.descriptor as { title?: string } | undefined)?.title ?? name;
      return {
        name,
        title,
        active: active && activeRow ? { version: activeRow.version, activated_by: active.activated_by, activated_at: iso(active.activated_at) } : null,
        versions: own.map((row) => ({
          id: row.id,
          version: row.version,
          manifest_url: row.manifest_url,
          manifest_checksum: row.manifest_checksum,
          built_at: iso(row.built_at),
          deployed_by: row.deployed_by,
          deployed_at: iso(row.deployed_at),
          active: row.id === active?.version_id,
        })),
        events: events.map((row) => ({
          id: row.id,
          action: row.action,
          version: row.version,
          from_version: row.from_version,
          actor: row.actor,
          user_id: row.user_id,
          at: iso(row.at),
        })),
      };
    }),
  );
}

/**
 * At API start: every built area (dist/ACTIVE) whose build is not registered is registered and made active
 * as "install". That is a fresh database (`npm start`, the journeys), and a build made outside
 * `npm run area:deploy` (`npm run build` then a restart, as `npm start` does). A version that is registered
 * already is left alone, so a rollback survives restarts. Returns what it registered; skips broken builds.
 */
export async function registerInstalledBuilds(options: RegistryOptions, log: (message: string) => void = () => {}): Promise<ChangeResult[]> {
  const done: ChangeResult[] = [];
  for (const area of AREA_NAMES) {
    const version = activePointer(options.repoRoot, area);
    if (!version) continue;
    const [known] = await options.db
      .select({ id: areaVersions.id })
      .from(areaVersions)
      .where(and(eq(areaVersions.area, area), eq(areaVersions.version, version)));
    if (known) continue;
    try {
      done.push(await deployVersion(options, area, version, { name: 'install', userId: null }));
      log(`Area registry: registered and activated ${area} ${version} (install).`);
    } catch (error) {
      log(`Area registry: ${area} ${version} was not registered: ${(error as Error).message}`);
    }
  }
  return done;
}
