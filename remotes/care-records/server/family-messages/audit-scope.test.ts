import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AuditTrailEntry } from '@hcm/contract/engine';
import { eq } from 'drizzle-orm';
import { recordAudit, rolePermissions, roles, users } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { familyMessages } from '../tables.js';
import { clientContactsTable } from '../columns.js';

// Who reads the audit entries of messages with families (declared in ./routes.ts): readers of the client's branch.

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
  const response = await as.get('/api/v1/audit?page_size=100&resource=family-messages');
  assert.equal(response.statusCode, 200, response.body);
  return new Set((response.json().data.data as AuditTrailEntry[]).map((entry) => `${entry.resource}:${entry.record_id}`));
}

test("entries of messages with a client's family follow the client's branch", async () => {
  const db = t.database.db;
  const [adminUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@homecare.test'));
  const actor = { userId: adminUser!.id, actingUserId: null, healthProfessionalId: null, ip: null };
  const messageFor = async (branchCode: string) => {
    const client = await insertClient(db, { branchCode });
    const [contact] = await db.select({ id: clientContactsTable.id }).from(clientContactsTable).where(eq(clientContactsTable['client_id']!, client.id));
    const [message] = await db
      .insert(familyMessages)
      .values({ client_id: client.id, client_contact_id: contact!.id as number, direction: 'inbound', channel: 'phone', body: 'Mum is unwell.' })
      .returning({ id: familyMessages.id });
    await recordAudit(db, { actor, resource: 'family-messages', recordId: message!.id, action: 'create', after: { id: message!.id } });
    return message!.id;
  };
  const camden = await messageFor('CAM');
  const bristol = await messageFor('BRN');

  const keys = await trailKeys(office);
  assert.ok(keys.has(`family-messages:${camden}`), "a message with the family of a client of the user's branch");
  assert.ok(!keys.has(`family-messages:${bristol}`), "a message with another branch's client's family");
  assert.ok((await trailKeys(admin)).has(`family-messages:${bristol}`), 'a super admin reads every entry');
});
