import { readFileSync } from 'node:fs';
import { COMMON_PASSWORD_MESSAGE } from '@hcm/contract/schemas';
import type { FieldErrors } from '@hcm/contract';
import { COMMON_PASSWORDS_FILE } from '../paths.js';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return common;
}

/**
 * Whether a password is on the shipped list of common passwords, compared without case, either as it is or
 * with digits and symbols taken off its end ("Password1234!" is "password" plus a suffix).
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  return list.has(lower) || (stem.length >= 8 && list.has(stem));
}

/** Field errors for a new password that is too common, or null; the length rule is the contract's schema. */
export function commonPasswordErrors(password: string, field = 'password'): FieldErrors | null {
  return isCommonPassword(password) ? { [field]: [COMMON_PASSWORD_MESSAGE] } : null;
}
