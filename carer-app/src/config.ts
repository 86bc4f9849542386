import type { Registry } from '@hcm/contract';
import { nowMs, setClock } from '@hcm/contract/time';

// Where the API is, and what time the product says it is: from the registry the web server puts in the page
// (as for the office app), else /registry.json, else (offline, the page from the service worker) what the last
// load saved. A server run at an instant (HCM_NOW) sends clockAt: the phone's clock follows it, and keeps the
// offset for an offline start.

export type AppConfig = { apiUrl: string; productLabel: string };

const INLINE_REGISTRY_ID = 'hcm-registry';
const SAVED = 'hcm-carer-config';

type Saved = AppConfig & { clockOffsetMs: number };

/** The machine's own time: only to carry the server's clock offset across an offline start. */
// eslint-disable-next-line no-restricted-syntax -- the one place the app reads the phone's own clock
const machineNowMs = () => Date.now();

function inlineRegistry(): Registry | null {
  const text = document.getElementById(INLINE_REGISTRY_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Registry;
  } catch {
    return null;
  }
}

async function fetchedRegistry(): Promise<Registry | null> {
  try {
    const response = await fetch('/registry.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
    return response.ok ? ((await response.json()) as Registry) : null;
  } catch {
    return null;
  }
}

function saved(): Saved | null {
  try {
    const text = localStorage.getItem(SAVED);
    return text ? (JSON.parse(text) as Saved) : null;
  } catch {
    return null;
  }
}

export async function loadConfig(): Promise<AppConfig> {
  const registry = inlineRegistry() ?? (await fetchedRegistry());
  const fallbackApi = `${location.protocol}//${location.hostname}:8000`;
  if (registry) {
    if (registry.clockAt && Number.isFinite(Date.parse(registry.clockAt))) setClock(registry.clockAt);
    const config: Saved = {
      apiUrl: (registry.apiUrl || fallbackApi).replace(/\/+$/, ''),
      productLabel: registry.productLabel || 'Home care',
      clockOffsetMs: registry.clockAt ? nowMs() - machineNowMs() : 0,
    };
    try {
      localStorage.setItem(SAVED, JSON.stringify(config));
    } catch {
      // Private mode without storage: the next offline start uses the defaults.
    }
    return { apiUrl: config.apiUrl, productLabel: config.productLabel };
  }
  const last = saved();
  if (last?.clockOffsetMs) setClock(machineNowMs() + last.clockOffsetMs);
  return { apiUrl: last?.apiUrl ?? fallbackApi, productLabel: last?.productLabel ?? 'Home care' };
}
