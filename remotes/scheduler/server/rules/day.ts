// A carer's day as it would run: one pure function, shared by the solver's moves, the manual rule check
// (rules.ts) and the timeline (visits/timeline.ts). The independent checker (autoassign/checker.ts) recomputes the
// same thing on its own and never calls this.
//
// Each visit lasts its commissioned length (`minutes`), the carer leaves for the next as soon as it ends and arrives
// after the travel between the two: arrival = max(planned start, previous visit's end + travel), where the previous
// visit's end is its own arrival + its length. Lateness therefore carries over from visit to visit. A visit reached
// more than `windowMinutes` after its planned start is late by the whole delay (whole minutes, rounded up);
// within the window it counts as on time (0).

export type DayVisit = { id: number; start: number /* planned start, epoch ms */; minutes: number /* commissioned length */; postcode: string };

const MINUTE = 60_000;

export function simulateDay(visits: DayVisit[], travelMinutes: (from: DayVisit, to: DayVisit) => number, windowMinutes: number): { id: number; arrival: number; lateByMinutes: number }[] {
  // Start order; equal starts by id, so the answer never depends on the order the caller happened to have.
  const ordered = [...visits].sort((a, b) => a.start - b.start || a.id - b.id);
  const out: { id: number; arrival: number; lateByMinutes: number }[] = [];
  let previous: DayVisit | null = null;
  let previousEnd = 0;
  for (const visit of ordered) {
    const ready = previous ? previousEnd + Math.max(0, travelMinutes(previous, visit)) * MINUTE : visit.start;
    const arrival = Math.max(visit.start, ready);
    const late = (arrival - visit.start) / MINUTE;
    out.push({ id: visit.id, arrival, lateByMinutes: late > windowMinutes ? Math.ceil(late - 1e-9) : 0 });
    previous = visit;
    previousEnd = arrival + Math.max(0, visit.minutes) * MINUTE;
  }
  return out;
}
