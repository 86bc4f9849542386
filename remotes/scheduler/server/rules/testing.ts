import type { CarerDay, SchedulingSources } from '../sources/types.js';
import { addDays } from './rules.js';

// For tests and benchmarks: the other areas' answers made plain around a real source (their carers and clients as
// they are), so that only what a test says breaks a rule: every day available all day, every course in date and
// medication competence held, rosterable with no check ending, no preferences, clients with no staff preferences.
// `change` lets a test say one fact otherwise (a holiday, a lapsed course...).

export type PlainChanges = {
  /** Days a carer is away, by carer: holiday (approved leave) unless said otherwise. */
  away?: Map<number, { dates: string[]; status?: CarerDay['status']; note?: string }>;
  /** Carers without medication competence. */
  notMedicationCompetent?: Set<number>;
  /** Carers not rosterable, with why. */
  blocked?: Map<number, string>;
};

export function plainSources(base: SchedulingSources, changes: PlainChanges = {}): SchedulingSources {
  return {
    ...base,
    clients: async (query) => (await base.clients(query)).map((client) => ({ ...client, gender_preference: 'none', declined_carer_names: [], preferred_carer_names: [] })),
    availability: async (ids, from, to) => {
      const days = new Map<number, CarerDay[]>();
      for (const id of ids) {
        const away = changes.away?.get(id);
        const list: CarerDay[] = [];
        for (let day = from; day <= to; day = addDays(day, 1)) {
          list.push(away?.dates.includes(day) ? { date: day, status: away.status ?? 'holiday', windows: [], note: away.note ?? 'Annual leave' } : { date: day, status: 'available', windows: [{ from: '00:00', to: '24:00' }], note: '' });
        }
        days.set(id, list);
      }
      return days;
    },
    training: async (ids, courseIds) =>
      new Map(ids.map((id) => [id, { medication_competent: !changes.notMedicationCompetent?.has(id), courses: courseIds.map((course) => ({ course_id: course, code: `C${course}`, state: 'valid', expires_on: null })) }])),
    compliance: async (ids) =>
      new Map(ids.map((id) => [id, { rosterable: !changes.blocked?.has(id), blocked_because: changes.blocked?.has(id) ? [changes.blocked.get(id)!] : [], weekly_hours_cap: null, next_expiry: null, lapses: [] }])),
    preferences: async (ids) => new Map(ids.map((id) => [id, { max_weekly_hours: null, max_travel_miles: null, transport_mode: 'car' }])),
  };
}
