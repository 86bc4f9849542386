import { dirname, join } from 'node:path';
import { DEFAULT_PGLITE_DIR, IN_MEMORY } from './paths.js';

export type AppConfig = {
  port: number;
  host: string;
  /** Browser origins allowed to call the API with cookies (CORS). */
  webOrigins: string[];
  /** Mark cookies Secure: turn on whenever the site is served over HTTPS. */
  cookieSecure: boolean;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://`. */
  pgliteDataDir: string;
  /** Seed demo branches, roles and users into an empty database. */
  seedDemo: boolean;
  /** Run the areas' background work (the late and missed visit engine); false for a process that only serves. */
  background: boolean;
  /** The first super admin of an install without demo data (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME). */
  firstAdmin: { email: string; password: string; name: string } | undefined;
  /** A session ends after this long without a request... */
  sessionIdleMinutes: number;
  /** ...and after this long in any case. */
  sessionAbsoluteHours: number;
  /** SMTP_URL (smtp:// or smtps://); without it email is kept in the outbox table. MAIL_FROM is the sender. */
  mail: { smtpUrl: string | undefined; from: string };
  /** LOGIN_THROTTLE_PER_MINUTE: failed logins allowed per lower-cased email + IP within a minute (then 429). */
  loginThrottlePerMinute: number;
  /** APP_KEY: encrypts stored secrets (TOTP); base64:<32 bytes>, 64 hex digits, or 32+ characters. */
  appKey: string | undefined;
  /** Without APP_KEY: the key file, created once (mode 0600) beside the PGlite data dir; none for memory://. */
  appKeyFile: string | undefined;
  /** APP_URL: the web app's public address, for links sent out (health-professional links); else the first web origin. */
  appUrl?: string;
  /** The chat server (src/chat/): its port, whether the API runs it, and its TLS files. */
  chat: ChatConfig;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For to believe, so a request's IP (login throttle, audit, sessions)
   * is the client's behind a reverse proxy: `true`, a number of hops, or addresses and CIDR ranges. Off by default.
   */
  trustProxy: boolean | number | string[];
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither; `npx web-push generate-vapid-keys` makes a pair) and
   * VAPID_SUBJECT (mailto: or https:, for the push services): Web Push to the carers' app. Without the keys a pair
   * is made on first use and kept in the database, encrypted with the app key.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
};

export type ChatConfig = {
  /** CHAT_PORT (default 3002, spec §9). */
  port: number;
  /** CHAT_EMBEDDED (default true): the API process runs the chat server; false when dist/chat.js runs it (PostgreSQL). */
  embedded: boolean;
  /** CHAT_TLS_CERT and CHAT_TLS_KEY (PEM files, both or neither): the chat server speaks wss:. */
  tls: { certFile: string; keyFile: string } | undefined;
};

type Env = Record<string, string | undefined>;

export const DEFAULT_WEB_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080'];

/** Reads the configuration from environment variables; throws on a value it cannot use. */
export function loadConfig(env: Env = process.env): AppConfig {
  return {
    port: integer(env, 'API_PORT', 8000),
    host: text(env, 'HOST') ?? '127.0.0.1',
    webOrigins: list(env, 'WEB_ORIGINS') ?? DEFAULT_WEB_ORIGINS,
    cookieSecure: boolean(env, 'COOKIE_SECURE', false),
    databaseUrl: text(env, 'DATABASE_URL'),
    pgliteDataDir: text(env, 'PGLITE_DATA_DIR') ?? DEFAULT_PGLITE_DIR,
    seedDemo: boolean(env, 'SEED_DEMO', true),
    background: boolean(env, 'BACKGROUND_JOBS', true),
    firstAdmin: firstAdmin(env),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12),
    mail: { smtpUrl: text(env, 'SMTP_URL'), from: text(env, 'MAIL_FROM') ?? 'Home Care <no-reply@localhost>' },
    loginThrottlePerMinute: integer(env, 'LOGIN_THROTTLE_PER_MINUTE', 5),
    appKey: text(env, 'APP_KEY'),
    appKeyFile: appKeyFile(env),
    ...(text(env, 'APP_URL') ? { appUrl: text(env, 'APP_URL') } : {}),
    chat: chatConfig(env),
    trustProxy: trustProxy(env),
    vapid: vapidConfig(env),
  };
}

function vapidConfig(env: Env): AppConfig['vapid'] {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if (!publicKey !== !privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  const subject = text(env, 'VAPID_SUBJECT');
  if (subject && !/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// address.');
  return { publicKey, privateKey, subject };
}

function trustProxy(env: Env): AppConfig['trustProxy'] {
  const value = text(env, 'TRUST_PROXY');
  if (value === undefined || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (/^[0-9]+$/.test(value)) return Number(value);
  return list(env, 'TRUST_PROXY')!;
}

function chatConfig(env: Env): ChatConfig {
  const certFile = text(env, 'CHAT_TLS_CERT');
  const keyFile = text(env, 'CHAT_TLS_KEY');
  if (!certFile !== !keyFile) throw new Error('Set both CHAT_TLS_CERT and CHAT_TLS_KEY, or neither.');
  return {
    port: integer(env, 'CHAT_PORT', 3002),
    embedded: boolean(env, 'CHAT_EMBEDDED', true),
    tls: certFile && keyFile ? { certFile, keyFile } : undefined,
  };
}

function appKeyFile(env: Env): string | undefined {
  if (text(env, 'APP_KEY')) return undefined;
  const dataDir = text(env, 'PGLITE_DATA_DIR') ?? DEFAULT_PGLITE_DIR;
  if (text(env, 'DATABASE_URL')) return join(dirname(DEFAULT_PGLITE_DIR), 'app.key');
  return dataDir === IN_MEMORY ? undefined : join(dirname(dataDir), 'app.key');
}

function firstAdmin(env: Env): AppConfig['firstAdmin'] {
  const email = text(env, 'ADMIN_EMAIL');
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return undefined;
  if (!email || !password) throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  if (password.length < 12) throw new Error('ADMIN_PASSWORD must be at least 12 characters.');
  return { email, password, name: text(env, 'ADMIN_NAME') ?? 'Administrator' };
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function list(env: Env, name: string): string[] | undefined {
  const items = text(env, name)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

function integer(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, not "${value}".`);
  return parsed;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error(`${name} must be true or false, not "${value}".`);
}
