import type { Registry } from '@hcm/contract';
import { setClock } from '@hcm/contract/time';

/** The id of the JSON script in which the web server sends the registry with the page (server/src/web/server.ts). */
const INLINE_REGISTRY_ID = 'hcm-registry';

/** The registry the page came with, or null (a page served without it, e.g. by a development server). */
function inlineRegistry(): Registry | null {
  const script = document.getElementById(INLINE_REGISTRY_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as Registry;
  } catch {
    return null;
  }
}

/**
 * Reads the registry at start-up: the product label, the API address and the active version of each area.
 * From the page itself when the web server put it there (no round trip before the first area loads), else
 * from /registry.json.
 */
export async function fetchRegistry(): Promise<Registry> {
  let registry = inlineRegistry();
  if (!registry) {
    const response = await fetch('/registry.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The registry answered ${response.status}.`);
    registry = (await response.json()) as Registry;
  }
  // A server whose clock is set (HCM_NOW) says what time it is: every screen's clock follows it.
  if (registry.clockAt && Number.isFinite(Date.parse(registry.clockAt))) setClock(registry.clockAt);
  return { ...registry, apiUrl: registry.apiUrl || `${window.location.protocol}//${window.location.hostname}:8000` };
}
