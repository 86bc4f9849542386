import type { Page } from '@hcm/contract';
import { sql, type SQL } from 'drizzle-orm';
import { pageOf, pageOffset, recordAudit, type AuditActor, type BranchScope, type Database, type Paging, type Transaction, type Viewer } from '@hcm/server/platform';
import {
  LATE_NOTE_HOURS,
  SAFEGUARDING_WORDS,
  SHORT_NOTE_CHARS,
  type LogbookNoteRow,
  type LogbookWeekRow,
  type NoteAuditValues,
  type NoteAuditOutcome,
  type NoteFlag,
} from '../../../contract/index.js';
import { visibleClients } from '../../client-visibility.js';
import { clientColumns as c, clientsTable } from '../../columns.js';
import { careNoteCategories, careNotes } from '../../daily/tables.js';
import { orderOf, rowsOf, type Sorting } from './params.js';
import { careNoteAudits } from './tables.js';

// The daily log book's audit: care notes the office has not yet audited, the ones that need a look first flagged
// (an incident or concern, safeguarding words, a note too short to show the care given, one written hours after
// the call), by note or by client and week; and the office's audit of a note, given once.

export type LogbookFilters = { branchId?: number; clientId?: number; from?: string; to?: string; flag?: NoteFlag | 'any'; audited?: 'no' | 'yes' | 'all'; category?: string };

const n = careNotes;
const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
/** Whole words (with -s, -ed, -ing endings), case-insensitive. */
const SAFEGUARDING_PATTERN = `\\m(${SAFEGUARDING_WORDS.map(escapeRegex).join('|')})(s|es|ed|d|ing)?\\M`;

/** When the note should have been written by: its planned call (or the end of its day for a note between calls). */
const writtenBy = sql`(case when ${n.planned_time} ~ '^\\d{2}:\\d{2}$'
  then (${n.visit_date} + ${n.planned_time}::time)
  else (${n.visit_date} + 1)::timestamp end) at time zone 'Europe/London'`;

export const FLAG_SQL: Record<NoteFlag, SQL> = {
  concern: sql`(${n.concern} or ${n.category} = 'incident-concern')`,
  safeguarding: sql`(${n.note} ~* ${SAFEGUARDING_PATTERN})`,
  short: sql`(char_length(trim(${n.note})) < ${SHORT_NOTE_CHARS})`,
  late: sql`(${n.written_at} > ${writtenBy} + interval '${sql.raw(String(LATE_NOTE_HOURS))} hours')`,
};

const flagsArray = sql`array_remove(array[${sql.join(
  (Object.entries(FLAG_SQL) as [NoteFlag, SQL][]).map(([flag, test]) => sql`case when ${test} then ${flag}::text end`),
  sql`, `,
)}], null)`;
const anyFlag = sql`(${sql.join(Object.values(FLAG_SQL), sql` or `)})`;
const flagCount = sql`(${sql.join(Object.values(FLAG_SQL).map((test) => sql`(case when ${test} then 1 else 0 end)`), sql` + `)})`;
const clientName = sql`trim(${c.first_name} || ' ' || ${c.last_name})`;

function noteWhere(scope: BranchScope, filters: LogbookFilters): SQL {
  const audited = filters.audited ?? 'no';
  return sql`${visibleClients(scope, { deleted: 'exclude' })}
    ${filters.branchId ? sql`and ${c.branch_id} = ${filters.branchId}` : sql``}
    ${filters.clientId ? sql`and ${n.client_id} = ${filters.clientId}` : sql``}
    ${filters.from ? sql`and ${n.visit_date} >= ${filters.from}::date` : sql``}
    ${filters.to ? sql`and ${n.visit_date} <= ${filters.to}::date` : sql``}
    ${filters.category ? sql`and ${n.category} = ${filters.category}` : sql``}
    ${filters.flag === 'any' ? sql`and ${anyFlag}` : filters.flag ? sql`and ${FLAG_SQL[filters.flag]}` : sql``}
    ${audited === 'no' ? sql`and ${careNoteAudits.id} is null` : audited === 'yes' ? sql`and ${careNoteAudits.id} is not null` : sql``}`;
}

const noteFrom = sql`${n} join ${clientsTable} on ${c.id} = ${n.client_id}
  join ${careNoteCategories} on ${careNoteCategories.key} = ${n.category}
  left join ${careNoteAudits} on ${careNoteAudits.note_id} = ${n.id}`;

type NoteRecord = Omit<LogbookNoteRow, 'audit' | 'written_at'> & {
  written_at: string | Date;
  audit_outcome: NoteAuditOutcome | null;
  audit_comment: string | null;
  audited_by_name: string | null;
  audited_at: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toNoteRow(row: NoteRecord): LogbookNoteRow {
  return {
    id: Number(row.id),
    client_id: Number(row.client_id),
    client_name: row.client_name,
    branch_id: row.branch_id === null ? null : Number(row.branch_id),
    category: row.category,
    category_label: row.category_label,
    visit_date: String(row.visit_date),
    planned_time: row.planned_time,
    written_at: iso(row.written_at),
    author_name: row.author_name,
    note: row.note,
    concern: row.concern,
    flags: row.flags,
    audit: row.audit_outcome
      ? { outcome: row.audit_outcome, comment: row.audit_comment ?? '', audited_by_name: row.audited_by_name ?? '', audited_at: iso(row.audited_at!) }
      : null,
  };
}

const noteColumns = sql`${n.id} as id, ${n.client_id} as client_id, ${clientName} as client_name, ${c.branch_id} as branch_id, ${n.category} as category,
  ${careNoteCategories.label} as category_label, ${n.visit_date}::text as visit_date, ${n.planned_time} as planned_time, ${n.written_at} as written_at,
  ${n.author_name} as author_name, ${n.note} as note, ${n.concern} as concern, ${flagsArray} as flags, ${flagCount} as flag_count,
  ${careNoteAudits.outcome} as audit_outcome, ${careNoteAudits.comment} as audit_comment, ${careNoteAudits.audited_by_name} as audited_by_name,
  ${careNoteAudits.audited_at} as audited_at`;

export async function listLogbookNotes(db: Database, scope: BranchScope, filters: LogbookFilters, sorting: Sorting, paging: Paging): Promise<Page<LogbookNoteRow>> {
  const where = noteWhere(scope, filters);
  const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from ${noteFrom} where ${where}`));
  const order = orderOf(
    sorting,
    { visit_date: sql`visit_date`, client_name: sql`client_name`, category: sql`category_label`, author_name: sql`author_name`, written_at: sql`written_at`, flags: sql`flag_count` },
    [sql`flag_count desc`, sql`visit_date desc`, sql`written_at desc`, sql`id desc`],
  );
  const rows = rowsOf<NoteRecord>(
    await db.execute(sql`select * from (select ${noteColumns} from ${noteFrom} where ${where}) listed order by ${sql.join(order, sql`, `)} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
  );
  return pageOf(rows.map(toNoteRow), Number(counted?.total ?? 0), paging);
}

/** Notes still to audit by client and week (weeks start on Monday), with how many are flagged. */
export async function listLogbookWeeks(db: Database, scope: BranchScope, filters: LogbookFilters, sorting: Sorting, paging: Paging): Promise<Page<LogbookWeekRow>> {
  const where = noteWhere(scope, { ...filters, audited: 'no' });
  const grouped = sql`select ${n.client_id} as client_id, ${clientName} as client_name, ${c.branch_id} as branch_id,
      date_trunc('week', ${n.visit_date})::date::text as week_start, count(*)::int as notes,
      count(*) filter (where ${anyFlag})::int as flagged, count(*) filter (where ${FLAG_SQL.concern})::int as concerns, min(${n.written_at}) as first_written
    from ${noteFrom} where ${where}
    group by ${n.client_id}, ${clientName}, ${c.branch_id}, date_trunc('week', ${n.visit_date})`;
  const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from (${grouped}) weeks`));
  const order = orderOf(
    sorting,
    { week_start: sql`week_start`, client_name: sql`client_name`, notes: sql`notes`, flagged: sql`flagged`, concerns: sql`concerns` },
    [sql`week_start`, sql`flagged desc`, sql`client_name`, sql`client_id`],
  );
  const rows = rowsOf<Omit<LogbookWeekRow, 'first_written'> & { first_written: string | Date }>(
    await db.execute(sql`select * from (${grouped}) weeks order by ${sql.join(order, sql`, `)} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
  );
  const data = rows.map((row) => ({ ...row, client_id: Number(row.client_id), branch_id: row.branch_id === null ? null : Number(row.branch_id), first_written: iso(row.first_written) }));
  return pageOf(data, Number(counted?.total ?? 0), paging);
}

export async function findLogbookNote(db: Database | Transaction, scope: BranchScope, id: number): Promise<LogbookNoteRow | null> {
  const [row] = rowsOf<NoteRecord>(
    await db.execute(sql`select ${noteColumns} from ${noteFrom} where ${n.id} = ${id} and ${visibleClients(scope, { deleted: 'exclude' })}`),
  );
  return row ? toNoteRow(row) : null;
}

export type AuditAnswer = { row: LogbookNoteRow } | { missing: true } | { already: LogbookNoteRow };

/** The office's audit of a note, once: a second (two people at once, or a resend) is told it is done (409). */
export async function auditNote(db: Database, viewer: Viewer, actor: AuditActor, id: number, values: NoteAuditValues): Promise<AuditAnswer> {
  return db.transaction(async (tx) => {
    const before = await findLogbookNote(tx, viewer.scope, id);
    if (!before) return { missing: true } as const;
    const [inserted] = await tx
      .insert(careNoteAudits)
      .values({ note_id: id, client_id: before.client_id, outcome: values.outcome, comment: values.comment, audited_by: viewer.user.userID, audited_by_name: viewer.user.name })
      .onConflictDoNothing({ target: careNoteAudits.note_id })
      .returning({ id: careNoteAudits.id });
    if (!inserted) return { already: before };
    const after = (await findLogbookNote(tx, viewer.scope, id))!;
    await recordAudit(tx, { actor, resource: 'care-note-audits', recordId: inserted.id, action: 'create', after: { note_id: id, client_id: before.client_id, ...after.audit } });
    return { row: after };
  });
}
