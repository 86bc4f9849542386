import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { caretSatisfies, sharedVersionProblems, workspaceRootOf } from './shared-modules.js';

test('caret ranges read as npm reads them', () => {
  assert.equal(caretSatisfies('19.3.1', '^19.3.1'), true);
  assert.equal(caretSatisfies('19.4.0', '^19.3.1'), true);
  assert.equal(caretSatisfies('19.3.0', '^19.3.1'), false);
  assert.equal(caretSatisfies('20.0.0', '^19.3.1'), false);
  assert.equal(caretSatisfies('0.5.9', '^0.5.2'), true);
  assert.equal(caretSatisfies('0.6.0', '^0.5.2'), false);
  assert.equal(caretSatisfies('1.14.2', '1.14.2'), true);
  assert.equal(caretSatisfies('1.14.3', '1.14.2'), false);
});

test('every remote of the workspace fits the host today', () => {
  const root = workspaceRootOf(fileURLToPath(import.meta.url));
  const remotes = readdirSync(path.join(root, 'remotes'));
  assert.ok(remotes.length >= 6);
  for (const remote of remotes) {
    assert.deepEqual(sharedVersionProblems(path.join(root, 'remotes', remote), path.join(root, 'host')), [], remote);
  }
});
