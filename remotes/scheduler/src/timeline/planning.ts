import type { RuleFinding, VisitConflict } from '../../contract/visits';
import type { AssignmentRefusal, TimelineVisit } from '../../contract/timeline';
import { carerOfKey, changedWords, visitPath, type RowKey } from './common';

// Planning on the timeline: where a picked-up visit is going (a row and a time), and the write a drop makes.

/** Where a visit sits on the timeline: a row (a carer, or the unassigned lane), a day and planned times. */
export type Placement = { row: RowKey; date: string; start: string; end: string };

/** A visit picked up by keyboard or by drag: where it was and where it would go. */
export type Picked = { visit: TimelineVisit; from: Placement; to: Placement; how: 'keyboard' | 'drag' };

/** A write the drop makes (in order): the path and its body, always with the version the planner saw. */
export type PlannedWrite = { path: string; body: Record<string, unknown>; action: 'assign' | 'unassign' | 'move' };

export const samePlace = (a: Placement, b: Placement) => a.row === b.row && a.date === b.date && a.start === b.start && a.end === b.end;
export const timeChanged = (a: Placement, b: Placement) => a.date !== b.date || a.start !== b.start || a.end !== b.end;

/**
 * What a drop does. Onto the unassigned lane: unassign the carer of the row it came from (times are kept). From
 * the unassigned lane onto a carer: assign (or move, with the new times, naming the carer). Between carers: move
 * from one carer to the other. Same row, another time: move.
 */
export function writeFor(visit: Pick<TimelineVisit, 'id' | 'version'>, from: Placement, to: Placement): PlannedWrite | null {
  if (samePlace(from, to)) return null;
  const fromCarer = carerOfKey(from.row);
  const toCarer = carerOfKey(to.row);
  const times = timeChanged(from, to) ? { date: to.date, start_time: to.start, end_time: to.end } : {};
  if (toCarer === null) {
    if (fromCarer !== null) return { action: 'unassign', path: visitPath(visit.id, 'unassign'), body: { carer_id: fromCarer, version: visit.version } };
    return timeChanged(from, to) ? { action: 'move', path: visitPath(visit.id, 'move'), body: { version: visit.version, ...times } } : null;
  }
  if (fromCarer === null) {
    return timeChanged(from, to)
      ? { action: 'move', path: visitPath(visit.id, 'move'), body: { version: visit.version, to_carer_id: toCarer, ...times } }
      : { action: 'assign', path: visitPath(visit.id, 'assign'), body: { carer_id: toCarer, version: visit.version } };
  }
  if (fromCarer === toCarer) return { action: 'move', path: visitPath(visit.id, 'move'), body: { version: visit.version, ...times } };
  return { action: 'move', path: visitPath(visit.id, 'move'), body: { version: visit.version, from_carer_id: fromCarer, to_carer_id: toCarer, ...times } };
}

/** A refused or conflicting drop, shown next to the visit (role="alert"). */
export type PlanningNotice = { visitId: number; row: RowKey; kind: 'refused' | 'conflict' | 'failed'; title: string; messages: string[] };

type Answer = { error: boolean; httpStatus: number; message: string; errors: Record<string, string[] | string> | null; data: unknown };

/** Reads a failed write's answer: a 422's hard rules in words, a 409's changed fields, or the message. */
export function noticeOf(answer: Answer, visitId: number, row: RowKey): PlanningNotice {
  if (answer.httpStatus === 409) {
    const conflict = (answer.data ?? {}) as Partial<VisitConflict>;
    return { visitId, row, kind: 'conflict', title: `Someone else changed this visit: ${changedWords(conflict.changed ?? [])}`, messages: ['The timeline shows it as it is now; nothing was saved.'] };
  }
  if (answer.httpStatus === 422) {
    const fromErrors = answer.errors?.carer_id ?? answer.errors?.to_carer_id;
    const listed = Array.isArray(fromErrors) ? fromErrors : fromErrors ? [fromErrors] : [];
    const findings = ((answer.data ?? {}) as Partial<AssignmentRefusal>).findings ?? [];
    const hard = findings.filter((finding) => finding.severity === 'hard').map((finding) => finding.message);
    const messages = listed.length ? listed : hard.length ? hard : Object.values(answer.errors ?? {}).flat().map(String);
    return { visitId, row, kind: 'refused', title: 'Not moved: the rules refuse it', messages: messages.length ? messages : [answer.message || 'The visit could not be moved.'] };
  }
  return { visitId, row, kind: 'failed', title: 'Not moved', messages: [answer.message || 'The visit could not be moved.'] };
}

export const findingsText = (findings: RuleFinding[]) => findings.map((finding) => `${finding.severity === 'hard' ? 'Refused' : 'Warning'}: ${finding.message}`).join(' ');
