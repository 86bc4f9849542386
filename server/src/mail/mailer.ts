import { and, asc, eq, lt, or } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database, Transaction } from '../db/client.js';
import { mailOutbox, mailOutboxAttachments } from '../db/schema.js';
import { clock } from '@hcm/contract/time';

/** A file sent with a mail: its name as the recipient sees it, its MIME type (application/pdf) and its bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/**
 * A mail: text (and optionally HTML) and, optionally, files. With attachments it goes out as multipart/mixed, the
 * text first, then each file base64-encoded with its name (Content-Disposition: attachment).
 */
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: readonly MailAttachment[] };

/** At most this many files, and this many bytes in all, on one mail (most mail servers refuse more than 10–25 MB). */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const FILENAME = /^[^\\/\r\n\0"]{1,200}$/;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** Refuses attachments the mail could not carry safely: a caller's mistake, thrown before anything is stored. */
function checkAttachments(attachments: readonly MailAttachment[]): void {
  if (attachments.length > MAX_ATTACHMENTS) throw new Error(`A mail carries at most ${MAX_ATTACHMENTS} attachments.`);
  const bytes = attachments.reduce((sum, file) => sum + file.content.byteLength, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) throw new Error(`A mail's attachments are at most ${MAX_ATTACHMENT_BYTES} bytes in all (${bytes} given).`);
  for (const file of attachments) {
    if (!FILENAME.test(file.filename)) throw new Error(`Not an attachment's file name: ${JSON.stringify(file.filename)}.`);
    if (!CONTENT_TYPE.test(file.contentType)) throw new Error(`Not a content type: ${JSON.stringify(file.contentType)}.`);
  }
}

export type MailSettings = {
  /** smtp://user:pass@host:587 or smtps://…; without it every message stays in the outbox table. */
  smtpUrl: string | undefined;
  /** The From header, e.g. "Home Care <no-reply@agency.example>". */
  from: string;
};

/**
 * How a delivery attempt ended: `sent` (the mail server accepted it), `failed` (with the error), or `outbox`
 * (no SMTP configured: the outbox row is the delivery).
 */
export type MailOutcome = { id: number; status: 'sent' | 'failed' | 'outbox'; error: string | null };

/**
 * A stored mail's delivery as a screen shows it: `sending` while an SMTP attempt has not ended yet, else as
 * MailOutcome; `at` is when it was sent, when the failed attempt began, or when it was stored in the outbox.
 */
export type MailDelivery = { status: 'sending' | 'sent' | 'failed' | 'outbox'; error: string | null; at: Date | null };

/**
 * An SMTP attempt that has not ended after this long never will (the process stopped mid-send; nodemailer's
 * own timeouts are shorter): it counts as failed and may be retried.
 */
export const SENDING_GIVEN_UP_MS = 15 * 60_000;
export const INTERRUPTED = 'The sending was interrupted before the mail server answered; it may not have been sent.';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The delivery of an outbox row (see MailDelivery). */
export function mailDelivery(
  row: Pick<OutboxRow, 'status' | 'transport' | 'error' | 'created_at' | 'sent_at' | 'attempted_at'>,
  now: Date = clock.now(),
): MailDelivery {
  if (row.status === 'sent') return { status: 'sent', error: null, at: row.sent_at };
  if (row.status === 'failed') return { status: 'failed', error: row.error, at: row.attempted_at };
  if (row.transport === 'outbox') return { status: 'outbox', error: null, at: row.created_at };
  const began = row.attempted_at ?? row.created_at;
  if (now.getTime() - began.getTime() >= SENDING_GIVEN_UP_MS) return { status: 'failed', error: INTERRUPTED, at: began };
  return { status: 'sending', error: null, at: began };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends email. Every message is written to mail_outbox first: with SMTP configured it is then sent and
 * marked sent (or failed, with the error); without SMTP the row is the delivery, so sign-in codes and
 * reset links work on a fresh machine and in tests, and super admins read them on the outbox screen.
 *
 * Nothing here throws on an SMTP failure. Callers whose answer must not reveal delivery problems (password
 * resets: whether an account exists) ignore the outcome; the messages to carers and families tell their user.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly settings: MailSettings,
  ) {
    this.transport = settings.smtpUrl ? createTransport(settings.smtpUrl) : null;
  }

  get usesSmtp(): boolean {
    return this.transport !== null;
  }

  /** Stores and (with SMTP) sends one message; resolves to how it went. Never throws on SMTP failure. */
  async send(message: MailMessage): Promise<MailOutcome> {
    return this.deliver(await this.store(message));
  }

  /**
   * Writes a message, its attachments included, to the outbox without sending it (`db`: the caller's transaction,
   * so the mail exists exactly when the record that sends it does); resolves to its id. Then deliver(id), after
   * the commit. Throws on attachments a mail cannot carry (too many, too large, a name with a path or a quote).
   */
  async store(message: MailMessage, db: Database | Transaction = this.db): Promise<number> {
    const attachments = message.attachments ?? [];
    checkAttachments(attachments);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        transport: this.transport ? 'smtp' : 'outbox',
        status: 'stored',
        attempted_at: this.transport ? clock.now() : null,
      })
      .returning({ id: mailOutbox.id });
    if (attachments.length) {
      await db.insert(mailOutboxAttachments).values(
        attachments.map((file, position) => ({ mail_id: row!.id, position, filename: file.filename, content_type: file.contentType, content: file.content })),
      );
    }
    return row!.id;
  }

  /** The files stored with a mail, in order. */
  async attachmentsOf(id: number): Promise<MailAttachment[]> {
    const rows = await this.db
      .select({ filename: mailOutboxAttachments.filename, contentType: mailOutboxAttachments.content_type, content: mailOutboxAttachments.content })
      .from(mailOutboxAttachments)
      .where(eq(mailOutboxAttachments.mail_id, id))
      .orderBy(asc(mailOutboxAttachments.position));
    return rows;
  }

  /** Sends a stored message (once: one already sent or failed answers as it is). Never throws on SMTP failure. */
  async deliver(id: number): Promise<MailOutcome> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`No mail ${id} in the outbox.`);
    if (row.status === 'sent') return { id, status: 'sent', error: null };
    if (row.status === 'failed') return { id, status: 'failed', error: row.error };
    return this.attempt(row);
  }

  /**
   * Sends again a message whose delivery failed (or whose attempt was interrupted, see SENDING_GIVEN_UP_MS).
   * Claims the row first, so two retries at once send it once. Null: the message is not waiting for a retry.
   */
  async retry(id: number): Promise<MailOutcome | null> {
    const givenUp = new Date(clock.nowMs() - SENDING_GIVEN_UP_MS);
    const [row] = await this.db
      .update(mailOutbox)
      .set({ status: 'stored', error: null, transport: this.transport ? 'smtp' : 'outbox', attempted_at: this.transport ? clock.now() : null })
      .where(
        and(
          eq(mailOutbox.id, id),
          or(
            eq(mailOutbox.status, 'failed'),
            and(eq(mailOutbox.status, 'stored'), eq(mailOutbox.transport, 'smtp'), lt(mailOutbox.attempted_at, givenUp)),
          ),
        ),
      )
      .returning();
    return row ? this.attempt(row) : null;
  }

  private async attempt(row: OutboxRow): Promise<MailOutcome> {
    const id = row.id;
    if (row.transport === 'outbox') return { id, status: 'outbox', error: null };
    if (!this.transport) {
      // Stored for SMTP by a process configured with it; this one is not: the outbox row is the delivery.
      await this.mark(id, { transport: 'outbox', attempted_at: null });
      return { id, status: 'outbox', error: null };
    }
    try {
      const attachments = await this.attachmentsOf(id);
      await this.transport.sendMail({
        from: this.settings.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body === null ? {} : { html: row.html_body }),
        // multipart/mixed: the text, then each file in base64 whatever its type.
        ...(attachments.length
          ? { attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content), contentTransferEncoding: 'base64' as const, contentDisposition: 'attachment' as const })) }
          : {}),
      });
    } catch (error) {
      // Recorded on the row (the outbox screen shows it); whether the caller's answer tells is the caller's choice.
      const message = errorText(error);
      await this.mark(id, { status: 'failed', error: message });
      return { id, status: 'failed', error: message };
    }
    await this.mark(id, { status: 'sent', error: null, sent_at: clock.now() });
    return { id, status: 'sent', error: null };
  }

  private async mark(id: number, fields: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
    await this.db.update(mailOutbox).set(fields).where(eq(mailOutbox.id, id));
  }
}
