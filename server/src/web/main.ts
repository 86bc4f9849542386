import '../clock/from-environment.js'; // first: a server started at an instant (HCM_NOW) runs there
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_NAMES, type AreaName } from '@hcm/contract';
import { activeVersion } from './areas.js';
import { webOriginsOf } from './origins.js';
import { createAreaServer, createWebServer } from './server.js';

/** The workspace root: the nearest folder above this file that holds pnpm-workspace.yaml. */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the workspace root (pnpm-workspace.yaml).');
    dir = parent;
  }
  return dir;
}

const repoRoot = process.env.WEB_ROOT ?? findRepoRoot();

/**
 * The API as this server reaches it, for /registry.json: API_INTERNAL_URL (when the browser's address is not
 * reachable from here, e.g. between containers), else API_PUBLIC_URL, else the API's port on this machine.
 * Set REGISTRY_FROM_API=false to serve each area's dist/ACTIVE only, as before the area registry.
 */
function registryApiUrl(env: NodeJS.ProcessEnv): string {
  if (env.REGISTRY_FROM_API?.toLowerCase() === 'false') return '';
  return env.API_INTERNAL_URL?.trim() || env.API_PUBLIC_URL?.trim() || `http://127.0.0.1:${env.API_PORT ?? 8000}`;
}
const host = process.env.HOST ?? '127.0.0.1';
const areaFlag = process.argv.indexOf('--area');

let server;
let port: number;
if (areaFlag > 0) {
  // `web.js --area finance [--port 9101]`: one remote alone, for its team.
  const area = process.argv[areaFlag + 1] as AreaName;
  if (!AREA_NAMES.includes(area)) throw new Error(`Unknown area "${area}". Areas: ${AREA_NAMES.join(', ')}`);
  const version = activeVersion(repoRoot, area);
  if (!version) throw new Error(`The ${area} area is not built: run pnpm --filter @hcm/area-${area} build`);
  const portFlag = process.argv.indexOf('--port');
  port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 9100 + AREA_NAMES.indexOf(area);
  server = createAreaServer(repoRoot, area, version, process.env);
  server.listen(port, host, () => {
    console.log(`${area} ${version} served at http://localhost:${port}/mf-manifest.json`);
    console.log(`Point the web server at it with AREA_${area.replaceAll('-', '_').toUpperCase()}_MANIFEST_URL=http://localhost:${port}/mf-manifest.json`);
  });
} else {
  port = Number(process.env.WEB_PORT ?? 8080);
  server = createWebServer({
    repoRoot,
    productLabel: process.env.PRODUCT_LABEL ?? 'Home Care',
    apiUrl: process.env.API_PUBLIC_URL ?? '',
    env: process.env,
    registryApiUrl: registryApiUrl(process.env),
    // The page's CSP and /registry.json name one of these, never the request's Host header.
    webOrigins: webOriginsOf(process.env, port),
  });
  server.listen(port, host, () => console.log(`Web app at http://localhost:${port}`));
}

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
