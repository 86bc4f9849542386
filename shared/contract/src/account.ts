import * as v from 'valibot';
import { newPassword } from './passwords.js';

// Forgot / reset password (Laravel Fortify's shapes), changing one's password from the profile, the list of
// one's sessions and the mail outbox: one set of rules for the host's forms and the server.

/** What POST /forgot-password always answers, whether or not the email belongs to an account. */
export const RESET_LINK_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
/** Fortify's message for an unknown, used or expired reset token (on errors.email). */
export const RESET_TOKEN_INVALID = 'This password reset token is invalid.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with it.';
export const PASSWORD_UPDATED = 'Your password has been changed. Your other sessions have been ended.';
export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';
const PASSWORDS_DIFFER = 'The two passwords do not match.';

const email = v.pipe(
  v.string('Enter your email address.'),
  v.trim(),
  v.nonEmpty('Enter your email address.'),
  v.maxLength(254, 'Enter a shorter email address.'),
  v.email('Enter a valid email address.'),
  v.toLowerCase(),
);

/** POST /forgot-password. */
export const ForgotPasswordSchema = v.object({ email });
export type ForgotPasswordInput = v.InferInput<typeof ForgotPasswordSchema>;

/** POST /reset-password: the token from the link, the account's email, the new password twice. */
export const ResetPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(RESET_TOKEN_INVALID), v.nonEmpty(RESET_TOKEN_INVALID), v.maxLength(200, RESET_TOKEN_INVALID)),
    email,
    password: newPassword('Password'),
    password_confirmation: v.string('Type the password again.'),
  }),
  v.forward(v.check((input) => input.password === input.password_confirmation, PASSWORDS_DIFFER), ['password_confirmation']),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;

/** PUT /user/password: the current password, then the new one twice. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    current_password: v.pipe(
      v.string('Enter your current password.'),
      v.nonEmpty('Enter your current password.'),
      v.maxLength(1024, WRONG_CURRENT_PASSWORD),
    ),
    password: newPassword('New password'),
    password_confirmation: v.string('Type the new password again.'),
  }),
  v.forward(v.check((input) => input.password === input.password_confirmation, PASSWORDS_DIFFER), ['password_confirmation']),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;

/** One live session as GET /api/v1/account/sessions lists it (the stored id never leaves the server). */
export type AccountSession = {
  /** A public handle: the first 16 hex digits of sha256(stored id). */
  id: string;
  /** Browser and operating system in words, e.g. "Firefox on Windows". */
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session this request came with. */
  current: boolean;
};

/** One message of the mail outbox (GET /api/v1/mail-outbox lists them without the bodies). */
export type MailOutboxSummary = {
  id: number;
  to_address: string;
  subject: string;
  transport: 'outbox' | 'smtp';
  status: 'stored' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
};

/** A file sent with a message (its bytes: GET /api/v1/mail-outbox/:id/attachments/:position). */
export type MailOutboxAttachment = { position: number; filename: string; content_type: string; size: number };

export type MailOutboxMessage = MailOutboxSummary & { text_body: string; html_body: string | null; error: string | null; attachments: MailOutboxAttachment[] };
