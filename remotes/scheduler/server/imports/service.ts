import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isCalendarDate, londonInstant } from '@hcm/contract/engine';
import type { BranchScope, Database, Transaction } from '@hcm/server/platform';
import { users } from '@hcm/server/schema';
import { MAX_CSV_ROWS, type ImportRow } from '../../contract/imports.js';
import type { RuleFinding } from '../../contract/visits.js';
import { ruleBatch, type PlannedVisit, type RuleFacts } from '../rules/check.js';
import { visitCarers, visitLogs, visits } from '../tables.js';
import { flagVisits, type AttentionFlag } from '../visits/attention.js';
import { publishVisitChanges, type VisitWrite } from '../visits/events.js';
import { clientsInScope } from './common.js';
import { CsvError, parseCsv } from './csv.js';
import { carerAccountsRead, carersRead, clientsRead, funderCodesRead } from '../read-models.js';

// Reading an uploaded CSV of visits into rows with their errors in words, and importing the valid ones.

const HEADERS: Record<string, string[]> = {
  client: ['client', 'nhs number', 'nhs_number', 'local authority id', 'local_authority_id', 'client id', 'client reference'],
  date: ['date', 'visit date'],
  start: ['start', 'start time', 'start_time'],
  end: ['end', 'end time', 'end_time'],
  carers_needed: ['carers needed', 'carers_needed', 'carers'],
  funder_code: ['funder code', 'funder_code', 'funder'],
  carer_email: ['carer email', 'carer_email'],
  notes: ['notes', 'note'],
};
const REQUIRED = ['client', 'date', 'start', 'end'];
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export class ImportFileError extends Error {}

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** A date as YYYY-MM-DD from YYYY-MM-DD or DD/MM/YYYY; null when neither or not a real day. */
export function csvDate(raw: string): string | null {
  const text = raw.trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : text;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isCalendarDate(iso) ? iso : null;
}

const csvTime = (raw: string) => (TIME.test(raw.trim()) ? raw.trim().padStart(5, '0') : null);
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The rows of the file, each with what it says and its errors (the file itself unreadable: ImportFileError). */
export async function previewRows(db: Database | Transaction, scope: BranchScope, branchId: number, branchName: string, content: string): Promise<ImportRow[]> {
  let records;
  try {
    records = parseCsv(content);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(error.message);
    throw error;
  }
  if (!records.length) throw new ImportFileError('The file is empty.');
  const header = records[0]!.cells.map(normalise);
  const columnOf = new Map<string, number>();
  for (const [key, names] of Object.entries(HEADERS)) {
    const index = header.findIndex((name) => names.includes(name));
    if (index >= 0) columnOf.set(key, index);
  }
  const missing = REQUIRED.filter((key) => !columnOf.has(key));
  if (missing.length) throw new ImportFileError(`The first line must name the columns; missing: ${missing.join(', ')}. Expected: client, date, start, end, carers needed, funder code, carer email, notes.`);
  const body = records.slice(1);
  if (!body.length) throw new ImportFileError('The file has its column names but no visits.');
  if (body.length > MAX_CSV_ROWS) throw new ImportFileError(`The file has ${body.length} visits; import at most ${MAX_CSV_ROWS} at once.`);

  const clients = await clientsInScope(db, scope);
  const byReference = new Map<string, (typeof clients)[number]>();
  for (const client of clients) {
    if (client.nhs_number) byReference.set(client.nhs_number.replace(/\s+/g, ''), client);
    if (client.local_authority_id) byReference.set(client.local_authority_id.trim().toLowerCase(), client);
  }
  const funders = new Map((await db.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead).where(and(eq(funderCodesRead.active, true), isNull(funderCodesRead.deleted_at)))).map((row) => [row.code.toLowerCase(), row.id]));

  const rows: (ImportRow & { start?: string; funder_code_id?: number | null })[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    const values: Record<string, string> = {};
    for (const key of Object.keys(HEADERS)) values[key] = (columnOf.has(key) ? record.cells[columnOf.get(key)!] ?? '' : '').trim();
    const errors: string[] = [];
    const reference = values.client!;
    const client = reference ? (byReference.get(reference.replace(/\s+/g, '')) ?? byReference.get(reference.toLowerCase())) : undefined;
    if (!reference) errors.push('No client: give the NHS number or local-authority id.');
    else if (!client) errors.push(`Unknown client: no client of your branches has NHS number or local-authority id “${reference}”.`);
    else if (client.branch_id !== branchId) errors.push(`${client.name} is not a client of ${branchName}.`);
    else if (client.status !== 'active') errors.push(`${client.name} is not receiving care (${client.status.replace('-', ' ')}): no visits can be added.`);
    const date = csvDate(values.date!);
    if (!date) errors.push(values.date ? `Bad date “${values.date}”: write it like 2026-12-01 or 01/12/2026.` : 'No date.');
    const start = csvTime(values.start!);
    const end = csvTime(values.end!);
    if (!start) errors.push(values.start ? `Bad start time “${values.start}”: write it like 08:30.` : 'No start time.');
    if (!end) errors.push(values.end ? `Bad end time “${values.end}”: write it like 09:00.` : 'No end time.');
    if (start && end && minutes(end) <= minutes(start)) errors.push(`The end (${end}) is not after the start (${start}).`);
    else if (start && end && minutes(end) - minutes(start) < 5) errors.push('A visit lasts at least 5 minutes.');
    const carers = values.carers_needed || '1';
    if (carers !== '1' && carers !== '2') errors.push(`Carers needed is 1, or 2 for a double-up (not “${carers}”).`);
    let funderCodeId: number | null = null;
    if (values.funder_code) {
      funderCodeId = funders.get(values.funder_code.toLowerCase()) ?? null;
      if (funderCodeId === null) errors.push(`Unknown funder code “${values.funder_code}”.`);
    }
    if (values.carer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.carer_email)) errors.push(`Carer email “${values.carer_email}” is not an email address.`);
    if ((values.notes ?? '').length > 2000) errors.push('Notes are at most 2000 characters.');
    if (client && date && start) {
      const key = `${client.id}|${date}|${start}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) errors.push(`Duplicate of line ${earlier} in this file (same client, date and start).`);
      else seen.set(key, record.line);
    }
    rows.push({ line: record.line, values, errors, client_id: client?.id ?? null, client_name: client?.name ?? null, visit_id: null, carer_id: null, carer_name: null });
  }

  // The carers named by the email they sign in with (their account, workforce's carer_accounts): an active carer of
  // the branch, put on the visit at import when the rules allow.
  const emails = [...new Set(rows.map((row) => (row.values.carer_email ?? '').toLowerCase()).filter((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))];
  if (emails.length) {
    const found = await db
      .select({ email: users.email, id: carersRead.id, first: carersRead.first_name, last: carersRead.last_name, branch_id: carersRead.branch_id, status: carersRead.status })
      .from(users)
      .innerJoin(carerAccountsRead, eq(carerAccountsRead.user_id, users.id))
      .innerJoin(carersRead, eq(carersRead.id, carerAccountsRead.carer_id))
      .where(and(inArray(sql`lower(${users.email})`, emails), isNull(carersRead.deleted_at)));
    const byEmail = new Map(found.map((carer) => [carer.email.toLowerCase(), carer]));
    for (const row of rows) {
      const email = (row.values.carer_email ?? '').toLowerCase();
      if (!emails.includes(email)) continue;
      const carer = byEmail.get(email);
      if (!carer || carer.branch_id !== branchId || carer.status !== 'active') row.errors.push(`No active carer of ${branchName} signs in as “${row.values.carer_email}”.`);
      else {
        row.carer_id = carer.id;
        row.carer_name = `${carer.first} ${carer.last}`;
      }
    }
  }

  // Duplicates of visits already planned (not cancelled): same client, same planned start.
  const candidates = rows.filter((row) => row.client_id !== null && csvDate(row.values.date!) && csvTime(row.values.start!));
  if (candidates.length) {
    const starts = candidates.map((row) => ({ row, at: londonInstant(csvDate(row.values.date!)!, csvTime(row.values.start!)!) }));
    const existing = await db
      .select({ client_id: visits.client_id, at: sql<string>`to_char(${visits.planned_start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')` })
      .from(visits)
      .where(and(inArray(visits.client_id, [...new Set(candidates.map((row) => row.client_id!))]), ne(visits.status, 'cancelled')));
    const taken = new Set(existing.map((visit) => `${visit.client_id}|${visit.at}`));
    for (const { row, at } of starts) {
      if (taken.has(`${row.client_id}|${new Date(at).toISOString().slice(0, 19)}`)) row.errors.push(`Duplicate of an existing visit: ${row.client_name} already has a visit on ${row.values.date} at ${csvTime(row.values.start!)}.`);
    }
  }
  return rows;
}

/** The rules' scope of the rows that name a carer: who, whose visits, when (facts asked before the import's transaction). */
export function importScope(rows: readonly ImportRow[], branchId: number) {
  const named = rows.filter((row) => !row.errors.length && row.carer_id && row.client_id);
  const dates = named.map((row) => csvDate(row.values.date!)!).sort();
  return { carerIds: [...new Set(named.map((row) => row.carer_id!))], clientIds: [...new Set(named.map((row) => row.client_id!))], branchIds: [branchId], from: dates[0] ?? '1970-01-01', to: dates.at(-1) ?? '1970-01-01' };
}

const INFORMATION = new Set(['continuity', 'preferred']);
const messagesOf = (findings: readonly RuleFinding[]) => [...new Set(findings.map((finding) => finding.message))].join(' ');

/**
 * Creates the visits of the valid rows (source 'import', logged 'imported'); answers the rows with their visit ids.
 * A row naming a carer puts them on the visit through the rules (the same check as a manual assignment, one batch
 * for the file with `facts`): refused by a hard rule, the visit is left unassigned and flagged for a planner with
 * the rule in words; put on with a warning, flagged as a warning.
 */
export async function importRows(tx: Transaction, rows: ImportRow[], meta: { fileName: string; userId: number; facts: RuleFacts }): Promise<ImportRow[]> {
  const funderIds = new Map((await tx.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead).where(isNull(funderCodesRead.deleted_at))).map((row) => [row.code.toLowerCase(), row.id]));
  const clientIds = [...new Set(rows.filter((row) => !row.errors.length).map((row) => row.client_id!))];
  const clients = clientIds.length ? await tx.select({ id: clientsRead.id, branch_id: clientsRead.branch_id }).from(clientsRead).where(inArray(clientsRead.id, clientIds)) : [];
  const branchOf = new Map(clients.map((row) => [row.id, row.branch_id]));
  const answer: ImportRow[] = [];
  for (const row of rows) {
    if (row.errors.length) {
      answer.push(row);
      continue;
    }
    const date = csvDate(row.values.date!)!;
    const start = csvTime(row.values.start!)!;
    const end = csvTime(row.values.end!)!;
    const [made] = await tx
      .insert(visits)
      .values({
        branch_id: branchOf.get(row.client_id!)!,
        client_id: row.client_id!,
        visit_date: date,
        planned_start: new Date(londonInstant(date, start)),
        planned_end: new Date(londonInstant(date, end)),
        carers_needed: Number(row.values.carers_needed || '1'),
        status: 'unassigned',
        source: 'import',
        funder_code_id: row.values.funder_code ? (funderIds.get(row.values.funder_code.toLowerCase()) ?? null) : null,
        notes: row.values.notes ?? '',
        created_by: meta.userId,
      })
      .returning({ id: visits.id });
    await tx.insert(visitLogs).values({
      visit_id: made!.id,
      user_id: meta.userId,
      action: 'imported',
      summary: `Imported from ${meta.fileName}, line ${row.line}`,
      after: { date, start_time: start, end_time: end, carers_needed: Number(row.values.carers_needed || '1'), funder_code: row.values.funder_code || null, carer_email: row.values.carer_email || null },
    });
    answer.push({ ...row, visit_id: made!.id, attention: null });
  }

  // The carers named: through the rules, in time order, each put on seen busy by the next.
  const named = answer.filter((row) => row.visit_id && row.carer_id);
  if (named.length) {
    const stored = await tx.select().from(visits).where(inArray(visits.id, named.map((row) => row.visit_id!)));
    const byId = new Map(stored.map((visit) => [visit.id, visit]));
    const planned = new Map<ImportRow, PlannedVisit>(
      named.map((row) => {
        const visit = byId.get(row.visit_id!)!;
        return [row, { id: visit.id, branch_id: visit.branch_id, client_id: visit.client_id, date: visit.visit_date, planned_start: visit.planned_start.toISOString(), planned_end: visit.planned_end.toISOString(), carers_needed: visit.carers_needed as 1 | 2, requires_medication: visit.requires_medication, carer_ids: [], tasks: visit.tasks, preferred_carer_ids: [] }];
      }),
    );
    const rules = await ruleBatch(tx, meta.facts, [...planned.values()]);
    const flags: AttentionFlag[] = [];
    const writes: VisitWrite[] = [];
    for (const row of [...named].sort((a, b) => planned.get(a)!.planned_start.localeCompare(planned.get(b)!.planned_start))) {
      const visit = planned.get(row)!;
      const stored = byId.get(visit.id!)!;
      const findings = rules.check(visit, row.carer_id!).map((finding) => ({ ...finding, carer_id: finding.carer_id ?? row.carer_id! }));
      const hard = findings.filter((finding) => finding.severity === 'hard');
      if (hard.length) {
        row.attention = `Left unassigned when imported: ${messagesOf(hard)}`;
        flags.push({ visit_id: visit.id!, kind: 'rule-break-at-generation', reason: row.attention });
        await tx.insert(visitLogs).values({ visit_id: visit.id!, user_id: meta.userId, action: 'imported', summary: `${row.carer_name} left off by the rules`, warnings: hard });
        continue;
      }
      rules.commit(visit, row.carer_id!);
      const warnings = findings.filter((finding) => !INFORMATION.has(finding.rule));
      const status = stored.carers_needed <= 1 ? ('assigned' as const) : ('unassigned' as const);
      await tx.insert(visitCarers).values({ visit_id: visit.id!, position: 1, carer_id: row.carer_id!, assigned_by: meta.userId });
      if (status === 'assigned') await tx.update(visits).set({ status }).where(eq(visits.id, visit.id!));
      await tx.insert(visitLogs).values({ visit_id: visit.id!, user_id: meta.userId, action: 'assigned', summary: `${row.carer_name} assigned (named in ${meta.fileName}, line ${row.line})`, after: { carer_ids: [row.carer_id] }, warnings });
      writes.push({ before: null, after: { ...stored, status, carers: [{ carer_id: row.carer_id!, position: 1 }] } });
      if (warnings.length) {
        row.attention = `Imported with a warning: ${messagesOf(warnings)}`;
        flags.push({ visit_id: visit.id!, kind: 'warning', reason: row.attention });
      }
    }
    await flagVisits(tx, flags, meta.userId);
    // The carers put on hear of their new visits from these events, once delivered.
    await publishVisitChanges(tx, writes, meta.userId);
  }
  return answer;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The previewed rows written back as a CSV (to check them again, as they are now, when the import runs). */
export function rowsAsCsv(rows: readonly ImportRow[]): string {
  const keys = Object.keys(HEADERS);
  return [keys.join(','), ...rows.map((row) => keys.map((key) => csvCell(row.values[key] ?? '')).join(','))].join('\n');
}
