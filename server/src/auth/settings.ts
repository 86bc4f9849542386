import type { Database } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { SessionLifetime } from './sessions.js';

/** What the auth hooks and routes need to know, fixed when the app is built. */
export type AuthSettings = {
  db: Database;
  lifetime: SessionLifetime;
  cookieSecure: boolean;
  /** Sends (or, without SMTP, stores) email: sign-in codes, reset links. */
  mailer: Mailer;
};
