import { eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type MailSettings = {
  /** smtp://user:pass@host:587 or smtps://…; without it every message stays in the outbox table. */
  smtpUrl: string | undefined;
  /** The From header, e.g. "Home Care <no-reply@agency.example>". */
  from: string;
};

/**
 * Sends email. Every message is written to mail_outbox first: with SMTP configured it is then sent and
 * marked sent (or failed, with the error); without SMTP the row is the delivery, so sign-in codes and
 * reset links work on a fresh machine and in tests, and super admins read them on the outbox screen.
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

  /** Stores (and, with SMTP, sends) one message; resolves to its outbox id. Never throws on SMTP failure. */
  async send(message: MailMessage): Promise<number> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        transport: this.transport ? 'smtp' : 'outbox',
        status: 'stored',
      })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (!this.transport) return id;
    try {
      await this.transport.sendMail({ from: this.settings.from, ...message });
      await this.mark(id, { status: 'sent', sent_at: new Date() });
    } catch (error) {
      // The caller's answer must not reveal delivery problems (e.g. whether an account exists); ops see it here.
      await this.mark(id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
    return id;
  }

  private async mark(id: number, fields: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
    await this.db.update(mailOutbox).set(fields).where(eq(mailOutbox.id, id));
  }
}
