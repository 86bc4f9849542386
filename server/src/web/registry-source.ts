import type { AreaRegistration } from '@hcm/contract';
import type { ActiveArea } from '../areas/registry.js';
import { overrideVariable, registeredAreas } from './areas.js';
import { clock } from '@hcm/contract/time';

// Where /registry.json gets each area's active version: the API's area registry (GET /registry/areas), kept
// for FRESH_MS and then revalidated with its ETag, so an activation or rollback is served within a couple of
// seconds with no restart. When the API does not answer, the last answer it gave is served (however old);
// before any answer (the web server started while the API was down) each area's dist/ACTIVE on this disk,
// which the API keeps pointing at the active version.

const FRESH_MS = 2_000;
const TIMEOUT_MS = 1_500;

type Cached = { etag: string | null; areas: ActiveArea[]; fetchedAt: number };

export type RegistrySourceOptions = {
  repoRoot: string;
  /** The API as this server reaches it (e.g. http://127.0.0.1:8000); empty means dist/ACTIVE only. */
  apiUrl: string;
  env: NodeJS.ProcessEnv;
  log?: (message: string) => void;
  now?: () => number;
};

export type RegistrySource = {
  /** The active areas as the registry lists them, with manifest URLs against `baseUrl` (this request's origin). */
  areas(baseUrl: string): Promise<AreaRegistration[]>;
  /** Where the last answer came from, for tests and logs. */
  origin(): 'api' | 'api (stale)' | 'disk';
};

export function createRegistrySource(options: RegistrySourceOptions): RegistrySource {
  const now = options.now ?? clock.nowMs;
  const log = options.log ?? ((message: string) => console.warn(message));
  let cached: Cached | undefined;
  let inFlight: Promise<void> | undefined;
  let lastOrigin: 'api' | 'api (stale)' | 'disk' = 'disk';
  let apiDown = false;
  // When the API did not answer: not asked again for FRESH_MS, so a hung API slows one request in a while.
  let failedAt = -Infinity;

  const refresh = async () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (cached?.etag) headers['If-None-Match'] = cached.etag;
    try {
      const response = await fetch(`${options.apiUrl.replace(/\/+$/, '')}/registry/areas`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.status === 304 && cached) cached = { ...cached, fetchedAt: now() };
      else if (response.ok) {
        const body = (await response.json()) as { areas: ActiveArea[] };
        cached = { etag: response.headers.get('etag'), areas: body.areas, fetchedAt: now() };
      } else throw new Error(`it answered ${response.status}`);
      if (apiDown) log('The area registry answers again.');
      apiDown = false;
      lastOrigin = 'api';
    } catch (error) {
      if (!apiDown) log(`The area registry at ${options.apiUrl} did not answer (${(error as Error).message}): serving ${cached ? 'its last answer' : 'dist/ACTIVE'}.`);
      apiDown = true;
      failedAt = now();
      lastOrigin = cached ? 'api (stale)' : 'disk';
    }
  };

  return {
    async areas(baseUrl) {
      const due = (!cached || now() - cached.fetchedAt >= FRESH_MS) && now() - failedAt >= FRESH_MS;
      if (options.apiUrl && due) {
        inFlight ??= refresh().finally(() => (inFlight = undefined));
        await inFlight;
      }
      if (!options.apiUrl || !cached) {
        lastOrigin = 'disk';
        return registeredAreas(options.repoRoot, baseUrl, options.env);
      }
      return cached.areas.map((area) => ({
        ...area.descriptor,
        name: area.name,
        version: area.version,
        manifestUrl: options.env[overrideVariable(area.name)] ?? new URL(area.manifestUrl, `${baseUrl}/`).href,
        ...(area.pageSources ? { pageSources: area.pageSources } : {}),
      }));
    },
    origin: () => lastOrigin,
  };
}
