import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { AreaCallError, auditActorOf, ok, parseId, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Transaction, type Viewer } from '@hcm/server/platform';
import {
  ClientSlotsSchema,
  GenerateSchema,
  TemplateSchema,
  templateWarnings,
  type ClientSlotsAnswer,
  type ClientTemplates,
  type GenerateAnswer,
  type TemplateDetail,
  type TemplateEnded,
  type TemplatePreview,
  type TemplateSaved,
  type TemplateValues,
  type TemplateVisitChanges,
} from '../../contract/templates.js';
import { VersionSchema } from '../../contract/visits.js';
import { apiSources, type ApiSchedulingSources, type ClientBasics } from '../sources/api-sources.js';
import { visitTemplates } from '../tables.js';
import { announceVisitsChanged } from '../visits/push.js';
import { daysFromTo } from './days.js';
import { generateVisits, generationFacts } from './generate.js';
import { clientsRead, funderCodesRead } from '../read-models.js';
import { bankHolidaysBetween, generateMaxDays, visitSlotChoices } from './read-models.js';
import { clientSlotsOf, createTemplate, endTemplate, findTemplate, foreignSlotIds, furthestDay, listTemplates, saveClientSlots, templateDetail, unknownVisitSlots, updateTemplate } from './service.js';

// The API of rota templates, client slots and generating visits (issue 15):
//   GET    /clients/:clientId/visit-templates        the client's templates and what the form offers (scheduler.view)
//   POST   /clients/:clientId/visit-templates        a new template (scheduler.edit)
//   GET    /visit-templates/:id                      one template with its calls (scheduler.view)
//   PUT    /visit-templates/:id {…, version}         saves it; future unlocked visits follow; 409 when stale (scheduler.edit)
//   POST   /visit-templates/:id/preview-change       what that PUT would do to the visits, without saving (scheduler.edit)
//   DELETE /visit-templates/:id                      ends it; its future visits not started are removed (scheduler.edit)
//   GET    /clients/:clientId/slots                  the client's commissioned windows (scheduler.view)
//   PUT    /clients/:clientId/slots {slots, stamp}   replaces them; 409 when stale (scheduler.edit)
//   POST   /scheduler/generate {from, to, branch_id?, client_id?}   visits from the templates (scheduler.edit)
// Clients and carers are read through care-records' and workforce's APIs as the signed-in user. Every write is
// audited (visit-templates, scheduler-client-slots).

type Sources = ApiSchedulingSources;

const inScope = (viewer: Viewer, branchId: number) => viewer.scope === 'all' || viewer.scope.includes(branchId);

function parsed<S extends v.GenericSchema>(schema: S, body: unknown): { values: v.InferOutput<S> } | { errors: Record<string, string[]> } {
  const result = v.safeParse(schema, body ?? {});
  return result.success ? { values: result.output } : { errors: fieldErrorsOf(result.issues) };
}

const emptyChanges = (): TemplateVisitChanges => ({ changed: 0, removed: 0, created: 0, kept: 0, skipped: 0, unchanged: 0 });

export type TemplateRouteOptions = {
  /** The other areas' reads for a request (their HTTP APIs by default; tests make them plain). */
  sourcesFor?: (app: FastifyInstance, request: FastifyRequest) => Sources;
};

export async function templateRoutes(app: FastifyInstance, context: AreaServerContext, options: TemplateRouteOptions = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.auditScopes.declare(
    {
      resource: 'visit-templates',
      label: 'Rota templates',
      scope: recordIdIn((branchIds) => sql`select ${visitTemplates.id} from ${visitTemplates} where ${inArray(visitTemplates.branch_id, [...branchIds, 0])}`),
    },
    {
      resource: 'scheduler-client-slots',
      label: 'Client slots (commissioned times)',
      // The record id is the client's: their branch is care-records' (read by table name).
      scope: recordIdIn((branchIds) => sql`select ${clientsRead.id} from ${clientsRead} where ${inArray(clientsRead.branch_id, [...branchIds, 0])}`),
    },
  );

  const audit = (executor: Database | Transaction, request: FastifyRequest, resource: string, recordId: number, action: 'create' | 'update' | 'delete', before: unknown, after: unknown) =>
    recordAudit(executor, { actor: auditActorOf(request), resource, recordId, action, before, after });

  const announce = (request: FastifyRequest, byBranch: Map<number, number[]>, userId: number) => {
    for (const [branchId, ids] of byBranch) void announceVisitsChanged(context, db, branchId, ids, userId, (error) => request.log.warn({ err: error }, 'visits push failed'));
  };

  /** The client of :clientId as `read` gives it (their basics, their rota profile), or a 404 when there is none in the viewer's branches. */
  async function clientOf<Client extends { branch_id: number }>(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, read: (ids: number[]) => Promise<Client[]>): Promise<Client | null> {
    const id = parseId(String((request.params as Record<string, string>).clientId ?? ''));
    const [client] = id === null ? [] : await read([id]);
    if (!client || !inScope(viewer, client.branch_id)) {
      await sendError(reply, 404, 'No such client.');
      return null;
    }
    return client;
  }

  async function templateOf(request: FastifyRequest, reply: FastifyReply, viewer: Viewer) {
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const template = id === null ? null : await findTemplate(db, id);
    if (!template || !inScope(viewer, template.branch_id)) {
      await sendError(reply, 404, 'No such template.');
      return null;
    }
    return template;
  }

  async function carerNames(sources: Sources, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const carers = await sources.carers({ ids: [...new Set(ids)] });
    return new Map(carers.map((carer) => [carer.id, carer.name]));
  }

  /** Per-field errors of what the schema cannot know: visit slots, funder code and preferred carers exist. */
  async function referenceErrors(values: TemplateValues, client: ClientBasics, sources: Sources): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    const unknownSlots = new Set(await unknownVisitSlots(db, values.slots.map((slot) => slot.visit_slot_id).filter((id): id is number => id !== null)));
    if (values.funder_code_id !== null) {
      const [funder] = await db.select({ id: funderCodesRead.id }).from(funderCodesRead).where(and(eq(funderCodesRead.id, values.funder_code_id), isNull(funderCodesRead.deleted_at)));
      if (!funder) errors.funder_code_id = ['Choose a funder code from the list.'];
    }
    const named = [...new Set(values.slots.flatMap((slot) => slot.preferred_carer_ids))];
    const carers = named.length ? await sources.carers({ ids: named }) : [];
    const usable = new Map(carers.map((carer) => [carer.id, carer]));
    values.slots.forEach((slot, index) => {
      if (slot.visit_slot_id !== null && unknownSlots.has(slot.visit_slot_id)) errors[`slots.${index}.visit_slot_id`] = ['Choose a visit slot from the list.'];
      const wrong = slot.preferred_carer_ids.filter((id) => {
        const carer = usable.get(id);
        return !carer || carer.branch_id !== client.branch_id || carer.status !== 'active';
      });
      if (wrong.length) errors[`slots.${index}.preferred_carer_ids`] = [`Preferred carers are active carers of the client’s branch (not: ${wrong.map((id) => usable.get(id)?.name ?? `carer ${id}`).join(', ')}).`];
    });
    return errors;
  }

  async function detailOf(template: NonNullable<Awaited<ReturnType<typeof findTemplate>>>, sources: Sources): Promise<TemplateDetail> {
    return templateDetail(db, template, (ids) => carerNames(sources, ids));
  }

  const withSources = (handler: (request: FastifyRequest, reply: FastifyReply, viewer: Viewer, sources: Sources) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    try {
      return await handler(request, reply, viewer, (options.sourcesFor ?? apiSources)(app, request));
    } catch (error) {
      if (error instanceof AreaCallError) {
        request.log.error({ err: error }, 'a scheduling source failed');
        return sendError(reply, 502, 'Clients or carers could not be read just now. Try again.');
      }
      throw error;
    }
  };

  // ---------------------------------------------------------------------------------------------- templates

  app.get(
    '/clients/:clientId/visit-templates',
    { config: { permission: 'scheduler.view' } },
    withSources(async (request, reply, viewer, sources) => {
      // One call to care-records: the client's rota profile (its care plan's tasks, so audited there) also says who
      // and where they are (issue 29: asking for their basics first made two calls of every view).
      const client = await clientOf(request, reply, viewer, (ids) => sources.clients({ ids }));
      if (!client) return reply;
      const [funders, templates, visitSlots, clientSlots] = await Promise.all([
        db.select().from(funderCodesRead).where(and(eq(funderCodesRead.active, true), isNull(funderCodesRead.deleted_at))).orderBy(funderCodesRead.code),
        listTemplates(db, client.id),
        visitSlotChoices(db),
        clientSlotsOf(db, client.id),
      ]);
      const answer: ClientTemplates = {
        client: { id: client.id, name: client.name, branch_id: client.branch_id, status: client.status },
        templates,
        visit_slots: visitSlots,
        funder_codes: funders.map((row) => ({ id: row.id, name: `${row.code} – ${row.name}` })),
        client_slots: clientSlots.slots,
        care_plan_tasks: client.care_plan_tasks,
      };
      return ok(answer);
    }),
  );

  app.post(
    '/clients/:clientId/visit-templates',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer, sources) => {
      const client = await clientOf(request, reply, viewer, (ids) => sources.clientBasics({ ids }));
      if (!client) return reply;
      const result = parsed(TemplateSchema, request.body);
      if ('errors' in result) return sendInvalid(reply, result.errors);
      const values = { ...result.values, slots: result.values.slots.map((slot) => ({ ...slot, id: null })) };
      const errors = await referenceErrors(values, client, sources);
      if (Object.keys(errors).length) return sendInvalid(reply, errors);
      if (['ended', 'deceased'].includes(client.status)) return sendError(reply, 409, `${client.name}’s care has ${client.status === 'ended' ? 'ended' : 'ended (deceased)'}: no new template.`);
      const template = await db.transaction(async (tx) => {
        const made = await createTemplate(tx, client, values, viewer.user.userID);
        await audit(tx, request, 'visit-templates', made.id, 'create', null, { client_id: client.id, ...values });
        return made;
      });
      const answer: TemplateSaved = {
        template: await detailOf(template, sources),
        warnings: templateWarnings(values, (await clientSlotsOf(db, client.id)).slots),
        visits: emptyChanges(),
      };
      return reply.code(201).send(ok(answer, 'Template saved. Generate its visits when ready.'));
    }),
  );

  app.get(
    '/visit-templates/:id',
    { config: { permission: 'scheduler.view' } },
    withSources(async (request, reply, viewer, sources) => {
      const template = await templateOf(request, reply, viewer);
      if (!template) return reply;
      return ok(await detailOf(template, sources));
    }),
  );

  /** The shared part of PUT and preview-change: the template, the client, the values and the context. */
  async function changeOf(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, sources: Sources, needVersion: boolean) {
    const template = await templateOf(request, reply, viewer);
    if (!template) return null;
    const { version: rawVersion, ...body } = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const result = parsed(TemplateSchema, body);
    const errors = 'errors' in result ? result.errors : {};
    const version = v.safeParse(VersionSchema, rawVersion);
    if (needVersion && !version.success) errors.version = ['Send the template’s version.'];
    if ('errors' in result || Object.keys(errors).length) {
      await sendInvalid(reply, errors);
      return null;
    }
    const [client] = await sources.clientBasics({ ids: [template.client_id] });
    if (!client) {
      await sendError(reply, 404, 'No such client.');
      return null;
    }
    const foreign = await foreignSlotIds(db, template.id, result.values);
    const refErrors = await referenceErrors(result.values, client, sources);
    result.values.slots.forEach((slot, index) => {
      if (slot.id !== null && foreign.includes(slot.id)) refErrors[`slots.${index}.id`] = ['This call is not one of this template’s.'];
    });
    if (Object.keys(refErrors).length) {
      await sendInvalid(reply, refErrors);
      return null;
    }
    if (!template.active) {
      await sendError(reply, 409, 'This template has ended: add a new one instead.');
      return null;
    }
    if (needVersion && version.success && version.output !== template.version) {
      const current = await detailOf(template, sources);
      const changed: string[] = [];
      if (current.name !== result.values.name) changed.push('name');
      if (current.starts_on !== result.values.starts_on || current.ends_on !== result.values.ends_on) changed.push('dates');
      if (current.repeat_weeks !== result.values.repeat_weeks) changed.push('repeat');
      if (current.slots.length !== result.values.slots.length || current.slots.some((slot) => !result.values.slots.some((sent) => sent.id === slot.id && sent.start_time === slot.start_time && sent.weekday === slot.weekday && sent.week === slot.week && sent.duration_minutes === slot.duration_minutes))) changed.push('calls');
      await reply.code(409).send({
        data: { current, changed },
        error: true,
        message: `Someone else saved this template since you opened it (version ${template.version}, yours ${version.output})${changed.length ? `: their ${changed.join(', ')} differ from yours` : ''}. Reload it and make your change again.`,
        errors: null,
      });
      return null;
    }
    const context = {
      userId: viewer.user.userID,
      clientStatus: new Map([[client.id, client.status]]),
      clientNames: new Map([[client.id, client.name]]),
      // The rules' facts for the new calls' visits (up to the furthest day generated), asked before the transaction.
      facts: await generationFacts(db, sources, {
        from: londonDate(),
        to: (await furthestDay(db, template.id)) ?? londonDate(),
        templateIds: [template.id],
        clientIds: [client.id],
        branchIds: [template.branch_id],
        carerIds: result.values.slots.flatMap((slot) => slot.preferred_carer_ids),
      }),
    };
    return { template, client, values: result.values, context };
  }

  app.put(
    '/visit-templates/:id',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer, sources) => {
      const change = await changeOf(request, reply, viewer, sources, true);
      if (!change) return reply;
      const { template, client, values } = change;
      const before = await templateDetail(db, template);
      const { changes, ids } = await db.transaction(async (tx) => {
        const made = await updateTemplate(tx, template, values, change.context);
        await audit(tx, request, 'visit-templates', template.id, 'update', before, { ...values, visits: made.changes });
        return made;
      });
      announce(request, new Map([[template.branch_id, ids]]), viewer.user.userID);
      const saved = (await findTemplate(db, template.id))!;
      const answer: TemplateSaved = {
        template: await detailOf(saved, sources),
        warnings: templateWarnings(values, (await clientSlotsOf(db, client.id)).slots),
        visits: changes,
      };
      return ok(answer, describeChanges(changes));
    }),
  );

  app.post(
    '/visit-templates/:id/preview-change',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer, sources) => {
      const change = await changeOf(request, reply, viewer, sources, false);
      if (!change) return reply;
      const { template, client, values } = change;
      let changes = emptyChanges();
      const ROLLBACK = Symbol('preview');
      try {
        await db.transaction(async (tx) => {
          changes = (await updateTemplate(tx, template, values, change.context)).changes;
          throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      const answer: TemplatePreview = { warnings: templateWarnings(values, (await clientSlotsOf(db, client.id)).slots), visits: changes };
      return ok(answer, describeChanges(changes, true));
    }),
  );

  app.delete(
    '/visit-templates/:id',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer) => {
      const template = await templateOf(request, reply, viewer);
      if (!template) return reply;
      if (!template.active) return sendError(reply, 409, 'This template has ended already.');
      const { ids, ...outcome } = await db.transaction(async (tx) => {
        const ended = await endTemplate(tx, template, viewer.user.userID);
        await audit(tx, request, 'visit-templates', template.id, 'delete', { active: true, ends_on: template.ends_on }, { active: false, removed: ended.removed, kept: ended.kept, skipped: ended.skipped });
        return ended;
      });
      announce(request, new Map([[template.branch_id, ids]]), viewer.user.userID);
      const [row] = (await listTemplates(db, template.client_id)).filter((item) => item.id === template.id);
      const answer: TemplateEnded = { template: row!, ...outcome };
      return ok(
        answer,
        `Template ended. ${outcome.removed} future visit${outcome.removed === 1 ? '' : 's'} not started removed` +
          `${outcome.kept ? `; ${outcome.kept} changed by hand kept (cancel them on the timeline if they should go)` : ''}` +
          `${outcome.skipped ? `; ${outcome.skipped} started or closed left as they are` : ''}.`,
      );
    }),
  );

  // ------------------------------------------------------------------------------------------- client slots

  app.get(
    '/clients/:clientId/slots',
    { config: { permission: 'scheduler.view' } },
    withSources(async (request, reply, viewer, sources) => {
      const client = await clientOf(request, reply, viewer, (ids) => sources.clientBasics({ ids }));
      if (!client) return reply;
      const { slots, stamp } = await clientSlotsOf(db, client.id);
      const answer: ClientSlotsAnswer = { client: { id: client.id, name: client.name, branch_id: client.branch_id, status: client.status }, slots, visit_slots: await visitSlotChoices(db), stamp };
      return ok(answer);
    }),
  );

  app.put(
    '/clients/:clientId/slots',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer, sources) => {
      const client = await clientOf(request, reply, viewer, (ids) => sources.clientBasics({ ids }));
      if (!client) return reply;
      const result = parsed(ClientSlotsSchema, request.body);
      if ('errors' in result) return sendInvalid(reply, result.errors);
      const unknown = new Set(await unknownVisitSlots(db, result.values.slots.map((slot) => slot.visit_slot_id)));
      const errors: Record<string, string[]> = {};
      result.values.slots.forEach((slot, index) => {
        if (unknown.has(slot.visit_slot_id)) errors[`slots.${index}.visit_slot_id`] = ['Choose a visit slot from the list.'];
      });
      if (Object.keys(errors).length) return sendInvalid(reply, errors);
      const before = await clientSlotsOf(db, client.id);
      if (before.stamp !== result.values.stamp) {
        return reply.code(409).send({
          data: { current: before.slots, stamp: before.stamp },
          error: true,
          message: `Someone else changed ${client.name}’s slots since you opened them (now ${before.slots.length ? before.slots.map((slot) => `${slot.visit_slot} ${slot.earliest_start}–${slot.latest_start}`).join(', ') : 'none'}). Reload and make your change again.`,
          errors: null,
        });
      }
      await db.transaction(async (tx) => {
        await saveClientSlots(tx, client.id, result.values.slots, viewer.user.userID);
        await audit(tx, request, 'scheduler-client-slots', client.id, 'update', before.slots, result.values.slots);
      });
      const after = await clientSlotsOf(db, client.id);
      const answer: ClientSlotsAnswer = { client: { id: client.id, name: client.name, branch_id: client.branch_id, status: client.status }, slots: after.slots, visit_slots: await visitSlotChoices(db), stamp: after.stamp };
      return ok(answer, 'Client slots saved.');
    }),
  );

  // ---------------------------------------------------------------------------------------------- generate

  app.post(
    '/scheduler/generate',
    { config: { permission: 'scheduler.edit' } },
    withSources(async (request, reply, viewer, sources) => {
      const result = parsed(GenerateSchema, request.body);
      if ('errors' in result) return sendInvalid(reply, result.errors);
      const { from, to, branch_id, client_id } = result.values;
      const today = londonDate();
      const maxDays = await generateMaxDays(db);
      const errors: Record<string, string[]> = {};
      if (from < today) errors.from = ['From cannot be in the past: past visits are recorded, not generated.'];
      if (daysFromTo(from, to) + 1 > maxDays) errors.to = [`Generate at most ${maxDays} days at once.`];
      if (branch_id !== null && !inScope(viewer, branch_id)) errors.branch_id = ['Choose one of your branches.'];
      if (Object.keys(errors).length) return sendInvalid(reply, errors);

      const branchIds = branch_id !== null ? [branch_id] : viewer.scope === 'all' ? undefined : [...viewer.scope];
      const clients = client_id !== null ? await sources.clientBasics({ ids: [client_id] }) : await sources.clientBasics({ branchIds });
      const visible = clients.filter((client) => inScope(viewer, client.branch_id) && (branch_id === null || client.branch_id === branch_id));
      if (client_id !== null && !visible.length) return sendInvalid(reply, { client_id: ['Choose one of your branches’ clients.'] });
      const scope = { from, to, branchIds: branchIds ?? undefined, clientIds: client_id !== null ? [client_id] : undefined };
      const generated = await generateVisits(db, {
        ...scope,
        clientStatus: new Map(visible.map((client) => [client.id, client.status])),
        clientNames: new Map(visible.map((client) => [client.id, client.name])),
        bankHolidays: await bankHolidaysBetween(db, from, to),
        facts: await generationFacts(db, sources, scope),
        userId: viewer.user.userID,
      });
      for (const [templateId, created] of generated.createdByTemplate) {
        await audit(db, request, 'visit-templates', templateId, 'update', null, { generated: { from, to, created } });
      }
      announce(request, generated.createdByBranch, viewer.user.userID);
      const { createdByBranch, createdByTemplate, ...report } = generated;
      void createdByBranch;
      void createdByTemplate;
      const answer: GenerateAnswer = { from, to, ...report };
      return ok(
        answer,
        `${report.created} visit${report.created === 1 ? '' : 's'} generated (${report.already_there} there already)` +
          `${report.assigned ? `; ${report.assigned} given their preferred carers` : ''}${report.left_for_auto_assign ? `; ${report.left_for_auto_assign} left for auto-assign` : ''}` +
          `${report.needs_attention ? `; ${report.needs_attention} need${report.needs_attention === 1 ? 's' : ''} attention (a preferred carer the rules refuse left off, or a warning)` : ''}` +
          `${report.skipped.length ? `; ${report.skipped.length} client${report.skipped.length === 1 ? '' : 's'} skipped` : ''}${report.bank_holidays_skipped ? `; ${report.bank_holidays_skipped} bank-holiday call${report.bank_holidays_skipped === 1 ? '' : 's'} skipped` : ''}.`,
      );
    }),
  );
}

/** The answer's words for a change's effect on visits. */
export function describeChanges(changes: TemplateVisitChanges, preview = false): string {
  const verb = preview ? 'would be' : 'were';
  const parts = [
    `${changes.changed} future visit${changes.changed === 1 ? '' : 's'} ${verb} changed`,
    changes.removed ? `${changes.removed} removed` : '',
    changes.created ? `${changes.created} added` : '',
    changes.kept ? `${changes.kept} changed by hand kept` : '',
    changes.skipped ? `${changes.skipped} started or closed skipped` : '',
  ].filter(Boolean);
  return `${preview ? 'If saved: ' : 'Template saved. '}${parts.join(', ')}.`;
}
