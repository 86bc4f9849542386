import type { LatLon } from '../../../contract/postcodes.js';
import type { LiveSettings } from '../../../contract/live.js';
import { haversineKm } from '../../travel/travel.js';

// Visit verification: where and when a check happened against the client's home and the planned times. It only
// flags (never blocks care): a check farther than the branch's distance from the home, once the device's stated
// accuracy is allowed for, is not on site; a check-in outside the punctuality window of the planned start (or a
// check-out outside it of the planned end) is not punctual.

export type CheckFacts = { kind: 'in' | 'out'; recorded_at: Date; position: (LatLon & { accuracy_metres: number | null }) | null };
export type Verification = { distance_metres: number | null; on_site: boolean | null; punctual: boolean };

/** Metres from the home, less the accuracy (never below 0); null when either place is unknown. */
export function distanceFromHome(home: LatLon | null, position: CheckFacts['position']): number | null {
  if (!home || !position) return null;
  const metres = haversineKm(home, position) * 1000 - (position.accuracy_metres ?? 0);
  return Math.max(0, Math.round(metres));
}

export function verifyCheck(check: CheckFacts, planned: { start: Date; end: Date }, home: LatLon | null, settings: Pick<LiveSettings, 'on_site_distance_metres' | 'punctuality_window_minutes'>): Verification {
  const distance = distanceFromHome(home, check.position);
  const target = check.kind === 'in' ? planned.start : planned.end;
  const minutesOff = Math.abs(check.recorded_at.getTime() - target.getTime()) / 60_000;
  return {
    distance_metres: distance,
    on_site: distance === null ? null : distance <= settings.on_site_distance_metres,
    punctual: minutesOff <= settings.punctuality_window_minutes,
  };
}
