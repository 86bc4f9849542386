import assert from 'node:assert/strict';
import { cpSync, readdirSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readLock, sharedVersionProblemsOf, sharedVersionStates, sharedWorkspaceEntries, writeLock } from './shared-versions.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the shared workspace packages: every change since the recorded version came with a new version', () => {
  const problems = sharedVersionProblemsOf(sharedVersionStates(root, readLock()));
  assert.deepEqual(problems, []);
});

test('the shared entries are the @hcm singletons; area declarations are in no shared package', () => {
  const entries = sharedWorkspaceEntries();
  assert.deepEqual(Object.keys(entries).sort(), ['@hcm/contract', '@hcm/kit']);
  assert.ok(!entries['@hcm/contract'].includes('./resources'));
  // Area declarations live with their areas (remotes/<area>/contract), in no shared package at all.
  const declaring = readdirSync(path.join(root, 'shared'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\/src\/.*\.ts$/.test(file) && !file.includes('node_modules') && !file.endsWith('.test.ts') && /= defineResource\(/.test(readFileSync(path.join(root, 'shared', file), 'utf8')),
  );
  assert.deepEqual(declaring, []);
});

/** A copy of the two shared packages in a folder of its own, to change and lock without touching the workspace. */
function sandbox() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hcm-shared-versions-'));
  for (const folder of ['shared/contract', 'shared/kit']) {
    mkdirSync(path.join(dir, folder), { recursive: true });
    cpSync(path.join(root, folder, 'package.json'), path.join(dir, folder, 'package.json'));
    cpSync(path.join(root, folder, 'src'), path.join(dir, folder, 'src'), { recursive: true });
  }
  return dir;
}

test('a change without a bump is refused by name; a bump is recorded by the lock command', () => {
  const dir = sandbox();
  const lockFile = path.join(dir, 'lock.json');
  try {
    assert.deepEqual(writeLock(dir, lockFile), []);
    assert.deepEqual(sharedVersionProblemsOf(sharedVersionStates(dir, readLock(lockFile))), []);

    // The kit's engine changes (through the contract's engine entry it bundles): refused until bumped.
    const define = path.join(dir, 'shared/contract/src/resources/define.ts');
    writeFileSync(define, `${readFileSync(define, 'utf8')}\nexport const changed = true;\n`);
    const problems = sharedVersionProblemsOf(sharedVersionStates(dir, readLock(lockFile)));
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^@hcm\/kit changed since \d+\.\d+\.\d+ without a new version/);
    assert.equal(writeLock(dir, lockFile).length, 1, 'the lock command refuses too');

    const manifestFile = path.join(dir, 'shared/kit/package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const [major, minor] = manifest.version.split('.').map(Number);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: `${major}.${minor + 1}.0` }));
    assert.match(sharedVersionProblemsOf(sharedVersionStates(dir, readLock(lockFile)))[0], /run `npm run shared:lock`/);
    assert.deepEqual(writeLock(dir, lockFile), []);
    assert.deepEqual(sharedVersionProblemsOf(sharedVersionStates(dir, readLock(lockFile))), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
