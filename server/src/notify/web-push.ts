import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import webpush from 'web-push';
import type { SecretBox } from '../auth/secrets.js';
import type { Database } from '../db/client.js';
import { deviceTokens, webPushKeys } from '../db/schema.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import type { PushMessage, PushOutcome, PushProvider } from './push.js';

// Push notifications through the Web Push standard (RFC 8030, with VAPID, RFC 8292, and message encryption,
// RFC 8291), by the `web-push` library: the carers' app subscribes its device in the browser and hands the
// subscription to PUT /carer-app/push; the Pusher's messages (a visit assigned, moved, taken off or cancelled:
// day and time only, no client's name, since a phone shows them on its lock screen) are encrypted for each
// subscribed device of the user and posted to its browser's push service. A subscription the push service says
// has gone (404, 410) is forgotten.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** VAPID_SUBJECT: who the push services may contact about this install (mailto: or https:). */
const DEFAULT_SUBJECT = 'mailto:no-reply@localhost';

/**
 * The install's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (both or neither), else the pair made
 * on first use and kept in web_push_keys (the private key encrypted with the app key). A pair that no longer
 * decrypts (the app key changed) is replaced: devices subscribe again with the new public key.
 */
export class VapidKeyStore {
  private cached: Promise<VapidKeys> | null = null;

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly configured: { publicKey?: string | undefined; privateKey?: string | undefined; subject?: string | undefined } = {},
  ) {}

  keys(): Promise<VapidKeys> {
    this.cached ??= this.load().catch((error: unknown) => {
      this.cached = null;
      throw error;
    });
    return this.cached;
  }

  private async load(): Promise<VapidKeys> {
    const subject = this.configured.subject || DEFAULT_SUBJECT;
    if (this.configured.publicKey && this.configured.privateKey) return { publicKey: this.configured.publicKey, privateKey: this.configured.privateKey, subject };
    const [stored] = await this.db.select().from(webPushKeys).where(eq(webPushKeys.id, 1));
    if (stored) {
      try {
        return { publicKey: stored.public_key, privateKey: this.secrets.decrypt(stored.private_key_encrypted), subject };
      } catch {
        // Made under another app key: replaced below.
      }
    }
    const made = webpush.generateVAPIDKeys();
    const row = { id: 1, public_key: made.publicKey, private_key_encrypted: this.secrets.encrypt(made.privateKey) };
    await this.db.insert(webPushKeys).values(row).onConflictDoUpdate({ target: webPushKeys.id, set: { public_key: row.public_key, private_key_encrypted: row.private_key_encrypted } });
    // Two processes may race to make the pair: the stored one wins.
    const [kept] = await this.db.select().from(webPushKeys).where(eq(webPushKeys.id, 1));
    return { publicKey: kept!.public_key, privateKey: this.secrets.decrypt(kept!.private_key_encrypted), subject };
  }
}

/** What a carer's phone shows: the message's title and body, and where a tap opens the app. */
export type WebPushPayload = { title: string; body: string; kind: string; url: string; tag: string };

export const payloadOf = (message: PushMessage): WebPushPayload => ({
  title: message.title,
  body: message.body,
  kind: message.kind,
  url: '/carer/',
  // One notification per visit on the lock screen: a later change replaces the earlier.
  tag: typeof message.data?.visit_id === 'number' ? `visit-${message.data.visit_id}` : message.kind,
});

/** How long a push service keeps a message for a phone that is off: a day (the rota has moved on by then). */
const TIME_TO_LIVE_SECONDS = 24 * 3600;

export class WebPushProvider implements PushProvider {
  readonly name = 'web-push';

  constructor(
    private readonly db: Database,
    private readonly vapid: VapidKeyStore,
    /** How the request reaches the push service (tests hand a local one; the default is fetch). */
    private readonly post: (url: string, init: { method: string; headers: Record<string, string>; body: Buffer }) => Promise<{ status: number }> = (url, init) => fetch(url, init),
  ) {}

  async send(message: PushMessage, deviceIds: readonly number[]): Promise<PushOutcome> {
    if (!deviceIds.length) return { status: 'recorded' };
    const devices = await this.db
      .select({ id: deviceTokens.id, endpoint: deviceTokens.push_endpoint, p256dh: deviceTokens.push_p256dh, auth: deviceTokens.push_auth })
      .from(deviceTokens)
      .where(and(inArray(deviceTokens.id, [...deviceIds]), isNull(deviceTokens.revoked_at), isNotNull(deviceTokens.push_endpoint)));
    if (!devices.length) return { status: 'recorded', error: 'No device of theirs has notifications turned on.' };
    const keys = await this.vapid.keys();
    const payload = JSON.stringify(payloadOf(message));
    const failures: string[] = [];
    let delivered = 0;
    for (const device of devices) {
      const subscription = { endpoint: device.endpoint!, keys: { p256dh: device.p256dh!, auth: device.auth! } };
      try {
        const request = webpush.generateRequestDetails(subscription, payload, { vapidDetails: keys, TTL: TIME_TO_LIVE_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' });
        const answer = await this.post(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body as Buffer });
        if (answer.status >= 200 && answer.status < 300) delivered += 1;
        else if (answer.status === 404 || answer.status === 410) {
          await forgetSubscription(this.db, device.id);
          failures.push(`device ${device.id}: the push service says the subscription has gone (${answer.status}); it was forgotten`);
        } else failures.push(`device ${device.id}: the push service answered ${answer.status}`);
      } catch (error) {
        failures.push(`device ${device.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (delivered) return failures.length ? { status: 'sent', error: failures.join('; ') } : { status: 'sent' };
    return { status: 'failed', error: failures.join('; ') };
  }
}

async function forgetSubscription(db: Database, deviceId: number): Promise<void> {
  await db.update(deviceTokens).set({ push_endpoint: null, push_p256dh: null, push_auth: null }).where(eq(deviceTokens.id, deviceId));
}

/** A push service's address: https, or http on this machine (a local push service in tests). */
const isPushEndpoint = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
};

const base64url = (label: string) => v.pipe(v.string(`${label} is required.`), v.regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be base64url text.`), v.maxLength(200, `${label} is too long.`));

/** A browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string('The subscription needs its endpoint.'), v.maxLength(1000, 'The endpoint is too long.'), v.check(isPushEndpoint, 'The endpoint must be an https address of a push service.')),
  keys: v.object({ p256dh: base64url('The p256dh key'), auth: base64url('The auth secret') }, 'The subscription needs its keys (p256dh and auth).'),
});

/**
 * The carers' app's notification settings for its device: GET /carer-app/push (the public key to subscribe with,
 * and whether this device is subscribed), PUT (subscribe: a PushSubscription's JSON), DELETE (turn off).
 */
export async function webPushRoutes(app: FastifyInstance, options: { db: Database; vapid: VapidKeyStore }): Promise<void> {
  const { db, vapid } = options;
  const device = { config: { device: true, permission: 'carer-app.use' } } as const;

  app.get('/carer-app/push', device, async (request, reply) => {
    if (!request.device) return sendError(reply, 403, 'Notifications are set on the phone that signed in to the carers’ app.');
    const [row] = await db.select({ endpoint: deviceTokens.push_endpoint }).from(deviceTokens).where(eq(deviceTokens.id, request.device.id));
    return ok({ public_key: (await vapid.keys()).publicKey, subscribed: Boolean(row?.endpoint) });
  });

  app.put('/carer-app/push', device, async (request, reply) => {
    if (!request.device) return sendError(reply, 403, 'Notifications are set on the phone that signed in to the carers’ app.');
    const parsed = v.safeParse(PushSubscriptionSchema, request.body);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.issues) {
        const key = issue.path?.map((part) => String(part.key)).join('.') || 'subscription';
        (errors[key] ??= []).push(issue.message);
      }
      return sendInvalid(reply, errors);
    }
    const { endpoint, keys } = parsed.output;
    await db.update(deviceTokens).set({ push_endpoint: endpoint, push_p256dh: keys.p256dh, push_auth: keys.auth }).where(eq(deviceTokens.id, request.device.id));
    return ok({ subscribed: true }, 'Notifications are on for this phone.');
  });

  app.delete('/carer-app/push', device, async (request, reply) => {
    if (!request.device) return sendError(reply, 403, 'Notifications are set on the phone that signed in to the carers’ app.');
    await forgetSubscription(db, request.device.id);
    return ok({ subscribed: false }, 'Notifications are off for this phone.');
  });
}
