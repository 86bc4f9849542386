import { can, type CurrentUser, type PermissionName } from '@hcm/contract';
import {
  documentChanges,
  documentSchema,
  fieldErrorsOf,
  fieldsOf,
  sensitivityOf,
  type DocumentResult,
  type DocumentSpec,
  type DocumentStatus,
  type DocumentSummary,
  type DocumentValues,
  type DocumentView,
  type ReviewState,
  type Sensitivity,
  type VersionSummary,
} from '@hcm/contract/documents';
import type { FieldErrors } from '@hcm/contract';
import { isCalendarDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database, Transaction } from '../db/client.js';
import { users } from '../db/schema.js';
import type { DocumentTables } from './tables.js';
import { addDays, clock, ukDate } from '@hcm/contract/time';

// The record-document engine: every save is a new version (nothing overwritten), a save names the version it
// was based on and is refused with what changed if someone saved in between, statuses go draft → active →
// archived, a review date per document, sign-off of a version, and sensitive answers withheld from users
// without the permission to read them. Routes (./routes.ts) are thin over this.

export type { DocumentSignOff, DocumentSummary, DocumentView, ReviewState, VersionSummary } from '@hcm/contract/documents';

/** What the engine needs to know about who is asking. */
export type DocumentReader = { user: CurrentUser; sensitive: Record<Sensitivity, PermissionName> };

/** Days before its review date that a document counts as due. */
export const REVIEW_DUE_WITHIN_DAYS = 14;

const WITHHELD = '(withheld)';

export class DocumentRuleError extends Error {
  constructor(
    readonly statusCode: 409 | 403 | 422,
    message: string,
    readonly data: unknown = null,
    readonly errors: FieldErrors | null = null,
  ) {
    super(message);
  }
}

/** The keys of the answers this user may not read in a document of this kind. */
export function withheldKeys(spec: DocumentSpec, reader: DocumentReader): string[] {
  return fieldsOf(spec)
    .filter((field) => {
      const sensitivity = sensitivityOf(spec, field);
      return sensitivity !== undefined && !can(reader.user, reader.sensitive[sensitivity]);
    })
    .map((field) => field.key);
}

/** Whether the user may open a document of this kind at all (a wholly sensitive kind needs its permission). */
export function mayRead(spec: DocumentSpec, reader: DocumentReader): boolean {
  return can(reader.user, spec.permissions.view) && (!spec.sensitivity || can(reader.user, reader.sensitive[spec.sensitivity]));
}

export const mayEdit = (spec: DocumentSpec, reader: DocumentReader) => mayRead(spec, reader) && can(reader.user, spec.permissions.edit);
export const maySignOff = (spec: DocumentSpec, reader: DocumentReader) => mayRead(spec, reader) && can(reader.user, spec.permissions.signOff ?? spec.permissions.edit);

/** Today in the UK as YYYY-MM-DD. */
/** The UK day of an instant (YYYY-MM-DD). */
export const ukToday = (at: Date): string => ukDate(at);

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

export function reviewStateOf(status: DocumentStatus, reviewDate: string | null, now = clock.now()): ReviewState {
  if (!reviewDate || status === 'archived') return null;
  const today = ukToday(now);
  if (reviewDate < today) return 'overdue';
  return reviewDate <= addDays(today, REVIEW_DUE_WITHIN_DAYS) ? 'due' : null;
}

/** The declaration's results for some content (none when the declaration has none, or the content is partly withheld). */
export function resultsOf(spec: DocumentSpec, content: DocumentValues): DocumentResult[] {
  try {
    return spec.results?.(content) ?? [];
  } catch {
    // A declaration's arithmetic must never stop a save; a figure it cannot work out is simply not shown.
    return [];
  }
}

type DocumentRow = DocumentTables['documents']['$inferSelect'];

export class DocumentStore {
  constructor(
    private readonly db: Database,
    private readonly tables: DocumentTables,
    private readonly specs: readonly DocumentSpec[],
  ) {}

  spec(kind: string): DocumentSpec | undefined {
    return this.specs.find((spec) => spec.name === kind);
  }

  private summaryOf(spec: DocumentSpec, row: DocumentRow & { updated_by_name: string | null; results: DocumentResult[] }, reader: DocumentReader): DocumentSummary {
    const withheld = withheldKeys(spec, reader);
    return {
      id: row.id,
      kind: row.kind,
      title: spec.title,
      status: row.status,
      version: row.version,
      review_date: row.review_date,
      review_state: reviewStateOf(row.status, row.review_date),
      signed_off:
        row.signed_off_version === row.version && row.signed_off_at
          ? { name: row.signed_off_name ?? '', role: row.signed_off_role ?? '', at: row.signed_off_at.toISOString(), version: row.version }
          : null,
      // A score worked out from answers the reader may not see would tell them those answers.
      results: withheld.length ? [] : row.results,
      updated_at: row.updated_at.toISOString(),
      updated_by: row.updated_by_name,
    };
  }

  private async rows(ownerId: number, kind?: string, id?: number) {
    const { documents, versions } = this.tables;
    return this.db
      .select({ document: documents, updated_by_name: users.name, results: versions.results })
      .from(documents)
      .innerJoin(versions, and(eq(versions.document_id, documents.id), eq(versions.version, documents.version)))
      .leftJoin(users, eq(users.id, documents.updated_by))
      .where(and(eq(documents.owner_id, ownerId), kind ? eq(documents.kind, kind) : undefined, id ? eq(documents.id, id) : undefined))
      .orderBy(desc(documents.updated_at), desc(documents.id));
  }

  /** Every document of an owner the reader may open (of one kind when given), newest first. */
  async list(ownerId: number, reader: DocumentReader, kind?: string): Promise<DocumentSummary[]> {
    const rows = await this.rows(ownerId, kind);
    return rows.flatMap(({ document, updated_by_name, results }) => {
      const spec = this.spec(document.kind);
      return spec && mayRead(spec, reader) ? [this.summaryOf(spec, { ...document, updated_by_name, results }, reader)] : [];
    });
  }

  private async documentRow(ownerId: number, kind: string, id: number, db: Database | Transaction = this.db) {
    const { documents } = this.tables;
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.owner_id, ownerId), eq(documents.kind, kind)));
    return row;
  }

  private async versionRow(documentId: number, version: number, db: Database | Transaction = this.db) {
    const { versions } = this.tables;
    const [row] = await db
      .select({ version: versions, saved_by_name: users.name })
      .from(versions)
      .leftJoin(users, eq(users.id, versions.saved_by))
      .where(and(eq(versions.document_id, documentId), eq(versions.version, version)));
    return row;
  }

  /** One document as of its current version (or an earlier `version`), with the reader's withheld answers left out. */
  async view(ownerId: number, spec: DocumentSpec, id: number, reader: DocumentReader, version?: number): Promise<DocumentView | null> {
    const { documents } = this.tables;
    const [found] = await this.db
      .select({ document: documents, updated_by_name: users.name })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.updated_by))
      .where(and(eq(documents.id, id), eq(documents.owner_id, ownerId), eq(documents.kind, spec.name)));
    if (!found) return null;
    const row = found.document;
    const at = await this.versionRow(id, version ?? row.version);
    if (!at) return null;
    const summary = this.summaryOf(spec, { ...row, updated_by_name: found.updated_by_name, results: at.version.results }, reader);
    const withheld = withheldKeys(spec, reader);
    const content = Object.fromEntries(Object.entries(at.version.content).filter(([key]) => !withheld.includes(key)));
    const historic = version !== undefined && version !== row.version;
    return {
      ...summary,
      ...(historic
        ? { version: at.version.version, status: at.version.status, review_date: at.version.review_date, updated_at: at.version.saved_at.toISOString(), updated_by: at.saved_by_name, signed_off: null }
        : {}),
      content,
      withheld,
      can: { edit: !historic && row.status !== 'archived' && mayEdit(spec, reader), signOff: !historic && row.status === 'active' && maySignOff(spec, reader) },
    };
  }

  /**
   * Validates content for a status; answers the parsed content or throws a 422. A required question the user may
   * not read (withheld) is not theirs to answer: its absence does not stop them making the document active.
   */
  private parse(spec: DocumentSpec, content: unknown, status: DocumentStatus, withheld: readonly string[] = []): DocumentValues {
    const parsed = v.safeParse(documentSchema(spec, { complete: status === 'active' }), content ?? {});
    if (parsed.success) return parsed.output as DocumentValues;
    const errors = Object.fromEntries(Object.entries(fieldErrorsOf(parsed.issues)).filter(([key]) => !withheld.includes(key.split('.')[0]!)));
    if (Object.keys(errors).length || status !== 'active') throw new DocumentRuleError(422, 'The given data was invalid.', null, fieldErrorsOf(parsed.issues));
    return this.parse(spec, content, 'draft');
  }

  private reviewDateOf(spec: DocumentSpec, requested: string | undefined, status: DocumentStatus, current: string | null, now: Date): string | null {
    if (requested !== undefined && requested !== '') {
      if (!isCalendarDate(requested)) throw new DocumentRuleError(422, 'The given data was invalid.', null, { review_date: ['Review date must be a date.'] });
      return requested;
    }
    if (requested === '') return null;
    if (current) return current;
    // Made active without a date: the declaration's interval proposes one, as a reviewer would.
    return status === 'active' && spec.reviewEveryMonths ? addMonths(ukToday(now), spec.reviewEveryMonths) : null;
  }

  /** A new document: version 1. A kind kept as one living document refuses a second live one (409 naming it). */
  async create(
    ownerId: number,
    spec: DocumentSpec,
    input: { content: unknown; status: DocumentStatus; review_date?: string; note?: string },
    reader: DocumentReader,
    now = clock.now(),
  ): Promise<{ id: number; content: DocumentValues }> {
    if (input.status === 'archived') throw new DocumentRuleError(422, 'The given data was invalid.', null, { status: ['A new document is a draft or active.'] });
    const withheld = withheldKeys(spec, reader);
    const content = this.parse(spec, stripKeys(input.content, withheld), input.status, withheld);
    const reviewDate = this.reviewDateOf(spec, input.review_date, input.status, null, now);
    const { documents, versions } = this.tables;
    return this.db.transaction(async (tx) => {
      if (!spec.multiple) {
        const [live] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.owner_id, ownerId), eq(documents.kind, spec.name), ne(documents.status, 'archived')))
          .for('update');
        if (live) throw new DocumentRuleError(409, `There is already a ${spec.title}: open it and change it.`, { id: live.id });
      }
      const [created] = await tx
        .insert(documents)
        .values({ owner_id: ownerId, kind: spec.name, status: input.status, version: 1, review_date: reviewDate, created_at: now, updated_at: now, updated_by: reader.user.userID })
        .returning({ id: documents.id });
      await tx.insert(versions).values({
        document_id: created!.id,
        version: 1,
        status: input.status,
        content,
        results: resultsOf(spec, content),
        review_date: reviewDate,
        note: (input.note ?? '').slice(0, 500),
        saved_by: reader.user.userID,
        saved_at: now,
      });
      return { id: created!.id, content };
    });
  }

  /**
   * A new version. Refused with 409 and what changed since `base_version` when someone saved in between; the
   * reader's withheld answers are carried over from the current version (they cannot see or change them).
   */
  async update(
    ownerId: number,
    spec: DocumentSpec,
    id: number,
    input: { base_version: number; content?: unknown; status?: DocumentStatus; review_date?: string; note?: string },
    reader: DocumentReader,
    now = clock.now(),
  ): Promise<{ before: DocumentValues; after: DocumentValues; version: number } | null> {
    const { documents, versions } = this.tables;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.owner_id, ownerId), eq(documents.kind, spec.name)))
        .for('update');
      if (!row) return null;
      const current = await this.versionRow(id, row.version, tx);
      if (row.version !== input.base_version) {
        const base = await this.versionRow(id, input.base_version, tx);
        const withheld = withheldKeys(spec, reader);
        const changes = documentChanges(spec, base?.version.content ?? {}, current!.version.content).map((change) =>
          withheld.includes(change.key) ? { ...change, before: WITHHELD, after: WITHHELD } : change,
        );
        throw new DocumentRuleError(409, `${current!.saved_by_name ?? 'Someone'} saved this ${spec.title} after you opened it (version ${row.version}). Review their changes before saving yours.`, {
          current_version: row.version,
          saved_by: current!.saved_by_name,
          saved_at: current!.version.saved_at.toISOString(),
          changes,
        });
      }
      if (row.status === 'archived') throw new DocumentRuleError(409, `This ${spec.title} is archived: it can be read, not changed.`);
      const status = input.status ?? row.status;
      if (row.status === 'active' && status === 'draft') {
        throw new DocumentRuleError(422, 'The given data was invalid.', null, { status: ['An active document cannot go back to draft: save a new version instead.'] });
      }
      const withheld = withheldKeys(spec, reader);
      const before = current!.version.content;
      const submitted = input.content === undefined ? before : { ...(stripKeys(input.content, withheld) as DocumentValues), ...pickKeys(before, withheld) };
      const content = status === 'archived' ? before : this.parse(spec, submitted, status, withheld);
      const reviewDate = this.reviewDateOf(spec, input.review_date, status, row.review_date, now);
      const version = row.version + 1;
      await tx.update(documents).set({ version, status, review_date: reviewDate, updated_at: now, updated_by: reader.user.userID }).where(eq(documents.id, id));
      await tx.insert(versions).values({
        document_id: id,
        version,
        status,
        content,
        results: resultsOf(spec, content),
        review_date: reviewDate,
        note: (input.note ?? '').slice(0, 500),
        saved_by: reader.user.userID,
        saved_at: now,
      });
      return { before, after: content, version };
    });
  }

  /** Signs the current, active version off in the reader's name. */
  async signOff(ownerId: number, spec: DocumentSpec, id: number, input: { base_version: number; role: string }, reader: DocumentReader, now = clock.now()) {
    const { documents } = this.tables;
    const row = await this.documentRow(ownerId, spec.name, id);
    if (!row) return null;
    if (row.version !== input.base_version) throw new DocumentRuleError(409, `This ${spec.title} changed after you opened it (now version ${row.version}): read it again before signing it off.`, { current_version: row.version });
    if (row.status !== 'active') throw new DocumentRuleError(409, `Only an active ${spec.title} can be signed off.`);
    await this.db
      .update(documents)
      .set({ signed_off_version: row.version, signed_off_by: reader.user.userID, signed_off_name: reader.user.name, signed_off_role: input.role, signed_off_at: now })
      .where(and(eq(documents.id, id), eq(documents.version, input.base_version)));
    return { version: row.version };
  }

  /** Every version, newest first, each with what changed from the one before it. */
  async versions(ownerId: number, spec: DocumentSpec, id: number, reader: DocumentReader): Promise<VersionSummary[] | null> {
    const row = await this.documentRow(ownerId, spec.name, id);
    if (!row) return null;
    const { versions } = this.tables;
    const all = await this.db
      .select({ version: versions, saved_by_name: users.name })
      .from(versions)
      .leftJoin(users, eq(users.id, versions.saved_by))
      .where(eq(versions.document_id, id))
      .orderBy(asc(versions.version));
    const withheld = withheldKeys(spec, reader);
    return all
      .map(({ version, saved_by_name }, index) => ({
        version: version.version,
        status: version.status,
        saved_at: version.saved_at.toISOString(),
        saved_by: saved_by_name,
        note: version.note,
        changes: documentChanges(spec, index ? all[index - 1]!.version.content : {}, version.content).map((change) =>
          withheld.includes(change.key) ? { ...change, before: WITHHELD, after: WITHHELD } : change,
        ),
      }))
      .reverse();
  }
}

function stripKeys(content: unknown, keys: readonly string[]): unknown {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  return Object.fromEntries(Object.entries(content).filter(([key]) => !keys.includes(key)));
}

function pickKeys(content: DocumentValues, keys: readonly string[]): DocumentValues {
  return Object.fromEntries(Object.entries(content).filter(([key]) => keys.includes(key)));
}
