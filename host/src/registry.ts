import type { Registry } from '@hcm/contract';

/** Reads the registry at start-up: the product label, the API address and the active version of each area. */
export async function fetchRegistry(): Promise<Registry> {
  const response = await fetch('/registry.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The registry answered ${response.status}.`);
  const registry = (await response.json()) as Registry;
  return { ...registry, apiUrl: registry.apiUrl || `${window.location.protocol}//${window.location.hostname}:8000` };
}
