import type { CurrentUser, PermissionName } from '@hcm/contract';
import type { Database } from '../db/client.js';
import type { BranchScope } from '../resources/list-query.js';

// The global search's extension point (GET /api/v1/search, ./routes.ts): the platform holds nothing area-specific,
// so each area declares what of its own can be found (`search` on its module, modules/area-module.ts) and the
// platform runs those providers the user may use, side by side, and groups what they find.

/** Who is searching: the signed-in user and the branches whose rows they see (resources/routes.ts, scopeOf). */
export type SearchViewer = { user: CurrentUser; scope: BranchScope };

/**
 * What was typed, as a provider reads it: `text` trimmed with its spaces collapsed (1 to 100 characters), `terms`
 * its words in lower case (at most MAX_TERMS), and `compact` the text upper-cased without spaces or dashes (for
 * postcodes, NHS numbers and invoice numbers).
 */
export type SearchQuery = { text: string; terms: readonly string[]; compact: string };

/** One thing found: its id, a one-line title and subtitle, and the address of its screen (/app/...). */
export type SearchHit = { id: number | string; title: string; subtitle: string; href: string };

/** A hit as the route answers it: with the kind of its provider. */
export type SearchResult = SearchHit & { kind: string };

/**
 * What an area can be searched for. `permission`: the one the user needs (or any one of a list) for the provider
 * to run at all; the area may name only its own, the platform's and those it uses (checked at start-up, like its
 * routes). `find` applies the viewer's branches itself, as the area's lists do, and answers at most `limit` hits,
 * best first. It is a read of names and references, like a list: never a record's content.
 */
export type SearchProvider = {
  /** a-z and -, unique across areas: 'clients', 'carers', 'visits'... */
  kind: string;
  /** The group's heading: 'Clients'. */
  label: string;
  permission: PermissionName | readonly PermissionName[];
  find(db: Database, viewer: SearchViewer, query: SearchQuery, limit: number): Promise<readonly SearchHit[]>;
};

/** At most this many words of a query are used (each must match). */
export const MAX_TERMS = 5;

/** A query's forms (see SearchQuery), from the text as typed. */
export function searchQueryOf(typed: string): SearchQuery {
  const text = typed.trim().replace(/\s+/g, ' ');
  return {
    text,
    terms: text.toLowerCase().split(' ').filter(Boolean).slice(0, MAX_TERMS),
    compact: text.toUpperCase().replace(/[\s-]+/g, ''),
  };
}

/** A LIKE pattern matching values that start with `prefix` (its %, _ and \ taken literally). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The permissions a provider asks for, as a list (any one is enough). */
export function permissionsOf(provider: Pick<SearchProvider, 'permission'>): readonly PermissionName[] {
  return typeof provider.permission === 'string' ? [provider.permission] : provider.permission;
}
