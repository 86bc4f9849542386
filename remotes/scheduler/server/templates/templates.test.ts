import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { londonDate, londonTime } from '@hcm/contract/engine';
import { auditLog } from '@hcm/server/schema';
import type { AreaModule } from '@hcm/server/platform';
import { AREA_MODULES, createTestApp, loginAs, userIdOf, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { ClientSlotsAnswer, ClientTemplates, GenerateAnswer, TemplatePreview, TemplateSaved } from '../../contract/templates.js';
import { templateSlots, visitAttention, visitCarers, visitLogs, visits, visitTemplates } from '../tables.js';
import { addDays, isoWeekday } from './days.js';
import { generateVisits, generationFacts, type GenerateOptions } from './generate.js';
import { templateRoutes } from './routes.js';
import { plainSources, type PlainChanges } from '../rules/testing.js';
import { apiSources } from '../sources/api-sources.js';
import { seedSources } from '../sources/seed-sources.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Rota templates, client slots and generation through the API over the demo agency (the scheduler's module
// here serves this part's routes only): idempotence, clients not receiving care, bank holidays skipped or run,
// the cycle of repeat_weeks, UK wall-clock across the clock change, and a template's edit touching only future
// unlocked visits, with its counts.

// The other areas' answers made plain (everyone available, trained, rosterable), but for what a test changes.
const changes: PlainChanges = {};
const modules: AreaModule[] = AREA_MODULES.map((module) =>
  module.name === 'scheduler'
    ? { ...module, seedDemo: undefined, routes: async (app, context) => void (await app.register(async (scope) => templateRoutes(scope, context, { sourcesFor: (instance, request) => {
        const api = apiSources(instance, request);
        // Compliance as workforce says it (a right to work ending counts), the rest plain.
        return { ...api, ...plainSources(api, changes), compliance: api.compliance };
      } }))) }
    : module,
);

/** Generates with the rules' facts as the test's plain sources say (direct calls have no signed-in user). */
const generate = async (options: Omit<GenerateOptions, 'facts'>) =>
  generateVisits(t.database.db, { ...options, facts: await generationFacts(t.database.db, plainSources(seedSources(t.database.db, londonDate()), changes), options) });

let t: TestApp;
let manager: TestClient;
let office: TestClient;
let managerId: number;
const client: Record<string, { id: number; branch_id: number }> = {};

const slot = (over: Record<string, unknown> = {}) => ({ week: 1, weekday: 1, start_time: '08:00', duration_minutes: 30, carers_needed: 1, tasks: [], preferred_carer_ids: [], notes: '', ...over });
const templateBody = (over: Record<string, unknown> = {}) => ({ name: 'Morning calls', starts_on: londonDate(), ends_on: '', repeat_weeks: 1, funder_code_id: '', bank_holidays: 'run', notes: '', slots: [slot()], ...over });

before(async () => {
  t = await createTestApp({ modules });
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  managerId = await userIdOf(t.database.db, 'manager@homecare.test');
  const rows = await t.database.db.execute<{ id: number; first_name: string; branch_id: number }>(sql`select id, first_name, branch_id from clients`);
  for (const row of (rows as unknown as { rows: { id: number; first_name: string; branch_id: number }[] }).rows ?? (rows as unknown as { id: number; first_name: string; branch_id: number }[])) {
    client[row.first_name] = { id: Number(row.id), branch_id: Number(row.branch_id) };
  }
});
after(() => t.close());

async function makeTemplate(who: string, body: Record<string, unknown>) {
  const made = await manager.post(`/api/v1/clients/${client[who]!.id}/visit-templates`, body);
  assert.equal(made.statusCode, 201, made.body);
  return (made.json().data as TemplateSaved).template;
}

const visitsOf = (templateId: number) => t.database.db.select().from(visits).where(eq(visits.template_id, templateId)).orderBy(visits.planned_start);

describe('rota templates', () => {
  it('saves a template with its calls; bad input is a 422 per field', async () => {
    const bad = await manager.post(`/api/v1/clients/${client.Margaret!.id}/visit-templates`, templateBody({ name: '', repeat_weeks: 2, slots: [slot({ week: 3, start_time: '8am' }), slot({ duration_minutes: 17 })] }));
    assert.equal(bad.statusCode, 422);
    const errors = bad.json().errors as Record<string, string[]>;
    assert.deepEqual(Object.keys(errors).sort(), ['name', 'slots.0.start_time', 'slots.0.week', 'slots.1.duration_minutes']);
    assert.match(errors['slots.0.week']![0]!, /beyond the cycle of 2 weeks/);

    const list = (await office.get(`/api/v1/clients/${client.Margaret!.id}/visit-templates`)).json().data as ClientTemplates;
    assert.equal(list.client.name.startsWith('Margaret'), true);
    assert.ok(list.visit_slots.some((choice) => choice.name === 'Morning'));
    const morning = list.visit_slots.find((choice) => choice.name === 'Morning')!.id;

    const template = await makeTemplate('Margaret', templateBody({ slots: [slot({ visit_slot_id: morning, weekday: 2, duration_minutes: 15 }), slot({ weekday: 2, start_time: '12:30' })] }));
    assert.equal(template.slots.length, 2);
    assert.equal(template.hours_per_week, 0.75);
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'visit-templates'), eq(auditLog.record_id, template.id)));
    assert.deepEqual(audited.map((entry) => entry.action), ['create']);

    // Leeds is not the office's branch.
    assert.equal((await office.get(`/api/v1/clients/${client.Jordan!.id}/visit-templates`)).statusCode, 404);
    assert.equal((await office.get(`/api/v1/visit-templates/${template.id}`)).statusCode, 200);
  });

  it('generates idempotently, skips clients not receiving care, and honours a template’s bank-holiday rule', async () => {
    const db = t.database.db;
    // Irene is in hospital, Kwame paused: a template of theirs makes no visit.
    const irene = await makeTemplate('Irene', templateBody({ name: 'Irene daily', starts_on: '2026-12-21', slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday })) }));
    const skip = await makeTemplate('Desmond', templateBody({ name: 'Desmond, skips bank holidays', starts_on: '2026-12-21', bank_holidays: 'skip', slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '09:00' })) }));
    const run = await makeTemplate('Thomas', templateBody({ name: 'Thomas, runs on bank holidays', starts_on: '2026-12-21', slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '10:00', carers_needed: 2 })) }));
    const options = {
      from: '2026-12-21',
      to: '2027-01-03',
      templateIds: [irene.id, skip.id, run.id],
      clientStatus: new Map([
        [client.Irene!.id, 'in-hospital'],
        [client.Desmond!.id, 'active'],
        [client.Thomas!.id, 'active'],
      ]),
      clientNames: new Map([[client.Irene!.id, 'Irene Kowalczyk']]),
      // Christmas Day, the Boxing Day substitute, New Year's Day.
      bankHolidays: new Set(['2026-12-25', '2026-12-28', '2027-01-01']),
      userId: managerId,
    };
    const first = await generate(options);
    assert.equal(first.created, 14 - 3 + 14);
    assert.equal(first.bank_holidays_skipped, 3);
    assert.deepEqual(first.skipped, [{ client_id: client.Irene!.id, client: 'Irene Kowalczyk', reason: 'In hospital' }]);
    assert.equal((await visitsOf(irene.id)).length, 0);
    const desmond = await visitsOf(skip.id);
    assert.ok(!desmond.some((visit) => ['2026-12-25', '2026-12-28', '2027-01-01'].includes(visit.visit_date)));
    const thomas = await visitsOf(run.id);
    assert.ok(thomas.some((visit) => visit.visit_date === '2026-12-25'));
    assert.ok(thomas.every((visit) => visit.carers_needed === 2 && visit.status === 'unassigned'));
    const logs = await db.select().from(visitLogs).where(inArray(visitLogs.visit_id, desmond.map((visit) => visit.id)));
    assert.equal(logs.length, desmond.length);
    assert.ok(logs.every((log) => log.action === 'generated'));

    const again = await generate(options);
    assert.equal(again.created, 0, 'generating twice creates nothing new');
    assert.equal(again.already_there, first.created);
    assert.equal((await visitsOf(skip.id)).length, desmond.length);
  });

  it("a client's templates list counts each one's calls and hours, names its funder and gives its next visit not cancelled", async () => {
    const path = `/api/v1/clients/${client.Thomas!.id}/visit-templates`;
    const choices = (await office.get(path)).json().data as ClientTemplates;
    const funder = choices.funder_codes[0]!;
    const made = await makeTemplate('Thomas', templateBody({ name: 'Thomas, tea calls', starts_on: '2027-01-04', repeat_weeks: 2, funder_code_id: funder.id, slots: [slot({ weekday: 1, start_time: '17:00', duration_minutes: 45 }), slot({ week: 2, weekday: 3, start_time: '17:00' })] }));
    const rowOf = async () => ((await office.get(path)).json().data as ClientTemplates).templates.find((row) => row.id === made.id)!;
    const before = await rowOf();
    assert.equal(before.calls_per_cycle, 2);
    assert.equal(before.hours_per_week, 0.63, '75 minutes over a two-week cycle');
    assert.equal(before.funder_code, funder.name);
    assert.equal(before.next_visit, null, 'no visits generated yet');

    await generate({ from: '2027-01-04', to: '2027-01-20', templateIds: [made.id], clientStatus: new Map([[client.Thomas!.id, 'active']]), bankHolidays: new Set(), userId: managerId });
    const [first, second] = await visitsOf(made.id);
    assert.equal((await rowOf()).next_visit, first!.planned_start.toISOString());
    await t.database.db.update(visits).set({ status: 'cancelled' }).where(eq(visits.id, first!.id));
    assert.equal((await rowOf()).next_visit, second!.planned_start.toISOString(), 'a cancelled visit is not the next one');
  });

  it('keeps UK wall-clock across the clock change and alternates the weeks of a two-week cycle', async () => {
    // From Monday 22 March 2027: week 1 every day at 08:00, week 2 Tuesdays at 09:00 only. Clocks go forward on
    // Sunday 28 March, so its 08:00 call is 07:00Z while Saturday's is 08:00Z.
    const template = await makeTemplate(
      'Gwendolyn',
      templateBody({ name: 'Fortnightly', starts_on: '2027-03-22', repeat_weeks: 2, slots: [...[1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday })), slot({ week: 2, weekday: 2, start_time: '09:00' })] }),
    );
    const report = await generate({ from: '2027-03-22', to: '2027-04-18', templateIds: [template.id], clientStatus: new Map([[client.Gwendolyn!.id, 'active']]), bankHolidays: new Set(), userId: null });
    assert.equal(report.created, 7 + 1 + 7 + 1);
    const made = await visitsOf(template.id);
    const at = (day: string) => made.find((visit) => visit.visit_date === day)!;
    assert.equal(new Date(at('2027-03-27').planned_start).toISOString(), '2027-03-27T08:00:00.000Z');
    assert.equal(new Date(at('2027-03-28').planned_start).toISOString(), '2027-03-28T07:00:00.000Z');
    assert.equal(new Date(at('2027-03-28').planned_end).toISOString(), '2027-03-28T07:30:00.000Z');
    const weekTwo = made.filter((visit) => visit.visit_date >= '2027-03-29' && visit.visit_date <= '2027-04-04');
    assert.deepEqual(weekTwo.map((visit) => visit.visit_date), ['2027-03-30']);
    assert.equal(new Date(weekTwo[0]!.planned_start).toISOString(), '2027-03-30T08:00:00.000Z', '09:00 BST');
    assert.equal(made.filter((visit) => visit.visit_date >= '2027-04-05' && visit.visit_date <= '2027-04-11').length, 7, 'week 1 again');
  });

  it('generates through the API with its report; the preferred carer is put on visits when free', async () => {
    const today = londonDate();
    const carers = (await office.get('/api/v1/carers/rota')).json().data as { id: number; name: string; branch_id: number; status: string }[];
    const compliance = await t.database.db.execute(sql`select carer_id from carer_compliance where rosterable`);
    const rosterable = new Set(((compliance as unknown as { rows: { carer_id: number }[] }).rows).map((row) => Number(row.carer_id)));
    const carer = carers.find((row) => row.status === 'active' && row.branch_id === client.Margaret!.branch_id && rosterable.has(row.id))!;
    const template = await makeTemplate('Margaret', templateBody({ name: 'Lunch', starts_on: today, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '12:00', preferred_carer_ids: [carer.id] })) }));
    assert.deepEqual(template.slots[0]!.preferred_carers, [{ id: carer.id, name: carer.name }]);

    const past = await office.post('/api/v1/scheduler/generate', { from: addDays(today, -1), to: today });
    assert.equal(past.statusCode, 422);
    assert.ok(past.json().errors.from);
    const answer = await office.post('/api/v1/scheduler/generate', { from: addDays(today, 1), to: addDays(today, 7), client_id: client.Margaret!.id });
    assert.equal(answer.statusCode, 200, answer.body);
    const report = answer.json().data as GenerateAnswer;
    assert.ok(report.created >= 7, JSON.stringify(report));
    const lunch = (await visitsOf(template.id)).filter((visit) => visit.visit_date > today);
    assert.equal(lunch.length, 7);
    const onThem = await t.database.db.select().from(visitCarers).where(inArray(visitCarers.visit_id, lunch.map((visit) => visit.id)));
    assert.equal(onThem.length, 7, 'the preferred carer is free at lunch every day');
    assert.ok(onThem.every((row) => row.carer_id === carer.id));
    assert.ok(lunch.every((visit) => visit.status === 'assigned'));
    assert.match(answer.json().message, /generated/);
    const again = (await office.post('/api/v1/scheduler/generate', { from: addDays(today, 1), to: addDays(today, 7), client_id: client.Margaret!.id })).json().data as GenerateAnswer;
    assert.equal(again.created, 0);
    assert.equal(again.already_there, report.created + report.already_there);
  });

  it('issue 29: generation runs the rules: a preferred carer on approved holiday, or without medication competence, is left off and the visit flagged', async () => {
    const today = londonDate();
    const carers = (await office.get('/api/v1/carers/rota')).json().data as { id: number; name: string; branch_id: number; status: string }[];
    const compliance = await t.database.db.execute(sql`select carer_id from carer_compliance where rosterable`);
    const rosterable = new Set(((compliance as unknown as { rows: { carer_id: number }[] }).rows).map((row) => Number(row.carer_id)));
    const [carer, other] = carers.filter((row) => row.status === 'active' && row.branch_id === client.Margaret!.branch_id && rosterable.has(row.id)).slice(2);
    const away = addDays(today, 3);
    changes.away = new Map([[carer!.id, { dates: [away] }]]);
    changes.notMedicationCompetent = new Set([other!.id]);
    try {
      const teatime = await makeTemplate('Margaret', templateBody({ name: 'Tea', starts_on: today, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '16:00', preferred_carer_ids: [carer!.id] })) }));
      const meds = { key: 'meds', label: 'Evening tablets', kind: 'medication' };
      const evening = await makeTemplate('Margaret', templateBody({ name: 'Tablets', starts_on: today, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '21:00', tasks: [meds], preferred_carer_ids: [other!.id] })) }));
      const answer = await office.post('/api/v1/scheduler/generate', { from: addDays(today, 1), to: addDays(today, 7), client_id: client.Margaret!.id });
      assert.equal(answer.statusCode, 200, answer.body);
      const report = answer.json().data as GenerateAnswer;
      assert.equal(report.needs_attention, 1 + 7, JSON.stringify(report));
      assert.match(answer.json().message, /8 need attention/);

      const tea = (await visitsOf(teatime.id)).filter((visit) => visit.visit_date > today);
      const onTea = await t.database.db.select().from(visitCarers).where(inArray(visitCarers.visit_id, tea.map((visit) => visit.id)));
      const held = tea.find((visit) => visit.visit_date === away)!;
      assert.equal(held.status, 'unassigned', 'not put on the holiday');
      assert.ok(!onTea.some((row) => row.visit_id === held.id));
      assert.equal(onTea.length, 6, 'the other six days are theirs');
      const flags = await t.database.db.select().from(visitAttention).where(inArray(visitAttention.visit_id, [...tea, ...(await visitsOf(evening.id))].map((visit) => visit.id)));
      const heldFlag = flags.find((flag) => flag.visit_id === held.id)!;
      assert.equal(heldFlag.kind, 'rule-break-at-generation');
      assert.equal(heldFlag.reason, `Left unassigned when generated: ${carer!.name} is on holiday on ${away} (Annual leave).`);
      assert.equal(flags.filter((flag) => tea.some((visit) => visit.id === flag.visit_id)).length, 1, 'only the holiday');

      const tablets = (await visitsOf(evening.id)).filter((visit) => visit.visit_date > today);
      assert.ok(tablets.every((visit) => visit.status === 'unassigned'));
      const tabletFlags = flags.filter((flag) => tablets.some((visit) => visit.id === flag.visit_id));
      assert.equal(tabletFlags.length, 7);
      assert.ok(tabletFlags.every((flag) => flag.reason === `Left unassigned when generated: This visit includes medication and ${other!.name} has no medication competence assessment.`));
      const [log] = await t.database.db.select().from(visitLogs).where(and(eq(visitLogs.visit_id, held.id), eq(visitLogs.action, 'generated')));
      assert.match(log!.summary, /Left off by the rules: .* is on holiday/);
    } finally {
      delete changes.away;
      delete changes.notMedicationCompetent;
    }
  });

  it('a preferred carer whose right to work ends is put on visits up to its last day, not after', async () => {
    const today = londonDate();
    const carers = (await office.get('/api/v1/carers/rota')).json().data as { id: number; name: string; branch_id: number; status: string }[];
    const compliance = await t.database.db.execute(sql`select carer_id from carer_compliance where rosterable`);
    const rosterable = new Set(((compliance as unknown as { rows: { carer_id: number }[] }).rows).map((row) => Number(row.carer_id)));
    const carer = carers.filter((row) => row.status === 'active' && row.branch_id === client.Margaret!.branch_id && rosterable.has(row.id))[1]!;
    const lastDay = addDays(today, 3);
    const recorded = await manager.post(`/api/v1/carers/${carer.id}/compliance/right-to-work`, { document_type: 'share-code', visa_type: 'skilled-worker', share_code: 'W4X8RT9KP', checked_on: today, expires_on: lastDay });
    assert.equal(recorded.statusCode, 201, recorded.body);
    const template = await makeTemplate('Margaret', templateBody({ name: 'Early', starts_on: today, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '06:00', preferred_carer_ids: [carer.id] })) }));
    const answer = await office.post('/api/v1/scheduler/generate', { from: addDays(today, 1), to: addDays(today, 7), client_id: client.Margaret!.id });
    assert.equal(answer.statusCode, 200, answer.body);
    const early = (await visitsOf(template.id)).filter((visit) => visit.visit_date > today);
    assert.equal(early.length, 7);
    const onThem = await t.database.db.select().from(visitCarers).where(inArray(visitCarers.visit_id, early.map((visit) => visit.id)));
    assert.deepEqual(early.filter((visit) => onThem.some((row) => row.visit_id === visit.id && row.carer_id === carer.id)).map((visit) => visit.visit_date), [1, 2, 3].map((days) => addDays(today, days)));
  });

  it('an edit changes future unlocked visits only, and says how many changed, were kept and skipped', async () => {
    const db = t.database.db;
    const today = londonDate();
    const starts = addDays(today, -14);
    const template = await makeTemplate('Albert', templateBody({ name: 'Albert evenings', starts_on: starts, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => slot({ weekday, start_time: '18:00' })) }));
    await generate({ from: starts, to: addDays(today, 13), templateIds: [template.id], clientStatus: new Map([[client.Albert!.id, 'active']]), bankHolidays: new Set(), userId: null });
    const all = await visitsOf(template.id);
    const now = Date.now();
    const future = all.filter((visit) => new Date(visit.planned_start).getTime() > now);
    const pastOnes = all.filter((visit) => new Date(visit.planned_start).getTime() <= now);
    assert.ok(future.length >= 13 && pastOnes.length >= 14);
    // One moved by hand (locked), one already started.
    await db.update(visits).set({ locked: true, notes: 'Moved by hand' }).where(eq(visits.id, future[2]!.id));
    await db.update(visits).set({ status: 'in-progress' }).where(eq(visits.id, future[3]!.id));

    const detail = (await manager.get(`/api/v1/visit-templates/${template.id}`)).json().data as TemplateSaved['template'];
    // Evening moves to 18:30; Sunday's call goes.
    const edited = { ...templateBody({ name: 'Albert evenings', starts_on: starts }), slots: detail.slots.filter((row) => row.weekday !== 7).map((row) => ({ ...slot({ weekday: row.weekday, start_time: '18:30' }), id: row.id })) };
    const sundays = future.filter((visit, index) => isoWeekday(visit.visit_date) === 7 && index !== 2 && index !== 3).length;
    const expectedChanged = future.length - 2 - sundays;

    const preview = await manager.post(`/api/v1/visit-templates/${template.id}/preview-change`, edited);
    assert.equal(preview.statusCode, 200, preview.body);
    const previewed = (preview.json().data as TemplatePreview).visits;
    assert.deepEqual(previewed, { changed: expectedChanged, removed: sundays, created: 0, kept: 1, skipped: 1, unchanged: 0 });
    assert.equal((await visitsOf(template.id)).length, all.length, 'a preview changes nothing');

    const stale = await manager.put(`/api/v1/visit-templates/${template.id}`, { ...edited, version: detail.version + 5 });
    assert.equal(stale.statusCode, 409);
    assert.match(stale.json().message, /Someone else saved this template/);
    assert.deepEqual(stale.json().data.changed, ['calls']);

    const saved = await manager.put(`/api/v1/visit-templates/${template.id}`, { ...edited, version: detail.version });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((saved.json().data as TemplateSaved).visits, previewed);
    assert.match(saved.json().message, new RegExp(`${expectedChanged} future visits were changed`));

    const afterEdit = await visitsOf(template.id);
    const byId = new Map(afterEdit.map((visit) => [visit.id, visit]));
    for (const visit of pastOnes) assert.equal(new Date(byId.get(visit.id)!.planned_start).getTime(), new Date(visit.planned_start).getTime(), 'past visits never change');
    assert.equal(new Date(byId.get(future[2]!.id)!.planned_start).getTime(), new Date(future[2]!.planned_start).getTime(), 'the locked one is kept');
    assert.equal(byId.get(future[3]!.id)!.status, 'in-progress');
    const changed = afterEdit.filter((visit) => new Date(visit.planned_start).getTime() > now && !visit.locked && visit.status !== 'in-progress');
    assert.ok(changed.length > 0);
    assert.ok(changed.every((visit) => londonTime(new Date(visit.planned_start)) === '18:30'));
    assert.ok(changed.every((visit) => isoWeekday(visit.visit_date) !== 7));
    const editedLogs = await db.select().from(visitLogs).where(and(inArray(visitLogs.visit_id, changed.map((visit) => visit.id)), eq(visitLogs.action, 'edited')));
    assert.equal(editedLogs.length, expectedChanged);
    assert.equal((await db.select().from(templateSlots).where(eq(templateSlots.template_id, template.id))).length, 6);

    // Ending it removes the future visits not started and not locked.
    const ended = await manager.delete(`/api/v1/visit-templates/${template.id}`);
    assert.equal(ended.statusCode, 200, ended.body);
    assert.equal(ended.json().data.removed, expectedChanged);
    assert.equal(ended.json().data.kept, 1);
    const [row] = await db.select().from(visitTemplates).where(eq(visitTemplates.id, template.id));
    assert.equal(row!.active, false);
    assert.equal((await manager.delete(`/api/v1/visit-templates/${template.id}`)).statusCode, 409);
  });
});

describe('client slots', () => {
  it('saves the client’s windows; 422 per field, 409 when stale; a template outside a window warns', async () => {
    const path = `/api/v1/clients/${client.Siobhan!.id}/slots`;
    const loaded = (await manager.get(path)).json().data as ClientSlotsAnswer;
    const lunch = loaded.visit_slots.find((choice) => choice.name === 'Lunch')!.id;
    const bad = await manager.put(path, { stamp: loaded.stamp, slots: [{ visit_slot_id: lunch, preferred_start: '12:00', earliest_start: '12:30', latest_start: '13:00', time_critical: true, time_critical_reason: '' }] });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys(bad.json().errors).sort(), ['slots.0.earliest_start', 'slots.0.time_critical_reason']);

    const good = await manager.put(path, { stamp: loaded.stamp, slots: [{ visit_slot_id: lunch, preferred_start: '12:00', earliest_start: '11:30', latest_start: '12:30', time_critical: true, time_critical_reason: 'Time-critical medication (Parkinson’s)' }] });
    assert.equal(good.statusCode, 200, good.body);
    const saved = good.json().data as ClientSlotsAnswer;
    assert.equal(saved.slots[0]!.visit_slot, 'Lunch');
    const stale = await manager.put(path, { stamp: loaded.stamp, slots: [] });
    assert.equal(stale.statusCode, 409);
    assert.match(stale.json().message, /Lunch 11:30–12:30/);

    const made = await manager.post(`/api/v1/clients/${client.Siobhan!.id}/visit-templates`, templateBody({ slots: [slot({ visit_slot_id: lunch, start_time: '13:15', duration_minutes: 120 }), slot({ visit_slot_id: lunch, weekday: 2, start_time: '12:15', duration_minutes: 120 })] }));
    assert.equal(made.statusCode, 201, made.body);
    const warnings = (made.json().data as TemplateSaved).warnings;
    assert.deepEqual(warnings.map((warning) => warning.kind), ['outside-window', 'time-critical']);
    assert.match(warnings[0]!.message, /outside the client’s lunch window \(11:30–12:30\)/);
  });
});
