import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { AREA_NAMES, type AreaName, type Registry } from '@hcm/contract';
import { areaDistDir } from './areas.js';
import { createRegistrySource } from './registry-source.js';
import { fileUnder, IMMUTABLE, NO_CACHE, sendFile, sendJson } from './static-files.js';
import { HSTS, pageSecurityHeaders, type PageOrigin } from './security.js';

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
};

// Area files are fetched cross-origin by the module-federation runtime (the manifest with fetch()).
const CORS = { 'Access-Control-Allow-Origin': '*' };
const SECURITY = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'X-Frame-Options': 'DENY' };

function originOf(request: IncomingMessage): string {
  const proto = (request.headers['x-forwarded-proto'] as string | undefined) ?? 'http';
  return `${proto}://${request.headers.host ?? 'localhost'}`;
}

function pageOriginOf(request: IncomingMessage): PageOrigin {
  const url = new URL(originOf(request));
  return { protocol: url.protocol === 'https:' ? 'https:' : 'http:', hostname: url.hostname, origin: url.origin };
}

/** The security headers of everything else this server sends (files, JSON): HSTS too when served over TLS. */
function securityOf(request: IncomingMessage): Record<string, string> {
  return pageOriginOf(request).protocol === 'https:' ? { ...SECURITY, 'Strict-Transport-Security': HSTS } : SECURITY;
}

/**
 * The web server of the product: the host app (with a fallback to index.html for client routes), each
 * area's immutable versioned files under /areas/<area>/<version>/, and /registry.json: the active version of
 * each area from the API's area registry (a couple of seconds' cache, see registry-source.ts).
 */
export function createWebServer(config: WebConfig): Server {
  const hostDist = path.join(config.repoRoot, 'host', 'dist');
  const registry = createRegistrySource({ repoRoot: config.repoRoot, apiUrl: config.registryApiUrl ?? '', env: config.env });
  /** The app page's headers, with a CSP naming this request's origin, the API, the chat socket and the remotes. */
  const pageHeaders = async (request: IncomingMessage) =>
    pageSecurityHeaders({
      page: pageOriginOf(request),
      apiUrl: config.apiUrl,
      chatUrl: config.env.CHAT_PUBLIC_URL ?? '',
      areas: await registry.areas(originOf(request)),
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const headOnly = request.method === 'HEAD';
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      return response.end();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { message: 'Method not allowed.' });

    if (url.pathname === '/registry.json') {
      const answer: Registry = {
        productLabel: config.productLabel,
        apiUrl: config.apiUrl,
        chatUrl: config.env.CHAT_PUBLIC_URL ?? '',
        areas: await registry.areas(originOf(request)),
      };
      // Where the active set came from (api, api (stale), disk), for operators and the journeys.
      return sendJson(response, 200, answer, { ...CORS, ...securityOf(request), 'X-Registry-Source': registry.origin() });
    }

    const areaMatch = /^\/areas\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (areaMatch) {
      const [, area, rest] = areaMatch as unknown as [string, string, string];
      const file = (AREA_NAMES as readonly string[]).includes(area) ? fileUnder(areaDistDir(config.repoRoot, area as AreaName), rest) : undefined;
      if (!file) return sendJson(response, 404, { message: 'Not found.' }, CORS);
      // A version folder never changes; its manifest is named by the registry, so it may be cached too.
      return sendFile(response, file, IMMUTABLE, CORS, headOnly);
    }

    const asset = url.pathname !== '/' ? fileUnder(hostDist, url.pathname) : undefined;
    if (asset) {
      const page = path.extname(asset) === '.html';
      return sendFile(response, asset, page ? NO_CACHE : IMMUTABLE, page ? await pageHeaders(request) : securityOf(request), headOnly);
    }
    if (path.extname(url.pathname) && !url.pathname.endsWith('.html')) return sendJson(response, 404, { message: 'Not found.' });
    // A client route (/app/...): the host's page, never cached so a new host build is picked up at once.
    const index = fileUnder(hostDist, 'index.html');
    if (!index) return sendJson(response, 503, { message: 'The web app is not built yet: run npm run build.' });
    return sendFile(response, index, NO_CACHE, await pageHeaders(request), headOnly);
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) sendJson(response, 500, { message: 'Something went wrong.' });
      else response.end();
    });
  });
}

/** Serves one area's active build alone, on its own origin: how a team runs and shares its remote. */
export function createAreaServer(repoRoot: string, area: AreaName, version: string): Server {
  const root = path.join(areaDistDir(repoRoot, area), version);
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = fileUnder(root, url.pathname.replace(/^\//, ''));
    if (!file) return sendJson(response, 404, { message: 'Not found.' }, CORS);
    sendFile(response, file, url.pathname.endsWith('mf-manifest.json') ? NO_CACHE : IMMUTABLE, CORS);
  });
}
