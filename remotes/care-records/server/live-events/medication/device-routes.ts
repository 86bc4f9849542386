import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { fileStorage, ok, sendError, sendInvalid, UNAUTHORIZED, type AuthSettings } from '@hcm/server/platform';
import {
  AdministrationSchema,
  DeviceOutcomeSchema,
  INR,
  isAnticoagulant,
  MEDICATION_IMAGE_MAX_BYTES,
  MedicationAvailabilitySchema,
  MedicationImageSchema,
  type KeySafeAnswer,
} from '../../../contract/index.js';
import { clientAccess } from '../../access/tables.js';
import { recordAdministration } from '../../mar/administrations.js';
import { parsedBody, recordClientView, requestHash, sendMarError } from '../../mar/common.js';
import { buildCareSheet } from './care-sheet.js';
import { deviceClientTarget, deviceKey, deviceTime, sendDeviceWrite } from './device-target.js';
import { saveAvailabilityReport, saveMedicationImage } from './reports.js';
import { marAdministrationInr } from './tables.js';

const device = { config: { device: true, permission: 'carer-app.use' as const } };
/** The key-safe code: a device route that also needs the role's right to know codes. */
const keySafeReader = { config: { device: true, permission: 'clients.key-safe.view' as const } };
export const NO_KEY_SAFE = 'No key safe code is recorded for this client: ask the office how to get in.';
/** base64 is 4/3 of the bytes, plus the JSON around it. */
const IMAGE_BODY_LIMIT = Math.ceil((MEDICATION_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The carers' app's care and medication under /api/v1/carer-app/clients/:clientId/… (device tokens only, for
 * clients the carer visits from yesterday to tomorrow): what to do at the visit, MAR outcomes, photos of the
 * MAR sheet or blister pack, and stock reports. Every write carries an Idempotency-Key and the device's time.
 */
export async function medicationDeviceRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;

  app.get('/carer-app/clients/:clientId/care', device, async (request, reply) => {
    const target = await deviceClientTarget(app, request, reply, auth);
    if (!target) return reply;
    const sheet = await buildCareSheet(db, target.client, { mayReadKeySafe: target.viewer.user.userPermissions.includes('clients.key-safe.view') });
    await recordClientView(db, target, 'carer-app-care', { key_safe: sheet.key_facts.key_safe !== null });
    return ok(sheet);
  });

  // The key-safe code on a tap (README "Key safe on the carers' app"): only with clients.key-safe.view (403), for a
  // client the carer visits from yesterday to tomorrow (else 404), each reveal audited as a view of the client's
  // record; never cached (the care sheet, kept on the phone, says only that there is a key safe and where).
  app.get('/carer-app/clients/:clientId/key-safe', keySafeReader, async (request, reply) => {
    const target = await deviceClientTarget(app, request, reply, auth);
    if (!target) return reply;
    // A device token is the carers' app's (its role holds carer-app.use, or the token was revoked): checked all the same.
    if (!can(target.viewer.user, 'carer-app.use')) return sendError(reply, 403, UNAUTHORIZED);
    const [row] = await db.select({ location: clientAccess.key_safe_location, code: clientAccess.key_safe_code }).from(clientAccess).where(eq(clientAccess.client_id, target.client.id));
    reply.header('Cache-Control', 'no-store');
    if (!row?.code) return sendError(reply, 404, NO_KEY_SAFE);
    await recordClientView(db, target, 'carer-app-key-safe', { key_safe_location: row.location });
    const answer: KeySafeAnswer = { location: row.location, code: row.code };
    return ok(answer);
  });

  app.post('/carer-app/clients/:clientId/medication-outcomes', device, async (request, reply) => {
    const target = await deviceClientTarget(app, request, reply, auth);
    if (!target) return reply;
    const key = await deviceKey(request, reply);
    if (!key) return reply;
    const body = await parsedBody(reply, DeviceOutcomeSchema, request.body);
    if (!body) return reply;
    const at = await deviceTime(reply, body.recorded_at);
    if (!at) return reply;
    const { recorded_at: _recordedAt, inr, ...rest } = body;
    const parsed = v.safeParse(AdministrationSchema, { ...rest, given_at: at.toISOString() });
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.issues);
      if (errors.given_at) errors.recorded_at = errors.given_at;
      return sendInvalid(reply, errors);
    }
    try {
      const { administration, replayed } = await recordAdministration(db, { viewer: target.viewer, actor: target.actor, client: target.client, values: parsed.output, headerKey: key, via: 'device' });
      let savedInr: string | null = null;
      if (inr && INR.test(inr) && isAnticoagulant(administration.medicine)) {
        if (!replayed) await db.insert(marAdministrationInr).values({ administration_id: administration.id, inr }).onConflictDoNothing();
        savedInr = inr;
      }
      return sendDeviceWrite(reply, { ...administration, inr: savedInr }, replayed, `${administration.medicine}: ${administration.outcome_label} recorded.`);
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  app.post('/carer-app/clients/:clientId/medication-images', { ...device, bodyLimit: IMAGE_BODY_LIMIT }, async (request, reply) => {
    const target = await deviceClientTarget(app, request, reply, auth);
    if (!target) return reply;
    const key = await deviceKey(request, reply);
    if (!key) return reply;
    const values = await parsedBody(reply, MedicationImageSchema, request.body);
    if (!values) return reply;
    const at = await deviceTime(reply, values.recorded_at);
    if (!at) return reply;
    try {
      const write = { clientId: target.client.id, carerId: target.viewer.user.userID, actor: target.actor, key, hash: requestHash(values), at };
      const { id, replayed } = await saveMedicationImage(db, fileStorage(), write, values);
      return sendDeviceWrite(reply, { id, client_id: target.client.id, kind: values.kind, schedule_id: values.schedule_id, taken_at: at.toISOString() }, replayed, 'Photo saved.');
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  app.post('/carer-app/clients/:clientId/medication-availability', device, async (request, reply) => {
    const target = await deviceClientTarget(app, request, reply, auth);
    if (!target) return reply;
    const key = await deviceKey(request, reply);
    if (!key) return reply;
    const values = await parsedBody(reply, MedicationAvailabilitySchema, request.body);
    if (!values) return reply;
    const at = await deviceTime(reply, values.recorded_at);
    if (!at) return reply;
    try {
      const write = { clientId: target.client.id, carerId: target.viewer.user.userID, actor: target.actor, key, hash: requestHash(values), at };
      const { id, replayed } = await saveAvailabilityReport(db, write, values);
      return sendDeviceWrite(reply, { id, client_id: target.client.id, problem: values.problem, reported_at: at.toISOString() }, replayed, 'Reported to the office.');
    } catch (error) {
      return sendMarError(reply, error);
    }
  });
}
