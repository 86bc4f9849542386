import type { Database } from '../db/client.js';
import { smsMessages } from '../db/schema.js';

// Text messages (an escalation to the on-call phone). The provider is an interface; the default records each
// message (sms_messages) and sends nothing, like the mail outbox without SMTP.

export type SmsMessage = { to: string; body: string; purpose: string };
export type SmsOutcome = { status: 'recorded' | 'sent' | 'failed'; error?: string };

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsOutcome>;
}

export const recordingSmsProvider: SmsProvider = { name: 'recorded', send: async () => ({ status: 'recorded' }) };

export class SmsSender {
  constructor(
    private readonly db: Database,
    private readonly provider: SmsProvider = recordingSmsProvider,
  ) {}

  /** Sends and logs; never throws (a failure is logged with the provider's error). */
  async send(message: SmsMessage): Promise<{ id: number; status: string }> {
    let outcome: SmsOutcome;
    try {
      outcome = await this.provider.send(message);
    } catch (error) {
      outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    const [row] = await this.db
      .insert(smsMessages)
      .values({ to_number: message.to, body: message.body, purpose: message.purpose, provider: this.provider.name, status: outcome.status, error: outcome.error ?? null })
      .returning({ id: smsMessages.id });
    return { id: row!.id, status: outcome.status };
  }
}
