import { inArray } from 'drizzle-orm';
import type { PageSources } from '@hcm/contract';
import type { Database } from '@hcm/server/platform';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, GOOGLE_MAPS_KEY_SETTING, MAP_TILE_ATTRIBUTION_SETTING, MAP_TILE_URL_SETTING } from '../../contract/map.js';
import { settingsRead } from '../read-models.js';

// Which street map the scheduler's maps show (the map view's answer and the live view's): the Google Maps key and the
// tile server and its credit, read from the global settings google_maps_api_key, map_tile_url and map_tile_attribution.

export type MapSettings = { api_key: string; tile_url: string; tile_attribution: string };

/** The three map settings as both map answers carry them. */
export async function mapSettings(db: Database): Promise<MapSettings> {
  const rows = await db
    .select({ key: settingsRead.key, value: settingsRead.value })
    .from(settingsRead)
    .where(inArray(settingsRead.key, [GOOGLE_MAPS_KEY_SETTING, MAP_TILE_URL_SETTING, MAP_TILE_ATTRIBUTION_SETTING]));
  const setting = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    api_key: mapsKeyOf(setting(GOOGLE_MAPS_KEY_SETTING)),
    tile_url: tileUrlOf(setting(MAP_TILE_URL_SETTING)),
    tile_attribution: tileAttributionOf(setting(MAP_TILE_ATTRIBUTION_SETTING)),
  };
}

/** The setting's key, or '' for none: the settings screen cannot leave a value empty, so 'none' says there is none. */
export function mapsKeyOf(value: string | undefined): string {
  const key = value?.trim() ?? '';
  return key.toLowerCase() === 'none' ? '' : key;
}

/** A tile URL template Leaflet can use: http(s), with the {z}, {x} and {y} it fills in (and no spaces). */
const TILE_TEMPLATE = /^https?:\/\/[^\s/]+\/\S*$/i;

/**
 * The street map's tile server (map_tile_url): no row means OpenStreetMap's standard tiles; '' or 'none' means none
 * (the drawn plan); a value that is not an http(s) URL template with {z}, {x} and {y} is unusable, so the default.
 */
export function tileUrlOf(value: string | undefined): string {
  if (value === undefined) return DEFAULT_TILE_URL;
  const url = value.trim();
  if (!url || url.toLowerCase() === 'none') return '';
  return TILE_TEMPLATE.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part)) ? url : DEFAULT_TILE_URL;
}

/** The tiles' credit shown on the map (map_tile_attribution): OpenStreetMap's when there is no row, '' or 'none'. */
export function tileAttributionOf(value: string | undefined): string {
  const text = value?.trim() ?? '';
  return !text || text.toLowerCase() === 'none' ? DEFAULT_TILE_ATTRIBUTION : text;
}

// Google's allowlist for the Maps JavaScript API (developers.google.com/maps/documentation/javascript/content-security-policy),
// https only: its script, its tiles and sprites, its calls, its fonts and stylesheet, its frames.
const GOOGLE_MAPS_SOURCES: PageSources = {
  scripts: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com'],
  images: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connections: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  fonts: ['https://fonts.gstatic.com'],
  styles: ['https://fonts.googleapis.com'],
  frames: ['https://*.google.com'],
};

/**
 * The host-source of a tile URL template's server for the page's images: its https origin, a leading
 * placeholder sub-domain ('{s}.tiles.example.org') as '*.' ; '' when the page cannot allow it (http, or a
 * placeholder elsewhere in the host).
 */
export function tileSourceOf(tileUrl: string): string {
  const host = /^https:\/\/([^/?#]+)/i.exec(tileUrl)?.[1]?.toLowerCase();
  if (!host) return '';
  const wildcard = host.replace(/^\{[a-z]+\}\./, '*.');
  return /[{}]/.test(wildcard) ? '' : `https://${wildcard}`;
}

/**
 * What the scheduler's maps load from elsewhere with these settings (AreaModule.pageSources): Google's sources once a
 * key is set, the tile server's images otherwise. The page allows nothing of Google's while no key is set.
 */
export function mapPageSources(settings: MapSettings): PageSources {
  if (settings.api_key) return GOOGLE_MAPS_SOURCES;
  const tiles = settings.tile_url ? tileSourceOf(settings.tile_url) : '';
  return tiles ? { images: [tiles] } : {};
}
