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

/**
 * Context-specific words (ASVS 5.0 6.1.2, 6.2.11): the product's and the trade's own words, which an attacker
 * tries first against a care agency. The user's own name and email are added per check.
 */
export const CONTEXT_WORDS: readonly string[] = ['homecare', 'home care', 'careagency', 'domiciliary', 'carer', 'caregiver', 'backoffice'];

/** A password is "mostly context" when fewer than 8 characters are left after taking the context words out. */
export function isMostlyContext(password: string, context: readonly string[] = []): boolean {
  const words = [...CONTEXT_WORDS, ...context]
    .flatMap((word) => word.toLowerCase().split(/[\s@._-]+/))
    .filter((word) => word.length >= 3);
  let rest = password.toLowerCase().replace(/\s+/g, '');
  for (const word of words) rest = rest.replaceAll(word, '');
  return rest.length < 8;
}

/**
 * Field errors for a new password that is too common or built from context words (pass the user's name and
 * email as `context`), or null; the length rule is the contract's schema.
 */
export function commonPasswordErrors(password: string, field = 'password', context: readonly string[] = []): FieldErrors | null {
  return isCommonPassword(password) || isMostlyContext(password, context) ? { [field]: [COMMON_PASSWORD_MESSAGE] } : null;
}
