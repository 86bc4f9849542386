import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { keyFromFile, parseAppKey, SecretBox, secretBoxFor } from './secrets.js';

test('a secret round-trips, is not stored in clear, and differs every time it is sealed', () => {
  const box = secretBoxFor({});
  const sealed = box.encrypt('JBSWY3DPEHPK3PXP');
  assert.doesNotMatch(sealed, /JBSWY3DPEHPK3PXP/);
  assert.match(sealed, /^v1\./);
  assert.notEqual(box.encrypt('JBSWY3DPEHPK3PXP'), sealed);
  assert.equal(box.decrypt(sealed), 'JBSWY3DPEHPK3PXP');
});

test('another key, or an altered value, cannot be decrypted (GCM authenticates)', () => {
  const box = secretBoxFor({});
  const sealed = box.encrypt('secret');
  assert.throws(() => secretBoxFor({}).decrypt(sealed));
  const parts = sealed.split('.');
  const tampered = Buffer.from(parts[3]!, 'base64url');
  tampered[0]! ^= 1;
  parts[3] = tampered.toString('base64url');
  assert.throws(() => box.decrypt(parts.join('.')));
  assert.throws(() => box.decrypt('plain text'), /Not an encrypted secret/);
});

test('APP_KEY formats: base64:, hex, long text; short keys are refused', () => {
  const raw = Buffer.alloc(32, 7);
  assert.deepEqual(parseAppKey(`base64:${raw.toString('base64')}`), raw);
  assert.deepEqual(parseAppKey(raw.toString('hex')), raw);
  assert.equal(parseAppKey('a passphrase that is long enough for a key').length, 32);
  assert.throws(() => parseAppKey('short'), /at least 32/);
  assert.throws(() => parseAppKey('base64:AAAA'), /32 bytes/);
  // The same APP_KEY opens what it sealed in another process.
  const key = `base64:${raw.toString('base64')}`;
  assert.equal(secretBoxFor({ appKey: key }).decrypt(secretBoxFor({ appKey: key }).encrypt('x')), 'x');
});

test('the key file is created once with mode 0600 and then reused', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'hcm-key-')), 'nested', 'app.key');
  const first = keyFromFile(path);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.match(readFileSync(path, 'utf8'), /^base64:/);
  assert.deepEqual(keyFromFile(path), first);
  const sealed = new SecretBox(first).encrypt('kept across restarts');
  assert.equal(secretBoxFor({ appKeyFile: path }).decrypt(sealed), 'kept across restarts');
});
