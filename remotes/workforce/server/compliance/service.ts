import { and, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { londonDate } from '@hcm/contract/engine';
import { arrayParam, isAnyOf, type AreaServerContext, type Database, type ScheduledJob, type Transaction } from '@hcm/server/platform';
import { alertWindowsOf, UNLIMITED_RIGHT_TO_WORK, type CarerCompliance, type ComplianceCheck, type ComplianceState } from '../../contract/compliance.js';
import { workHistoryGaps } from '../../contract/documents/compliance.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { settingsRead } from '../read-models.js';
import { publishComplianceChanges } from './events.js';
import { businessInsurance, carerCompliance, dbsChecks, dbsUpdateChecks, drivingLicences, photoIdChecks, rightToWorkChecks } from './tables.js';
import { clock, ukInstant, ukToday } from '@hcm/contract/time';

// A carer's compliance, worked out from what the office recorded (DBS, right to work, licence, insurance, photo
// ID) and the file's documents (references, work history, health declaration, DBS risk assessment), stored in
// carer_compliance for the carers list, the file alerts and the rota. `computeCompliance` is the rule (pure);
// `recomputeCompliance` loads what it needs for many carers in a handful of queries and writes them in one go.

type Db = Database | Transaction;

export const COMPLIANCE_SETTINGS = {
  compliance_alert_days: { label: 'Compliance alert windows (days before expiry)', default: '30,14,7', description: 'Comma-separated days before a check lapses at which it shows in the file alerts; a carer is "expiring" within the largest.' },
  dbs_update_check_months: { label: 'DBS Update Service check every (months)', default: '12', description: 'How often the DBS Update Service status of a subscribed certificate is checked; a carer whose check is overdue cannot be rostered.' },
  dbs_renewal_years: { label: 'Renew a DBS certificate not on the Update Service after (years)', default: '3', description: 'A certificate without an Update Service subscription is renewed after this many years (common practice: 3).' },
  reference_link_days: { label: 'Reference request links work for (days)', default: '14', description: 'How long a referee link emailed from a carer file stays open.' },
} as const;

export type ComplianceSettings = { alertWindows: number[]; updateCheckMonths: number; renewalYears: number; referenceLinkDays: number };

const wholeOr = (value: string | null | undefined, fallback: number, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 && number <= max ? number : fallback;
};

export async function readComplianceSettings(db: Db): Promise<ComplianceSettings> {
  let rows: { key: string | null; value: string | null }[] = [];
  try {
    rows = await db.select().from(settingsRead).where(inArray(settingsRead.key, Object.keys(COMPLIANCE_SETTINGS)));
  } catch {
    // No settings table yet (an area composed without reference data): the defaults.
  }
  const value = (key: keyof typeof COMPLIANCE_SETTINGS) => rows.find((row) => row.key === key)?.value ?? COMPLIANCE_SETTINGS[key].default;
  return {
    alertWindows: alertWindowsOf(value('compliance_alert_days')),
    updateCheckMonths: wholeOr(value('dbs_update_check_months'), 12, 60),
    renewalYears: wholeOr(value('dbs_renewal_years'), 3, 20),
    referenceLinkDays: wholeOr(value('reference_link_days'), 14, 90),
  };
}

// ---- The rule.

export type DbsFacts = { level: string; barred_list_checked: boolean; issue_date: string; disclosure: boolean; update_service: boolean; last_update_check: { checked_on: string; result: string } | null };
export type RightToWorkFacts = { document_type: string; visa_type: string; expires_on: string | null; follow_up_on: string | null; weekly_hours_cap: number | null; conditions: string };

/** Everything the rule reads about one carer. */
export type ComplianceFacts = {
  carer_id: number;
  status: string;
  drives: boolean;
  dbs: DbsFacts | null;
  rightToWork: RightToWorkFacts | null;
  photoId: { seen_on: string } | null;
  licence: { expires_on: string; points: number | null } | null;
  insurance: { expires_on: string; business_use_confirmed: boolean } | null;
  /** Active reference documents. */
  references: number;
  /** The active work-history document's content and the day it was written (gaps count up to then), or null. */
  workHistory: { content: Record<string, unknown>; on: string } | null;
  /** A completed health declaration: made active (every required answer given, signed by the worker). */
  healthDeclaration: boolean;
  /** A health declaration begun but still a draft (it does not count until completed). */
  healthDeclarationDraft?: boolean;
  /** A DBS risk assessment made active and signed off on its current version. */
  riskAssessmentApproved: boolean;
};

const DAY_MS = 86_400_000;
export const daysFrom = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}
const ukDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

type CheckDraft = Omit<ComplianceCheck, 'state' | 'days_left'> & { state?: ComplianceCheck['state'] };

/** A dated check's state from its date: lapsed, within the largest window, or valid. */
function dated(draft: CheckDraft, today: string, windows: readonly number[]): ComplianceCheck {
  const days = draft.expires_on ? daysFrom(today, draft.expires_on) : null;
  const state = draft.state ?? (days === null ? 'valid' : days < 0 ? 'expired' : days <= Math.max(...windows) ? 'expiring' : 'valid');
  return { ...draft, state, days_left: days };
}

const LEVEL_WORDS: Record<string, string> = { basic: 'basic', standard: 'standard', enhanced: 'enhanced (without the barred list)', 'enhanced-barred': 'enhanced with the adult barred list' };

/** A carer's compliance on `today`: each check's state, whether they may be rostered, and why not. */
export function computeCompliance(facts: ComplianceFacts, settings: ComplianceSettings, today: string, checkedAt = clock.now()): CarerCompliance {
  const windows = settings.alertWindows;
  const checks: ComplianceCheck[] = [];
  const add = (draft: CheckDraft) => checks.push(dated(draft, today, windows));

  add(
    facts.photoId
      ? { key: 'photo-id', label: 'Photo ID', expires_on: null, blocks_rostering: false, detail: `Seen on ${ukDay(facts.photoId.seen_on)}.` }
      : { key: 'photo-id', label: 'Photo ID', state: 'missing', expires_on: null, blocks_rostering: false, detail: 'Record the photo ID seen (passport or photocard licence).' },
  );

  const dbs = facts.dbs;
  if (!dbs) {
    add({ key: 'dbs', label: 'DBS check', state: 'missing', expires_on: null, blocks_rostering: true, detail: 'No DBS certificate recorded: an enhanced check with the adult barred list is needed for care work.' });
  } else if (dbs.level !== 'enhanced-barred' || !dbs.barred_list_checked) {
    add({
      key: 'dbs',
      label: 'DBS check',
      state: 'missing',
      expires_on: null,
      blocks_rostering: true,
      detail: `The certificate on file is ${LEVEL_WORDS[dbs.level] ?? dbs.level}${dbs.level === 'enhanced-barred' ? ' but the barred list is not recorded as checked' : ''}: care work needs an enhanced check with the adult barred list.`,
    });
  } else if (dbs.update_service) {
    add({ key: 'dbs', label: 'DBS check', expires_on: null, blocks_rostering: true, detail: `Enhanced with the adult barred list, issued ${ukDay(dbs.issue_date)}; on the Update Service.` });
  } else {
    const renew = addMonths(dbs.issue_date, settings.renewalYears * 12);
    add({ key: 'dbs', label: 'DBS check', expires_on: renew, blocks_rostering: true, detail: `Enhanced with the adult barred list, issued ${ukDay(dbs.issue_date)}; not on the Update Service, so renewed after ${settings.renewalYears} years (${ukDay(renew)}).` });
  }
  if (dbs?.update_service) {
    const last = dbs.last_update_check;
    const due = addMonths(last?.checked_on ?? dbs.issue_date, settings.updateCheckMonths);
    if (last?.result === 'new-information') {
      // Lapsed now, whatever the date: no countdown to show.
      add({ key: 'dbs-update-service', label: 'DBS Update Service check', state: 'expired', expires_on: null, blocks_rostering: true, detail: `The Update Service showed new information on ${ukDay(last.checked_on)}: apply for a new certificate and assess the risk before rostering.` });
    } else {
      const check = dated({ key: 'dbs-update-service', label: 'DBS Update Service check', expires_on: due, blocks_rostering: true, detail: '' }, today, windows);
      check.detail = last
        ? `Last checked ${ukDay(last.checked_on)} (no new information); next check ${check.state === 'expired' ? 'was due' : 'due'} ${ukDay(due)}.`
        : `Not checked since the certificate was issued; ${check.state === 'expired' ? 'a check was due' : 'first check due'} ${ukDay(due)}.`;
      checks.push(check);
    }
  }
  if (dbs?.disclosure) {
    add(
      facts.riskAssessmentApproved
        ? { key: 'dbs-risk-assessment', label: 'DBS risk assessment', expires_on: null, blocks_rostering: true, detail: 'The certificate discloses information; the risk assessment is approved.' }
        : { key: 'dbs-risk-assessment', label: 'DBS risk assessment', state: 'missing', expires_on: null, blocks_rostering: true, detail: 'The certificate discloses information: a DBS risk assessment must be completed and approved by a manager.' },
    );
  }

  const rtw = facts.rightToWork;
  if (!rtw) {
    add({ key: 'right-to-work', label: 'Right to work', state: 'missing', expires_on: null, blocks_rostering: true, detail: 'No right to work check recorded.' });
  } else if ((UNLIMITED_RIGHT_TO_WORK as readonly string[]).includes(rtw.document_type) || (!rtw.expires_on && ['none', 'settled'].includes(rtw.visa_type))) {
    add({ key: 'right-to-work', label: 'Right to work', expires_on: null, blocks_rostering: true, detail: 'No time limit: no follow-up check needed.' });
  } else if (!rtw.expires_on) {
    add({ key: 'right-to-work', label: 'Right to work', state: 'missing', expires_on: null, blocks_rostering: true, detail: 'Permission for a limited time: record the date it ends.' });
  } else {
    const check = dated({ key: 'right-to-work', label: 'Right to work', expires_on: rtw.expires_on, blocks_rostering: true, detail: '' }, today, windows);
    const cap = rtw.weekly_hours_cap ? ` Limited to ${rtw.weekly_hours_cap} hours a week${rtw.visa_type === 'student' ? ' in term time' : ''}.` : '';
    const followUp = rtw.follow_up_on ? ` Follow-up check due ${ukDay(rtw.follow_up_on)}.` : '';
    check.detail = check.state === 'expired' ? `Permission ended ${ukDay(rtw.expires_on)}: they may not work until a new check shows the right to work.` : `Permission until ${ukDay(rtw.expires_on)}.${followUp}${cap}`;
    checks.push(check);
  }

  add(
    facts.references >= 2
      ? { key: 'references', label: 'Two references', expires_on: null, blocks_rostering: false, detail: `${facts.references} references received.` }
      : { key: 'references', label: 'Two references', state: 'missing', expires_on: null, blocks_rostering: false, detail: `${facts.references} of 2 references received.` },
  );

  if (!facts.workHistory) {
    add({ key: 'work-history', label: 'Full work history, gaps explained', state: 'missing', expires_on: null, blocks_rostering: false, detail: 'No work history made active.' });
  } else {
    const gaps = workHistoryGaps(facts.workHistory.content, facts.workHistory.on < today ? facts.workHistory.on : today).filter((gap) => !gap.explained);
    add(
      gaps.length
        ? { key: 'work-history', label: 'Full work history, gaps explained', state: 'missing', expires_on: null, blocks_rostering: false, detail: `${gaps.length} unexplained gap${gaps.length === 1 ? '' : 's'} of more than 28 days in the last 10 years.` }
        : { key: 'work-history', label: 'Full work history, gaps explained', expires_on: null, blocks_rostering: false, detail: 'Complete, with every gap explained.' },
    );
  }

  add(
    facts.healthDeclaration
      ? { key: 'health-declaration', label: 'Health declaration', expires_on: null, blocks_rostering: false, detail: 'On file.' }
      : {
          key: 'health-declaration',
          label: 'Health declaration',
          state: 'missing',
          expires_on: null,
          blocks_rostering: false,
          detail: facts.healthDeclarationDraft ? 'The health declaration is a draft: it counts once completed and signed.' : 'No health declaration on file.',
        },
  );

  if (facts.drives) {
    const licence = facts.licence;
    if (!licence) add({ key: 'driving-licence', label: 'Driving licence', state: 'missing', expires_on: null, blocks_rostering: false, detail: 'Drives to visits: record the licence.' });
    else {
      const check = dated({ key: 'driving-licence', label: 'Driving licence', expires_on: licence.expires_on, blocks_rostering: false, detail: '' }, today, windows);
      check.detail = `${check.state === 'expired' ? 'Expired' : 'Valid until'} ${ukDay(licence.expires_on)}; ${licence.points ?? 0} penalty point${licence.points === 1 ? '' : 's'}.`;
      checks.push(check);
    }
    const insurance = facts.insurance;
    if (!insurance) add({ key: 'business-insurance', label: 'Business car insurance', state: 'missing', expires_on: null, blocks_rostering: false, detail: 'Drives to visits: record car insurance covering business use.' });
    else if (!insurance.business_use_confirmed) add({ key: 'business-insurance', label: 'Business car insurance', state: 'missing', expires_on: insurance.expires_on, blocks_rostering: false, detail: 'The certificate on file does not confirm business use.' });
    else {
      const check = dated({ key: 'business-insurance', label: 'Business car insurance', expires_on: insurance.expires_on, blocks_rostering: false, detail: '' }, today, windows);
      check.detail = `Business use ${check.state === 'expired' ? 'cover ended' : 'covered until'} ${ukDay(insurance.expires_on)}.`;
      checks.push(check);
    }
  }

  const blocked: string[] = [];
  if (facts.status === 'suspended') blocked.push('Suspended.');
  if (facts.status === 'leaver') blocked.push('Has left.');
  if (facts.status === 'applicant') blocked.push('An applicant, not yet hired.');
  for (const check of checks) {
    if (check.blocks_rostering && (check.state === 'expired' || check.state === 'missing')) blocked.push(`${check.label}: ${check.detail}`);
  }
  const state: ComplianceState = checks.some((check) => check.state === 'expired' || check.state === 'missing')
    ? 'non-compliant'
    : checks.some((check) => check.state === 'expiring')
      ? 'expiring'
      : 'compliant';
  const dates = checks.map((check) => check.expires_on).filter((day): day is string => Boolean(day)).sort();
  return {
    carer_id: facts.carer_id,
    state,
    rosterable: blocked.length === 0,
    blocked_because: blocked,
    checks,
    next_expiry: dates[0] ?? null,
    weekly_hours_cap: rtw && (!rtw.expires_on || rtw.expires_on >= today) ? rtw.weekly_hours_cap : null,
    checked_at: checkedAt.toISOString(),
  };
}

// ---- Loading the facts of many carers at once.

const latestBy = <Row extends { carer_id: number }>(rows: readonly Row[]) => {
  const map = new Map<number, Row>();
  for (const row of rows) if (!map.has(row.carer_id)) map.set(row.carer_id, row);
  return map;
};

/** The facts of the given carers (every carer not removed when none are given). */
export async function loadFacts(db: Db, carerIds?: readonly number[]): Promise<ComplianceFacts[]> {
  if (carerIds && !carerIds.length) return [];
  const c = carerColumns;
  const only = (column: PgColumn) => (carerIds ? isAnyOf(column, carerIds) : undefined);
  const carers = await db
    .select({ id: c.id, status: c.status, drives: c.drives })
    .from(carersTable)
    .where(and(isNull(c.deleted_at), only(c.id)));
  if (!carers.length) return [];
  const ids = carerIds ? [...carerIds] : null;
  const within = (column: PgColumn) => (ids ? isAnyOf(column, ids) : undefined);

  // One after the other: a transaction's queries share one connection.
  const dbsRows = await db
    .select({
      id: dbsChecks.id,
      carer_id: dbsChecks.carer_id,
      level: dbsChecks.level,
      barred_list_checked: dbsChecks.barred_list_checked,
      issue_date: dbsChecks.issue_date,
      disclosure: dbsChecks.disclosure,
      update_service: dbsChecks.update_service,
    })
    .from(dbsChecks)
    .where(within(dbsChecks.carer_id))
    .orderBy(dbsChecks.carer_id, desc(dbsChecks.issue_date), desc(dbsChecks.id));
  const latestDbs = latestBy(dbsRows);
  const updateRows = latestDbs.size
    ? await db
        .select({ dbs_check_id: dbsUpdateChecks.dbs_check_id, checked_on: dbsUpdateChecks.checked_on, result: dbsUpdateChecks.result })
        .from(dbsUpdateChecks)
        .where(inArray(dbsUpdateChecks.dbs_check_id, [...latestDbs.values()].map((row) => row.id)))
        .orderBy(dbsUpdateChecks.dbs_check_id, desc(dbsUpdateChecks.checked_on), desc(dbsUpdateChecks.id))
    : [];
  const lastUpdate = new Map<number, { checked_on: string; result: string }>();
  for (const row of updateRows) if (!lastUpdate.has(row.dbs_check_id)) lastUpdate.set(row.dbs_check_id, row);

  const rtw = latestBy(
    await db
      .select({
        carer_id: rightToWorkChecks.carer_id,
        document_type: rightToWorkChecks.document_type,
        visa_type: rightToWorkChecks.visa_type,
        expires_on: rightToWorkChecks.expires_on,
        follow_up_on: rightToWorkChecks.follow_up_on,
        weekly_hours_cap: rightToWorkChecks.weekly_hours_cap,
        conditions: rightToWorkChecks.conditions,
      })
      .from(rightToWorkChecks)
      .where(within(rightToWorkChecks.carer_id))
      .orderBy(rightToWorkChecks.carer_id, desc(rightToWorkChecks.checked_on), desc(rightToWorkChecks.id)),
  );
  const photo = latestBy(await db.select({ carer_id: photoIdChecks.carer_id, seen_on: photoIdChecks.seen_on }).from(photoIdChecks).where(within(photoIdChecks.carer_id)).orderBy(photoIdChecks.carer_id, desc(photoIdChecks.seen_on), desc(photoIdChecks.id)));
  const licence = latestBy(
    await db
      .select({ carer_id: drivingLicences.carer_id, expires_on: drivingLicences.expires_on, points: drivingLicences.points })
      .from(drivingLicences)
      .where(within(drivingLicences.carer_id))
      .orderBy(drivingLicences.carer_id, desc(drivingLicences.checked_on), desc(drivingLicences.id)),
  );
  const insurance = latestBy(
    await db
      .select({ carer_id: businessInsurance.carer_id, expires_on: businessInsurance.expires_on, business_use_confirmed: businessInsurance.business_use_confirmed })
      .from(businessInsurance)
      .where(within(businessInsurance.carer_id))
      .orderBy(businessInsurance.carer_id, desc(businessInsurance.checked_on), desc(businessInsurance.id)),
  );

  // The file's documents that count: live ones of four kinds (the work history's content with it).
  const d = carerDocuments;
  const documents = await db
    .select({
      owner_id: d.owner_id,
      kind: d.kind,
      status: d.status,
      signed: sql<boolean>`${d.signed_off_version} = ${d.version}`,
      content: sql<Record<string, unknown> | null>`case when ${d.kind} = 'references-documents-work-history' then ${carerDocumentVersions.content} end`,
      saved: d.updated_at,
    })
    .from(d)
    .innerJoin(carerDocumentVersions, and(eq(carerDocumentVersions.document_id, d.id), eq(carerDocumentVersions.version, d.version)))
    .where(and(ne(d.status, 'archived'), inArray(d.kind, ['reference', 'references-documents-work-history', 'medical-history', 'dbs-risk-assessment']), within(d.owner_id)));
  const docs = new Map<number, { references: number; workHistory: { content: Record<string, unknown>; on: string } | null; health: boolean; healthDraft: boolean; risk: boolean }>();
  for (const row of documents) {
    const entry = docs.get(row.owner_id) ?? { references: 0, workHistory: null, health: false, healthDraft: false, risk: false };
    if (row.kind === 'reference' && row.status === 'active') entry.references += 1;
    if (row.kind === 'references-documents-work-history' && row.status === 'active') entry.workHistory = { content: row.content ?? {}, on: londonDate(new Date(row.saved)) };
    // Only a completed declaration counts: an empty or half-filled draft clears nothing.
    if (row.kind === 'medical-history' && row.status === 'active') entry.health = true;
    if (row.kind === 'medical-history' && row.status === 'draft') entry.healthDraft = true;
    if (row.kind === 'dbs-risk-assessment' && row.status === 'active' && row.signed) entry.risk = true;
    docs.set(row.owner_id, entry);
  }

  return carers.map((carer) => {
    const id = Number(carer.id);
    const dbsRow = latestDbs.get(id);
    const doc = docs.get(id);
    return {
      carer_id: id,
      status: String(carer.status),
      drives: carer.drives === true,
      dbs: dbsRow ? { ...dbsRow, last_update_check: lastUpdate.get(dbsRow.id) ?? null } : null,
      rightToWork: rtw.get(id) ?? null,
      photoId: photo.get(id) ?? null,
      licence: licence.get(id) ?? null,
      insurance: insurance.get(id) ?? null,
      references: doc?.references ?? 0,
      workHistory: doc?.workHistory ?? null,
      healthDeclaration: doc?.health ?? false,
      healthDeclarationDraft: doc?.healthDraft ?? false,
      riskAssessmentApproved: doc?.risk ?? false,
    };
  });
}

/**
 * Works out and stores the compliance of the given carers (every carer when none are given): one statement for
 * all the rows, and writes in the same transaction workforce.carer-compliance.changed for each carer whose summary
 * changed what rostering cares about (./events.ts). Answers what it stored.
 */
export async function recomputeCompliance(db: Db, carerIds?: readonly number[], now = clock.now()): Promise<CarerCompliance[]> {
  // One transaction (a savepoint in the caller's): the rows and the events their changes mean commit together.
  return (db as Database).transaction((tx) => recomputeIn(tx, carerIds, now));
}

async function recomputeIn(db: Transaction, carerIds: readonly number[] | undefined, now: Date): Promise<CarerCompliance[]> {
  const settings = await readComplianceSettings(db);
  const facts = await loadFacts(db, carerIds);
  const today = londonDate(now);
  const results = facts.map((fact) => computeCompliance(fact, settings, today, now));
  // What was stored, to tell rostering what changed (./events.ts).
  const stored = results.length
    ? await db
        .select({ carer_id: carerCompliance.carer_id, blocked_because: carerCompliance.blocked_because, checks: carerCompliance.checks })
        .from(carerCompliance)
        .where(carerIds ? isAnyOf(carerCompliance.carer_id, results.map((row) => row.carer_id)) : undefined)
    : [];
  const before = new Map(stored.map((row) => [row.carer_id, row]));
  for (let start = 0; start < results.length; start += 500) {
    const chunk = results.slice(start, start + 500);
    await db
      .insert(carerCompliance)
      .values(chunk.map((row) => ({ ...row, checked_at: now })))
      .onConflictDoUpdate({
        target: carerCompliance.carer_id,
        set: {
          state: sql`excluded.state`,
          rosterable: sql`excluded.rosterable`,
          blocked_because: sql`excluded.blocked_because`,
          checks: sql`excluded.checks`,
          next_expiry: sql`excluded.next_expiry`,
          weekly_hours_cap: sql`excluded.weekly_hours_cap`,
          checked_at: sql`excluded.checked_at`,
        },
      });
  }
  await publishComplianceChanges(db, before, results);
  return results;
}

/**
 * Recomputes, before compliance is read, the carers (of `carerIds`, or all) whose stored compliance may be out of
 * date, found in one query: none worked out yet; worked out before today's UK midnight (a date may have passed);
 * or any input changed since: the carer row (status: hired, suspended, left; the resource engine moves its
 * updated_at), a recorded check (DBS and its Update Service checks, right to work, photo ID, licence, insurance)
 * or a document of the file (the engine's saves and archives have no hook). So no reader depends on a timer.
 */
export async function refreshStaleCompliance(db: Db, carerIds?: readonly number[]): Promise<number[]> {
  if (carerIds && !carerIds.length) return [];
  const among = (column: SQL) => (carerIds ? sql`${column} = any(${arrayParam(carerIds)})` : sql`true`);
  const midnight = ukInstant(ukToday(), '00:00');
  // Each input's latest change per carer, in one pass over each table (a subquery per carer and table read a
  // table 214 times for a branch's week timeline), and the stored rows by their key: 13 → 2.4 ms at scale.
  const latest = (table: PgTable, stamp: string) => sql`select x.carer_id, x.${sql.raw(stamp)} as at from ${table} x where ${among(sql`x.carer_id`)}`;
  const result = (await db.execute(sql`
    with changed as (
      select carer_id, max(at) as at from (
        select d.owner_id as carer_id, d.updated_at as at from ${carerDocuments} d where ${among(sql`d.owner_id`)}
        union all ${latest(dbsChecks, 'updated_at')}
        union all select x.carer_id, u.created_at from ${dbsUpdateChecks} u join ${dbsChecks} x on x.id = u.dbs_check_id where ${among(sql`x.carer_id`)}
        union all ${latest(rightToWorkChecks, 'updated_at')}
        union all ${latest(photoIdChecks, 'updated_at')}
        union all ${latest(drivingLicences, 'updated_at')}
        union all ${latest(businessInsurance, 'updated_at')}
      ) as inputs group by carer_id)
    select c.id from ${carersTable} c
    left join ${carerCompliance} cc on cc.carer_id = c.id and ${among(sql`cc.carer_id`)}
    left join changed on changed.carer_id = c.id
    where c.deleted_at is null and ${among(sql`c.id`)}
      and (cc.carer_id is null
        or cc.checked_at < ${midnight.toISOString()}::timestamptz
        or c.updated_at > cc.checked_at
        or changed.at > cc.checked_at)`)) as unknown as { rows: { id: number }[] };
  const stale = result.rows.map((row) => Number(row.id));
  if (stale.length) await recomputeCompliance(db, stale);
  return stale;
}

/**
 * Stored compliance of the given carers (recomputed first when stale). `blockingChecks`: of the checks, only those
 * whose lapse blocks rostering and that have a last day (what a rota needs: a week's timeline of 214 carers asked
 * for 340 KB of checks to keep a few).
 */
export async function complianceOf(db: Db, carerIds: readonly number[], { blockingChecks = false } = {}): Promise<CarerCompliance[]> {
  if (!carerIds.length) return [];
  await refreshStaleCompliance(db, carerIds);
  const checks = blockingChecks
    ? sql<ComplianceCheck[]>`jsonb_path_query_array(${carerCompliance.checks}, '$[*] ? (@.blocks_rostering == true && @.expires_on != null)')`
    : carerCompliance.checks;
  const rows = await db
    .select({ ...getTableColumns(carerCompliance), checks })
    .from(carerCompliance)
    .where(isAnyOf(carerCompliance.carer_id, carerIds));
  return rows.map((row) => ({ ...row, checked_at: row.checked_at.toISOString() }));
}

/**
 * Keeps the stored rows current for the areas that read carer_compliance directly (its published read model): a
 * scheduled job of the running API (server/src/events/jobs.ts) that recomputes every stale row each hour — after
 * midnight every row is stale, so the day's expiries land within the hour.
 */
export const complianceSweepJob: ScheduledJob<AreaServerContext> = {
  name: 'workforce:compliance-sweep',
  everyMs: 60 * 60_000,
  async run(context) {
    const recomputed = await refreshStaleCompliance(context.auth.db);
    return { note: recomputed.length ? `${recomputed.length} carer(s) recomputed` : undefined };
  },
};
