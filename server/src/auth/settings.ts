import type { Database } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { PermissionCatalog } from '../modules/permissions.js';
import type { SecretBox } from './secrets.js';
import type { SessionLifetime } from './sessions.js';

/** What the auth hooks and routes need to know, fixed when the app is built. */
export type AuthSettings = {
  db: Database;
  lifetime: SessionLifetime;
  cookieSecure: boolean;
  /** Sends (or, without SMTP, stores) email: sign-in codes, reset links. */
  mailer: Mailer;
  /** Failed logins allowed per lower-cased email + IP within a minute, then 429 (LOGIN_THROTTLE_PER_MINUTE). */
  loginThrottlePerMinute?: number;
  /** The permission catalogue composed from the platform's and the registered areas' declarations (modules/permissions.ts). */
  permissions: PermissionCatalog;
  /** Encrypts stored secrets such as TOTP keys (APP_KEY, or the key file; auth/secrets.ts); buildApp always sets it. */
  secrets?: SecretBox;
};
