import { randomBytes } from 'node:crypto';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { csvText, hashPassword, roles, userBranches, users, type AuditActor, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { recordAudit } from '@hcm/server/platform';
import type { ComplianceCheck } from '../../contract/compliance.js';
import { APPLICANT_SOURCES, RECRUITMENT_STAGES, type RecruitmentStage } from '../../contract/people.js';
import {
  CLOSING_STAGES,
  HIRING_CHECKS,
  MATRIX_CHECKS,
  PIPELINE_STAGES,
  sourceLabel,
  stageLabel,
  type ApplicantRow,
  type CheckProgress,
  type DashboardPeriod,
  type HiringCheck,
  type InterviewRow,
  type MatrixCell,
  type MatrixRow,
  type RecruitmentDashboard,
  type RecruitmentInfo,
  type RecruitmentReport,
  type StageMove,
  type SurveyDue,
  type SurveyRow,
  type VacancyDetail,
  type VacancyRow,
} from '../../contract/recruitment.js';
import { refreshStaleCompliance } from '../compliance/service.js';
import { carerCompliance } from '../compliance/tables.js';
import { recordHire } from '../people/events.js';
import { carerAccounts, carerDocuments, carersTable } from '../people/people-tables.js';
import { carerColumns as c, visibleCarers } from '../people/visibility.js';
import { careerRoles, careers, carerSurveyQuestions, carerSurveys, carerSurveySubmissions, RECRUITMENT_SETTINGS } from './read-models.js';
import { settingsRead } from '../read-models.js';
import { applicantVacancies, recruitmentInterviews as iv, recruitmentStageHistory as history } from './tables.js';
import { clock } from '@hcm/contract/time';

type Db = Database | Transaction;

/** A broken rule of recruitment: 422 on a field, or 409 (a conflict with the file as it stands). */
export class RecruitmentRuleError extends Error {
  constructor(
    readonly status: 409 | 422,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

// ---- days

const DAY = 86_400_000;
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const isoOf = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const ukDayOf = (value: Date | string) => londonDate(value instanceof Date ? value : new Date(value));
const pipelineIndex = (stage: string) => (PIPELINE_STAGES as readonly string[]).indexOf(stage);
const isClosing = (stage: string) => (CLOSING_STAGES as readonly string[]).includes(stage);

// ---- settings

/** A whole-number global setting by key, its default when absent or not a number. */
export async function numberSetting(db: Db, key: keyof typeof RECRUITMENT_SETTINGS): Promise<number> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, key));
  const value = Number(row?.value);
  return row?.value && Number.isFinite(value) && value >= 0 ? value : RECRUITMENT_SETTINGS[key].default;
}

// ---- compliance: the hiring checks

/** The hiring checks of a carer's compliance checks: clear when valid or expiring; a missing row is not clear. */
export function hiringChecksOf(checks: ComplianceCheck[] | null | undefined): HiringCheck[] {
  return HIRING_CHECKS.map(({ key, label }) => {
    const check = (checks ?? []).find((item) => item.key === key);
    if (!check) return { key, label, clear: false, detail: 'Not recorded yet.' };
    const clear = check.state === 'valid' || check.state === 'expiring';
    return { key, label, clear, detail: check.detail || (clear ? 'Clear.' : check.state === 'expired' ? 'Expired.' : 'Missing.') };
  });
}

/** A carer's compliance checks, worked out again first when anything they depend on changed (never stale). */
async function complianceOf(db: Db, carerId: number): Promise<ComplianceCheck[] | null> {
  await refreshStaleCompliance(db, [carerId]);
  const [row] = await db.select({ checks: carerCompliance.checks }).from(carerCompliance).where(eq(carerCompliance.carer_id, carerId));
  return row?.checks ?? null;
}

// ---- the applicants pipeline

export type ApplicantFilters = { stage?: string; branchId?: number | null; source?: string; search?: string; careerId?: number };

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const lastMove = sql<Date | string | null>`(select max(${history.moved_at}) from ${history} where ${history.carer_id} = ${c.id})`;
const nextInterview = () => sql<Date | string | null>`(select min(${iv.starts_at}) from ${iv} where ${iv.carer_id} = ${c.id} and ${iv.status} = 'scheduled' and ${iv.starts_at} >= ${clock.now()})`;
const vacancyTitle = sql<string | null>`(select ${careers.title} from ${applicantVacancies} join ${careers} on ${careers.id} = ${applicantVacancies.career_id} where ${applicantVacancies.carer_id} = ${c.id})`;

/** The applicants of the scope (status applicant, or any status when a vacancy's people are asked), newest stage first. */
export async function listApplicants(db: Db, scope: BranchScope, filters: ApplicantFilters, staleDays: number): Promise<ApplicantRow[]> {
  await refreshStaleCompliance(db);
  const conditions: (SQL | undefined)[] = [visibleCarers(scope)];
  if (filters.careerId === undefined) conditions.push(eq(c.status, 'applicant'));
  else conditions.push(sql`${c.id} in (select ${applicantVacancies.carer_id} from ${applicantVacancies} where ${applicantVacancies.career_id} = ${filters.careerId})`);
  if (filters.stage === 'open') conditions.push(sql`${c.recruitment_stage} not in ('rejected', 'withdrawn', 'hired')`);
  else if (filters.stage && RECRUITMENT_STAGES.some((choice) => choice.value === filters.stage)) conditions.push(eq(c.recruitment_stage, filters.stage));
  if (filters.branchId) conditions.push(eq(c.branch_id, filters.branchId));
  if (filters.source && APPLICANT_SOURCES.some((choice) => choice.value === filters.source)) conditions.push(eq(c.source, filters.source));
  if (filters.search) {
    const like = likeOf(filters.search);
    conditions.push(sql`(${c.first_name} ilike ${like} or ${c.last_name} ilike ${like} or (${c.first_name} || ' ' || ${c.last_name}) ilike ${like} or ${c.email} ilike ${like} or ${c.town} ilike ${like})`);
  }
  const rows = await db
    .select({
      id: c.id,
      first: c.first_name,
      last: c.last_name,
      stage: c.recruitment_stage,
      source: c.source,
      branch_id: c.branch_id,
      branch: branches.name,
      applied_on: sql<string | null>`${c.applied_on}::text`,
      email: c.email,
      phone: c.phone,
      last_move: lastMove,
      next_interview: nextInterview(),
      vacancy: vacancyTitle,
      checks: carerCompliance.checks,
    })
    .from(carersTable)
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
    .where(and(...conditions))
    .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));
  const today = londonDate();
  const order = (stage: string) => (pipelineIndex(stage) >= 0 ? pipelineIndex(stage) : 10);
  return rows
    .map((row): ApplicantRow => {
      const since = row.last_move ? ukDayOf(row.last_move) : (row.applied_on ?? today);
      const days = Math.max(0, daysBetween(since, today));
      const checks = hiringChecksOf(row.checks as ComplianceCheck[] | null);
      const stage = String(row.stage) as RecruitmentStage;
      return {
        id: Number(row.id),
        name: `${String(row.first)} ${String(row.last)}`,
        stage,
        source: String(row.source),
        branch_id: Number(row.branch_id),
        branch: row.branch,
        applied_on: row.applied_on,
        days_in_stage: days,
        stale: !isClosing(stage) && stage !== 'hired' && days > staleDays,
        next_interview: isoOf(row.next_interview),
        checks: { clear: checks.filter((check) => check.clear).length, total: checks.length, missing: checks.filter((check) => !check.clear).map((check) => check.label) },
        vacancy: row.vacancy,
        email: String(row.email),
        phone: String(row.phone),
      };
    })
    .sort((a, b) => order(b.stage) - order(a.stage) || b.days_in_stage - a.days_in_stage || a.name.localeCompare(b.name));
}

// ---- interviews

const interviewColumns = {
  id: iv.id,
  carer_id: iv.carer_id,
  first: c.first_name,
  last: c.last_name,
  branch: branches.name,
  stage: c.recruitment_stage,
  date: sql<string>`to_char(${iv.starts_at} at time zone 'Europe/London', 'YYYY-MM-DD')`,
  start_time: sql<string>`to_char(${iv.starts_at} at time zone 'Europe/London', 'HH24:MI')`,
  end_time: sql<string>`to_char(${iv.ends_at} at time zone 'Europe/London', 'HH24:MI')`,
  starts_at: iv.starts_at,
  location: iv.location,
  video_link: iv.video_link,
  interviewers: iv.interviewers,
  status: iv.status,
  notes: iv.notes,
};

type InterviewRecord = { [K in keyof typeof interviewColumns]: unknown };
const interviewOf = (row: InterviewRecord): InterviewRow => ({
  id: Number(row.id),
  carer_id: Number(row.carer_id),
  carer_name: `${String(row.first)} ${String(row.last)}`,
  branch: String(row.branch),
  stage: String(row.stage) as RecruitmentStage,
  date: String(row.date),
  start_time: String(row.start_time),
  end_time: String(row.end_time),
  starts_at: isoOf(row.starts_at as Date | string)!,
  location: String(row.location),
  video_link: String(row.video_link),
  interviewers: String(row.interviewers),
  status: row.status as InterviewRow['status'],
  notes: String(row.notes),
});

function interviewQuery(db: Db, where: SQL | undefined) {
  return db
    .select(interviewColumns)
    .from(iv)
    .innerJoin(carersTable, eq(c.id, iv.carer_id))
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .where(where)
    .orderBy(asc(iv.starts_at), asc(iv.id));
}

/** The interviews of the scope's carers from one UK day to another (both included). */
export async function listInterviews(db: Db, scope: BranchScope, from: string, to: string): Promise<InterviewRow[]> {
  const rows = await interviewQuery(
    db,
    and(visibleCarers(scope), sql`${iv.starts_at} >= (${from}::date::timestamp at time zone 'Europe/London')`, sql`${iv.starts_at} < ((${to}::date + 1)::timestamp at time zone 'Europe/London')`),
  );
  return rows.map(interviewOf);
}

export async function findInterview(db: Db, scope: BranchScope, id: number): Promise<InterviewRow | null> {
  const [row] = await interviewQuery(db, and(visibleCarers(scope), eq(iv.id, id)));
  return row ? interviewOf(row) : null;
}

type InterviewValues = { date: string; start_time: string; end_time: string; location: string; video_link: string; interviewers: string; notes: string };
const at = (day: string, time: string) => sql`((${day}::date + ${time}::time) at time zone 'Europe/London')`;

/** Books an interview; an applicant still applied or in screening moves to the interview stage. */
export async function scheduleInterview(db: Database, actor: AuditActor, carerId: number, values: InterviewValues): Promise<number> {
  return db.transaction(async (tx) => {
    const [carer] = await tx.select({ status: c.status, stage: c.recruitment_stage }).from(carersTable).where(eq(c.id, carerId)).for('update');
    if (!carer || carer.status !== 'applicant' || isClosing(String(carer.stage)) || carer.stage === 'hired') {
      throw new RecruitmentRuleError(409, 'date', 'Interviews are booked for applicants still in the pipeline.');
    }
    const [row] = await tx
      .insert(iv)
      .values({ carer_id: carerId, starts_at: at(values.date, values.start_time), ends_at: at(values.date, values.end_time), location: values.location, video_link: values.video_link, interviewers: values.interviewers, notes: values.notes, created_by: actor.userId } as never)
      .returning({ id: iv.id });
    const id = row!.id;
    await recordAudit(tx, { actor, resource: 'recruitment-interviews', recordId: id, action: 'create', after: { carer_id: carerId, ...values } });
    if (carer.stage === 'applied' || carer.stage === 'screening') {
      await recordMove(tx, actor, carerId, String(carer.stage) as RecruitmentStage, 'interview', `Interview booked for ${values.date} at ${values.start_time}.`);
    }
    return id;
  });
}

export async function updateInterview(db: Database, actor: AuditActor, before: InterviewRow, values: InterviewValues & { status: InterviewRow['status'] }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(iv)
      .set({ starts_at: at(values.date, values.start_time), ends_at: at(values.date, values.end_time), location: values.location, video_link: values.video_link, interviewers: values.interviewers, notes: values.notes, status: values.status, updated_at: clock.now() } as never)
      .where(eq(iv.id, before.id));
    await recordAudit(tx, { actor, resource: 'recruitment-interviews', recordId: before.id, action: 'update', before, after: values });
  });
}

export async function cancelInterview(db: Database, actor: AuditActor, before: InterviewRow, reason: string): Promise<void> {
  if (before.status === 'cancelled') throw new RecruitmentRuleError(409, 'status', 'This interview is already cancelled.');
  await db.transaction(async (tx) => {
    const notes = reason ? [before.notes, `Cancelled: ${reason}`].filter(Boolean).join('\n') : before.notes;
    await tx.update(iv).set({ status: 'cancelled', notes, updated_at: clock.now() }).where(eq(iv.id, before.id));
    await recordAudit(tx, { actor, resource: 'recruitment-interviews', recordId: before.id, action: 'update', before: { status: before.status }, after: { status: 'cancelled', reason } });
  });
}

// ---- one applicant (the recruitment tab of the file)

async function recordMove(tx: Db, actor: AuditActor, carerId: number, from: RecruitmentStage | null, to: RecruitmentStage, reason: string): Promise<void> {
  // An applicant added on the carer form has no history yet: their first row says where they started, and when.
  const [started] = await tx.select({ id: history.id }).from(history).where(eq(history.carer_id, carerId)).limit(1);
  if (!started && from) {
    await tx.insert(history).values({
      carer_id: carerId,
      from_stage: null,
      to_stage: from,
      reason: 'Application recorded.',
      moved_by: null,
      moved_at: sql`coalesce((select (${c.applied_on} + time '09:00') at time zone 'Europe/London' from ${carersTable} where ${c.id} = ${carerId}), (select ${c.created_at} from ${carersTable} where ${c.id} = ${carerId}))` as never,
    });
  }
  await tx.insert(history).values({ carer_id: carerId, from_stage: from, to_stage: to, reason, moved_by: actor.userId });
  await tx.update(carersTable).set({ recruitment_stage: to, rejection_reason: isClosing(to) ? reason : '', updated_at: clock.now() } as never).where(eq(c.id, carerId));
  await recordAudit(tx, { actor, resource: 'carers', recordId: carerId, action: 'update', before: { recruitment_stage: from }, after: { recruitment_stage: to, reason } });
}

/** A carer's recruitment: stage, history, interviews, checks and vacancy (null when not the scope's). */
export async function recruitmentInfo(db: Db, scope: BranchScope, carerId: number): Promise<RecruitmentInfo | null> {
  await refreshStaleCompliance(db, [carerId]);
  const [row] = await db
    .select({
      id: c.id,
      first: c.first_name,
      last: c.last_name,
      status: c.status,
      stage: c.recruitment_stage,
      source: c.source,
      applied_on: sql<string | null>`${c.applied_on}::text`,
      start_date: sql<string | null>`${c.start_date}::text`,
      rejection_reason: c.rejection_reason,
      email: c.email,
      staffcode_id: c.staffcode_id,
      band_id: c.band_id,
      contract_type: c.contract_type,
      contracted_hours: c.contracted_hours,
      checks: carerCompliance.checks,
      user_id: carerAccounts.user_id,
      career_id: applicantVacancies.career_id,
      career_title: careers.title,
    })
    .from(carersTable)
    .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
    .leftJoin(carerAccounts, eq(carerAccounts.carer_id, c.id))
    .leftJoin(applicantVacancies, eq(applicantVacancies.carer_id, c.id))
    .leftJoin(careers, eq(careers.id, applicantVacancies.career_id))
    .where(and(eq(c.id, carerId), visibleCarers(scope)));
  if (!row) return null;
  const moves = await db
    .select({ id: history.id, from_stage: history.from_stage, to_stage: history.to_stage, reason: history.reason, moved_at: history.moved_at, moved_by: users.name })
    .from(history)
    .leftJoin(users, eq(users.id, history.moved_by))
    .where(eq(history.carer_id, carerId))
    .orderBy(asc(history.moved_at), asc(history.id));
  const interviews = (await interviewQuery(db, eq(iv.carer_id, carerId))).map(interviewOf);
  const checks = hiringChecksOf(row.checks as ComplianceCheck[] | null);
  return {
    id: Number(row.id),
    name: `${String(row.first)} ${String(row.last)}`,
    status: String(row.status),
    stage: String(row.stage) as RecruitmentStage,
    source: String(row.source),
    applied_on: row.applied_on,
    start_date: row.start_date,
    rejection_reason: String(row.rejection_reason),
    email: String(row.email),
    staffcode_id: (row.staffcode_id as number | null) ?? null,
    band_id: (row.band_id as number | null) ?? null,
    contract_type: String(row.contract_type),
    contracted_hours: (row.contracted_hours as number | null) ?? null,
    vacancy: row.career_id ? { id: row.career_id, title: row.career_title ?? `Vacancy ${row.career_id}` } : null,
    history: moves.map((move): StageMove => ({ ...move, moved_at: isoOf(move.moved_at)! })),
    interviews,
    checks,
    missing: checks.filter((check) => !check.clear).map((check) => check.label),
    has_account: row.user_id !== null,
  };
}

/** Moves an applicant forward or back; ready needs the pre-employment checks clear, hired is the hire's. */
export async function moveStage(db: Database, actor: AuditActor, carerId: number, to: RecruitmentStage, reason: string): Promise<void> {
  if (to === 'hired') throw new RecruitmentRuleError(422, 'stage', 'Hire from the Hire form: it sets the start date and makes the sign-in account.');
  await db.transaction(async (tx) => {
    const [carer] = await tx.select({ status: c.status, stage: c.recruitment_stage }).from(carersTable).where(eq(c.id, carerId)).for('update');
    if (!carer) throw new RecruitmentRuleError(409, 'stage', 'No such applicant.');
    if (carer.status !== 'applicant') throw new RecruitmentRuleError(409, 'stage', 'Only applicants move through recruitment: this carer is already hired.');
    if (carer.stage === to) throw new RecruitmentRuleError(422, 'stage', `Already at ${stageLabel(to)}.`);
    if (to === 'ready') {
      const missing = hiringChecksOf(await complianceOf(tx, carerId)).filter((check) => !check.clear);
      if (missing.length) throw new RecruitmentRuleError(409, 'stage', `Not ready to start: ${missing.map((check) => check.label).join(', ')} not clear yet.`);
    }
    await recordMove(tx, actor, carerId, String(carer.stage) as RecruitmentStage, to, reason);
  });
}

export class AccountExistsError extends RecruitmentRuleError {}

/**
 * Hires an applicant: the same record becomes an active carer (stage hired, start date, contract) with a sign-in
 * account of the carer role (a random password nobody knows: the carer sets theirs by "forgot password").
 */
export async function hire(db: Database, actor: AuditActor, carerId: number, values: { start_date: string; staffcode_id: number | null; band_id: number | null; contract_type: string; contracted_hours: number | null }): Promise<number> {
  const hash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const [carer] = await tx
      .select({ status: c.status, stage: c.recruitment_stage, email: c.email, first: c.first_name, last: c.last_name, branch_id: c.branch_id, staffcode_id: c.staffcode_id, band_id: c.band_id })
      .from(carersTable)
      .where(eq(c.id, carerId))
      .for('update');
    if (!carer) throw new RecruitmentRuleError(409, 'start_date', 'No such applicant.');
    if (carer.status !== 'applicant') throw new RecruitmentRuleError(409, 'start_date', 'Already hired: this carer is not an applicant.');
    if (isClosing(String(carer.stage))) throw new RecruitmentRuleError(409, 'start_date', `This application was ${String(carer.stage)}: move it back into the pipeline first.`);
    const missing = hiringChecksOf(await complianceOf(tx, carerId)).filter((check) => !check.clear);
    if (missing.length) throw new RecruitmentRuleError(409, 'start_date', `Cannot hire yet: ${missing.map((check) => check.label).join(', ')} not clear.`);
    const email = String(carer.email).trim().toLowerCase();
    if (!email) throw new RecruitmentRuleError(409, 'email', 'Add the applicant’s email on their details first: it is their sign-in.');
    const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing) throw new AccountExistsError(409, 'email', `A user with the email ${email} already exists: change the applicant’s email or link the account by hand.`);
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
    if (!role) throw new Error('The carer role is missing.');
    const name = `${String(carer.first)} ${String(carer.last)}`;
    const [user] = await tx.insert(users).values({ name, email, password_hash: hash, role_id: role.id, user_type: 'domiciliary' }).returning({ id: users.id });
    await tx.insert(userBranches).values({ user_id: user!.id, branch_id: Number(carer.branch_id) });
    await tx.insert(carerAccounts).values({ carer_id: carerId, user_id: user!.id });
    const after = {
      status: 'active',
      recruitment_stage: 'hired',
      start_date: values.start_date,
      contract_type: values.contract_type,
      contracted_hours: values.contracted_hours,
      staffcode_id: values.staffcode_id ?? carer.staffcode_id,
      band_id: values.band_id ?? carer.band_id,
    };
    await tx.update(carersTable).set({ ...after, rejection_reason: '', updated_at: clock.now() } as never).where(eq(c.id, carerId));
    // Hired: rosterable from now when the checks allow (no longer "an applicant"), not from a later read; told.
    await recordHire(tx, { carer_id: carerId, carer_name: name, branch_id: Number(carer.branch_id) }, actor.userId);
    await tx.insert(history).values({ carer_id: carerId, from_stage: String(carer.stage) as RecruitmentStage, to_stage: 'hired', reason: `Hired to start on ${values.start_date}.`, moved_by: actor.userId });
    await recordAudit(tx, { actor, resource: 'carers', recordId: carerId, action: 'update', before: { status: 'applicant', recruitment_stage: carer.stage }, after: { ...after, user_id: user!.id } });
    await recordAudit(tx, { actor, resource: 'users', recordId: user!.id, action: 'create', after: { name, email, role: CARER_ROLE, branch_ids: [Number(carer.branch_id)], carer_id: carerId } });
    return user!.id;
  });
}

export async function linkVacancy(db: Database, actor: AuditActor, carerId: number, careerId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (careerId !== null) {
      const [career] = await tx.select({ id: careers.id }).from(careers).where(and(eq(careers.id, careerId), isNull(careers.deleted_at)));
      if (!career) throw new RecruitmentRuleError(422, 'career_id', 'Choose a job vacancy from the list.');
    }
    const [before] = await tx.select({ career_id: applicantVacancies.career_id }).from(applicantVacancies).where(eq(applicantVacancies.carer_id, carerId));
    await tx.delete(applicantVacancies).where(eq(applicantVacancies.carer_id, carerId));
    if (careerId !== null) await tx.insert(applicantVacancies).values({ carer_id: carerId, career_id: careerId });
    await recordAudit(tx, { actor, resource: 'carers', recordId: carerId, action: 'update', before: { vacancy: before?.career_id ?? null }, after: { vacancy: careerId } });
  });
}

// ---- the dashboard and the reports

type Person = { id: number; stage: RecruitmentStage; status: string; source: string; applied_on: string | null; moves: { to: RecruitmentStage; from: RecruitmentStage | null; at: string; reason: string }[] };

/** The scope's carers with their stage history, the application day taken from the file or the first move. */
async function people(db: Db, scope: BranchScope): Promise<(Person & { appliedOn: string | null; hiredOn: string | null })[]> {
  const rows = await db
    .select({ id: c.id, stage: c.recruitment_stage, status: c.status, source: c.source, applied_on: sql<string | null>`${c.applied_on}::text` })
    .from(carersTable)
    .where(visibleCarers(scope));
  const ids = rows.map((row) => Number(row.id));
  const moves = ids.length
    ? await db.select({ carer_id: history.carer_id, from: history.from_stage, to: history.to_stage, at: history.moved_at, reason: history.reason }).from(history).where(inArray(history.carer_id, ids)).orderBy(asc(history.moved_at), asc(history.id))
    : [];
  const byCarer = new Map<number, Person['moves']>();
  for (const move of moves) {
    const list = byCarer.get(move.carer_id) ?? [];
    list.push({ to: move.to, from: move.from, at: isoOf(move.at)!, reason: move.reason });
    byCarer.set(move.carer_id, list);
  }
  return rows.map((row) => {
    const mine = byCarer.get(Number(row.id)) ?? [];
    const first = mine[0];
    const hired = [...mine].reverse().find((move) => move.to === 'hired');
    return {
      id: Number(row.id),
      stage: String(row.stage) as RecruitmentStage,
      status: String(row.status),
      source: String(row.source),
      applied_on: row.applied_on,
      moves: mine,
      appliedOn: row.applied_on ?? (first ? ukDayOf(first.at) : null),
      hiredOn: hired ? ukDayOf(hired.at) : null,
    };
  });
}

const reachedIndex = (person: Person) => Math.max(pipelineIndex(person.stage), ...person.moves.map((move) => pipelineIndex(move.to)), ...person.moves.map((move) => (move.from ? pipelineIndex(move.from) : -1)));
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

export function periodOf(period: DashboardPeriod, today = londonDate()): { from: string; to: string } {
  return period === 'year' ? { from: `${today.slice(0, 4)}-01-01`, to: today } : { from: shiftDay(today, -89), to: today };
}

export async function dashboard(db: Db, scope: BranchScope, period: DashboardPeriod): Promise<RecruitmentDashboard> {
  const today = londonDate();
  const { from, to } = periodOf(period, today);
  const everyone = await people(db, scope);
  const cohort = everyone.filter((person) => person.appliedOn !== null && person.appliedOn >= from && person.appliedOn <= to);
  const reached = PIPELINE_STAGES.map((_, index) => cohort.filter((person) => reachedIndex(person) >= index).length);
  const funnel = PIPELINE_STAGES.map((stage, index) => ({
    stage,
    label: stageLabel(stage),
    reached: reached[index]!,
    now: cohort.filter((person) => person.stage === stage).length,
    conversion: index === 0 ? null : percent(reached[index]!, reached[index - 1]!),
  }));
  const hiredInPeriod = everyone.filter((person) => person.hiredOn !== null && person.appliedOn !== null && person.hiredOn >= from && person.hiredOn <= to);
  const hireDays = hiredInPeriod.map((person) => daysBetween(person.appliedOn!, person.hiredOn!));
  const hired = cohort.filter((person) => reachedIndex(person) >= pipelineIndex('hired')).length;
  const sources = APPLICANT_SOURCES.map(({ value, label }) => ({
    source: value,
    label,
    applied: cohort.filter((person) => person.source === value).length,
    hired: cohort.filter((person) => person.source === value && reachedIndex(person) >= pipelineIndex('hired')).length,
  })).filter((row) => row.applied > 0);
  const counts = await db
    .select({ career_id: applicantVacancies.career_id, count: sql<number>`count(*)::int` })
    .from(applicantVacancies)
    .innerJoin(carersTable, eq(c.id, applicantVacancies.carer_id))
    .where(visibleCarers(scope))
    .groupBy(applicantVacancies.career_id);
  const open = await db
    .select({ id: careers.id, title: careers.title, location: careers.location, closing_date: careers.closing_date })
    .from(careers)
    .where(and(isNull(careers.deleted_at), eq(careers.status, 'open'), sql`${careers.closing_date} >= ${today}::date`))
    .orderBy(asc(careers.closing_date));
  return {
    period,
    from,
    to,
    applied: cohort.length,
    hired,
    rejected: cohort.filter((person) => person.stage === 'rejected').length,
    withdrawn: cohort.filter((person) => person.stage === 'withdrawn').length,
    conversion: percent(hired, cohort.length),
    funnel,
    average_days_to_hire: hireDays.length ? Math.round((hireDays.reduce((sum, days) => sum + days, 0) / hireDays.length) * 10) / 10 : null,
    hires_counted: hireDays.length,
    sources,
    open_vacancies: open.map((row) => ({ ...row, applicants: counts.find((count) => count.career_id === row.id)?.count ?? 0 })),
  };
}

export async function report(db: Db, scope: BranchScope, year: number): Promise<RecruitmentReport> {
  const everyone = await people(db, scope);
  const prefix = String(year);
  const cohort = everyone.filter((person) => person.appliedOn?.startsWith(prefix));
  const months = new Map<string, RecruitmentReport['months'][number]>();
  for (const person of cohort) {
    const month = person.appliedOn!.slice(0, 7);
    const key = `${month} ${person.source}`;
    const row = months.get(key) ?? { month, source: person.source, label: sourceLabel(person.source), applied: 0, hired: 0, rejected: 0, withdrawn: 0, in_progress: 0 };
    row.applied += 1;
    if (reachedIndex(person) >= pipelineIndex('hired')) row.hired += 1;
    else if (person.stage === 'rejected') row.rejected += 1;
    else if (person.stage === 'withdrawn') row.withdrawn += 1;
    else row.in_progress += 1;
    months.set(key, row);
  }
  const reasons = new Map<string, RecruitmentReport['rejection_reasons'][number]>();
  const spent = new Map<string, number[]>();
  const now = clock.now().toISOString();
  for (const person of everyone) {
    person.moves.forEach((move, index) => {
      if (!move.at.startsWith(prefix) && !ukDayOf(move.at).startsWith(prefix)) return;
      if (isClosing(move.to)) {
        const reason = move.reason.trim() || 'No reason recorded';
        const key = `${move.to} ${reason.toLowerCase()}`;
        const row = reasons.get(key) ?? { stage: move.to, reason, count: 0 };
        row.count += 1;
        reasons.set(key, row);
      }
      if (pipelineIndex(move.to) < 0 || move.to === 'hired') return;
      const next = person.moves[index + 1];
      if (!next && person.stage !== move.to) return;
      const end = next ? next.at : now;
      const list = spent.get(move.to) ?? [];
      list.push(daysBetween(ukDayOf(move.at), ukDayOf(end)));
      spent.set(move.to, list);
    });
  }
  return {
    year,
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month) || a.label.localeCompare(b.label)),
    rejection_reasons: [...reasons.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    time_in_stage: PIPELINE_STAGES.filter((stage) => stage !== 'hired').map((stage) => {
      const list = spent.get(stage) ?? [];
      return { stage, label: stageLabel(stage), moves: list.length, average_days: list.length ? Math.round((list.reduce((sum, days) => sum + days, 0) / list.length) * 10) / 10 : null };
    }),
  };
}

/** The year's report as CSV, through the platform's one writer (quoting and formula defusing: `csvText`). */
export function reportCsv(data: RecruitmentReport): string {
  const lines: (string | number | null)[][] = [['Month', 'Source', 'Applied', 'Hired', 'Rejected', 'Withdrawn', 'In progress']];
  for (const row of data.months) lines.push([row.month, row.label, row.applied, row.hired, row.rejected, row.withdrawn, row.in_progress]);
  lines.push([]);
  lines.push(['Stage', 'Why the application ended', 'Count']);
  for (const row of data.rejection_reasons) lines.push([stageLabel(row.stage), row.reason, row.count]);
  lines.push([]);
  lines.push(['Stage', 'Times in the stage', 'Average days in the stage']);
  for (const row of data.time_in_stage) lines.push([row.label, row.moves, row.average_days]);
  return csvText(lines);
}

// ---- the pre-employment checks matrix

const DOCUMENT_KINDS = ['application-form', 'screening', 'interview', 'management-approval', 'medical-history', 'references-documents-work-history', 'reference'] as const;

export async function matrix(db: Db, scope: BranchScope, branchId: number | null): Promise<MatrixRow[]> {
  await refreshStaleCompliance(db);
  const rows = await db
    .select({ id: c.id, first: c.first_name, last: c.last_name, stage: c.recruitment_stage, branch: branches.name, checks: carerCompliance.checks })
    .from(carersTable)
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
    .where(and(visibleCarers(scope), eq(c.status, 'applicant'), sql`${c.recruitment_stage} not in ('rejected', 'withdrawn')`, branchId ? eq(c.branch_id, branchId) : undefined))
    .orderBy(asc(c.last_name), asc(c.first_name));
  const ids = rows.map((row) => Number(row.id));
  const documents = ids.length
    ? await db
        .select({ owner_id: carerDocuments.owner_id, kind: carerDocuments.kind, status: carerDocuments.status })
        .from(carerDocuments)
        .where(and(inArray(carerDocuments.owner_id, ids), inArray(carerDocuments.kind, [...DOCUMENT_KINDS]), ne(carerDocuments.status, 'archived')))
    : [];
  return rows.map((row) => {
    const id = Number(row.id);
    const mine = documents.filter((document) => document.owner_id === id);
    const active = (kind: string) => mine.filter((document) => document.kind === kind && document.status === 'active').length;
    const drafts = (kind: string) => mine.filter((document) => document.kind === kind && document.status === 'draft').length;
    const fromDocument = (kind: string): [CheckProgress, string] => (active(kind) ? ['done', 'Completed on the file.'] : drafts(kind) ? ['in-progress', 'Draft on the file.'] : ['missing', 'Not started.']);
    const checks = (row.checks as ComplianceCheck[] | null) ?? [];
    const fromCompliance = (key: string): [CheckProgress, string] | null => {
      const check = checks.find((item) => item.key === key);
      if (!check) return null;
      if (check.state === 'valid' || check.state === 'expiring') return ['done', check.detail || 'Clear.'];
      return ['missing', check.detail || (check.state === 'expired' ? 'Expired.' : 'Missing.')];
    };
    const either = (key: string, kind: string): [CheckProgress, string] => {
      const compliance = fromCompliance(key);
      if (compliance?.[0] === 'done') return compliance;
      const document = fromDocument(kind);
      return document[0] === 'missing' ? (compliance ?? document) : document;
    };
    const referencesClear = fromCompliance('references')?.[0] === 'done';
    const references = active('reference');
    const referenceDrafts = drafts('reference');
    const reference = (n: 1 | 2): [CheckProgress, string] =>
      referencesClear || references >= n ? ['done', 'Reference received.'] : references + referenceDrafts >= n ? ['in-progress', 'Requested or being written.'] : ['missing', 'Not requested yet.'];
    const cells: Record<string, [CheckProgress, string]> = {
      'application-form': fromDocument('application-form'),
      screening: fromDocument('screening'),
      interview: fromDocument('interview'),
      'reference-1': reference(1),
      'reference-2': reference(2),
      dbs: fromCompliance('dbs') ?? ['missing', 'Not checked yet.'],
      'right-to-work': fromCompliance('right-to-work') ?? ['missing', 'Not checked yet.'],
      'photo-id': fromCompliance('photo-id') ?? ['missing', 'Not seen yet.'],
      'health-declaration': either('health-declaration', 'medical-history'),
      'work-history': either('work-history', 'references-documents-work-history'),
      'management-approval': fromDocument('management-approval'),
    };
    const list: MatrixCell[] = MATRIX_CHECKS.map(({ key }) => ({ key, progress: cells[key]![0], detail: cells[key]![1] }));
    return { id, name: `${String(row.first)} ${String(row.last)}`, stage: String(row.stage) as RecruitmentStage, branch: row.branch, cells: list, done: list.filter((cell) => cell.progress === 'done').length };
  });
}

// ---- job vacancies

const vacancyColumns = {
  id: careers.id,
  title: careers.title,
  role: careerRoles.name,
  location: careers.location,
  contract_type: careers.contract_type,
  hours_per_week: careers.hours_per_week,
  pay_from_pence: careers.pay_from_pence,
  pay_to_pence: careers.pay_to_pence,
  pay_period: careers.pay_period,
  driver_required: careers.driver_required,
  closing_date: careers.closing_date,
  status: careers.status,
  description: careers.description,
};

async function stageCounts(db: Db, scope: BranchScope) {
  return db
    .select({ career_id: applicantVacancies.career_id, stage: c.recruitment_stage, count: sql<number>`count(*)::int` })
    .from(applicantVacancies)
    .innerJoin(carersTable, eq(c.id, applicantVacancies.carer_id))
    .where(visibleCarers(scope))
    .groupBy(applicantVacancies.career_id, c.recruitment_stage);
}

function vacancyRow(row: { id: number }, counts: Awaited<ReturnType<typeof stageCounts>>): VacancyRow & { description: string } {
  const mine = counts.filter((count) => count.career_id === row.id);
  return {
    ...(row as unknown as Omit<VacancyRow, 'applicants' | 'by_stage'> & { description: string }),
    applicants: mine.reduce((sum, count) => sum + count.count, 0),
    by_stage: RECRUITMENT_STAGES.map(({ value }) => ({ stage: value, count: mine.find((count) => count.stage === value)?.count ?? 0 })).filter((entry) => entry.count > 0),
  };
}

export async function listVacancies(db: Db, scope: BranchScope): Promise<VacancyRow[]> {
  const rows = await db
    .select(vacancyColumns)
    .from(careers)
    .leftJoin(careerRoles, eq(careerRoles.id, careers.career_role_id))
    .where(isNull(careers.deleted_at))
    .orderBy(sql`case when ${careers.status} = 'open' then 0 else 1 end`, asc(careers.closing_date), asc(careers.id));
  const counts = await stageCounts(db, scope);
  return rows.map((row) => {
    const { description: _description, ...rest } = vacancyRow(row, counts);
    return rest;
  });
}

export async function findVacancy(db: Db, scope: BranchScope, id: number, staleDays: number): Promise<VacancyDetail | null> {
  const [row] = await db.select(vacancyColumns).from(careers).leftJoin(careerRoles, eq(careerRoles.id, careers.career_role_id)).where(and(eq(careers.id, id), isNull(careers.deleted_at)));
  if (!row) return null;
  const vacancy = vacancyRow(row, await stageCounts(db, scope));
  return { ...vacancy, people: await listApplicants(db, scope, { careerId: id }, staleDays) };
}

// ---- carer surveys

const surveyColumns = {
  id: carerSurveys.id,
  title: carerSurveys.title,
  description: carerSurveys.description,
  status: carerSurveys.status,
  opens_on: carerSurveys.opens_on,
  closes_on: carerSurveys.closes_on,
  anonymous: carerSurveys.anonymous,
  questions: sql<number>`(select count(*)::int from ${carerSurveyQuestions} where ${carerSurveyQuestions.survey_id} = ${carerSurveys.id})`,
  submissions: sql<number>`(select count(*)::int from ${carerSurveySubmissions} where ${carerSurveySubmissions.survey_id} = ${carerSurveys.id})`,
};

const surveyOf = (row: Omit<SurveyRow, 'frequency'>): SurveyRow => ({ ...row, frequency: 'Once (no frequency declared)' });

export async function listSurveys(db: Db): Promise<SurveyRow[]> {
  const rows = await db.select(surveyColumns).from(carerSurveys).where(isNull(carerSurveys.deleted_at)).orderBy(sql`${carerSurveys.opens_on} desc`, asc(carerSurveys.id));
  return rows.map(surveyOf);
}

const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The active carers of the scope who have not answered a survey. Reference data keeps a submission's respondent
 * as a name, so a carer has answered when a submission names them (first and last name, or preferred and last).
 */
export async function surveyDue(db: Db, scope: BranchScope, surveyId: number): Promise<SurveyDue | null> {
  const [row] = await db.select(surveyColumns).from(carerSurveys).where(and(eq(carerSurveys.id, surveyId), isNull(carerSurveys.deleted_at)));
  if (!row) return null;
  const survey = surveyOf(row);
  const answered = new Set((await db.select({ name: carerSurveySubmissions.respondent_name }).from(carerSurveySubmissions).where(eq(carerSurveySubmissions.survey_id, surveyId))).map((submission) => nameKey(submission.name)));
  const active = await db
    .select({ id: c.id, first: c.first_name, preferred: c.preferred_name, last: c.last_name, branch: branches.name, email: c.email, user_id: carerAccounts.user_id })
    .from(carersTable)
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .leftJoin(carerAccounts, eq(carerAccounts.carer_id, c.id))
    .where(and(visibleCarers(scope), eq(c.status, 'active')))
    .orderBy(asc(c.last_name), asc(c.first_name));
  const hasAnswered = (carer: (typeof active)[number]) => answered.has(nameKey(`${String(carer.first)} ${String(carer.last)}`)) || (carer.preferred ? answered.has(nameKey(`${String(carer.preferred)} ${String(carer.last)}`)) : false);
  const due = survey.anonymous ? [] : active.filter((carer) => !hasAnswered(carer));
  return {
    survey,
    carers: due.map((carer) => ({ id: Number(carer.id), name: `${String(carer.first)} ${String(carer.last)}`, branch: carer.branch, email: String(carer.email), user_id: carer.user_id })),
    active_carers: active.length,
    answered: survey.anonymous ? survey.submissions : active.length - due.length,
  };
}
