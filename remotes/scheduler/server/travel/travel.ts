import { isAnyOf, sideBySide, type Database, type Transaction } from '@hcm/server/platform';
import { approximateLocation, districtOf, normalisePostcode, type LatLon } from '../../contract/postcodes.js';
import { branchTravel, postcodeLocations } from '../locations/tables.js';
import { ruleSettings } from '../rules/settings.js';

/** Travel estimates between postcodes: stored coordinates, a road factor and a branch's average speed. */
export type Travel = {
  /** Minutes to drive from one postcode to another for a branch's carers; null when either place is unknown. */
  minutes(fromPostcode: string, toPostcode: string, branchId: number): number | null;
  /** Road miles between them; null when either place is unknown. */
  miles(fromPostcode: string, toPostcode: string, branchId: number): number | null;
};

/** A branch's travel settings: average speed and how much longer roads are than the straight line. */
export type TravelParameters = { averageSpeedKmh: number; roadFactorPercent: number };

/**
 * How long and how far between two points. The default is the straight line (haversine) × the road factor at the
 * branch's average speed: no network, no cost, good enough to keep a rota honest about travel. A routing service
 * (OSRM, GraphHopper, a commercial matrix API) can implement this interface with real road times; it would answer
 * a matrix for a day's places at once and cache it (the rules and auto-assign ask many pairs).
 */
export interface TravelEstimator {
  /** Road kilometres between two points. */
  kilometres(from: LatLon, to: LatLon, parameters: TravelParameters): number;
  /** Minutes of travel between two points (whole minutes, rounded up). */
  minutes(from: LatLon, to: LatLon, parameters: TravelParameters): number;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km. */
export function haversineKm(from: LatLon, to: LatLon): number {
  const radians = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * radians;
  const dLon = (to.longitude - from.longitude) * radians;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * radians) * Math.cos(to.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const straightLineEstimator: TravelEstimator = {
  kilometres: (from, to, parameters) => (haversineKm(from, to) * parameters.roadFactorPercent) / 100,
  minutes(from, to, parameters) {
    const km = this.kilometres(from, to, parameters);
    return km === 0 ? 0 : Math.ceil((km / parameters.averageSpeedKmh) * 60);
  },
};

export const KM_PER_MILE = 1.609344;

/** Where each postcode is: a stored coordinate for the full postcode, else for its district, else the district's centre with a small offset. */
export async function loadPlaces(db: Database | Transaction, postcodes: readonly string[]): Promise<Map<string, LatLon>> {
  const normal = [...new Set(postcodes.map(normalisePostcode).filter(Boolean))];
  const wanted = [...new Set([...normal, ...normal.map(districtOf)])];
  const stored = new Map<string, LatLon>();
  const rows = wanted.length ? await db.select().from(postcodeLocations).where(isAnyOf(postcodeLocations.postcode, wanted)) : [];
  for (const row of rows) stored.set(row.postcode, { latitude: row.latitude, longitude: row.longitude });
  const places = new Map<string, LatLon>();
  for (const postcode of normal) {
    const exact = stored.get(postcode);
    if (exact) {
      places.set(postcode, exact);
      continue;
    }
    const fallback = approximateLocation(postcode);
    const district = stored.get(districtOf(postcode));
    if (district && fallback) {
      // A stored district centre wins over the built-in one; the same small offset keeps houses apart.
      const builtIn = approximateLocation(districtOf(postcode))!;
      places.set(postcode, { latitude: district.latitude + fallback.latitude - builtIn.latitude, longitude: district.longitude + fallback.longitude - builtIn.longitude });
    } else if (district) places.set(postcode, district);
    else if (fallback) places.set(postcode, fallback);
  }
  return places;
}

/** Every branch's travel parameters: its own row, else the agency's defaults (settings). */
export async function travelParameters(db: Database | Transaction): Promise<{ defaults: TravelParameters; branches: Map<number, TravelParameters> }> {
  const settings = await ruleSettings(db);
  const defaults = { averageSpeedKmh: settings.averageSpeedKmh, roadFactorPercent: settings.roadFactorPercent };
  const rows = await db.select().from(branchTravel);
  return { defaults, branches: new Map(rows.map((row) => [row.branch_id, { averageSpeedKmh: row.average_speed_kmh, roadFactorPercent: row.road_factor_percent }])) };
}

/** A Travel over known places and parameters (no database): what loadTravel answers, and what tests build. */
export function travelOver(places: ReadonlyMap<string, LatLon>, parametersOf: (branchId: number) => TravelParameters, estimator: TravelEstimator = straightLineEstimator): Travel {
  const placeOf = (postcode: string) => places.get(normalisePostcode(postcode)) ?? null;
  return {
    minutes(fromPostcode, toPostcode, branchId) {
      const from = placeOf(fromPostcode);
      const to = placeOf(toPostcode);
      return from && to ? estimator.minutes(from, to, parametersOf(branchId)) : null;
    },
    miles(fromPostcode, toPostcode, branchId) {
      const from = placeOf(fromPostcode);
      const to = placeOf(toPostcode);
      return from && to ? Math.round((estimator.kilometres(from, to, parametersOf(branchId)) / KM_PER_MILE) * 10) / 10 : null;
    },
  };
}

/** Travel between the given postcodes (others are unknown: null), with each branch's settings. */
export async function loadTravel(db: Database | Transaction, postcodes: readonly string[]): Promise<Travel> {
  const [places, parameters] = await sideBySide(db, [() => loadPlaces(db, postcodes), () => travelParameters(db)] as const);
  return travelOver(places, (branchId) => parameters.branches.get(branchId) ?? parameters.defaults);
}
