import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commonPasswordErrors, isCommonPassword, isMostlyContext } from './password-policy.js';

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

test("passwords made of the product's words or the user's own name and email are refused", () => {
  assert.equal(isMostlyContext('HomeCare2026!'), true);
  assert.equal(isMostlyContext('jane.doe-2026', ['Jane Doe', 'jane.doe@agency.example']), true);
  assert.equal(isMostlyContext('jane likes blue kettles', ['Jane Doe']), false);
  assert.notEqual(commonPasswordErrors('Domiciliary#1', 'password'), null);
  assert.equal(commonPasswordErrors('Admin!2026demo', 'password', ['Amira Admin', 'admin@homecare.test']), null);
});
