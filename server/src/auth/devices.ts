import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { knownDevices } from '../db/schema.js';
import { globalSettings } from './global-settings.js';
import type { AuthSettings } from './settings.js';
import { clock } from '@hcm/contract/time';

/** A long-lived random cookie naming this browser; known_devices keeps its sha256 per user who signed in with it. */
export const DEVICE_COOKIE = 'hcm_device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

/** The global setting (settings table) that asks for an emailed code when someone signs in from a new device. */
export const OTP_NEW_DEVICE_SETTING = 'otp_new_device_login';

const deviceHashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether the email code on new devices is on (the settings row says 'true'); off when the row is missing. */
export async function otpForNewDevices(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: globalSettings.value })
    .from(globalSettings)
    .where(eq(globalSettings.key, OTP_NEW_DEVICE_SETTING));
  return String(row?.value ?? '').trim().toLowerCase() === 'true';
}

/** Whether this browser's device cookie is one the user has signed in with before. */
export async function isKnownDevice(db: Database, userId: number, request: FastifyRequest): Promise<boolean> {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie) return false;
  return isKnownDeviceKey(db, userId, cookie);
}

/**
 * A device's own random key, as the browser's device cookie holds it and the carers' app keeps it (the app is
 * given one at its first sign-in and sends it with the next): 32 bytes, base64url.
 */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether the user has signed in from the device holding this key before. */
export async function isKnownDeviceKey(db: Database, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownDevices.user_id })
    .from(knownDevices)
    .where(and(eq(knownDevices.user_id, userId), eq(knownDevices.device_hash, deviceHashOf(key))));
  return Boolean(row);
}

/** Records the device holding this key as one the user signs in with (its sha256 only). */
export async function rememberDeviceKey(db: Database, userId: number, key: string, userAgent: string | null): Promise<void> {
  const now = clock.now();
  const agent = userAgent?.slice(0, 512) ?? null;
  await db
    .insert(knownDevices)
    .values({ user_id: userId, device_hash: deviceHashOf(key), user_agent: agent, first_seen_at: now, last_seen_at: now })
    .onConflictDoUpdate({ target: [knownDevices.user_id, knownDevices.device_hash], set: { last_seen_at: now, user_agent: agent } });
}

/** Records this browser as one the user signs in with (giving it a device cookie first if it has none). */
export async function rememberDevice(
  settings: AuthSettings,
  userId: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  let cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie || !DEVICE_KEY_PATTERN.test(cookie)) {
    cookie = newDeviceKey();
    reply.setCookie(DEVICE_COOKIE, cookie, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: settings.cookieSecure,
      maxAge: DEVICE_COOKIE_MAX_AGE,
    });
  }
  await rememberDeviceKey(settings.db, userId, cookie, request.headers['user-agent'] ?? null);
}
