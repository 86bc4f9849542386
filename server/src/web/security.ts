import { cleanPageSources, isHttpsOrigin, type AreaRegistration, type PageSources } from '@hcm/contract';

/** The web app's address as the browser sees it (behind a proxy, X-Forwarded-Proto says https). */
export type PageOrigin = { protocol: 'http:' | 'https:'; hostname: string; origin: string };

export type CspSources = {
  /** The page's own origin, e.g. http://localhost:8080. */
  page: PageOrigin;
  /** API_PUBLIC_URL; empty means "this page's host name on port 8000" (see host/src/registry.ts). */
  apiUrl: string;
  /** CHAT_PUBLIC_URL (ws:// or wss://); empty means ws(s) on port 3002 of the API's host. */
  chatUrl: string;
  /** The active areas: a remote served from another origin (AREA_<NAME>_MANIFEST_URL) must be allowed. */
  areas: readonly AreaRegistration[];
};

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The API's origin, as the host's registry reader works it out. */
export function apiOrigin(sources: Pick<CspSources, 'page' | 'apiUrl'>): string {
  return originOf(sources.apiUrl) ?? `${sources.page.protocol}//${sources.page.hostname}:8000`;
}

/** The chat socket's origin: CHAT_PUBLIC_URL, else ws(s) on port 3002 of the API's host. */
export function chatOrigin(sources: Pick<CspSources, 'page' | 'apiUrl' | 'chatUrl'>): string {
  const configured = originOf(sources.chatUrl);
  if (configured) return configured;
  const api = new URL(apiOrigin(sources));
  return `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.hostname}:3002`;
}

/**
 * The chat socket's origin in both schemes: ws(s) for the WebSocket, http(s) for socket.io's long-polling
 * (its first requests unless a client asks for WebSocket only).
 */
export function chatOrigins(sources: Pick<CspSources, 'page' | 'apiUrl' | 'chatUrl'>): string[] {
  const origin = chatOrigin(sources);
  const swapped = origin.replace(/^(wss?|https?):/, (scheme) => ({ 'ws:': 'http:', 'wss:': 'https:', 'http:': 'ws:', 'https:': 'wss:' })[scheme]!);
  return [origin, swapped];
}

/**
 * The Content-Security-Policy of the app's page: scripts only from this origin and the remotes' origins (no
 * inline script, no eval); fetches to those, the API and the chat socket; styles also inline, because the
 * build's style-loader injects each CSS module as a <style> element; images also data:, blob: and the https origins
 * areas declare (`imageOrigins`: a map's tile server), pdf.js's
 * worker from a blob:; no plugins, no <base> elsewhere, forms only here, and never inside a frame. What an area's
 * screens load from elsewhere under its current settings (`pageSources`, from the API's registry: Google's map
 * scripts once a key is set) is added to the one directive of its kind, and only well-formed https host-sources.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const remotes = [...new Set(sources.areas.map((area) => originOf(area.manifestUrl)).filter((origin): origin is string => !!origin))]
    .filter((origin) => origin !== sources.page.origin)
    .sort();
  const api = apiOrigin(sources);
  const code = ["'self'", ...remotes];
  // Images an area declares it shows from elsewhere (a map's tiles): https origins only, checked again here.
  const images = [...new Set(sources.areas.flatMap((area) => area.imageOrigins ?? []).filter(isHttpsOrigin))].sort();
  const offered = sources.areas.map((area) => cleanPageSources(area.pageSources));
  const fromAreas = (kind: keyof PageSources) => [...new Set(offered.flatMap((pageSources) => pageSources[kind] ?? []))].sort();
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...code, ...fromAreas('scripts')]],
    ['connect-src', [...code, api, ...chatOrigins(sources), ...fromAreas('connections')]],
    ['style-src', [...code, "'unsafe-inline'", ...fromAreas('styles')]],
    ['img-src', ["'self'", 'data:', 'blob:', api, ...remotes, ...images, ...fromAreas('images')]],
    ['font-src', ["'self'", 'data:', ...remotes, ...fromAreas('fonts')]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", 'blob:', api, ...fromAreas('frames')]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers for the app's HTML page: the CSP, and the usual no-sniff, no-framing, referrer and (over TLS) HSTS. */
export function pageSecurityHeaders(sources: CspSources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    ...(sources.page.protocol === 'https:' ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
