import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { auditActorOf, ok, parseId, parsePaging, queryParam, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Transaction, type Viewer } from '@hcm/server/platform';
import { publishLeaveDecision } from './events.js';
import {
  ApproveHolidaySchema,
  CancelHolidaySchema,
  daysFromTo,
  DutyPatternSchema,
  HOLIDAY_STATUSES,
  HolidayRequestSchema,
  MAX_AVAILABILITY_DAYS,
  RefuseHolidaySchema,
  TemporaryChangeSchema,
  WorkedHoursSchema,
  type HolidayOwner,
} from '../../contract/time-off.js';
import { visibleCarerIds, visibleEmployeeIds } from '../people/visibility.js';
import { addChange, availabilityDays, deleteChange, dutyPatternOf, findChange, refreshAvailabilityDays, savePattern, temporaryChanges, updateChange } from './availability.js';
import { availabilityRequestRoutes } from './availability-requests.js';
import { calendarMonth } from './calendar.js';
import { carerAppTimeOffRoutes } from './device-routes.js';
import {
  addWorkedHours,
  balanceOf,
  decideHoliday,
  deleteWorkedHours,
  findPerson,
  HolidayRuleError,
  holidayDetail,
  holidayReasonChoices,
  listHolidays,
  requestHoliday,
  workedHours,
  type Decision,
  type Person,
} from './holidays.js';
import { carerTemporaryChanges, carerWorkedHours, staffHolidays } from './tables.js';

// The API of availability and holidays (issue 14):
//   GET  /carers/availability?from=&to=&ids=&branch_id=     the rota's read model (carers.view or scheduler.view)
//   GET  /carers/:id/availability                          duty days and temporary changes (carers.view)
//   PUT  /carers/:id/availability                          the duty-day pattern (carers.edit)
//   POST /carers/:id/availability/temporary                a temporary change; PUT, DELETE …/temporary/:changeId
//   GET|POST /{carers|employees}/:id/holidays              list, request (…view / …edit)
//   GET  /{carers|employees}/:id/holidays/balance?on=      the leave year's balance
//   GET  /{carers|employees}/:id/holidays/:holidayId       one holiday with its days and warnings
//   POST …/holidays/:holidayId/approve | refuse            holidays.approve (never one's own)
//   POST …/holidays/:holidayId/cancel                      …edit
//   GET|POST /carers/:id/worked-hours, DELETE …/:entryId   hours worked per pay period (irregular-hours accrual)
//   GET  /holiday-reasons/choices                          the active reasons (carers.view or employees.view)
//   GET  /holidays/calendar?month=&who=&branch_id=         the calendars' month
// Every write is audited; views of holidays (which may tell of sickness) are audited as views of the person.

const PERMS = {
  carers: { view: 'carers.view', edit: 'carers.edit' },
  employees: { view: 'employees.view', edit: 'employees.edit' },
} as const;
const NOT_FOUND = { carers: 'No such carer.', employees: 'No such office employee.' } as const;

async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

async function answerRuleError(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  if (!(error instanceof HolidayRuleError)) throw error;
  if (error.status === 422) return sendInvalid(reply, { [error.field]: [error.message] });
  return sendError(reply, error.status, error.message, { [error.field]: [error.message] });
}

const param = (request: FastifyRequest, name: string) => parseId(String((request.params as Record<string, string>)[name] ?? ''));

export async function timeOffRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  // The carers' phones' time off and the office's review of what they tell it (issue 31).
  await carerAppTimeOffRoutes(app, context);
  await availabilityRequestRoutes(app, context);

  app.auditScopes.declare(
    { resource: 'carer-duty-days', label: 'Duty days', scope: recordIdIn((branchIds) => visibleCarerIds(branchIds)) },
    { resource: 'carer-temporary-days', label: 'Temporary changes to duty days', scope: recordIdIn((branchIds) => sql`select ${carerTemporaryChanges.id} from ${carerTemporaryChanges} where ${carerTemporaryChanges.carer_id} in (${visibleCarerIds(branchIds)})`) },
    {
      resource: 'staff-holidays',
      label: 'Holidays',
      scope: recordIdIn(
        (branchIds) =>
          sql`select ${staffHolidays.id} from ${staffHolidays} where ${staffHolidays.carer_id} in (${visibleCarerIds(branchIds)}) or ${staffHolidays.employee_id} in (${visibleEmployeeIds(branchIds)})`,
      ),
    },
    { resource: 'carer-worked-hours', label: 'Hours worked (holiday accrual)', scope: recordIdIn((branchIds) => sql`select ${carerWorkedHours.id} from ${carerWorkedHours} where ${carerWorkedHours.carer_id} in (${visibleCarerIds(branchIds)})`) },
  );

  /** The signed-in user and the person of `:id` when theirs to see (else 404 sent, null). */
  async function target(request: FastifyRequest, reply: FastifyReply, owner: HolidayOwner): Promise<{ viewer: Viewer; person: Person } | null> {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const id = param(request, 'id');
    const person = id === null ? null : await findPerson(db, viewer.scope, owner, id);
    if (!person) {
      await sendError(reply, 404, NOT_FOUND[owner]);
      return null;
    }
    return { viewer, person };
  }

  const audit = (request: FastifyRequest, resource: string, recordId: number, action: 'create' | 'update' | 'delete' | 'view', before: unknown, after: unknown) =>
    recordAudit(db, { actor: auditActorOf(request), resource, recordId, action, before, after });

  // ---------------------------------------------------------------- availability

  /** A change to a carer's days, with the availability read model written again in its transaction. */
  const withAvailability = <T>(carerId: number, change: (tx: Transaction) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await change(tx);
      await refreshAvailabilityDays(tx, londonDate(), [carerId]);
      return result;
    });

  app.get('/carers/availability', { config: { anyPermission: ['carers.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const query = request.query;
    const today = londonDate();
    const from = queryParam(query, 'from') || today;
    const to = queryParam(query, 'to') || from;
    const errors: Record<string, string[]> = {};
    if (!isCalendarDate(from)) errors.from = ['From must be a date like 2026-12-01.'];
    if (!isCalendarDate(to)) errors.to = ['To must be a date like 2026-12-07.'];
    else if (isCalendarDate(from) && daysFromTo(from, to) < 0) errors.to = ['To must be on or after from.'];
    else if (isCalendarDate(from) && daysFromTo(from, to) >= MAX_AVAILABILITY_DAYS) errors.to = [`Ask for at most ${MAX_AVAILABILITY_DAYS} days at once.`];
    const rawIds = queryParam(query, 'ids');
    const ids = rawIds ? rawIds.split(',').map((id) => parseId(id.trim())) : [];
    if (ids.some((id) => id === null) || ids.length > 500) errors.ids = ['Ids must be carer ids separated by commas (at most 500).'];
    const rawBranch = queryParam(query, 'branch_id');
    const branchId = rawBranch ? parseId(rawBranch) : null;
    if (rawBranch && branchId === null) errors.branch_id = ['Choose a branch.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    return ok(await availabilityDays(db, viewer.scope, { from, to, ids: ids as number[], branchId }));
  });

  app.get('/carers/:id/availability', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const { person } = found;
    return ok({
      carer: { id: person.id, name: person.name, contract_type: person.contract_type, contracted_hours: person.contracted_hours, irregular_hours: person.irregular_hours },
      pattern: await dutyPatternOf(db, person.id),
      temporary: await temporaryChanges(db, person.id),
    });
  });

  app.put('/carers/:id/availability', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const values = await parsed(reply, DutyPatternSchema, request.body);
    if (!values) return reply;
    const { before, after } = await withAvailability(found.person.id, (tx) => savePattern(tx, found.person.id, values, found.viewer.user.userID));
    await audit(request, 'carer-duty-days', found.person.id, before ? 'update' : 'create', before, { fortnightly: after.fortnightly, week_a_starts_on: after.week_a_starts_on, days: after.days });
    return ok(after, 'Duty days saved.');
  });

  app.post('/carers/:id/availability/temporary', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const values = await parsed(reply, TemporaryChangeSchema, request.body);
    if (!values) return reply;
    const change = await withAvailability(found.person.id, (tx) => addChange(tx, found.person.id, values, found.viewer.user.userID));
    await audit(request, 'carer-temporary-days', change.id, 'create', null, change);
    return reply.code(201).send(ok(change, 'Temporary change saved.'));
  });

  app.put('/carers/:id/availability/temporary/:changeId', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const id = param(request, 'changeId');
    const before = id === null ? null : await findChange(db, found.person.id, id);
    if (!before || id === null) return sendError(reply, 404, 'No such temporary change.');
    const values = await parsed(reply, TemporaryChangeSchema, request.body);
    if (!values) return reply;
    const after = await withAvailability(found.person.id, (tx) => updateChange(tx, found.person.id, id, values));
    if (!after) return sendError(reply, 404, 'No such temporary change.');
    await audit(request, 'carer-temporary-days', id, 'update', before, after);
    return ok(after, 'Temporary change saved.');
  });

  app.delete('/carers/:id/availability/temporary/:changeId', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const id = param(request, 'changeId');
    const before = id === null ? null : await findChange(db, found.person.id, id);
    if (!before || id === null || !(await withAvailability(found.person.id, (tx) => deleteChange(tx, found.person.id, id)))) return sendError(reply, 404, 'No such temporary change.');
    await audit(request, 'carer-temporary-days', id, 'delete', before, null);
    return ok(null, 'Temporary change removed.');
  });

  // ---------------------------------------------------------------- holidays, for carers and office employees alike

  for (const owner of ['carers', 'employees'] as const) {
    const { view, edit } = PERMS[owner];
    const base = `/${owner}/:id/holidays`;

    const recordView = (request: FastifyRequest, person: Person, detail: Record<string, unknown>) =>
      audit(request, owner, person.id, 'view', null, { view: 'holidays', ...detail });

    app.get(base, { config: { permission: view } }, async (request, reply) => {
      const found = await target(request, reply, owner);
      if (!found) return reply;
      const status = queryParam(request.query, 'status');
      if (status && !HOLIDAY_STATUSES.some((choice) => choice.value === status)) return sendInvalid(reply, { status: ['Choose a status from the list.'] });
      const page = await listHolidays(db, found.person, { status: status || undefined }, parsePaging(request.query));
      await recordView(request, found.person, { part: 'list' });
      return ok(page);
    });

    app.get(`${base}/balance`, { config: { permission: view } }, async (request, reply) => {
      const found = await target(request, reply, owner);
      if (!found) return reply;
      const on = queryParam(request.query, 'on') || londonDate();
      if (!isCalendarDate(on)) return sendInvalid(reply, { on: ['Choose a date like 2026-12-01.'] });
      return ok(await balanceOf(db, found.person, on));
    });

    app.get(`${base}/:holidayId`, { config: { permission: view } }, async (request, reply) => {
      const found = await target(request, reply, owner);
      if (!found) return reply;
      const id = param(request, 'holidayId');
      const detail = id === null ? null : await holidayDetail(db, found.person, id, found.viewer.user.userID);
      if (!detail) return sendError(reply, 404, 'No such holiday.');
      await recordView(request, found.person, { holiday: detail.id });
      return ok(detail);
    });

    app.post(base, { config: { permission: edit } }, async (request, reply) => {
      const found = await target(request, reply, owner);
      if (!found) return reply;
      const values = await parsed(reply, HolidayRequestSchema, request.body);
      if (!values) return reply;
      try {
        // Beyond the entitlement only with a manager's reason (holidays.approve); the reason is kept and audited.
        const override = { reason: values.override_reason, mayOverride: can(found.viewer.user, 'holidays.approve') };
        const { holiday, warnings } = await requestHoliday(db, found.person, values, found.viewer.user.userID, override);
        await audit(request, 'staff-holidays', holiday.id, 'create', null, holiday);
        const detail = { ...holiday, warnings, own: false };
        return reply.code(201).send(ok({ holiday: detail, warnings }, warnings.length ? 'Holiday requested, with warnings to check.' : 'Holiday requested.'));
      } catch (error) {
        return answerRuleError(reply, error);
      }
    });

    const decisionRoute = (
      action: Decision['action'],
      permission: 'holidays.approve' | typeof edit,
      schema: v.GenericSchema,
      toDecision: (values: Record<string, string>, viewer: Viewer) => Decision,
      message: string,
    ) =>
      app.post(`${base}/:holidayId/${action}`, { config: { permission } }, async (request, reply) => {
        const found = await target(request, reply, owner);
        if (!found) return reply;
        const id = param(request, 'holidayId');
        if (id === null) return sendError(reply, 404, 'No such holiday.');
        const values = (await parsed(reply, schema, request.body)) as Record<string, string> | null;
        if (!values) return reply;
        try {
          // The decision and what it tells other areas (the scheduler takes a carer on leave off their visits)
          // commit together.
          const userId = found.viewer.user.userID;
          const decided = await db.transaction(async (tx) => {
            const result = await decideHoliday(tx, found.person, id, toDecision(values, found.viewer), userId);
            if (result) await publishLeaveDecision(tx, result.before, result.after, userId);
            if (result && owner === 'carers') await refreshAvailabilityDays(tx, londonDate(), [found.person.id]);
            return result;
          });
          if (!decided) return sendError(reply, 404, 'No such holiday.');
          await audit(request, 'staff-holidays', id, 'update', decided.before, decided.after);
          const detail = await holidayDetail(db, found.person, id, found.viewer.user.userID);
          return ok({ holiday: detail, warnings: detail?.warnings ?? [] }, message);
        } catch (error) {
          return answerRuleError(reply, error);
        }
      });
    decisionRoute(
      'approve',
      'holidays.approve',
      ApproveHolidaySchema,
      (values, viewer) => ({ action: 'approve', note: values.note ?? '', override: { reason: values.override_reason ?? '', mayOverride: can(viewer.user, 'holidays.approve') } }),
      'Holiday approved.',
    );
    decisionRoute('refuse', 'holidays.approve', RefuseHolidaySchema, (values) => ({ action: 'refuse', reason: values.reason ?? '' }), 'Holiday refused.');
    decisionRoute('cancel', edit, CancelHolidaySchema, (values) => ({ action: 'cancel', reason: values.reason ?? '' }), 'Holiday cancelled.');
  }

  // ---------------------------------------------------------------- hours worked (irregular hours)

  app.get('/carers/:id/worked-hours', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    return ok(await workedHours(db, found.person.id));
  });

  app.post('/carers/:id/worked-hours', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const values = await parsed(reply, WorkedHoursSchema, request.body);
    if (!values) return reply;
    try {
      const row = await addWorkedHours(db, found.person.id, values, found.viewer.user.userID);
      await audit(request, 'carer-worked-hours', row.id, 'create', null, row);
      return reply.code(201).send(ok((await workedHours(db, found.person.id)).find((entry) => entry.id === row.id), 'Hours worked saved.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.delete('/carers/:id/worked-hours/:entryId', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const found = await target(request, reply, 'carers');
    if (!found) return reply;
    const id = param(request, 'entryId');
    const removed = id === null ? null : await deleteWorkedHours(db, found.person.id, id);
    if (!removed) return sendError(reply, 404, 'No such entry.');
    await audit(request, 'carer-worked-hours', removed.id, 'delete', removed, null);
    return ok(null, 'Hours worked removed.');
  });

  // ---------------------------------------------------------------- reasons and the calendars

  app.get('/holiday-reasons/choices', { config: { anyPermission: ['carers.view', 'employees.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'employees.view')) return sendError(reply, 403, 'This action is unauthorized.');
    return ok(await holidayReasonChoices(db));
  });

  app.get('/holidays/calendar', { config: { anyPermission: ['carers.view', 'employees.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const month = queryParam(query, 'month') || londonDate().slice(0, 7);
    const who = queryParam(query, 'who') || 'all';
    const rawBranch = queryParam(query, 'branch_id');
    const branchId = rawBranch ? parseId(rawBranch) : null;
    const errors: Record<string, string[]> = {};
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < '1900-01' || month > '9999-11') errors.month = ['Choose a month like 2026-12.'];
    if (!['carers', 'employees', 'all'].includes(who)) errors.who = ['Choose carers, employees or all.'];
    if (rawBranch && branchId === null) errors.branch_id = ['Choose a branch.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const owners = (['carers', 'employees'] as const).filter((owner) => (who === 'all' || who === owner) && can(viewer.user, PERMS[owner].view));
    if (!owners.length) return sendError(reply, 403, 'This action is unauthorized.');
    return ok(await calendarMonth(db, viewer.scope, month, owners, branchId));
  });
}
