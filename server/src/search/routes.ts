import { canAny } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AuthSettings } from '../auth/settings.js';
import { sendInvalid, ok } from '../http/envelope.js';
import { viewerOf } from '../messages/threads.js';
import type { AreaModule } from '../modules/area-module.js';
import type { PermissionCatalog } from '../modules/permissions.js';
import { permissionsOf, searchQueryOf, type SearchProvider, type SearchResult } from './provider.js';

/** At most this many hits of each kind: the search finds, the kind's own list browses. */
export const SEARCH_LIMIT_PER_KIND = 5;

/** ?q=: what was typed, 1 to 100 characters once trimmed. */
export const SearchParamsSchema = v.object({
  q: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('Type something to search for.'),
    v.maxLength(100, 'Search for at most 100 characters.'),
  ),
});

/** One kind's hits, under its heading; the kinds come in module order (area-modules.ts). */
export type SearchGroup = { kind: string; label: string; items: SearchResult[] };

/**
 * GET /api/v1/search's answer: the groups with hits (none: nothing found), and the kinds that could not be
 * searched this time (a provider failed: logged with the request id; the others still answer).
 */
export type SearchAnswer = { q: string; groups: SearchGroup[]; unavailable: { kind: string; label: string }[] };

/** The composed providers of every module, in module order; a problem stops the start (like a route's permission). */
export function composeSearchProviders(modules: readonly AreaModule[], permissions: Pick<PermissionCatalog, 'refusal'>): SearchProvider[] {
  const providers: SearchProvider[] = [];
  const kinds = new Map<string, string>();
  for (const module of modules) {
    for (const provider of module.search ?? []) {
      if (!/^[a-z][a-z-]*$/.test(provider.kind)) throw new Error(`The ${module.name} area's search provider "${provider.kind}": a kind is a-z and -.`);
      const other = kinds.get(provider.kind);
      if (other) throw new Error(`The search kind "${provider.kind}" is declared by ${other} and ${module.name}.`);
      kinds.set(provider.kind, module.name);
      const needs = permissionsOf(provider);
      if (!needs.length) throw new Error(`The ${module.name} area's search provider "${provider.kind}" names no permission.`);
      for (const name of needs) {
        const refusal = permissions.refusal(module.name, name);
        if (refusal) throw new Error(`The ${module.name} area's search provider "${provider.kind}" names ${refusal}.`);
      }
      providers.push(provider);
    }
  }
  return providers;
}

/**
 * GET /api/v1/search?q=: any signed-in user; each provider runs only when the user holds its permission, and
 * applies the user's branches itself. The providers run side by side, each for at most SEARCH_LIMIT_PER_KIND hits.
 */
export async function searchRoutes(app: FastifyInstance, options: { auth: AuthSettings; providers: readonly SearchProvider[] }): Promise<void> {
  const { auth, providers } = options;
  app.get('/search', { config: { authenticated: true } }, async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = v.safeParse(SearchParamsSchema, { q: Array.isArray(raw.q) ? raw.q[0] : raw.q });
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = searchQueryOf(parsed.output.q);
    const mine = providers.filter((provider) => canAny(viewer.user, permissionsOf(provider)));
    const settled = await Promise.allSettled(mine.map((provider) => provider.find(auth.db, viewer, query, SEARCH_LIMIT_PER_KIND)));
    const answer: SearchAnswer = { q: query.text, groups: [], unavailable: [] };
    settled.forEach((outcome, index) => {
      const { kind, label } = mine[index]!;
      if (outcome.status === 'rejected') {
        request.log.error({ err: outcome.reason, kind }, 'A search provider failed');
        answer.unavailable.push({ kind, label });
        return;
      }
      const items = outcome.value.slice(0, SEARCH_LIMIT_PER_KIND).map((hit) => ({ kind, id: hit.id, title: hit.title, subtitle: hit.subtitle, href: hit.href }));
      if (items.length) answer.groups.push({ kind, label, items });
    });
    return ok(answer);
  });
}
