import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VisitTask } from '../../contract/visits.js';
import type { CarerCompliance, CarerDay, CarerFacts, CarerPreferences, CarerTraining, ClientFacts, SchedulingSources } from './types.js';

// The scheduler's reads of care-records and workforce, made through their HTTP APIs in this process (app.inject),
// as the signed-in user: the request's cookie (or authorization header) is forwarded, so the other areas' own
// permission checks and branch rules apply. GETs need no CSRF token. Their answers are mapped to the scheduler's
// shapes (./types.ts); asking for many ids is split into the pages each API accepts.

/** Another area's API answered something other than 200. */
export class SourceError extends Error {
  constructor(
    readonly url: string,
    readonly statusCode: number,
    body: string,
  ) {
    super(`${url} answered ${statusCode}: ${body.slice(0, 300)}`);
  }
}

/** What the scheduler reads of a client without their care-record content (names for lists; not audited). */
export type ClientBasics = Pick<ClientFacts, 'id' | 'name' | 'branch_id' | 'status' | 'postcode'>;

export type ApiSchedulingSources = SchedulingSources & {
  /** Clients' names, branches, statuses and postcodes only (lists and timelines: no preference content read). */
  clientBasics(query: { branchIds?: readonly number[]; ids?: readonly number[] }): Promise<ClientBasics[]>;
};

// Their answers (remotes/workforce/server/{people/rota-carers,compliance,time-off,training,files}, care-records' rota-profiles).
type RotaCarerAnswer = CarerFacts;
type RotaProfileAnswer = ClientFacts;
type ComplianceAnswer = {
  carer_id: number;
  rosterable: boolean;
  blocked_because: string[] | null;
  weekly_hours_cap: number | null;
  next_expiry: string | null;
  checks?: { key: string; label: string; expires_on: string | null; blocks_rostering: boolean }[] | null;
};
type AvailabilityAnswer = { carer_id: number; days: { date: string; status: CarerDay['status']; windows: { from: string; to: string }[]; note?: string }[] };
type TrainingAnswer = { carer_id: number; medication_competent: boolean; courses: { course_id: number; code: string; state: string | null; expires_on: string | null }[] };
type PreferencesAnswer = { carer_id: number; max_weekly_hours: number | null; max_travel_miles: number | null; transport_mode: string };

const ID_PAGE = 500;
/** workforce's availability answers at most 62 days a request. */
const AVAILABILITY_DAYS = 62;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};
const unique = (ids: readonly number[]) => [...new Set(ids)];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The forwarded credentials of the signed-in request (its cookie or bearer token). */
export function credentialsOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const { cookie, authorization } = request.headers;
  if (typeof cookie === 'string' && cookie) headers.cookie = cookie;
  if (typeof authorization === 'string' && authorization) headers.authorization = authorization;
  return headers;
}

/** The SchedulingSources of one signed-in request, read through the other areas' APIs. */
export function apiSources(app: FastifyInstance, request: FastifyRequest): ApiSchedulingSources {
  const headers = credentialsOf(request);

  async function get<T>(path: string, query: Record<string, string | undefined>): Promise<T> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, value);
    const url = `/api/v1${path}${search.size ? `?${search.toString()}` : ''}`;
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new SourceError(url, response.statusCode, response.body);
    return (response.json() as { data: T }).data;
  }

  /** Asks in pages of ids; an empty `ids` asks once without ids (everyone the query's branches hold). */
  async function paged<T>(ids: readonly number[] | undefined, ask: (idsParam: string | undefined) => Promise<T[]>): Promise<T[]> {
    if (!ids) return ask(undefined);
    if (!ids.length) return [];
    const pages = await Promise.all(chunks(unique(ids), ID_PAGE).map((page) => ask(page.join(','))));
    return pages.flat();
  }

  const branchParam = (branchIds: readonly number[] | undefined) => (branchIds && branchIds.length ? unique(branchIds).join(',') : undefined);

  const mapClient = (row: RotaProfileAnswer): ClientFacts => ({
    id: row.id,
    name: row.name,
    branch_id: row.branch_id,
    status: row.status,
    postcode: row.postcode,
    gender_preference: row.gender_preference ?? 'none',
    preferred_carer_names: row.preferred_carer_names ?? [],
    declined_carer_names: row.declined_carer_names ?? [],
    continuity: row.continuity ?? null,
    care_plan_tasks: (row.care_plan_tasks ?? []) as VisitTask[],
  });

  return {
    async carers({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await paged(ids, (idsParam) => get<RotaCarerAnswer[]>('/carers/rota', { ids: idsParam, branch_id: branchParam(branchIds) }));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        branch_id: row.branch_id,
        status: row.status,
        gender: row.gender,
        drives: row.drives,
        contracted_hours: row.contracted_hours,
        postcode: row.postcode,
        start_date: row.start_date,
        leaving_date: row.leaving_date,
        user_id: row.user_id ?? null,
      }));
    },

    async clients({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await paged(ids, (idsParam) => get<RotaProfileAnswer[]>('/clients/rota-profiles', { ids: idsParam, branch_id: branchParam(branchIds) }));
      return rows.map(mapClient);
    },

    async clientBasics({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await paged(ids, (idsParam) => get<RotaProfileAnswer[]>('/clients/rota-profiles', { ids: idsParam, branch_id: branchParam(branchIds), content: '0' }));
      return rows.map(({ id, name, branch_id, status, postcode }) => ({ id, name, branch_id, status, postcode }));
    },

    async availability(carerIds, from, to) {
      const answer = new Map<number, CarerDay[]>();
      if (!carerIds.length || to < from) return answer;
      const periods: [string, string][] = [];
      for (let start = from; start <= to; start = addDays(start, AVAILABILITY_DAYS)) {
        const end = addDays(start, AVAILABILITY_DAYS - 1);
        periods.push([start, end < to ? end : to]);
      }
      const asks = periods.flatMap(([start, end]) =>
        chunks(unique(carerIds), ID_PAGE).map((page) => get<AvailabilityAnswer[]>('/carers/availability', { from: start, to: end, ids: page.join(',') })),
      );
      for (const rows of await Promise.all(asks)) {
        for (const row of rows) {
          const days = answer.get(row.carer_id) ?? [];
          days.push(...row.days.map((day) => ({ date: day.date, status: day.status, windows: day.windows ?? [], note: day.note ?? '' })));
          answer.set(row.carer_id, days);
        }
      }
      for (const days of answer.values()) days.sort((a, b) => a.date.localeCompare(b.date));
      return answer;
    },

    async compliance(carerIds) {
      const rows = await paged(carerIds, (idsParam) => get<ComplianceAnswer[]>('/carers/compliance', { ids: idsParam }));
      return new Map<number, CarerCompliance>(
        rows.map((row) => [
          row.carer_id,
          {
            rosterable: row.rosterable,
            blocked_because: row.blocked_because ?? [],
            weekly_hours_cap: row.weekly_hours_cap,
            next_expiry: row.next_expiry,
            // The dated checks that block rostering once lapsed: a visit after one is refused whatever today says.
            lapses: (row.checks ?? []).flatMap(({ key, label, expires_on, blocks_rostering }) => (blocks_rostering && expires_on ? [{ key, label, expires_on }] : [])),
          },
        ]),
      );
    },

    async training(carerIds, courseIds) {
      const courses = unique(courseIds).join(',');
      const rows = await paged(carerIds, (idsParam) => get<TrainingAnswer[]>('/carers/training', { ids: idsParam, courses }));
      return new Map<number, CarerTraining>(
        rows.map((row) => [row.carer_id, { medication_competent: row.medication_competent, courses: row.courses.map(({ course_id, code, state, expires_on }) => ({ course_id, code, state, expires_on })) }]),
      );
    },

    async preferences(carerIds) {
      const rows = await paged(carerIds, (idsParam) => get<PreferencesAnswer[]>('/carers/preferences', { ids: idsParam }));
      return new Map<number, CarerPreferences>(rows.map((row) => [row.carer_id, { max_weekly_hours: row.max_weekly_hours, max_travel_miles: row.max_travel_miles, transport_mode: row.transport_mode }]));
    },
  };
}
