import * as v from 'valibot';

/** OWASP ASVS 5.0 6.2.1 and 6.2.9: at least 12 characters, and at least 64 allowed (we allow 128). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password, as every form that sets one checks it (user creation, reset, change). Any characters are
 * allowed and nothing is trimmed or composed (ASVS 6.2.5, 6.2.8). The server also refuses common passwords
 * (a list too big to ship to the browser).
 */
export const newPassword = (label = 'Password') =>
  v.pipe(
    v.string(`${label} is required.`),
    v.minLength(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    v.maxLength(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  );

export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';
