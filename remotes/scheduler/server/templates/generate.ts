import { and, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { londonInstant } from '@hcm/contract/engine';
import type { Database, Transaction } from '@hcm/server/platform';
import type { RuleFinding, VisitTask } from '../../contract/visits.js';
import { loadRuleFacts, ruleBatch, type PlannedVisit, type RuleFacts } from '../rules/check.js';
import type { SchedulingSources } from '../sources/types.js';
import { templateSlots, visitLogs, visitCarers, visits, visitTemplates } from '../tables.js';
import { cycleWeek, eachDay, isoWeekday } from './days.js';
import { publishVisitChanges } from '../visits/events.js';
import { flagVisits, type AttentionFlag } from '../visits/attention.js';

// Generating a period's visits from clients' rota templates (issue 15). Idempotent: one visit per template slot
// and day (the unique index visits_template_slot_day_unique), so generating twice creates nothing new. Clients
// not receiving care (in hospital, paused, ended, deceased) are skipped and named in the report; a template that
// skips bank holidays makes no visit on one. Planned times are UK wall-clock: a 08:00 call is 08:00 in summer and
// in winter (londonInstant). The slot's preferred carers are put on a new visit only through the rules, the same
// check as a manual assignment (rules/check.ts, one batch for the whole run: issues 27 and 29): a carer a hard rule
// refuses (on holiday, not available, not rosterable that day, training lapsed, no medication competence, another
// visit at the time...) is left off, the visit made unassigned and flagged for a planner with the rule in words
// ("Left unassigned when generated: …"); one put on with a warning (a soft rule) is flagged as a warning. Every
// other place is left unassigned for auto-assign or the planner.

export type GenerateOptions = {
  from: string;
  to: string;
  branchIds?: readonly number[];
  clientIds?: readonly number[];
  templateIds?: readonly number[];
  /** Each client's status ('active', 'in-hospital', 'paused', 'ended', 'deceased'); a client absent is skipped. */
  clientStatus: Map<number, string>;
  /** Names for the report (else "Client <id>"). */
  clientNames?: Map<number, string>;
  /** The days that are bank holidays (of the agency's region). */
  bankHolidays: Set<string>;
  /**
   * What the other areas answered about the preferred carers and the clients (generationFacts, asked before the
   * generation's transaction): the rules' facts.
   */
  facts: RuleFacts;
  userId: number | null;
  /**
   * Write the events of the new visits given carers (scheduler.visit.changed, assigned: the carers' pushes follow
   * them), in the generation's transaction. Every generation does, but the demo's seed (false): a seeded rota is
   * nobody's news.
   */
  events?: boolean;
};

export type SkippedClient = { client_id: number; client: string; reason: string };

export type GenerateReport = {
  created: number;
  already_there: number;
  skipped: SkippedClient[];
  /** Calls not made because their day is a bank holiday and the template skips bank holidays. */
  bank_holidays_skipped: number;
  /** New visits given all their carers from the slot's preferred carers. */
  assigned: number;
  /** New visits left (fully or partly) without carers, for auto-assign or the planner. */
  left_for_auto_assign: number;
  /** New visits flagged for a planner: a preferred carer the rules refused, or one put on with a warning. */
  needs_attention: number;
};

export type GenerateResult = GenerateReport & {
  /** The new visits' ids by branch (for the live push). */
  createdByBranch: Map<number, number[]>;
  /** How many visits each template made (for the audit trail). */
  createdByTemplate: Map<number, number>;
};

const STATUS_REASONS: Record<string, string> = {
  'in-hospital': 'In hospital',
  paused: 'Care paused',
  ended: 'Care ended',
  deceased: 'Deceased',
};

/** Why a client of this status gets no visits (null when they do). */
export function skipReasonOf(status: string | undefined): string | null {
  if (status === undefined) return 'Not found among the clients you may see';
  if (status === 'active') return null;
  return STATUS_REASONS[status] ?? `Status “${status}”`;
}

type Candidate = {
  branch_id: number;
  client_id: number;
  template_id: number;
  template_name: string;
  template_slot_id: number;
  visit_date: string;
  planned_start: string;
  planned_end: string;
  carers_needed: 1 | 2;
  tasks: VisitTask[];
  funder_code_id: number | null;
  notes: string;
  preferred: number[];
  carer_ids: number[];
  /** The rules' findings on its preferred carers: hard ones (carers left off) and the warnings of those put on. */
  refused: RuleFinding[];
  warnings: RuleFinding[];
};

const CHUNK = 1000;
const BIG_CHUNK = 5000;
/** The rows of a raw query's answer (PGlite and node-postgres both answer { rows }). */
const rowsOf = <T>(answer: unknown): T[] => (answer as { rows: T[] }).rows;
const chunks = <T>(rows: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let index = 0; index < rows.length; index += size) out.push(rows.slice(index, index + size));
  return out;
};

/**
 * The rules' facts for generating `from`…`to` from the active templates matching the filters: their preferred
 * carers (and `carerIds`, a template's new calls' not saved yet), their clients and branches, asked of the other
 * areas once. Before the generation's transaction (their APIs answer as other requests).
 */
export async function generationFacts(
  db: Database | Transaction,
  sources: SchedulingSources,
  scope: { from: string; to: string; branchIds?: readonly number[]; clientIds?: readonly number[]; templateIds?: readonly number[]; carerIds?: readonly number[] },
): Promise<RuleFacts> {
  const filters: SQL[] = [sql`${visitTemplates.active}`, lte(visitTemplates.starts_on, scope.to), or(isNull(visitTemplates.ends_on), gte(visitTemplates.ends_on, scope.from))!];
  if (scope.branchIds) filters.push(inArray(visitTemplates.branch_id, [...scope.branchIds, 0]));
  if (scope.clientIds) filters.push(inArray(visitTemplates.client_id, [...scope.clientIds, 0]));
  if (scope.templateIds) filters.push(inArray(visitTemplates.id, [...scope.templateIds, 0]));
  const rows = await db
    .select({ client_id: visitTemplates.client_id, branch_id: visitTemplates.branch_id, preferred: templateSlots.preferred_carer_ids })
    .from(visitTemplates)
    .innerJoin(templateSlots, sql`${templateSlots.template_id} = ${visitTemplates.id}`)
    .where(and(...filters));
  const carerIds = new Set<number>(scope.carerIds ?? []);
  const clientIds = new Set<number>(scope.clientIds ?? []);
  const branchIds = new Set<number>(scope.branchIds ?? []);
  for (const row of rows) {
    clientIds.add(row.client_id);
    branchIds.add(row.branch_id);
    for (const id of row.preferred ?? []) carerIds.add(id);
  }
  return loadRuleFacts(db, sources, { carerIds: [...carerIds], clientIds: [...clientIds], branchIds: [...branchIds], from: scope.from, to: scope.to });
}

/** Generates the visits of `from`…`to` (both days included) from the active templates matching the filters. */
export async function generateVisits(db: Database | Transaction, options: GenerateOptions): Promise<GenerateResult> {
  return db.transaction((tx) => generateIn(tx, options));
}

async function generateIn(tx: Transaction, options: GenerateOptions): Promise<GenerateResult> {
  const { from, to } = options;
  const result: GenerateResult = { created: 0, already_there: 0, skipped: [], bank_holidays_skipped: 0, assigned: 0, left_for_auto_assign: 0, needs_attention: 0, createdByBranch: new Map(), createdByTemplate: new Map() };
  if (to < from) return result;

  const filters: SQL[] = [sql`${visitTemplates.active}`, lte(visitTemplates.starts_on, to), or(isNull(visitTemplates.ends_on), gte(visitTemplates.ends_on, from))!];
  if (options.branchIds) filters.push(inArray(visitTemplates.branch_id, [...options.branchIds, 0]));
  if (options.clientIds) filters.push(inArray(visitTemplates.client_id, [...options.clientIds, 0]));
  if (options.templateIds) filters.push(inArray(visitTemplates.id, [...options.templateIds, 0]));
  const templates = await tx.select().from(visitTemplates).where(and(...filters)).orderBy(visitTemplates.client_id, visitTemplates.id);
  if (!templates.length) return result;

  // Clients not receiving care: named once each.
  const skippedClients = new Set<number>();
  const receiving = templates.filter((template) => {
    const reason = skipReasonOf(options.clientStatus.get(template.client_id));
    if (reason === null) return true;
    if (!skippedClients.has(template.client_id)) {
      skippedClients.add(template.client_id);
      result.skipped.push({ client_id: template.client_id, client: options.clientNames?.get(template.client_id) ?? `Client ${template.client_id}`, reason });
    }
    return false;
  });
  if (!receiving.length) return result;

  const templateIds = receiving.map((template) => template.id);
  const slots: (typeof templateSlots.$inferSelect)[] = [];
  for (const ids of chunks(templateIds)) slots.push(...(await tx.select().from(templateSlots).where(inArray(templateSlots.template_id, ids))));
  // Each template's slots by cycle week and weekday: a day looks up its own instead of walking them all.
  const slotsByTemplate = new Map<number, Map<string, typeof slots>>();
  for (const slot of slots) {
    let ofTemplate = slotsByTemplate.get(slot.template_id);
    if (!ofTemplate) slotsByTemplate.set(slot.template_id, (ofTemplate = new Map()));
    const key = `${slot.week}|${slot.weekday}`;
    const list = ofTemplate.get(key);
    if (list) list.push(slot);
    else ofTemplate.set(key, [slot]);
  }

  // What is there already (generating twice creates nothing new).
  const existing = new Set<string>();
  if (slots.length > 5 * CHUNK) {
    // Many templates (a branch or more): one read of the period's generated visits, kept to these slots.
    const ours = new Set(slots.map((slot) => slot.id));
    const rows = await tx
      .select({ slot: visits.template_slot_id, date: visits.visit_date })
      .from(visits)
      .where(and(gte(visits.visit_date, from), lte(visits.visit_date, to), isNotNull(visits.template_slot_id)));
    for (const row of rows) if (ours.has(row.slot!)) existing.add(`${row.slot}|${row.date}`);
  } else {
    for (const ids of chunks(slots.map((slot) => slot.id))) {
      const rows = await tx
        .select({ slot: visits.template_slot_id, date: visits.visit_date })
        .from(visits)
        .where(and(inArray(visits.template_slot_id, ids), gte(visits.visit_date, from), lte(visits.visit_date, to)));
      for (const row of rows) existing.add(`${row.slot}|${row.date}`);
    }
  }

  const days = eachDay(from, to).map((day) => ({ day, weekday: isoWeekday(day) }));
  // Wall-clock instants and cycle weeks repeat across thousands of templates: worked out once each.
  const instants = new Map<string, string>();
  const instantOf = (day: string, time: string) => {
    const key = `${day} ${time}`;
    let instant = instants.get(key);
    if (instant === undefined) instants.set(key, (instant = londonInstant(day, time)));
    return instant;
  };
  const weeks = new Map<string, number>();
  const weekOf = (startsOn: string, repeat: number, day: string) => {
    if (repeat <= 1) return 1;
    const key = `${startsOn}|${repeat}|${day}`;
    let week = weeks.get(key);
    if (week === undefined) weeks.set(key, (week = cycleWeek(startsOn, repeat, day)));
    return week;
  };
  const candidates: Candidate[] = [];
  for (const template of receiving) {
    const templateSlotsOf = slotsByTemplate.get(template.id);
    if (!templateSlotsOf) continue;
    const first = template.starts_on > from ? template.starts_on : from;
    const last = template.ends_on && template.ends_on < to ? template.ends_on : to;
    for (const { day, weekday } of days) {
      if (day < first || day > last) continue;
      const week = weekOf(template.starts_on, template.repeat_weeks, day);
      const holiday = options.bankHolidays.has(day);
      for (const slot of templateSlotsOf.get(`${week}|${weekday}`) ?? []) {
        if (holiday && template.bank_holidays === 'skip') {
          result.bank_holidays_skipped += 1;
          continue;
        }
        if (existing.has(`${slot.id}|${day}`)) {
          result.already_there += 1;
          continue;
        }
        const start = instantOf(day, slot.start_time);
        candidates.push({
          branch_id: template.branch_id,
          client_id: template.client_id,
          template_id: template.id,
          template_name: template.name,
          template_slot_id: slot.id,
          visit_date: day,
          planned_start: start,
          planned_end: new Date(Date.parse(start) + slot.duration_minutes * 60_000).toISOString(),
          carers_needed: slot.carers_needed === 2 ? 2 : 1,
          tasks: slot.tasks,
          funder_code_id: template.funder_code_id,
          notes: slot.notes,
          preferred: slot.preferred_carer_ids,
          carer_ids: [],
          refused: [],
          warnings: [],
        });
      }
    }
  }

  // The visits without preferred carers go to the database while the rules work out the others' carers (on
  // PostgreSQL the two run side by side: issue 29, four weeks for 2,000 clients); both once the rules' facts are read.
  const choosing = await preferredCarers(tx, candidates, options);
  const [plain] = await Promise.all([insertCandidates(tx, candidates.filter((candidate) => !candidate.preferred.length), options), choosing.choose()]);
  const created = [...plain, ...(await insertCandidates(tx, candidates.filter((candidate) => candidate.preferred.length), options))];
  result.created = created.length;
  result.already_there += candidates.length - created.length;

  // The visits' carers and history, each batch built while the one before it is written.
  const carerRows = created.flatMap((visit) => visit.carer_ids.map((carer, index) => ({ v: visit.id, p: index + 1, c: carer })));
  await oneAfterAnother(
    tx,
    chunks(carerRows, BIG_CHUNK).map((batch) => () => sql`
      insert into ${visitCarers} (visit_id, position, carer_id, assigned_by)
      select r.v, r.p, r.c, ${options.userId}::integer from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(v integer, p smallint, c integer)`),
  );
  await oneAfterAnother(
    tx,
    chunks(created, BIG_CHUNK).map((batch) => () => {
      const rows = batch.map((visit) => ({
        v: visit.id,
        b: visit.branch_id,
        s:
          `Generated from the template “${visit.template_name}”${visit.carer_ids.length ? (visit.carer_ids.length >= visit.carers_needed ? ', with its preferred carers' : ', with one of its two carers') : ''}.` +
          (short(visit) && visit.refused.length ? ` Left off by the rules: ${messagesOf(visit.refused)}` : ''),
        a: visit.carer_ids.length ? { template_id: visit.template_id, carer_ids: visit.carer_ids } : { template_id: visit.template_id },
        w: [...visit.refused, ...visit.warnings],
      }));
      return sql`
        insert into ${visitLogs} (visit_id, branch_id, user_id, action, summary, after, warnings)
        select r.v, r.b, ${options.userId}::integer, 'generated', r.s, r.a, r.w from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(v integer, b integer, s text, a jsonb, w jsonb)`;
    }),
  );

  // Why a planner is needed: a preferred carer the rules refused (the visit short of carers), or a warning.
  const flags = created.flatMap((visit) => attentionFlagOf(visit));
  await flagVisits(tx, flags, options.userId);
  result.needs_attention = flags.length;

  if (options.events ?? true) {
    const given = created.filter((visit) => visit.carer_ids.length);
    const after = (visit: (typeof given)[number]) => ({
      id: visit.id,
      branch_id: visit.branch_id,
      client_id: visit.client_id,
      status: visit.carer_ids.length >= visit.carers_needed ? ('assigned' as const) : ('unassigned' as const),
      confirmation: 'not-due' as const,
      planned_start: visit.planned_start,
      planned_end: visit.planned_end,
      carers: visit.carer_ids.map((carer_id, index) => ({ carer_id, position: index + 1 })),
    });
    await publishVisitChanges(tx, given.map((visit) => ({ before: null, after: after(visit) })), options.userId);
  }

  for (const visit of created) {
    if (visit.carer_ids.length >= visit.carers_needed) result.assigned += 1;
    else result.left_for_auto_assign += 1;
    const ids = result.createdByBranch.get(visit.branch_id) ?? [];
    ids.push(visit.id);
    result.createdByBranch.set(visit.branch_id, ids);
    result.createdByTemplate.set(visit.template_id, (result.createdByTemplate.get(visit.template_id) ?? 0) + 1);
  }
  return result;
}

/**
 * Inserts the candidates as visits, in batches (oneAfterAnother); answers the ones made (a row another generation
 * made meanwhile is skipped by the unique index, and not answered).
 */
async function insertCandidates(tx: Transaction, candidates: readonly Candidate[], options: GenerateOptions): Promise<(Candidate & { id: number })[]> {
  const byKey = new Map(candidates.map((candidate) => [`${candidate.template_slot_id}|${candidate.visit_date}`, candidate]));
  // Each batch goes as one JSON parameter (jsonb_to_recordset): far fewer parameters to bind than a VALUES list.
  const answers = await oneAfterAnother(
    tx,
    chunks(candidates, BIG_CHUNK).map((batch) => () => {
      const rows = batch.map((candidate) => ({
        b: candidate.branch_id,
        c: candidate.client_id,
        d: candidate.visit_date,
        s: candidate.planned_start,
        e: candidate.planned_end,
        n: candidate.carers_needed,
        st: candidate.carer_ids.length >= candidate.carers_needed ? 'assigned' : 'unassigned',
        // What the database's triggers would set once its carers and flag are written (migration 0006): said at once,
        // a generation of thousands of visits does not write each row a second time.
        ca: candidate.carer_ids.length,
        na: attentionFlagOf({ ...candidate, id: 0 }).length > 0,
        t: candidate.template_id,
        ts: candidate.template_slot_id,
        k: candidate.tasks,
        m: candidate.tasks.some((task) => task.kind === 'medication'),
        f: candidate.funder_code_id,
        no: candidate.notes,
      }));
      return sql`
        insert into ${visits} (branch_id, client_id, visit_date, planned_start, planned_end, carers_needed, status, source, template_id, template_slot_id, tasks, requires_medication, funder_code_id, notes, created_by, carers_assigned, needs_attention)
        select r.b, r.c, r.d, r.s, r.e, r.n, r.st, 'template', r.t, r.ts, r.k, r.m, r.f, r.no, ${options.userId}::integer, r.ca, r.na
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(b integer, c integer, d date, s timestamptz, e timestamptz, n smallint, st text, t integer, ts integer, k jsonb, m boolean, f integer, no text, ca smallint, na boolean)
        on conflict do nothing
        returning id, template_slot_id as slot, visit_date::text as date`;
    }),
  );
  const created: (Candidate & { id: number })[] = [];
  for (const inserted of answers) {
    for (const row of rowsOf<{ id: number; slot: number; date: string }>(inserted)) created.push({ ...byKey.get(`${row.slot}|${row.date}`)!, id: Number(row.id) });
  }
  return created;
}

/**
 * Runs the statements on the transaction's connection one at a time, building each while the one before it runs
 * (a connection takes one statement at a time); answers their results in order.
 */
async function oneAfterAnother(tx: Transaction, statements: readonly (() => SQL)[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  let running: Promise<unknown> | null = null;
  for (const build of statements) {
    const statement = build();
    if (running) answers.push(await running);
    running = tx.execute(statement);
  }
  if (running) answers.push(await running);
  return answers;
}

const short = (visit: Candidate) => visit.carer_ids.length < visit.carers_needed;
const messagesOf = (findings: readonly RuleFinding[]) => [...new Set(findings.map((finding) => finding.message))].join(' ');

/** Soft findings that are information, not warnings: a carer new to the client, another carer preferred. */
const INFORMATION = new Set(['continuity', 'preferred']);

/** The flag a new visit carries: left short of carers by a refusal, or made with a warning; none otherwise. */
function attentionFlagOf(visit: Candidate & { id: number }): AttentionFlag[] {
  if (short(visit) && visit.refused.length) {
    const left = visit.carer_ids.length ? 'without its second carer' : 'unassigned';
    return [{ visit_id: visit.id, kind: 'rule-break-at-generation', reason: `Left ${left} when generated: ${messagesOf(visit.refused)}` }];
  }
  if (visit.warnings.length) return [{ visit_id: visit.id, kind: 'warning', reason: `Generated with a warning: ${messagesOf(visit.warnings)}` }];
  return [];
}

/**
 * Puts each slot's preferred carers (in the order given) on the new visits, in time order, through the rules (the
 * same check as a manual assignment, loaded once for the run): a carer a hard rule refuses is left off, and the
 * carers put on earlier in the run count as busy for the later visits. The rules' facts are read first; `choose`
 * then works through the visits, letting the connection's other statements go on now and then.
 */
async function preferredCarers(tx: Transaction, candidates: Candidate[], options: GenerateOptions): Promise<{ choose: () => Promise<void> }> {
  const withPreferred = candidates.filter((candidate) => candidate.preferred.length);
  if (!withPreferred.length) return { choose: async () => {} };
  const planned = new Map<Candidate, PlannedVisit>(
    withPreferred.map((candidate) => [
      candidate,
      {
        id: null,
        branch_id: candidate.branch_id,
        client_id: candidate.client_id,
        date: candidate.visit_date,
        planned_start: candidate.planned_start,
        planned_end: candidate.planned_end,
        carers_needed: candidate.carers_needed,
        requires_medication: candidate.tasks.some((task) => task.kind === 'medication'),
        carer_ids: [],
        tasks: candidate.tasks,
        preferred_carer_ids: candidate.preferred,
      },
    ]),
  );
  const rules = await ruleBatch(tx, options.facts, [...planned.values()]);
  const ordered = [...withPreferred].sort((a, b) => a.planned_start.localeCompare(b.planned_start));
  return {
    async choose() {
      for (const [index, candidate] of ordered.entries()) {
        // Now and then, the event loop's turn: the batches queued on the connection are sent as each one ends.
        if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
        const visit = planned.get(candidate)!;
        for (const carerId of candidate.preferred) {
          if (candidate.carer_ids.length >= candidate.carers_needed) break;
          if (candidate.carer_ids.includes(carerId)) continue;
          visit.carer_ids = [...candidate.carer_ids];
          const findings = rules.check(visit, carerId);
          const hard = findings.filter((finding) => finding.severity === 'hard');
          if (hard.length) {
            candidate.refused.push(...hard.map((finding) => ({ ...finding, carer_id: finding.carer_id ?? carerId })));
            continue;
          }
          candidate.carer_ids.push(carerId);
          rules.commit(visit, carerId);
          candidate.warnings.push(...findings.filter((finding) => !INFORMATION.has(finding.rule)).map((finding) => ({ ...finding, carer_id: finding.carer_id ?? carerId })));
        }
      }
    },
  };
}
