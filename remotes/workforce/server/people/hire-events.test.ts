import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import type { Database, Transaction } from '@hcm/server/platform';
import { domainEvents } from '@hcm/server/schema';
import { createTestApp, fixClock, loginAs, userIdOf, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import { refreshStaleCompliance } from '../compliance/service.js';
import { carerCompliance } from '../compliance/tables.js';
import { hire } from '../recruitment/service.js';
import { CARER_HIRED } from './events.js';
import { carersTable } from './people-tables.js';
import { carerColumns } from './visibility.js';

// A hire reaches the rota at once (issue 27: "A carer just hired stays 'An applicant, not yet hired' and cannot be
// rostered until tomorrow"): the recruitment hire and an applicant made active on the carer form both write
// workforce.carer.hired in the hire's transaction (none when it rolls back) and work the carer's compliance out
// again in it, so the rota's rule check takes them as an active, rosterable carer straight away.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';

let t: TestApp;
let manager: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

async function carer(who: string): Promise<{ id: number; name: string; branch_id: number }> {
  const [row] = await t.database.db
    .select({ id: carerColumns.id, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id })
    .from(carersTable)
    .where(eq(carerColumns.email, `${who}@homecare.test`));
  assert.ok(row, `demo carer ${who}`);
  return { id: Number(row.id), name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id) };
}

const hiredEvents = async (carerId: number, db: Database | Transaction = t.database.db) =>
  (
    await db
      .select({ payload: domainEvents.payload, user_id: domainEvents.user_id })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, CARER_HIRED.type), sql`${domainEvents.payload}->>'carer_id' = ${String(carerId)}`))
      .orderBy(asc(domainEvents.id))
  ).map((row) => ({ ...(row.payload as Record<string, unknown>), user_id: row.user_id }));

type Finding = { rule: string; severity: string; message: string };

/** The rota's rule check of putting the carer on a visit of their branch tomorrow (the scheduler's POST /visits/:id/check). */
async function ruleCheck(carerId: number, branchId: number): Promise<Finding[]> {
  const tomorrow = addDays(TODAY, 1);
  const page = (await manager.get(`/api/v1/visits?from=${tomorrow}&to=${tomorrow}&branch_id=${branchId}&page_size=1`)).json().data.data as { id: number }[];
  assert.ok(page[0], 'a visit of the branch tomorrow');
  const checked = await manager.post(`/api/v1/visits/${page[0].id}/check`, { carer_id: carerId });
  assert.equal(checked.statusCode, 200, checked.body);
  return checked.json().data as Finding[];
}
const aboutHiring = (findings: readonly Finding[]) => findings.filter((finding) => finding.rule === 'compliance' || finding.rule === 'carer-status');

test('the recruitment hire writes workforce.carer.hired in its transaction, none when it rolls back, and the rota takes the carer at once', async () => {
  const ella = await carer('ella.jones'); // ready: DBS and right to work clear, one reference of two
  // Her second reference stands in as received (the hire asks every hiring check): a row dated ahead of any change.
  const [row] = await t.database.db.select().from(carerCompliance).where(eq(carerCompliance.carer_id, ella.id));
  const checks = row!.checks.map((check) => ({ ...check, state: 'valid' as const }));
  await t.database.db.update(carerCompliance).set({ checks, checked_at: new Date('2100-01-01T00:00:00Z') }).where(eq(carerCompliance.carer_id, ella.id));
  const findingsBefore = aboutHiring(await ruleCheck(ella.id, ella.branch_id));
  assert.ok(findingsBefore.some((finding) => finding.rule === 'compliance' && /An applicant, not yet hired/.test(finding.message)), JSON.stringify(findingsBefore));

  const actor = { userId: await userIdOf(t.database.db, 'manager@homecare.test'), actingUserId: null, healthProfessionalId: null, ip: null };
  const values = { start_date: TODAY, staffcode_id: null, band_id: null, contract_type: 'part-time', contracted_hours: 20 };
  await assert.rejects(
    t.database.db.transaction(async (tx) => {
      await hire(tx as unknown as Database, actor, ella.id, values);
      assert.equal((await hiredEvents(ella.id, tx)).length, 1, 'written in the hire’s transaction');
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.deepEqual(await hiredEvents(ella.id), []);
  const [still] = await t.database.db.select({ status: carerColumns.status }).from(carersTable).where(eq(carerColumns.id, ella.id));
  assert.equal(still!.status, 'applicant');

  const hired = await manager.post(`/api/v1/recruitment/applicants/${ella.id}/hire`, { ...values, staffcode_id: '', band_id: '', contracted_hours: '20' });
  assert.equal(hired.statusCode, 200, hired.body);
  assert.deepEqual(await hiredEvents(ella.id), [{ carer_id: ella.id, carer_name: ella.name, branch_id: ella.branch_id, hired_on: TODAY, user_id: actor.userId }]);
  // Worked out again in the hire's transaction: nothing left for a reader to refresh, and the rota takes her.
  assert.deepEqual(await refreshStaleCompliance(t.database.db, [ella.id]), []);
  assert.deepEqual(aboutHiring(await ruleCheck(ella.id, ella.branch_id)), []);
});

test('an applicant made active on the carer form is hired alike: the event with the write, rosterable at once', async () => {
  const samuel = await carer('samuel.osei'); // right to work settled; no DBS yet
  const dbs = await manager.post(`/api/v1/carers/${samuel.id}/compliance/dbs`, { certificate_number: '001122334455', level: 'enhanced-barred', issue_date: '2026-11-20', barred_list_checked: true });
  assert.equal(dbs.statusCode, 201, dbs.body);
  assert.ok(aboutHiring(await ruleCheck(samuel.id, samuel.branch_id)).some((finding) => /An applicant, not yet hired/.test(finding.message)));

  const { id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...record } = (await manager.get(`/api/v1/carers/${samuel.id}`)).json().data as Record<string, unknown>;
  const saved = await manager.put(`/api/v1/carers/${samuel.id}`, { ...record, status: 'active', recruitment_stage: 'hired', start_date: TODAY });
  assert.equal(saved.statusCode, 200, saved.body);
  const events = await hiredEvents(samuel.id);
  assert.deepEqual(events.map(({ user_id: _user, ...payload }) => payload), [{ carer_id: samuel.id, carer_name: samuel.name, branch_id: samuel.branch_id, hired_on: TODAY }]);
  assert.deepEqual(await refreshStaleCompliance(t.database.db, [samuel.id]), [], 'worked out in the write’s transaction');
  assert.deepEqual(aboutHiring(await ruleCheck(samuel.id, samuel.branch_id)), []);

  // Saved again as it is: no second hire.
  const again = await manager.put(`/api/v1/carers/${samuel.id}`, { ...record, status: 'active', recruitment_stage: 'hired', start_date: TODAY });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal((await hiredEvents(samuel.id)).length, 1);
});
