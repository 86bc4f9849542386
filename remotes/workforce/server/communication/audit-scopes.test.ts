import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AuditTrailEntry } from '@hcm/contract/engine';
import { eq } from 'drizzle-orm';
import { branches, recordAudit, rolePermissions, roles, userBranches, users } from '@hcm/server/platform';
import { createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { carerMessages, notices } from '../tables.js';

// Who reads the audit entries of the area's records (declared in ./routes.ts): a notice of the reader's
// branches or of every branch, and messages with carers of their branches.

let t: TestApp;
let office: TestClient;
let admin: TestClient;
before(async () => {
  t = await createTestApp();
  const [officeRole] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'office_staff'));
  await t.database.db.insert(rolePermissions).values({ role_id: officeRole!.id, permission: 'audit-trail.view' });
  office = await loginAs(t.app, 'office');
  admin = await loginAs(t.app, 'admin');
});
after(() => t.close());

async function trailKeys(as: TestClient): Promise<Set<string>> {
  const response = await as.get('/api/v1/audit?page_size=100');
  assert.equal(response.statusCode, 200, response.body);
  return new Set((response.json().data.data as AuditTrailEntry[]).map((entry) => `${entry.resource}:${entry.record_id}`));
}

test("entries of notices and of messages with carers follow the reader's branches", async () => {
  const db = t.database.db;
  const branchId = Object.fromEntries((await db.select({ id: branches.id, code: branches.code }).from(branches)).map((row) => [row.code, row.id]));
  const [adminUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@homecare.test'));
  const actor = { userId: adminUser!.id, actingUserId: null, healthProfessionalId: null, ip: null };
  const [camdenNotice, everyBranchNotice, bristolNotice] = await db
    .insert(notices)
    .values([
      { title: 'Camden rota', body: 'New rota.', audience: 'carers', branch_id: branchId.CAM! },
      { title: 'Everyone', body: 'Bank holiday pay.', audience: 'everyone', branch_id: null },
      { title: 'Bristol rota', body: 'New rota.', audience: 'carers', branch_id: branchId.BRN! },
    ])
    .returning({ id: notices.id });
  await createUser(db, { email: 'bristol.carer@homecare.test', roleId: null });
  const [bristolCarer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'bristol.carer@homecare.test'));
  await db.insert(userBranches).values({ user_id: bristolCarer!.id, branch_id: branchId.BRN! });
  const [carerMessage] = await db
    .insert(carerMessages)
    .values({ carer_user_id: bristolCarer!.id, direction: 'outbound', channel: 'phone', body: 'Shift swap agreed.' })
    .returning({ id: carerMessages.id });
  const entries: [string, number][] = [
    ['notices', camdenNotice!.id],
    ['notices', everyBranchNotice!.id],
    ['notices', bristolNotice!.id],
    ['carer-messages', carerMessage!.id],
  ];
  for (const [resource, recordId] of entries) await recordAudit(db, { actor, resource, recordId, action: 'create', after: { id: recordId } });

  const keys = await trailKeys(office);
  assert.ok(keys.has(`notices:${camdenNotice!.id}`), "a notice of the user's branch");
  assert.ok(keys.has(`notices:${everyBranchNotice!.id}`), 'a notice to every branch');
  assert.ok(!keys.has(`notices:${bristolNotice!.id}`), "another branch's notice");
  assert.ok(!keys.has(`carer-messages:${carerMessage!.id}`), "a message with another branch's carer");
  assert.ok((await trailKeys(admin)).has(`carer-messages:${carerMessage!.id}`), 'a super admin reads every entry');
});
