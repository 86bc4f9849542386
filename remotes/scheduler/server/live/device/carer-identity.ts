import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AreaCallError, areaClient } from '@hcm/server/platform';
import { carerAppCarerRoute } from '../../consumed-routes.js';
import { apiSources } from '../../sources/api-sources.js';
import type { CarerFacts } from '../../sources/types.js';
import { clock } from '@hcm/contract/time';

// The scheduler's carer ids (visit_carers, visit_checks, visit_alerts) are workforce's carer records, not users.
// A device signs in as the carer's user account; workforce links the two (GET /carer-app/carer answers the
// signed-in account's carer record: ../../consumed-routes.ts). The answer is kept a minute per account: a device
// sends many writes.

export type DeviceCarer = { carerId: number; name: string; branchId: number };

const TTL_MS = 60_000;
type Cached = { carer: DeviceCarer | null; expires: number };

/** One cache per running server (every encapsulated scope of one app shares its http server; tests build many apps). */
const caches = new WeakMap<object, Map<number, Cached>>();
function cacheOf(app: FastifyInstance): Map<number, Cached> {
  let cache = caches.get(app.server);
  if (!cache) {
    cache = new Map();
    caches.set(app.server, cache);
  }
  return cache;
}

/**
 * The carer record of the signed-in account (device token, or a browser session), or null when the account has
 * none. Asks workforce through its API with the request's own credentials; other answers throw an AreaCallError.
 */
export async function deviceCarerOf(app: FastifyInstance, request: FastifyRequest): Promise<DeviceCarer | null> {
  const userId = request.device?.user_id ?? null;
  const cache = cacheOf(app);
  const now = clock.nowMs();
  if (userId !== null) {
    const hit = cache.get(userId);
    if (hit && hit.expires > now) return hit.carer;
  }
  let carer: DeviceCarer | null;
  try {
    const data = await areaClient(app, request).get(carerAppCarerRoute);
    carer = { carerId: data.carer_id, name: data.name, branchId: data.branch_id };
  } catch (error) {
    // 404: the account has no carer record (an office user).
    if (!(error instanceof AreaCallError && error.statusCode === 404)) throw error;
    carer = null;
  }
  if (userId !== null) {
    for (const [key, entry] of cache) if (entry.expires <= now) cache.delete(key);
    cache.set(userId, { carer, expires: now + TTL_MS });
  }
  return carer;
}

/**
 * Carers by their carer record id, as workforce's rota gives them to the caller (name, branch, sign-in account:
 * `user_id`). A caller who may not read the rota (403) gets none: screens then say "Carer #id".
 */
export async function rotaCarersOf(app: FastifyInstance, request: FastifyRequest, carerIds: readonly number[]): Promise<Map<number, CarerFacts>> {
  if (!carerIds.length) return new Map();
  try {
    const rows = await apiSources(app, request).carers({ ids: [...new Set(carerIds)] });
    return new Map(rows.map((row) => [row.id, row]));
  } catch (error) {
    if (error instanceof AreaCallError && error.statusCode === 403) return new Map();
    throw error;
  }
}

/** Carers' names by carer record id (for lists and the live view), read as the caller. */
export const carerNamesFor = (app: FastifyInstance, request: FastifyRequest) => async (carerIds: number[]) =>
  new Map([...(await rotaCarersOf(app, request, carerIds))].map(([id, carer]) => [id, carer.name]));
