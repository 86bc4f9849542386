import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, forgetCurrentUser, rolePermissions, roles, users } from '@hcm/server/platform';
import { createRole, createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CareSheet, KeySafeAnswer } from '../../../contract/index.js';
import { clientAccess } from '../../access/tables.js';
import { insertClient } from '../../health-professionals/test-fixtures.js';
import { NO_KEY_SAFE } from './device-routes.js';
import { carerWithVisit, type CarerOnDevice } from './test-device.js';

// The key safe on the carers' app (README "Key safe on the carers' app"): the care sheet, kept on the phone, says
// only that there is a key safe and where; the code is read on a tap from …/key-safe, with clients.key-safe.view,
// for a client of the carer's visits only, each reveal audited as a view of the client's record.
fixClock(WEEKDAY_MORNING);

let t: TestApp;
let admin: TestClient;
/** A carer whose role may know key-safe codes (the carer role and clients.key-safe.view). */
let keyHolder: CarerOnDevice;
/** A carer of the plain carer role (no clients.key-safe.view). */
let plain: CarerOnDevice;
const CODE = 'Q7X4K2';
const LOCATION = 'Left of the front door, behind the planter';
const base = (clientId: number) => `/api/v1/carer-app/clients/${clientId}`;

async function setCode(clientId: number, code: string) {
  await t.database.db
    .insert(clientAccess)
    .values({ client_id: clientId, key_safe_location: LOCATION, key_safe_code: code })
    .onConflictDoUpdate({ target: clientAccess.client_id, set: { key_safe_location: LOCATION, key_safe_code: code } });
}

async function reveals(clientId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, clientId), eq(auditLog.action, 'view'), sql`${auditLog.after}->>'view' = 'carer-app-key-safe'`));
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  keyHolder = await carerWithVisit(t);
  const db = t.database.db;
  const [carerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'carer'));
  const granted = await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.role_id, carerRole!.id));
  const role = await createRole(db, 'carer_key_safe', [...granted.map((row) => row.permission), 'clients.key-safe.view']);
  await db.update(users).set({ role_id: role }).where(eq(users.id, keyHolder.carerId));
  forgetCurrentUser(keyHolder.carerId);
  const [holder] = await db.select({ email: users.email }).from(users).where(eq(users.id, keyHolder.carerId));
  plain = await carerWithVisit(t, [holder!.email]);
  for (const clientId of new Set([...keyHolder.clientIds, ...plain.clientIds])) await setCode(clientId, CODE);
});
after(() => t.close());

test('the care sheet says there is a key safe and where, never its code (it is kept on the phone)', async () => {
  const response = await keyHolder.device.get(`${base(keyHolder.clientId)}/care`);
  assert.equal(response.statusCode, 200, response.body);
  const sheet = response.json().data as CareSheet;
  assert.deepEqual(sheet.key_facts.key_safe, { location: LOCATION });
  assert.ok(!response.body.includes(CODE), 'the code is nowhere in the care sheet');
  const plainSheet = (await plain.device.get(`${base(plain.clientId)}/care`)).json().data as CareSheet;
  assert.equal(plainSheet.key_facts.key_safe, null, 'a role without clients.key-safe.view is not told of the key safe');
});

test('the code on a tap: answered with clients.key-safe.view, never cached, each reveal audited without the code', async () => {
  const before = (await reveals(keyHolder.clientId)).length;
  const first = await keyHolder.device.get(`${base(keyHolder.clientId)}/key-safe`);
  assert.equal(first.statusCode, 200, first.body);
  assert.deepEqual(first.json().data as KeySafeAnswer, { location: LOCATION, code: CODE });
  assert.equal(first.headers['cache-control'], 'no-store');
  assert.equal((await keyHolder.device.get(`${base(keyHolder.clientId)}/key-safe`)).statusCode, 200);
  const rows = await reveals(keyHolder.clientId);
  assert.equal(rows.length, before + 2, 'one audit row per reveal');
  const last = rows.at(-1)!;
  assert.equal(last.user_id, keyHolder.carerId, 'the carer who looked');
  assert.ok(!JSON.stringify(last).includes(CODE), 'the audit trail never holds the code');
});

test('refused: a role without clients.key-safe.view (403), another carer’s client or an office session (404), no code recorded (404); none audited', async () => {
  const plainBefore = (await reveals(plain.clientId)).length;
  const refused = await plain.device.get(`${base(plain.clientId)}/key-safe`);
  assert.equal(refused.statusCode, 403, refused.body);
  assert.equal((await reveals(plain.clientId)).length, plainBefore);

  // A client the key holder does not visit: another carer's client if the demo has one, else a client of another branch.
  const othersClient = plain.clientIds.find((id) => !keyHolder.clientIds.includes(id)) ?? (await insertClient(t.database.db, { branchCode: 'CAM' })).id;
  await setCode(othersClient, CODE);
  const othersBefore = (await reveals(othersClient)).length;
  const stranger = await keyHolder.device.get(`${base(othersClient)}/key-safe`);
  assert.equal(stranger.statusCode, 404, stranger.body);
  assert.ok(!stranger.body.includes(CODE));
  assert.equal((await reveals(othersClient)).length, othersBefore);
  assert.equal((await admin.get(`${base(keyHolder.clientId)}/key-safe`)).statusCode, 404, 'an office session reads access details on the office’s route');

  await setCode(keyHolder.clientId, '');
  const none = await keyHolder.device.get(`${base(keyHolder.clientId)}/key-safe`);
  assert.equal(none.statusCode, 404);
  assert.equal(none.json().message, NO_KEY_SAFE);
  assert.equal(((await keyHolder.device.get(`${base(keyHolder.clientId)}/care`)).json().data as CareSheet).key_facts.key_safe, null);
  await setCode(keyHolder.clientId, CODE);
});
