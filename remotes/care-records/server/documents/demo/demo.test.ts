import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as v from 'valibot';
import { documentSchema, fieldErrorsOf } from '@hcm/contract/documents';
import { CLIENT_DOCUMENTS, clientDocument } from '../../../contract/index.js';
import { DEMO_DOCUMENTS } from './index.js';

// The demo documents are real content: each version is valid for its declaration (an active one complete).

test('every demo document names a declaration and each version is valid for it', () => {
  for (const demo of DEMO_DOCUMENTS) {
    const spec = clientDocument(demo.document);
    assert.ok(spec, `no declaration named ${demo.document}`);
    assert.ok(demo.versions.length > 0, `${demo.document} of client ${demo.client} has no version`);
    demo.versions.forEach((version, index) => {
      const parsed = v.safeParse(documentSchema(spec, { complete: (version.status ?? 'active') === 'active' }), version.content);
      assert.ok(parsed.success, `${demo.document} of client ${demo.client}, version ${index + 1}: ${JSON.stringify(parsed.success ? {} : fieldErrorsOf(parsed.issues))}`);
    });
  }
});

test('the first three demo clients have every document', () => {
  for (const client of [1, 2, 3]) {
    const missing = CLIENT_DOCUMENTS.filter((spec) => !DEMO_DOCUMENTS.some((demo) => demo.client === client && demo.document === spec.name)).map((spec) => spec.name);
    assert.deepEqual(missing, [], `client ${client} lacks demo documents`);
  }
});
