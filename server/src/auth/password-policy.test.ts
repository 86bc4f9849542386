import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commonPasswordErrors, isCommonPassword } from './password-policy.js';

test('common passwords are refused as typed, in any case, and with digits or symbols added at the end', () => {
  assert.equal(isCommonPassword('1qaz2wsx3edc'), true);
  assert.equal(isCommonPassword('QwErTy123456'), true);
  assert.equal(isCommonPassword('Password1234!'), true);
  assert.equal(isCommonPassword('football2026!!'), true);
});

test('uncommon passwords pass, and the field error names the field', () => {
  assert.equal(isCommonPassword('correct horse battery staple'), false);
  assert.equal(isCommonPassword('Admin!2026demo'), false);
  assert.equal(commonPasswordErrors('kettle-orchid-lantern'), null);
  assert.deepEqual(Object.keys(commonPasswordErrors('password12345', 'new_password') ?? {}), ['new_password']);
});
