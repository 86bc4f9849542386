// The map view's answer (GET /api/v1/scheduler/map?branch_id=&date=): the clients of a branch with visits that day
// and the carers assigned to them, placed by postcode (scheduler_postcode_locations, else the district's centre),
// and which carer goes to which client. `api_key` is the global setting google_maps_api_key ('' when unset).

export const GOOGLE_MAPS_KEY_SETTING = 'google_maps_api_key';

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
  points: MapPoint[];
  links: MapLink[];
  /** People whose postcode could not be placed (unknown district, or none). */
  unplaced: { kind: 'client' | 'carer'; id: number; name: string; postcode: string }[];
};
