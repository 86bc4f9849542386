// The map view's answer (GET /api/v1/scheduler/map?branch_id=&date=): the clients of a branch with visits that day
// and the carers assigned to them, placed by postcode (scheduler_postcode_locations, else the district's centre),
// and which carer goes to which client. `api_key` is the global setting google_maps_api_key ('' when unset);
// `tile_url` and `tile_attribution` say where a street map without Google fetches its tiles and whose credit it shows
// (the global settings map_tile_url and map_tile_attribution; tile_url '' when set to 'none': the drawn plan).

export const GOOGLE_MAPS_KEY_SETTING = 'google_maps_api_key';
export const MAP_TILE_URL_SETTING = 'map_tile_url';
export const MAP_TILE_ATTRIBUTION_SETTING = 'map_tile_attribution';
/** OpenStreetMap's standard tiles: the street map's tiles when the agency has set no tile server of its own. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The credit OpenStreetMap's licence asks for, shown on the map when the agency has set none. */
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

export type MapPoint = {
  kind: 'client' | 'carer';
  id: number;
  name: string;
  postcode: string;
  latitude: number;
  longitude: number;
  /** From the district's centre rather than a stored coordinate of the postcode. */
  approximate: boolean;
  /** The day's visits of the client, or the visits the carer has there that day. */
  visits: number;
};

/** A carer's visit to a client that day (a line on the map). */
export type MapLink = { visit_id: number; carer_id: number; client_id: number; start_time: string };

export type MapAnswer = {
  branch_id: number;
  date: string;
  api_key: string;
  /**
   * Where the street map without Google fetches its tiles: a URL template with {z}, {x} and {y} (Leaflet's), '' for
   * none (the drawn plan). Both the map route and the live view's map send it.
   */
  tile_url?: string;
  /** The tile provider's credit, as plain text. */
  tile_attribution?: string;
  points: MapPoint[];
  links: MapLink[];
  /** People whose postcode could not be placed (unknown district, or none). */
  unplaced: { kind: 'client' | 'carer'; id: number; name: string; postcode: string }[];
};
