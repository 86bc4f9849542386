import type { Page } from '@hcm/contract';
import type { FamilyClient, FamilyContact, FamilyContacts, FamilyThread, MessageRow } from '@hcm/contract/schemas';
import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  branches,
  emailText,
  iso,
  likePattern,
  messageById,
  outer,
  pageOf,
  pageOffset,
  recordAudit,
  retryMessageEmail,
  threadMessages,
  type AuditActor,
  type Database,
  type Mailer,
  type MessageValues,
  type SearchPaging as Paging,
  type SavedMessage,
  type Viewer,
} from '@hcm/server/platform';
import { clientColumns, clientContactColumns, clientContactsTable, clientsTable } from '../columns.js';
import { familyMessages } from '../tables.js';
import { visibleClients } from '../client-visibility.js';
import { clock } from '@hcm/contract/time';

// Messages to and from clients' families: one thread per client contact. Scoped by the client's branch, and only
// for clients not removed.

const c = clientsTable;
const contacts = clientContactsTable;
// The outer row inside correlated subqueries.
const clientId = outer(c, clientColumns.id);
const contactId = outer(contacts, clientContactColumns.id);

/** A rule of messaging broken: answered 422 on `field`. */
export class FamilyMessageRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

// The rule of who sees a client (care-records/client-visibility.ts); removed clients are gone here.
const clientsOf = (viewer: Viewer): SQL => visibleClients(viewer.scope, { deleted: 'exclude' });

function clientRows(db: Database) {
  return db
    .select({
      id: sql<number>`${clientColumns.id}`,
      first_name: sql<string>`${clientColumns.first_name}`,
      last_name: sql<string>`${clientColumns.last_name}`,
      branch: branches.name,
      contact_count: sql<number>`(select count(*)::int from ${contacts} where ${clientContactColumns.client_id} = ${clientId})`,
      unread_count: sql<number>`(select count(*)::int from ${familyMessages} where ${familyMessages.client_id} = ${clientId}
        and ${familyMessages.direction} = 'inbound' and ${familyMessages.read_at} is null)`,
      last_message_at: sql<Date | string | null>`(select max(${familyMessages.created_at}) from ${familyMessages} where ${familyMessages.client_id} = ${clientId})`,
    })
    .from(c)
    .leftJoin(branches, eq(branches.id, clientColumns.branch_id))
    .$dynamic();
}

const toFamilyClient = ({ first_name, last_name, ...row }: Awaited<ReturnType<typeof clientRows>>[number]): FamilyClient => ({
  ...row,
  name: `${first_name} ${last_name}`,
  last_message_at: iso(row.last_message_at),
});

/** The user's clients by last name, with their contacts and unread family messages; `search` in the name. */
export async function listFamilyClients(db: Database, viewer: Viewer, paging: Paging): Promise<Page<FamilyClient>> {
  const pattern = likePattern(paging.search);
  const where = and(
    clientsOf(viewer),
    paging.search
      ? or(ilike(clientColumns.first_name, pattern), ilike(clientColumns.last_name, pattern), ilike(sql`${clientColumns.first_name} || ' ' || ${clientColumns.last_name}`, pattern))
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(c).where(where);
  const rows = await clientRows(db)
    .where(where)
    .orderBy(asc(clientColumns.last_name), asc(clientColumns.first_name), asc(clientColumns.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageOf(rows.map(toFamilyClient), total, paging);
}

async function findClient(db: Database, viewer: Viewer, clientId: number): Promise<FamilyClient | null> {
  const [row] = await clientRows(db).where(and(eq(clientColumns.id, clientId), clientsOf(viewer)));
  return row ? toFamilyClient(row) : null;
}

function contactRows(db: Database) {
  return db
    .select({
      id: sql<number>`${clientContactColumns.id}`,
      client_id: sql<number>`${clientContactColumns.client_id}`,
      name: sql<string>`${clientContactColumns.name}`,
      relationship: sql<string>`${clientContactColumns.relationship}`,
      email: sql<string>`${clientContactColumns.email}`,
      phone: sql<string>`${clientContactColumns.phone}`,
      unread_count: sql<number>`(select count(*)::int from ${familyMessages} where ${familyMessages.client_contact_id} = ${contactId}
        and ${familyMessages.direction} = 'inbound' and ${familyMessages.read_at} is null)`,
      last_message_at: sql<Date | string | null>`(select max(${familyMessages.created_at}) from ${familyMessages} where ${familyMessages.client_contact_id} = ${contactId})`,
    })
    .from(contacts)
    .$dynamic();
}

const toFamilyContact = (row: Awaited<ReturnType<typeof contactRows>>[number]): FamilyContact => ({
  ...row,
  email: row.email ?? '',
  phone: row.phone ?? '',
  last_message_at: iso(row.last_message_at),
});

/** A client of the user's branches and its contacts (by name); null when the client is not theirs. */
export async function familyContacts(db: Database, viewer: Viewer, clientId: number): Promise<FamilyContacts | null> {
  const client = await findClient(db, viewer, clientId);
  if (!client) return null;
  const rows = await contactRows(db)
    .where(eq(clientContactColumns.client_id, clientId))
    .orderBy(asc(clientContactColumns.name), asc(clientContactColumns.id));
  return { client, contacts: rows.map(toFamilyContact) };
}

/** A contact with its client, when the client is one of the user's. */
export async function findContact(db: Database, viewer: Viewer, contactId: number): Promise<{ client: FamilyClient; contact: FamilyContact } | null> {
  const [row] = await contactRows(db).where(eq(clientContactColumns.id, contactId));
  if (!row) return null;
  const client = await findClient(db, viewer, row.client_id);
  return client ? { client, contact: toFamilyContact(row) } : null;
}

const messagesOf = (db: Database, contactId: number) => threadMessages(db, familyMessages, eq(familyMessages.client_contact_id, contactId));

/** A contact's thread, as it is (new inbound messages have read_at null); reading changes nothing. */
export async function familyThread(db: Database, viewer: Viewer, contactId: number): Promise<FamilyThread | null> {
  const found = await findContact(db, viewer, contactId);
  if (!found) return null;
  return { client: found.client, contact: found.contact, messages: await messagesOf(db, contactId) };
}

/** Marks the contact's unread inbound messages read (once opened on screen). Null: no such contact for the user. */
export async function markFamilyThreadRead(db: Database, viewer: Viewer, contactId: number): Promise<FamilyContact | null> {
  const found = await findContact(db, viewer, contactId);
  if (!found) return null;
  if (found.contact.unread_count > 0) {
    await db
      .update(familyMessages)
      .set({ read_at: clock.now() })
      .where(and(eq(familyMessages.client_contact_id, contactId), eq(familyMessages.direction, 'inbound'), isNull(familyMessages.read_at)));
  }
  return { ...found.contact, unread_count: 0 };
}

/**
 * Emails the contact through the mailer (422 when they have no email address) or logs a message; audited. As
 * for carers, the message and its outboxed mail are committed first, then the mail is sent.
 */
export async function addFamilyMessage(
  db: Database,
  mailer: Mailer,
  viewer: Viewer,
  found: { client: FamilyClient; contact: FamilyContact },
  values: MessageValues,
  actor: AuditActor,
): Promise<SavedMessage> {
  const { client, contact } = found;
  if (values.channel === 'email' && !contact.email) {
    throw new FamilyMessageRuleError('channel', `${contact.name} has no email address: add one on ${client.name}'s record, or log the message another way.`);
  }
  const { id, mailId } = await db.transaction(async (tx) => {
    const mailId =
      values.channel === 'email' ? await mailer.store({ to: contact.email, subject: values.subject, text: emailText(values.body, viewer.user) }, tx) : null;
    const [message] = await tx
      .insert(familyMessages)
      .values({ client_id: client.id, client_contact_id: contact.id, ...values, recorded_by: viewer.user.userID, mail_id: mailId })
      .returning();
    await recordAudit(tx, { actor, resource: 'family-messages', recordId: message!.id, action: 'create', after: message });
    return { id: message!.id, mailId };
  });
  const mail = mailId === null ? null : await mailer.deliver(mailId);
  return { message: (await messageById(db, familyMessages, id))!, mail };
}

/** A family message with its contact and client, when the client is one of the user's. */
export async function findFamilyMessage(
  db: Database,
  viewer: Viewer,
  id: number,
): Promise<{ client: FamilyClient; contact: FamilyContact; message: MessageRow } | null> {
  const [row] = await db.select({ contactId: familyMessages.client_contact_id }).from(familyMessages).where(eq(familyMessages.id, id));
  const found = row ? await findContact(db, viewer, row.contactId) : null;
  const message = found ? await messageById(db, familyMessages, id) : null;
  return found && message ? { ...found, message } : null;
}

/** Sends again a family message's failed email (found with findFamilyMessage); audited as an update of the message. */
export async function retryFamilyEmail(db: Database, mailer: Mailer, before: MessageRow, actor: AuditActor): Promise<SavedMessage | { refused: string }> {
  const result = await retryMessageEmail(db, mailer, familyMessages, before);
  if ('message' in result) await recordAudit(db, { actor, resource: 'family-messages', recordId: before.id, action: 'update', before, after: result.message });
  return result;
}
