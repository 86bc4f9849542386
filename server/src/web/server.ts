import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { type AreaName, type Registry } from '@hcm/contract';
import { DEFAULT_WEB_ORIGINS } from '../config.js';
import { isAreaName, isVersionName } from '../areas/builds.js';
import { areaDistDir } from './areas.js';
import { pageOriginFor } from './origins.js';
import { createRegistrySource } from './registry-source.js';
import { decodePath, fileUnder, IMMUTABLE, isSourceMap, NO_CACHE, sendFile, sendJson, sourceMapsServed } from './static-files.js';
import { HSTS, pageSecurityHeaders, type PageOrigin } from './security.js';
import { clock, clockIsSet } from '@hcm/contract/time';

export type WebConfig = {
  repoRoot: string;
  productLabel: string;
  /** The API's public address; empty means "this page's host name on port 8000". */
  apiUrl: string;
  env: NodeJS.ProcessEnv;
  /**
   * The API as this server reaches it, for the area registry (see registry-source.ts); empty means each
   * area's dist/ACTIVE only. main.ts: API_INTERNAL_URL, else API_PUBLIC_URL, else http://127.0.0.1:API_PORT.
   */
  registryApiUrl?: string;
  /**
   * The web app's own origins (main.ts: APP_URL, then WEB_ORIGINS, else localhost and 127.0.0.1 on WEB_PORT; see
   * origins.ts). A request gets the one its Host names, else the first: the Host header itself is never echoed.
   * Default: the API's default WEB_ORIGINS.
   */
  webOrigins?: readonly string[];
};

// Area files are fetched cross-origin by the module-federation runtime (the manifest with fetch()).
const CORS = { 'Access-Control-Allow-Origin': '*' };
const SECURITY = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'X-Frame-Options': 'DENY' };

/** Where the carers' app is served (carer-app/dist). */
export const CARER_PREFIX = '/carer/';

const BAD_REQUEST = { message: 'Bad request: the address is not valid.' };
const NOT_FOUND = { message: 'Not found.' };

/** Whether the request came over TLS, as the proxy in front says (X-Forwarded-Proto: https): HSTS then. */
function overTls(request: IncomingMessage): boolean {
  return (request.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The security headers of everything else this server sends (files, JSON): HSTS too when served over TLS. */
function securityOf(request: IncomingMessage): Record<string, string> {
  return overTls(request) ? { ...SECURITY, 'Strict-Transport-Security': HSTS } : SECURITY;
}

/**
 * The request's path, percent-decoded and checked, or undefined when the request's address cannot be read:
 * a malformed escape or an encoded NUL (answered 400, never 500). The query string is not this server's concern.
 */
function requestPath(request: IncomingMessage): { raw: string; decoded: string } | undefined {
  let raw: string;
  try {
    raw = new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const decoded = decodePath(raw);
  return decoded === undefined ? undefined : { raw, decoded };
}

/**
 * The web server of the product: the host app (with a fallback to index.html for client routes), each
 * area's immutable versioned files under /areas/<area>/<version>/, and /registry.json: the active version of
 * each area from the API's area registry (a couple of seconds' cache, see registry-source.ts).
 */
export function createWebServer(config: WebConfig): Server {
  const hostDist = path.join(config.repoRoot, 'host', 'dist');
  const carerDist = path.join(config.repoRoot, 'carer-app', 'dist');
  const registry = createRegistrySource({ repoRoot: config.repoRoot, apiUrl: config.registryApiUrl ?? '', env: config.env });
  const webOrigins = config.webOrigins?.length ? config.webOrigins : DEFAULT_WEB_ORIGINS;
  const serveMaps = sourceMapsServed(config.env);
  /** This request's page origin: one of the configured web origins, never the Host header as sent. */
  const pageOriginOf = (request: IncomingMessage): PageOrigin =>
    pageOriginFor(webOrigins, request.headers.host, request.headers['x-forwarded-proto'] as string | undefined);
  /** What /registry.json answers, and what the app page carries inline. */
  const registryFor = async (request: IncomingMessage): Promise<Registry> => ({
    productLabel: config.productLabel,
    apiUrl: config.apiUrl,
    chatUrl: config.env.CHAT_PUBLIC_URL ?? '',
    areas: await registry.areas(pageOriginOf(request).origin),
    ...(clockIsSet() ? { clockAt: clock.now().toISOString() } : {}),
  });
  /** The app page's headers, with a CSP naming this page's origin, the API, the chat socket and the remotes. */
  const pageHeadersFor = (request: IncomingMessage, answer: Registry) => {
    const page = pageOriginOf(request);
    const headers = pageSecurityHeaders({ page, apiUrl: config.apiUrl, chatUrl: answer.chatUrl ?? '', areas: answer.areas });
    return overTls(request) ? { ...headers, 'Strict-Transport-Security': HSTS } : headers;
  };
  /**
   * The app page with the registry inline (a JSON script the host reads at start-up instead of fetching
   * /registry.json: one round trip less before the first area can load). Never cached: a new host build or
   * area version is picked up at the next load.
   */
  const sendPage = async (request: IncomingMessage, response: ServerResponse, file: string, headOnly: boolean) => {
    const answer = await registryFor(request);
    const html = withInlineRegistry(readFileSync(file, 'utf8'), answer);
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': NO_CACHE,
      ...pageHeadersFor(request, answer),
    });
    response.end(headOnly ? undefined : html);
  };
  /** A file under a served folder that may be served (source maps only with SERVE_SOURCE_MAPS=true). */
  const servable = (root: string, urlPath: string) => {
    const file = fileUnder(root, urlPath);
    return file && (serveMaps || !isSourceMap(file)) ? file : undefined;
  };

  /**
   * A file of the carers' app, or its page. Content-hashed bundles are immutable; everything else (the service
   * worker, the manifest, precache.json, icons) is revalidated, so a new build reaches phones.
   */
  const sendCarerApp = async (request: IncomingMessage, response: ServerResponse, rawPath: string, headOnly: boolean) => {
    const rest = rawPath.slice(CARER_PREFIX.length);
    const asset = rest ? servable(carerDist, rest) : undefined;
    if (asset) {
      if (path.extname(asset) === '.html') return sendPage(request, response, asset, headOnly);
      const name = path.basename(asset);
      const headers: Record<string, string> = { ...securityOf(request) };
      if (name === 'sw.js') headers['Service-Worker-Allowed'] = CARER_PREFIX;
      if (name.endsWith('.webmanifest')) headers['Content-Type'] = 'application/manifest+json';
      return sendFile(response, asset, /\.[0-9a-f]{8}\.js$/.test(name) ? IMMUTABLE : NO_CACHE, headers, headOnly);
    }
    if (path.extname(rest)) return sendJson(response, 404, NOT_FOUND, securityOf(request));
    const index = fileUnder(carerDist, 'index.html');
    if (!index) return sendJson(response, 503, { message: "The carers' app is not built yet: run npm run build." });
    return sendPage(request, response, index, headOnly);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const address = requestPath(request);
    if (!address) return sendJson(response, 400, BAD_REQUEST, securityOf(request));
    const pathname = address.raw;
    const headOnly = request.method === 'HEAD';
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      return response.end();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { message: 'Method not allowed.' });

    // A public page of the API reached through the app's address (a referee's emailed link, APP_URL/api/public/…):
    // behind nginx /api/ goes to the API; served alone (npm start), this server sends the visitor on to the API.
    if (pathname.startsWith('/api/public/')) {
      const page = new URL(pageOriginOf(request).origin);
      const api = config.apiUrl.trim() || `${page.protocol}//${page.hostname}:8000`;
      response.writeHead(307, { Location: `${api.replace(/\/+$/, '')}${pathname}`, ...securityOf(request) });
      return response.end();
    }

    if (pathname === '/registry.json') {
      const answer = await registryFor(request);
      // Where the active set came from (api, api (stale), disk), for operators and the journeys.
      return sendJson(response, 200, answer, { ...CORS, ...securityOf(request), 'X-Registry-Source': registry.origin() });
    }

    // /areas/<area>/<version>/<file>: only files inside a version folder (not dist/ACTIVE, not dist/.staging).
    const areaMatch = /^\/areas\/([^/]+)\/(.+)$/.exec(pathname);
    if (areaMatch) {
      const [, rawArea, rest] = areaMatch as unknown as [string, string, string];
      const versionMatch = /^([^/]+)\/(.+)$/.exec(rest);
      const area = decodePath(rawArea);
      const version = versionMatch ? decodePath(versionMatch[1]!) : undefined;
      const file =
        area && isAreaName(area) && version && isVersionName(version)
          ? servable(path.join(areaDistDir(config.repoRoot, area), version), versionMatch![2]!)
          : undefined;
      if (!file) return sendJson(response, 404, NOT_FOUND, CORS);
      // A version folder never changes; its manifest is named by the registry, so it may be cached too.
      return sendFile(response, file, IMMUTABLE, CORS, headOnly);
    }

    // The carers' app (carer-app/dist) at /carer/: its page like the host's (registry inline, same CSP), its
    // files, and the page again for its client routes.
    if (pathname === '/carer') {
      response.writeHead(308, { Location: '/carer/', ...securityOf(request) });
      return response.end();
    }
    if (pathname.startsWith(CARER_PREFIX)) return sendCarerApp(request, response, pathname, headOnly);

    const asset = pathname !== '/' ? servable(hostDist, pathname) : undefined;
    if (asset) {
      if (path.extname(asset) === '.html') return sendPage(request, response, asset, headOnly);
      return sendFile(response, asset, IMMUTABLE, securityOf(request), headOnly);
    }
    if (path.extname(address.decoded) && !address.decoded.endsWith('.html')) return sendJson(response, 404, NOT_FOUND);
    // A client route (/app/...): the host's page, never cached so a new host build is picked up at once.
    const index = fileUnder(hostDist, 'index.html');
    if (!index) return sendJson(response, 503, { message: 'The web app is not built yet: run npm run build.' });
    return sendPage(request, response, index, headOnly);
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) sendJson(response, 500, { message: 'Something went wrong.' });
      else response.end();
    });
  });
}

/** The id of the JSON script holding the registry in the app page (host/src/registry.ts reads it). */
export const INLINE_REGISTRY_ID = 'hcm-registry';

/**
 * The page with the registry as a JSON script before </head>. `<` is escaped so no value can close the script;
 * a JSON script is data, never run, so the page's CSP needs nothing for it.
 */
export function withInlineRegistry(html: string, registry: Registry): string {
  const json = JSON.stringify(registry).replace(/</g, '\\u003c');
  const script = `<script id="${INLINE_REGISTRY_ID}" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', () => `${script}</head>`) : `${script}${html}`;
}

/**
 * Serves one area's active build alone, on its own origin: how a team runs and shares its remote. Source maps
 * only with SERVE_SOURCE_MAPS=true in `env`, as on the web server.
 */
export function createAreaServer(repoRoot: string, area: AreaName, version: string, env: NodeJS.ProcessEnv = {}): Server {
  const root = path.join(areaDistDir(repoRoot, area), version);
  const serveMaps = sourceMapsServed(env);
  return createServer((request, response) => {
    try {
      const address = requestPath(request);
      if (!address) return sendJson(response, 400, BAD_REQUEST, CORS);
      const file = fileUnder(root, address.raw.replace(/^\//, ''));
      if (!file || (!serveMaps && isSourceMap(file))) return sendJson(response, 404, NOT_FOUND, CORS);
      sendFile(response, file, address.raw.endsWith('mf-manifest.json') ? NO_CACHE : IMMUTABLE, CORS, request.method === 'HEAD');
    } catch (error) {
      console.error(error);
      if (!response.headersSent) sendJson(response, 500, { message: 'Something went wrong.' });
      else response.end();
    }
  });
}
