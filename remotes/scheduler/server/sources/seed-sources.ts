import { and, asc, desc, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { carerComplianceRead, carersRead, carerTrainingStatusRead, clientsRead, trainingRecordsRead } from '../read-models.js';
import { daysBetween, readAvailabilityDays } from './availability-days.js';
import type { CarerCompliance, CarerDay, CarerFacts, CarerTraining, ClientFacts, SchedulingSources } from './types.js';

// The rules' facts for the demo's seed, which runs in the seed's transaction with no signed-in user to ask the other
// areas' APIs: what their published read models say (server/read-models.ts). A carer's status, start and leaving
// days (carers), whether they may be rostered (carer_compliance), their days (carer_availability_days: duty days,
// temporary changes and approved holidays), their training (training_records: the latest completed record per
// course, expired after its expiry day) and medication competence (carer_training_status), a client's status and
// postcode (clients). What the read models do not publish is answered as what refuses nothing the seed cannot see:
// no dated compliance lapses, no preferences, a client with no staff preferences. README, "One rule check for every
// path", says what the seed sees and what it does not.

const COMPLETED = ['passed', 'attended', 'competent'];

export function seedSources(tx: Database | Transaction, today: string): SchedulingSources {
  const carerRows = async (where: ReturnType<typeof and>) =>
    tx
      .select({ id: carersRead.id, first: carersRead.first_name, last: carersRead.last_name, branch_id: carersRead.branch_id, status: carersRead.status, start_date: carersRead.start_date, leaving_date: carersRead.leaving_date })
      .from(carersRead)
      .where(and(isNull(carersRead.deleted_at), where))
      .orderBy(asc(carersRead.id));
  const carerFacts = (row: Awaited<ReturnType<typeof carerRows>>[number]): CarerFacts => ({
    id: row.id,
    name: `${row.first} ${row.last}`,
    branch_id: row.branch_id,
    status: row.status,
    gender: '',
    drives: true,
    contracted_hours: null,
    postcode: '',
    start_date: row.start_date,
    leaving_date: row.leaving_date,
    user_id: null,
  });
  return {
    async carers({ branchIds, ids }) {
      if ((branchIds && !branchIds.length) || (ids && !ids.length)) return [];
      const rows = await carerRows(and(branchIds ? inArray(carersRead.branch_id, [...branchIds]) : undefined, ids ? inArray(carersRead.id, [...ids]) : undefined));
      return rows.map(carerFacts);
    },
    async clients({ branchIds, ids }) {
      if ((branchIds && !branchIds.length) || (ids && !ids.length)) return [];
      const rows = await tx
        .select({ id: clientsRead.id, first: clientsRead.first_name, last: clientsRead.last_name, branch_id: clientsRead.branch_id, status: clientsRead.status, postcode: clientsRead.postcode })
        .from(clientsRead)
        .where(and(isNull(clientsRead.deleted_at), branchIds ? inArray(clientsRead.branch_id, [...branchIds]) : undefined, ids ? inArray(clientsRead.id, [...ids]) : undefined));
      return rows.map(
        (row): ClientFacts => ({ id: row.id, name: `${row.first} ${row.last}`, branch_id: row.branch_id, status: row.status, postcode: row.postcode, gender_preference: 'none', preferred_carer_names: [], declined_carer_names: [], continuity: null, care_plan_tasks: [] }),
      );
    },
    async availability(carerIds, from, to) {
      // Workforce's availability read model over its horizon; a day it holds no row for (outside the horizon, a
      // carer not written yet) reads as "not set": no duty days known, which warns and refuses nothing.
      const answer = new Map<number, CarerDay[]>();
      if (!carerIds.length) return answer;
      const held = await readAvailabilityDays(tx, carerIds, from, to);
      for (const id of carerIds) {
        const known = held.get(id);
        answer.set(
          id,
          daysBetween(from, to).map((day) => known?.get(day) ?? { date: day, status: 'not-set', windows: [], note: '' }),
        );
      }
      return answer;
    },
    async compliance(carerIds) {
      if (!carerIds.length) return new Map();
      const rows = await tx.select().from(carerComplianceRead).where(inArray(carerComplianceRead.carer_id, [...carerIds]));
      const known = new Map(rows.map((row) => [row.carer_id, row.rosterable]));
      // No row: not worked out yet, read as not rosterable (as workforce publishes it).
      return new Map<number, CarerCompliance>(
        carerIds.map((id) => [id, { rosterable: known.get(id) ?? false, blocked_because: known.get(id) ? [] : ['Compliance checks not met (carer_compliance)'], weekly_hours_cap: null, next_expiry: null, lapses: [] }]),
      );
    },
    async training(carerIds, courseIds) {
      if (!carerIds.length) return new Map();
      const rows = courseIds.length
        ? await tx
            .select()
            .from(trainingRecordsRead)
            .where(and(inArray(trainingRecordsRead.carer_id, [...carerIds]), inArray(trainingRecordsRead.course_id, [...courseIds]), inArray(trainingRecordsRead.result, COMPLETED)))
            .orderBy(desc(trainingRecordsRead.completed_on), desc(trainingRecordsRead.id))
        : [];
      // Medication competence as workforce last worked it out (no row: not worked out yet, not competent).
      const standing = await tx.select().from(carerTrainingStatusRead).where(inArray(carerTrainingStatusRead.carer_id, [...carerIds]));
      const competent = new Map(standing.map((row) => [row.carer_id, row.medication_competent]));
      // The latest completed record per carer and course (rows come newest first).
      const latest = new Map<string, (typeof rows)[number]>();
      for (const row of rows) if (!latest.has(`${row.carer_id}:${row.course_id}`)) latest.set(`${row.carer_id}:${row.course_id}`, row);
      return new Map<number, CarerTraining>(
        carerIds.map((id) => {
          const courses = courseIds.map((courseId) => {
            const record = latest.get(`${id}:${courseId}`);
            const state = !record ? 'missing' : record.expires_on && record.expires_on < today ? 'expired' : 'valid';
            return { course_id: courseId, code: String(courseId), state, expires_on: record?.expires_on ?? null };
          });
          return [id, { medication_competent: competent.get(id) ?? false, courses }];
        }),
      );
    },
    async preferences(carerIds) {
      return new Map(carerIds.map((id) => [id, { max_weekly_hours: null, max_travel_miles: null, transport_mode: 'car' }]));
    },
  };
}
