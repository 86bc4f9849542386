import type { ConfirmationState, LiveSettings } from '../../../contract/live.js';
import { wallClock } from '../../visits/service.js';

// Whether a finished visit confirms itself: punctual at both ends, on site at both ends and its length within
// the branch's variance of the planned length. Anything else waits for the office, with the issues in words.

export type CheckSummary = { recorded_at: Date; on_site: boolean | null; punctual: boolean | null; distance_metres: number | null; no_position_reason: string };

export function decideConfirmation(
  planned: { start: Date; end: Date },
  checkIn: CheckSummary | null,
  checkOut: CheckSummary | null,
  settings: Pick<LiveSettings, 'duration_variance_percent' | 'punctuality_window_minutes' | 'on_site_distance_metres'>,
): { confirmation: ConfirmationState; issues: string[] } {
  if (!checkIn || !checkOut) return { confirmation: 'not-due', issues: [] };
  const issues: string[] = [];
  const time = (at: Date) => wallClock(at).time;
  if (!checkIn.punctual) issues.push(`Checked in at ${time(checkIn.recorded_at)}, outside ${settings.punctuality_window_minutes} minutes of the planned start ${time(planned.start)}.`);
  if (!checkOut.punctual) issues.push(`Checked out at ${time(checkOut.recorded_at)}, outside ${settings.punctuality_window_minutes} minutes of the planned end ${time(planned.end)}.`);
  for (const [label, check] of [['in', checkIn], ['out', checkOut]] as const) {
    if (check.on_site === false) issues.push(`Checked ${label} ${check.distance_metres} m from the client's home (more than ${settings.on_site_distance_metres} m): not on site.`);
    else if (check.on_site === null) issues.push(check.no_position_reason ? `Checked ${label} without a position: ${check.no_position_reason}.` : `Checked ${label} where the client's home position is unknown.`);
  }
  const plannedMinutes = (planned.end.getTime() - planned.start.getTime()) / 60_000;
  const actualMinutes = Math.round((checkOut.recorded_at.getTime() - checkIn.recorded_at.getTime()) / 60_000);
  const variance = plannedMinutes > 0 ? (Math.abs(actualMinutes - plannedMinutes) / plannedMinutes) * 100 : 0;
  if (variance > settings.duration_variance_percent) {
    issues.push(`Lasted ${actualMinutes} minutes against ${Math.round(plannedMinutes)} planned (more than ${settings.duration_variance_percent} % off).`);
  }
  return issues.length ? { confirmation: 'pending', issues } : { confirmation: 'auto-confirmed', issues: [] };
}
