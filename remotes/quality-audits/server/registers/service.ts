import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import type { Database, Transaction } from '@hcm/server/platform';
import {
  COMPLAINT_SETTINGS,
  KIND_FIELDS,
  REGISTERS,
  complaintTimetable,
  detailsOf,
  labelOf,
  referenceOf,
  type ComplaintTimetable,
  type CqcPrompt,
  type LinkedNotification,
  type PersonInvolved,
  type RegisterKind,
  type RegisterRecord,
  type ToldRow,
} from '../../contract/registers.js';
import { cqcPromptOf } from '../../contract/registers-cqc.js';
import { bankHolidaysRead, carersRead, clientsRead, employeesRead, settingsRead } from '../read-models.js';
import { qaRecordPeople, qaRecordTold, qaRecords, type QaRecordRow } from './tables.js';
import { clock } from '@hcm/contract/time';

type Db = Database | Transaction;

export type TimetableSettings = { acknowledge: number; respond: number };

/** The complaint timetable's settings, each from the settings table when set to a whole number (1–200), else its default. */
export async function complaintSettings(db: Db): Promise<TimetableSettings> {
  const keys = Object.keys(COMPLAINT_SETTINGS) as (keyof typeof COMPLAINT_SETTINGS)[];
  let rows: { key: string; value: string }[] = [];
  try {
    rows = await db.select().from(settingsRead).where(inArray(settingsRead.key, keys));
  } catch {
    // No settings table (an API composed without reference data): the defaults.
  }
  const read = (key: keyof typeof COMPLAINT_SETTINGS) => {
    const value = Number(rows.find((row) => row.key === key)?.value.trim());
    return Number.isInteger(value) && value >= 1 && value <= 200 ? value : COMPLAINT_SETTINGS[key].default;
  };
  return { acknowledge: read('complaint_acknowledge_working_days'), respond: read('complaint_response_working_days') };
}

/** England's bank holidays from `from` on (reference data's `england-wales` rows). */
export async function bankHolidays(db: Db, from: string): Promise<Set<string>> {
  try {
    const rows = await db.select({ date: bankHolidaysRead.date }).from(bankHolidaysRead).where(and(eq(bankHolidaysRead.region, 'england-wales'), gte(bankHolidaysRead.date, from)));
    return new Set(rows.map((row) => row.date));
  } catch {
    return new Set();
  }
}

// ---- The people involved.

export const PERSON_NOT_OF_BRANCH = "Choose someone of the record's branch.";
export const PERSON_ID_NOT_FOR_OTHER = 'Someone else is named, not chosen: leave the id out.';

const PEOPLE_TABLES = { client: clientsRead, carer: carersRead, employee: employeesRead } as const;

/**
 * The people involved by id must be people of the record's branch: a client, carer or office employee that exists
 * (not removed) with that branch, read by table name from their owners (../read-models.ts); "someone else" has no
 * id. A person already on the record under the same branch (`kept`) stays as recorded, even if since moved or
 * removed. Answers the errors by field (`people.<i>.person_id`).
 */
export async function peopleErrors(db: Db, branchId: number, people: PersonInvolved[], kept: ReadonlySet<string> = new Set()): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const [index, person] of people.entries()) {
    if (person.person_id === null || person.person_id === undefined) continue;
    const field = `people.${index}.person_id`;
    if (person.person_type === 'other') {
      errors[field] = [PERSON_ID_NOT_FOR_OTHER];
      continue;
    }
    if (kept.has(`${person.person_type}:${person.person_id}`)) continue;
    const table = PEOPLE_TABLES[person.person_type as keyof typeof PEOPLE_TABLES];
    const [found] = table ? await db.select({ id: table.id }).from(table).where(and(eq(table.id, person.person_id), eq(table.branch_id, branchId), isNull(table.deleted_at))) : [];
    if (!found) errors[field] = [PERSON_NOT_OF_BRANCH];
  }
  return errors;
}

// ---- Writing a record.

export type Values = Record<string, unknown> & { branch_id: number; occurred_on: string; status: string; people: PersonInvolved[]; told: ToldRow[] };

/** Whether the record's due date is met: a complaint responded to, a CQC notification submitted, anything else closed. */
export function dueMet(kind: RegisterKind, values: Record<string, unknown>): boolean {
  if (kind === 'complaints') return Boolean(values['responded_on']);
  if (kind === 'cqc-notifications') return values['status'] === 'submitted';
  return values['status'] === 'closed';
}

/** The columns of a record from its validated values (a complaint's due date is its respond-by date). */
async function columnsOf(db: Db, kind: RegisterKind, values: Values) {
  let dueOn = String(values['due_on'] ?? '') || null;
  if (kind === 'complaints') {
    const timetable = complaintTimetable(values.occurred_on, await complaintSettings(db), await bankHolidays(db, values.occurred_on), { acknowledged_on: '', responded_on: '' }, values.occurred_on);
    dueOn = timetable.respond_by;
  }
  const status = values.status;
  return {
    branch_id: values.branch_id,
    occurred_on: values.occurred_on,
    occurred_time: String(values['occurred_time'] ?? ''),
    reported_by: String(values['reported_by'] ?? ''),
    summary: String(values['summary'] ?? ''),
    immediate_actions: String(values['immediate_actions'] ?? ''),
    investigation: String(values['investigation'] ?? ''),
    outcome: String(values['outcome'] ?? ''),
    lessons_learnt: String(values['lessons_learnt'] ?? ''),
    status,
    closed_on: kind === 'cqc-notifications' ? null : String(values['closed_on'] ?? '') || null,
    due_on: dueOn,
    due_met: dueMet(kind, values),
    severity: String(values['severity'] ?? ''),
    details: detailsOf(kind, values),
    source_id: kind === 'cqc-notifications' ? ((values['source_id'] as number | null) ?? null) : null,
  };
}

async function writeChildren(db: Db, recordId: number, values: Values) {
  await db.delete(qaRecordPeople).where(eq(qaRecordPeople.record_id, recordId));
  await db.delete(qaRecordTold).where(eq(qaRecordTold.record_id, recordId));
  if (values.people.length)
    await db.insert(qaRecordPeople).values(values.people.map((person, position) => ({ record_id: recordId, position, person_type: person.person_type, person_id: person.person_id ?? null, name: person.name, role: person.role ?? '' })));
  if (values.told.length)
    await db.insert(qaRecordTold).values(values.told.map((row, position) => ({ record_id: recordId, position, party: row.party, told_on: row.told_on, told_time: row.told_time ?? '', by_whom: row.by_whom, reference: row.reference ?? '' })));
}

/** A new record with the next number of its kind (numbers are handed out one at a time per kind). */
export async function insertRecord(tx: Transaction, kind: RegisterKind, values: Values, userId: number | null, at?: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`qa_records:${kind}`}))`);
  const [last] = await tx.select({ seq: sql<number>`coalesce(max(${qaRecords.seq}), 0)::int` }).from(qaRecords).where(eq(qaRecords.kind, kind));
  const seq = Number(last?.seq ?? 0) + 1;
  const [row] = await tx
    .insert(qaRecords)
    .values({ kind, seq, reference: referenceOf(kind, seq), ...(await columnsOf(tx, kind, values)), created_by: userId, updated_by: userId, ...(at ? { created_at: at, updated_at: at } : {}) })
    .returning({ id: qaRecords.id });
  await writeChildren(tx, row!.id, values);
  return row!.id;
}

/** Saves a record over version `version` (the caller has checked it is the current one). */
export async function updateRecord(tx: Transaction, kind: RegisterKind, id: number, version: number, values: Values, userId: number | null): Promise<void> {
  await tx
    .update(qaRecords)
    .set({ ...(await columnsOf(tx, kind, values)), version: version + 1, updated_by: userId, updated_at: clock.now() })
    .where(eq(qaRecords.id, id));
  await writeChildren(tx, id, values);
}

// ---- Reading a record.

export async function findRow(db: Db, kind: RegisterKind, id: number, forUpdate = false): Promise<QaRecordRow | null> {
  const query = db.select().from(qaRecords).where(and(eq(qaRecords.id, id), eq(qaRecords.kind, kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The whole record as the edit screen and the audit trail see it. */
export async function recordView(db: Db, row: QaRecordRow, today: string): Promise<RegisterRecord> {
  const kind = row.kind as RegisterKind;
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, row.branch_id));
  const [updater] = row.updated_by ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.updated_by)) : [];
  const people = await db.select().from(qaRecordPeople).where(eq(qaRecordPeople.record_id, row.id)).orderBy(asc(qaRecordPeople.position));
  const told = await db.select().from(qaRecordTold).where(eq(qaRecordTold.record_id, row.id)).orderBy(asc(qaRecordTold.position));
  const details = row.details ?? {};
  const values = { ...details, severity: row.severity, status: row.status };
  let prompt: CqcPrompt | null = null;
  let notification: LinkedNotification | null = null;
  let sourceReference = '';
  let sourceKind = '';
  if (kind === 'cqc-notifications') {
    if (row.source_id) {
      const [source] = await db.select({ reference: qaRecords.reference, kind: qaRecords.kind }).from(qaRecords).where(eq(qaRecords.id, row.source_id));
      sourceReference = source?.reference ?? '';
      sourceKind = source?.kind ?? '';
    }
  } else {
    prompt = cqcPromptOf(kind, values);
    notification = await linkedNotification(db, row.id);
  }
  let timetable: ComplaintTimetable | null = null;
  if (kind === 'complaints') {
    timetable = complaintTimetable(row.occurred_on, await complaintSettings(db), await bankHolidays(db, row.occurred_on), { acknowledged_on: String(details['acknowledged_on'] ?? ''), responded_on: String(details['responded_on'] ?? '') }, today);
  }
  return {
    ...Object.fromEntries(KIND_FIELDS[kind].map((field) => [field.name, details[field.name] ?? (field.kind === 'boolean' ? false : '')])),
    id: row.id,
    kind,
    reference: row.reference,
    branch_id: row.branch_id,
    branch: branch?.name ?? '',
    occurred_on: row.occurred_on,
    occurred_time: row.occurred_time,
    reported_by: row.reported_by,
    summary: row.summary,
    immediate_actions: row.immediate_actions,
    investigation: row.investigation,
    outcome: row.outcome,
    lessons_learnt: row.lessons_learnt,
    status: row.status,
    closed_on: row.closed_on ?? '',
    due_on: row.due_on ?? '',
    severity: row.severity,
    source_kind: sourceKind,
    source_id: row.source_id ?? null,
    people: people.map((person) => ({ person_type: person.person_type, person_id: person.person_id, name: person.name, role: person.role })),
    told: told.map((entry) => ({ party: entry.party, told_on: entry.told_on, told_time: entry.told_time, by_whom: entry.by_whom, reference: entry.reference })),
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: updater?.name ?? '',
    overdue: Boolean(row.due_on && row.due_on < today && !row.due_met),
    cqc_prompt: prompt,
    cqc_notification: notification,
    source_reference: sourceReference,
    timetable,
  };
}

/** The CQC notification made from a record, if any (the newest). */
export async function linkedNotification(db: Db, recordId: number): Promise<LinkedNotification | null> {
  const [linked] = await db
    .select({ id: qaRecords.id, reference: qaRecords.reference, status: qaRecords.status, details: qaRecords.details })
    .from(qaRecords)
    .where(and(eq(qaRecords.kind, 'cqc-notifications'), eq(qaRecords.source_id, recordId)))
    .orderBy(sql`${qaRecords.id} desc`)
    .limit(1);
  return linked ? { id: linked.id, reference: linked.reference, status: linked.status, submitted_on: String(linked.details['submitted_on'] ?? '') } : null;
}

/** The kind's headline detail for lists: the incident type, category, complainant, medicine... */
export function headlineOf(kind: RegisterKind, details: Record<string, unknown>): string {
  const field = (name: string) => KIND_FIELDS[kind].find((one) => one.name === name);
  const choice = (name: string) => labelOf(field(name)?.options ?? [], details[name]);
  switch (kind) {
    case 'incident-and-accidents':
      return `${choice('incident_type')}, ${choice('injury_severity').toLowerCase()}`;
    case 'safeguardings':
      return choice('abuse_category');
    case 'complaints':
      return String(details['complainant_name'] ?? '');
    case 'medication-errors':
      return `${String(details['medicine'] ?? '')}: ${choice('error_type').toLowerCase()}`;
    case 'compliments':
      return `From ${String(details['from_name'] ?? '')}`;
    case 'cqc-notifications':
      return choice('category');
  }
}

export const registerTitle = (kind: RegisterKind) => REGISTERS[kind].title;
