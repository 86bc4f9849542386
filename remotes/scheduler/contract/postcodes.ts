import * as v from 'valibot';
import { objectMessage } from '@hcm/contract/engine';

// Places and travel (scheduler/travel): the approximate centres of the UK postcode districts the agency's demo
// clients and carers live in, how a full postcode falls back to its district, and a branch's travel settings.
// The centroids are approximate (to about 300 m), taken from public maps of the districts' built-up centres;
// a precise coordinate for a house is stored as 'manual' or 'import' in scheduler_postcode_locations.

export type LatLon = { latitude: number; longitude: number };

/** District (outward code) → its approximate centre. Camden branch (NW1, NW3, NW5, NW6, N7, N19 …), Leeds (LS…), Bristol (BS…). */
export const DISTRICT_CENTROIDS: Readonly<Record<string, LatLon>> = {
  // Camden and neighbouring north London districts
  NW1: { latitude: 51.5340, longitude: -0.1440 },
  NW3: { latitude: 51.5530, longitude: -0.1700 },
  NW5: { latitude: 51.5530, longitude: -0.1420 },
  NW6: { latitude: 51.5430, longitude: -0.1960 },
  NW8: { latitude: 51.5330, longitude: -0.1730 },
  N1: { latitude: 51.5380, longitude: -0.0980 },
  N6: { latitude: 51.5710, longitude: -0.1460 },
  N7: { latitude: 51.5540, longitude: -0.1170 },
  N19: { latitude: 51.5650, longitude: -0.1300 },
  WC1: { latitude: 51.5230, longitude: -0.1220 },
  // Leeds
  LS1: { latitude: 53.7970, longitude: -1.5480 },
  LS2: { latitude: 53.8030, longitude: -1.5440 },
  LS3: { latitude: 53.8010, longitude: -1.5660 },
  LS4: { latitude: 53.8100, longitude: -1.5850 },
  LS6: { latitude: 53.8230, longitude: -1.5720 },
  LS7: { latitude: 53.8270, longitude: -1.5350 },
  LS8: { latitude: 53.8250, longitude: -1.5100 },
  LS9: { latitude: 53.7980, longitude: -1.5110 },
  LS11: { latitude: 53.7800, longitude: -1.5540 },
  // Bristol
  BS1: { latitude: 51.4540, longitude: -2.5930 },
  BS2: { latitude: 51.4610, longitude: -2.5800 },
  BS5: { latitude: 51.4620, longitude: -2.5600 },
  BS6: { latitude: 51.4700, longitude: -2.6000 },
  BS7: { latitude: 51.4860, longitude: -2.5850 },
  BS8: { latitude: 51.4560, longitude: -2.6150 },
  BS10: { latitude: 51.5050, longitude: -2.6050 },
  BS34: { latitude: 51.5300, longitude: -2.5600 },
};

/** Upper case, one space before the inward code: 'nw1 9hx' → 'NW1 9HX'; '' when it is no UK postcode shape. */
export function normalisePostcode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/.exec(compact);
  if (match) return `${match[1]} ${match[2]}`;
  // An outward code alone (a district) is kept as it is.
  return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(compact) ? compact : '';
}

/** The district (outward code) of a postcode: 'NW1 9HX' → 'NW1'. */
export function districtOf(postcode: string): string {
  return normalisePostcode(postcode).split(' ')[0] ?? '';
}

/**
 * Where a postcode is when nothing more precise is stored: its district's centre, moved by a small offset worked
 * out from the inward code (up to about 600 m each way), so two houses in one district are not 0 m apart and the
 * same postcode always lands on the same point. Null for an unknown district.
 */
export function approximateLocation(postcode: string): LatLon | null {
  const normal = normalisePostcode(postcode);
  const [district, inward] = normal.split(' ');
  const centre = district ? DISTRICT_CENTROIDS[district] : undefined;
  if (!centre) return null;
  if (!inward) return centre;
  // A small, stable hash of the inward code (e.g. '9HX') into two offsets in [-1, 1].
  let hash = 2166136261;
  for (const character of inward) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  const north = ((hash & 0xffff) / 0xffff) * 2 - 1;
  const east = ((hash >>> 16) / 0xffff) * 2 - 1;
  const metres = 600;
  return {
    latitude: Number((centre.latitude + (north * metres) / 111_320).toFixed(6)),
    longitude: Number((centre.longitude + (east * metres) / (111_320 * Math.cos((centre.latitude * Math.PI) / 180))).toFixed(6)),
  };
}

export const LOCATION_SOURCES = [
  { value: 'district-centroid', label: 'District centre (approximate)' },
  { value: 'manual', label: 'Entered by hand' },
  { value: 'import', label: 'Imported' },
] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number]['value'];

// ---------------------------------------------------------------- a branch's travel settings

const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(`${label} must be a whole number.`), v.pipe(v.string(`${label} must be a whole number.`), v.trim(), v.nonEmpty(`${label} is required.`))]),
    v.transform(Number),
    v.number(`${label} must be a whole number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} is at least ${min}.`),
    v.maxValue(max, `${label} is at most ${max}.`),
  );

/** PUT /api/v1/scheduler/travel-settings: one branch's average speed and road factor. */
export const TravelSettingsSchema = v.strictObject(
  {
    branch_id: v.pipe(v.union([v.number('Choose the branch.'), v.pipe(v.string('Choose the branch.'), v.nonEmpty('Choose the branch.'))]), v.transform(Number), v.integer('Choose the branch.'), v.minValue(1, 'Choose the branch.'), v.maxValue(2_147_483_647, 'Choose the branch.')),
    average_speed_kmh: wholeNumber('Average speed (km/h)', 3, 120),
    road_factor_percent: wholeNumber('Road factor (%)', 100, 300),
  },
  objectMessage('travel settings'),
);
export type TravelSettingsInput = v.InferInput<typeof TravelSettingsSchema>;
export type TravelSettingsValues = v.InferOutput<typeof TravelSettingsSchema>;

/** GET /api/v1/scheduler/travel-settings: each branch the user holds, with its own values or the agency's defaults. */
export type BranchTravelSettings = { branch_id: number; branch: string; average_speed_kmh: number; road_factor_percent: number; own: boolean };
