// GET /api/v1/search's answer (server/src/search/routes.ts, SearchAnswer): the platform's, not an area's, so the
// shell reads it directly. The groups with hits come in the areas' order; `unavailable` names the kinds that could
// not be searched this time.

/** One thing found, with the address of its screen (/app/...). */
export type SearchResult = { kind: string; id: number | string; title: string; subtitle: string; href: string };

export type SearchGroup = { kind: string; label: string; items: SearchResult[] };

export type SearchAnswer = { q: string; groups: SearchGroup[]; unavailable: { kind: string; label: string }[] };

/** The server searches from this many characters; screens are matched from the first. */
export const SERVER_SEARCH_FROM = 2;

/** At most this many characters are searched for (the server refuses more). */
export const SEARCH_MAX_LENGTH = 100;

/** The query as the server reads it: trimmed, its spaces collapsed. */
export const normalisedQuery = (text: string) => text.trim().replace(/\s+/g, ' ');
