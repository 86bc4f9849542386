import type { PageOrigin } from './security.js';

// The web app's own origins, from configuration only. A request's Host header is compared with them and never
// copied into an answer: a forged Host must not reach the page's CSP nor /registry.json's manifest URLs.

/** One configured address as an http(s) origin (path, query and a trailing slash dropped); throws on anything else. */
function originOf(variable: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) {
    throw new Error(`${variable} must list http(s) origins such as https://care.example, not "${value}".`);
  }
  return url.origin;
}

/**
 * The web app's origins, as the API's configuration names them (src/config.ts): APP_URL (its public address)
 * first, then WEB_ORIGINS; without either, http://localhost and http://127.0.0.1 on the web server's port
 * (the API's defaults for port 8080). The first is the one used when a request's Host names none of them.
 */
export function webOriginsOf(env: NodeJS.ProcessEnv, port: number): string[] {
  const appUrl = env.APP_URL?.trim();
  const listed = (env.WEB_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const origins = [...(appUrl ? [originOf('APP_URL', appUrl)] : []), ...listed.map((item) => originOf('WEB_ORIGINS', item))];
  return origins.length ? [...new Set(origins)] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** A Host header's value as it may legitimately look: a host name, IPv4 or [IPv6] address, and a port. */
const HOST_HEADER = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** The host (name and non-default port) a Host header names for a given scheme, or undefined when malformed. */
function hostOf(header: string, protocol: string): string | undefined {
  if (!HOST_HEADER.test(header)) return undefined;
  try {
    return new URL(`${protocol}//${header}`).host;
  } catch {
    return undefined;
  }
}

/**
 * The page origin of a request: the configured origin its Host header names (when two differ only by scheme,
 * the one X-Forwarded-Proto names), else the first configured origin. Only configured values come out.
 */
export function pageOriginFor(origins: readonly string[], hostHeader: string | undefined, forwardedProto: string | undefined): PageOrigin {
  const proto = forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https:' : 'http:';
  const candidates = origins.map((origin) => new URL(origin));
  const matching = hostHeader ? candidates.filter((url) => hostOf(hostHeader, url.protocol) === url.host) : [];
  const chosen = matching.find((url) => url.protocol === proto) ?? matching[0] ?? candidates[0];
  if (!chosen) throw new Error('The web server needs at least one web origin.');
  return { protocol: chosen.protocol === 'https:' ? 'https:' : 'http:', hostname: chosen.hostname, origin: chosen.origin };
}
