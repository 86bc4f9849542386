import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

// The subject-access export of a demo client: a ZIP of the whole record that unzip opens, for users with
// clients.export only, audited.

let t: TestApp;
let manager: TestClient;
let office: TestClient;

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

test("the export is a ZIP of the client's record, documents with versions and who viewed it; it is audited", async () => {
  const [first] = (await manager.get('/api/v1/clients?sort=id&mode=asc&page_size=1')).json().data.data as { id: number }[];
  const response = await manager.get(`/api/v1/clients/${first!.id}/subject-access-export`);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], 'application/zip');
  assert.match(String(response.headers['content-disposition']), /attachment; filename="subject-access-.+\.zip"/);

  const dir = mkdtempSync(path.join(tmpdir(), 'sar-'));
  writeFileSync(path.join(dir, 'export.zip'), response.rawPayload);
  execFileSync('unzip', ['-q', path.join(dir, 'export.zip'), '-d', path.join(dir, 'out')]);
  const out = path.join(dir, 'out');
  assert.equal(JSON.parse(readFileSync(path.join(out, 'client.json'), 'utf8')).id, first!.id);
  assert.ok(readFileSync(path.join(out, 'README.txt'), 'utf8').includes('Subject access export'));
  assert.equal(readFileSync(path.join(out, 'care-plan.pdf')).subarray(0, 5).toString(), '%PDF-');
  assert.ok(readdirSync(path.join(out, 'records')).includes('client_contacts.json'), 'the contacts are in it');
  const documents = readdirSync(path.join(out, 'documents'));
  assert.ok(documents.length > 0, 'the demo client has documents');
  const versions = JSON.parse(readFileSync(path.join(out, 'documents', documents[0]!, 'versions.json'), 'utf8'));
  assert.ok(versions.versions.length >= 1 && versions.versions[0].content);
  const trail = JSON.parse(readFileSync(path.join(out, 'audit', 'who-viewed-or-changed.json'), 'utf8'));
  assert.ok(Array.isArray(trail));

  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, first!.id), eq(auditLog.action, 'view')));
  assert.ok(audited.some((entry) => (entry.after as { subject_access_export?: string[] } | null)?.subject_access_export?.includes('client.json')));
});

test('only users with clients.export may export, and only their branches’ clients', async () => {
  const [first] = (await manager.get('/api/v1/clients?sort=id&mode=asc&page_size=1')).json().data.data as { id: number }[];
  assert.equal((await office.get(`/api/v1/clients/${first!.id}/subject-access-export`)).statusCode, 403);
  assert.equal((await manager.get('/api/v1/clients/999999/subject-access-export')).statusCode, 404);
});
