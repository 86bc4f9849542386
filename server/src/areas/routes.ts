import { createHash } from 'node:crypto';
import { AreaVersionChoiceSchema } from '@hcm/contract/schemas';
import * as v from 'valibot';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf } from '../audit/record.js';
import { NOT_BRANCH_BOUND } from '../audit/scopes.js';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import type { AreaModule } from '../modules/area-module.js';
import { areaPageSources } from './page-sources.js';
import { activateVersion, activeAreas, areaHistory, RegistryError, type RegistryOptions } from './registry.js';

/** How long a browser or the web server may reuse the public registry before asking again. */
export const REGISTRY_MAX_AGE_SECONDS = 5;

/** A registry refusal as an answer: 404 for an unknown area, 422 with the field for everything else. */
export function sendRegistryError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof RegistryError)) throw error;
  if (error.status === 404) return sendError(reply, 404, error.message);
  return sendInvalid(reply, { [error.field ?? 'area']: [error.message] }, error.message);
}

/** An optional version in a body (AreaVersionChoiceSchema): absent or empty means none. */
export function versionOf(body: unknown): { version: string | undefined } | { error: string } {
  const parsed = v.safeParse(AreaVersionChoiceSchema, body ?? {});
  if (!parsed.success) return { error: parsed.issues[0]?.message ?? 'The version must be a version name.' };
  return { version: parsed.output.version || undefined };
}

/**
 * GET /registry/areas, public like the web server's /registry.json: the active version of each area, with what its
 * screens load from other origins under the current settings (`pageSources`, for the page's CSP). The web server
 * reads it (ETag revalidation) to build /registry.json and the page's CSP; nothing in it is secret.
 */
export async function publicRegistryRoutes(app: FastifyInstance, options: RegistryOptions & { modules?: readonly AreaModule[] }): Promise<void> {
  app.get('/registry/areas', async (request, reply) => {
    const areas = await activeAreas(options.db);
    const sources = await areaPageSources(options.modules ?? [], areas.map((area) => area.name), options.db, (message) => request.log.warn(message));
    const body = JSON.stringify({ areas: areas.map((area) => (sources.has(area.name) ? { ...area, pageSources: sources.get(area.name) } : area)) });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('ETag', etag).header('Cache-Control', `public, max-age=${REGISTRY_MAX_AGE_SECONDS}`);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

/** Under /api/v1: each area's versions and history (areas.view), activate or roll back (areas.rollback). */
export async function areaAdminRoutes(app: FastifyInstance, options: RegistryOptions & { auth: AuthSettings }): Promise<void> {
  // Which version of a remote is active is the product's, no branch's.
  app.auditScopes.declare({ resource: 'area-versions', scope: NOT_BRANCH_BOUND });
  app.get('/areas', { config: { permission: 'areas.view' } }, async () => ok(await areaHistory(options.db)));

  const change = (rollback: boolean) => async (request: FastifyRequest<{ Params: { area: string } }>, reply: FastifyReply) => {
    const parsed = versionOf(request.body);
    if ('error' in parsed) return sendInvalid(reply, { version: [parsed.error] });
    if (!rollback && !parsed.version) return sendInvalid(reply, { version: ['Choose the version to activate.'] });
    const user = await currentUserOf(request, options.auth);
    try {
      const result = await activateVersion(options, request.params.area, parsed.version, {
        name: user?.email ?? 'unknown',
        userId: user?.userID ?? null,
        audit: auditActorOf(request),
      });
      return ok(result, `${result.area} now serves version ${result.version}.`);
    } catch (error) {
      return sendRegistryError(reply, error);
    }
  };
  // Activate a named version (forwards or back).
  app.post<{ Params: { area: string } }>('/areas/:area/activate', { config: { permission: 'areas.rollback' } }, change(false));
  // Roll back to the version deployed before the active one, or to a named one.
  app.post<{ Params: { area: string } }>('/areas/:area/rollback', { config: { permission: 'areas.rollback' } }, change(true));
}
