import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { AreaCallError, auditActorOf, ok, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import {
  WIZARD_STEP_SCHEMAS,
  WizardClientSchema,
  type RosteringDraftRow,
  type WizardChoices,
  type WizardData,
  type WizardPublished,
  type WizardStepAnswer,
} from '../../contract/wizard.js';
import { activeFunderCodes, clientsInScope, inScope, paramId, parsed, settingNumber } from '../imports/common.js';
import { clientsRead } from '../read-models.js';
import { loadRuleFacts } from '../rules/check.js';
import { apiSources } from '../sources/api-sources.js';
import type { SchedulingSources } from '../sources/types.js';
import { generateVisits } from '../templates/generate.js';
import { bankHolidaysBetween } from '../templates/read-models.js';
import { visits } from '../tables.js';
import { announceVisitsChanged } from '../visits/push.js';
import { checkDraft, createTemplateFrom, overlappingCalls, publishPeriod } from './service.js';
import { rosteringDrafts } from './tables.js';
import { clock } from '@hcm/contract/time';

// The rostering wizard's API (client-rostering/add/1 … /6), scheduler.edit; a planner's drafts are their own:
//   GET    /rostering-drafts                      my drafts, open ones first
//   POST   /rostering-drafts                      step 1's answers {client_id, funder_code_id} → a new draft (201)
//   GET    /rostering-drafts/choices?client_id=   active clients of my branches, funder codes, the client's carers
//   GET    /rostering-drafts/:id                  the draft;  DELETE: discard it (not once published)
//   GET    /rostering-drafts/:id/steps/:n         the step: reachable or not, care plan tasks, step 5's check
//   PUT    /rostering-drafts/:id/steps/:n         that step's answers (422 per field); a change to an earlier step
//                                                 sends the planner through the later ones again where it matters
//   POST   /rostering-drafts/:id/publish          the template with its slots, and the first weeks of visits
// Drafts are audited as 'scheduler-rostering-drafts'.

const RESOURCE = 'scheduler-rostering-drafts';

export const WIZARD_SETTINGS = {
  wizard_publish_weeks: { label: 'Weeks of visits the rostering wizard makes', default: 4, description: 'When a package is published from the rostering wizard, its visits are generated for this many weeks (1 to 12); rota generation makes the later ones.' },
} as const;

type Options = { sources?: (request: FastifyRequest) => SchedulingSources };

const draftColumns = {
  id: rosteringDrafts.id,
  user_id: rosteringDrafts.user_id,
  client_id: rosteringDrafts.client_id,
  step_reached: rosteringDrafts.step_reached,
  data: rosteringDrafts.data,
  updated_at: rosteringDrafts.updated_at,
  published_at: rosteringDrafts.published_at,
  template_id: rosteringDrafts.template_id,
};
type Draft = { id: number; user_id: number; client_id: number | null; step_reached: number; data: WizardData; updated_at: Date; published_at: Date | null; template_id: number | null };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function wizardRoutes(app: FastifyInstance, context: AreaServerContext, options: Options = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  const sourcesOf = options.sources ?? ((request: FastifyRequest) => apiSources(app, request));

  app.auditScopes.declare({ resource: RESOURCE, label: 'Rostering wizard drafts', scope: recordIdIn((branchIds) => sql`select ${rosteringDrafts.id} from ${rosteringDrafts} where ${rosteringDrafts.client_id} in (select ${clientsRead.id} from ${clientsRead} where ${inScope(clientsRead.branch_id, branchIds)})`) });

  async function rowOf(draft: Draft, viewer: Viewer): Promise<RosteringDraftRow> {
    const [client] = draft.client_id ? await clientsInScope(db, viewer.scope, { ids: [draft.client_id] }) : [];
    return {
      id: draft.id,
      client_id: draft.client_id,
      client_name: client?.name ?? null,
      step_reached: draft.step_reached,
      next_step: Math.min(draft.step_reached + 1, 6),
      data: draft.data,
      updated_at: draft.updated_at.toISOString(),
      published_at: draft.published_at?.toISOString() ?? null,
      template_id: draft.template_id,
    };
  }

  async function findDraft(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; draft: Draft } | null> {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const id = paramId(request);
    const [draft] = id === null ? [] : await db.select(draftColumns).from(rosteringDrafts).where(and(eq(rosteringDrafts.id, id), eq(rosteringDrafts.user_id, viewer.user.userID)));
    if (!draft) {
      await sendError(reply, 404, 'No such draft of yours.');
      return null;
    }
    return { viewer, draft: draft as Draft };
  }

  /** The draft's client as the viewer may see them now (null when no longer theirs). */
  async function clientOf(viewer: Viewer, draft: Draft) {
    if (!draft.client_id) return null;
    const [client] = await clientsInScope(db, viewer.scope, { ids: [draft.client_id] });
    return client ?? null;
  }

  async function carersFor(sources: SchedulingSources, branchId: number) {
    return (await sources.carers({ branchIds: [branchId] })).filter((carer) => carer.status === 'active').sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Step 1's checks beyond its schema: the client active in my branches, the funder code active. */
  async function clientErrors(viewer: Viewer, values: { client_id: number; funder_code_id: number }) {
    const errors: Record<string, string[]> = {};
    const [client] = await clientsInScope(db, viewer.scope, { ids: [values.client_id], activeOnly: true });
    if (!client) errors.client_id = ['Choose an active client of your branches.'];
    if (!(await activeFunderCodes(db)).some((code) => code.id === values.funder_code_id)) errors.funder_code_id = ['Choose an active funder code.'];
    return Object.keys(errors).length ? errors : null;
  }

  /** The days publishing makes visits for (the setting's weeks from the package's start) and their bank holidays. */
  async function periodOf(data: WizardData) {
    const weeks = Math.min(12, Math.max(1, await settingNumber(db, 'wizard_publish_weeks', WIZARD_SETTINGS.wizard_publish_weeks.default)));
    const period = publishPeriod(data.package!, weeks);
    return { period, bankHolidays: period.to >= period.from ? await bankHolidaysBetween(db, period.from, period.to) : new Set<string>() };
  }

  /** Step 5's check of every visit publishing would make. */
  async function check(sources: SchedulingSources, data: WizardData, client: Parameters<typeof checkDraft>[3]) {
    const { period, bankHolidays } = await periodOf(data);
    return checkDraft(db, sources, data, client, period, bankHolidays);
  }

  const withSourceErrors = async (request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AreaCallError)) throw error;
      request.log.error({ err: error }, 'a scheduling source failed');
      return sendError(reply, 502, 'Clients or carers could not be read just now. Try again.');
    }
  };

  app.get('/rostering-drafts', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const drafts = await db
      .select(draftColumns)
      .from(rosteringDrafts)
      .where(eq(rosteringDrafts.user_id, viewer.user.userID))
      .orderBy(sql`${rosteringDrafts.published_at} is not null`, desc(rosteringDrafts.updated_at))
      .limit(50);
    return ok(await Promise.all(drafts.map((draft) => rowOf(draft as Draft, viewer))));
  });

  app.get('/rostering-drafts/choices', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const branchNames = new Map((await db.select({ id: branches.id, name: branches.name }).from(branches)).map((row) => [row.id, row.name]));
    const clients = await clientsInScope(db, viewer.scope, { activeOnly: true });
    const clientId = Number((request.query as Record<string, string>).client_id ?? '');
    const chosen = clients.find((client) => client.id === clientId);
    return withSourceErrors(request, reply, async () => {
      const answer: WizardChoices = {
        clients: clients.map((client) => ({ id: client.id, name: client.name, branch_id: client.branch_id, branch: branchNames.get(client.branch_id) ?? '', postcode: client.postcode })),
        funder_codes: await activeFunderCodes(db),
        carers: chosen ? (await carersFor(sourcesOf(request), chosen.branch_id)).map((carer) => ({ id: carer.id, name: carer.name, gender: carer.gender })) : [],
      };
      return ok(answer);
    });
  });

  app.post('/rostering-drafts', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, WizardClientSchema, request.body);
    if (!values) return reply;
    const errors = await clientErrors(viewer, values);
    if (errors) return sendInvalid(reply, errors);
    const [made] = await db.insert(rosteringDrafts).values({ user_id: viewer.user.userID, client_id: values.client_id, step_reached: 1, data: { client: values } }).returning(draftColumns);
    await recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: made!.id, action: 'create', before: null, after: { step: 1, client: values } });
    return reply.code(201).send(ok(await rowOf(made as Draft, viewer), 'Draft started.'));
  });

  app.get('/rostering-drafts/:id', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const found = await findDraft(request, reply);
    if (!found) return reply;
    return ok(await rowOf(found.draft, found.viewer));
  });

  app.delete('/rostering-drafts/:id', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const found = await findDraft(request, reply);
    if (!found) return reply;
    if (found.draft.published_at) return sendError(reply, 409, 'This package is published: change its rota template instead.');
    await db.delete(rosteringDrafts).where(eq(rosteringDrafts.id, found.draft.id));
    await recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: found.draft.id, action: 'delete', before: found.draft.data, after: null });
    return ok(null, 'Draft discarded.');
  });

  app.get('/rostering-drafts/:id/steps/:step', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const found = await findDraft(request, reply);
    if (!found) return reply;
    const step = Number((request.params as { step: string }).step);
    if (!Number.isInteger(step) || step < 1 || step > 6) return sendError(reply, 404, 'The wizard has steps 1 to 6.');
    const { draft, viewer } = found;
    const reachable = step <= draft.step_reached + 1;
    return withSourceErrors(request, reply, async () => {
      const sources = sourcesOf(request);
      const client = await clientOf(viewer, draft);
      let carePlanTasks: WizardStepAnswer['care_plan_tasks'] = [];
      if (reachable && step === 3 && client) carePlanTasks = (await sources.clients({ ids: [client.id] }))[0]?.care_plan_tasks ?? [];
      const checked = reachable && step === 5 && client ? await check(sources, draft.data, client) : null;
      const answer: WizardStepAnswer = { draft: await rowOf(draft, viewer), step, reachable, care_plan_tasks: carePlanTasks, check: checked };
      return ok(answer);
    });
  });

  app.put('/rostering-drafts/:id/steps/:step', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const found = await findDraft(request, reply);
    if (!found) return reply;
    const step = Number((request.params as { step: string }).step) as 1 | 2 | 3 | 4 | 5 | 6;
    if (!Number.isInteger(step) || step < 1 || step > 6) return sendError(reply, 404, 'The wizard has steps 1 to 6.');
    const { draft, viewer } = found;
    if (draft.published_at) return sendError(reply, 409, 'This package is published already: change its rota template instead.');
    if (step > draft.step_reached + 1) return sendError(reply, 409, `Save step ${draft.step_reached + 1} first.`, { step: [`Save step ${draft.step_reached + 1} first.`] });
    const values = await parsed(reply, WIZARD_STEP_SCHEMAS[step], request.body);
    if (!values) return reply;
    const data: WizardData = { ...draft.data };
    // The furthest step still valid after this save: the check (5) is always run again after steps 1–4 change.
    let reached = Math.max(draft.step_reached, step);
    return withSourceErrors(request, reply, async () => {
      if (step === 1) {
        const client = values as WizardData['client'] & object;
        const errors = await clientErrors(viewer, client);
        if (errors) return sendInvalid(reply, errors);
        if (data.client && data.client.client_id !== client.client_id) {
          // Another client: their pattern and carers start again.
          delete data.package;
          delete data.pattern;
          delete data.carers;
          reached = 1;
        }
        data.client = client;
      } else if (step === 2) {
        const pkg = values as NonNullable<WizardData['package']>;
        if (pkg.starts_on < londonDate() && !draft.published_at) return sendInvalid(reply, { starts_on: ['The package cannot start in the past: start it today or later.'] });
        if (data.package && data.package.repeat_weeks !== pkg.repeat_weeks && data.pattern) reached = Math.min(reached, 2);
        data.package = pkg;
      } else if (step === 3) {
        const pattern = values as NonNullable<WizardData['pattern']>;
        const repeat = data.package!.repeat_weeks;
        const errors: Record<string, string[]> = {};
        pattern.calls.forEach((call, index) => {
          if (call.week > repeat) errors[`calls.${index}.week`] = [`The pattern repeats every ${repeat} week${repeat === 1 ? '' : 's'}: choose week 1${repeat > 1 ? ` to ${repeat}` : ''}.`];
        });
        for (const [index, earlier] of overlappingCalls(pattern.calls)) {
          const other = pattern.calls[earlier]!;
          errors[`calls.${index}.start_time`] = [`Overlaps the ${other.start_time} call of the same day.`];
        }
        if (Object.keys(errors).length) return sendInvalid(reply, errors);
        if (data.pattern && !same(data.pattern.calls.map((call) => [call.week, call.weekday, call.start_time]), pattern.calls.map((call) => [call.week, call.weekday, call.start_time]))) {
          // Calls moved, added or removed: their preferred carers are chosen again.
          delete data.carers;
          reached = Math.min(reached, 3);
        }
        data.pattern = pattern;
      } else if (step === 4) {
        const carers = values as NonNullable<WizardData['carers']>;
        const calls = data.pattern!.calls;
        if (carers.preferred.length !== calls.length) return sendInvalid(reply, { preferred: [`Name the preferred carers of each of the ${calls.length} calls (none is fine).`] });
        const client = await clientOf(viewer, draft);
        const allowed = new Set(client ? (await carersFor(sourcesOf(request), client.branch_id)).map((carer) => carer.id) : []);
        const errors: Record<string, string[]> = {};
        carers.preferred.forEach((entry, index) => {
          if (entry.carer_ids.some((id) => !allowed.has(id))) errors[`preferred.${index}.carer_ids`] = ['Choose active carers of the client’s branch.'];
          else if (new Set(entry.carer_ids).size !== entry.carer_ids.length) errors[`preferred.${index}.carer_ids`] = ['Name a carer once a call.'];
          else if (entry.carer_ids.length > calls[index]!.carers_needed) errors[`preferred.${index}.carer_ids`] = [`This call needs ${calls[index]!.carers_needed} carer${calls[index]!.carers_needed === 1 ? '' : 's'}: name at most that many.`];
        });
        if (Object.keys(errors).length) return sendInvalid(reply, errors);
        data.carers = carers;
      } else if (step === 5) {
        const client = await clientOf(viewer, draft);
        if (!client) return sendInvalid(reply, { accept_warnings: ['The client is no longer one of your branches’ clients.'] });
        const checked = await check(sourcesOf(request), data, client);
        data.check = { ...checked, accepted: checked.hard_count === 0 };
        await db.update(rosteringDrafts).set({ data, updated_at: clock.now() }).where(eq(rosteringDrafts.id, draft.id));
        if (checked.hard_count) {
          return sendInvalid(reply, { accept_warnings: [`${checked.hard_count} problem${checked.hard_count === 1 ? '' : 's'} must be fixed first: go back to the pattern or the carers.`] }, 'The package breaks the rules.');
        }
      }
      if (step < 5) {
        delete data.check;
        reached = Math.min(reached, 4);
      }
      const [saved] = await db
        .update(rosteringDrafts)
        .set({ data, step_reached: reached, client_id: data.client?.client_id ?? null, updated_at: clock.now() })
        .where(eq(rosteringDrafts.id, draft.id))
        .returning(draftColumns);
      await recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: draft.id, action: 'update', before: { step_reached: draft.step_reached }, after: { step, step_reached: reached, values } });
      return ok(await rowOf(saved as Draft, viewer), `Step ${step} saved.`);
    });
  });

  app.post('/rostering-drafts/:id/publish', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const found = await findDraft(request, reply);
    if (!found) return reply;
    const { draft, viewer } = found;
    if (draft.published_at) return sendError(reply, 409, 'This package is published already.');
    if (draft.step_reached < 5 || !draft.data.check?.accepted) return sendError(reply, 409, `Finish step ${Math.min(draft.step_reached + 1, 5)} first.`);
    const client = await clientOf(viewer, draft);
    if (!client) return sendError(reply, 409, 'The client is no longer one of your branches’ clients.');
    return withSourceErrors(request, reply, async () => {
      const sources = sourcesOf(request);
      // Checked again now (every visit): another planner may have filled a carer's time since step 5.
      const { period, bankHolidays } = await periodOf(draft.data);
      const checked = await checkDraft(db, sources, draft.data, client, period, bankHolidays);
      if (checked.hard_count) {
        await db.update(rosteringDrafts).set({ data: { ...draft.data, check: { ...checked, accepted: false } }, step_reached: 4, updated_at: clock.now() }).where(eq(rosteringDrafts.id, draft.id));
        return sendError(reply, 409, `Something changed since the check: ${checked.hard_count} problem${checked.hard_count === 1 ? '' : 's'} now. Check the package again.`);
      }
      const { from, to } = period;
      // The rules' facts of the preferred carers, asked before the transaction: each visit is put through the rules
      // as it is made, a carer refused that day left off and the visit flagged for a planner.
      const facts = await loadRuleFacts(db, sources, { carerIds: (draft.data.carers?.preferred ?? []).flatMap((entry) => entry.carer_ids), clientIds: [client.id], branchIds: [client.branch_id], from, to });
      const outcome = await db.transaction(async (tx) => {
        // Claimed first, so two clicks never publish twice.
        const [claimed] = await tx.update(rosteringDrafts).set({ published_at: clock.now(), updated_at: clock.now() }).where(and(eq(rosteringDrafts.id, draft.id), isNull(rosteringDrafts.published_at))).returning({ id: rosteringDrafts.id });
        if (!claimed) return null;
        const templateId = await createTemplateFrom(tx, draft.data, client, viewer.user.userID);
        const generated = await generateVisits(tx, { from, to, templateIds: [templateId], clientStatus: new Map([[client.id, client.status]]), clientNames: new Map([[client.id, client.name]]), bankHolidays, facts, userId: viewer.user.userID });
        const ids = [...generated.createdByBranch.values()].flat();
        if (ids.length) await tx.update(visits).set({ source: 'wizard' }).where(inArray(visits.id, ids));
        await tx.update(rosteringDrafts).set({ template_id: templateId }).where(eq(rosteringDrafts.id, draft.id));
        await recordAudit(tx, { actor: auditActorOf(request), resource: RESOURCE, recordId: draft.id, action: 'update', before: { published_at: null }, after: { published: true, template_id: templateId, visits_created: ids.length, from, to } });
        return { templateId, ids, flagged: generated.needs_attention };
      });
      if (!outcome) return sendError(reply, 409, 'This package is published already.');
      void announceVisitsChanged(context, db, client.branch_id, outcome.ids, viewer.user.userID, (error) => request.log.warn({ err: error }, 'visits push failed'));
      const [saved] = await db.select(draftColumns).from(rosteringDrafts).where(eq(rosteringDrafts.id, draft.id));
      const answer: WizardPublished = { template_id: outcome.templateId, visits_created: outcome.ids.length, from, to, draft: await rowOf(saved as Draft, viewer), needs_attention: outcome.flagged };
      return ok(answer, `Published: the rota template and ${outcome.ids.length} visit${outcome.ids.length === 1 ? '' : 's'} from ${from} to ${to}${outcome.flagged ? `; ${outcome.flagged} need${outcome.flagged === 1 ? 's' : ''} attention` : ''}.`);
    });
  });
}
