import * as v from 'valibot';

// Second factors: what the sign-in challenges and the 2FA setup send, checked the same way by the forms
// and by the server (Laravel Fortify's field names).

const sixDigits = (message: string) =>
  v.pipe(
    v.string(message),
    v.transform((value) => value.replace(/\s+/g, '')),
    v.nonEmpty(message),
    v.regex(/^\d{6}$/, 'The code is 6 digits.'),
  );

/** A 6-digit authenticator (TOTP) code, spaces forgiven. */
export const TwoFactorCodeSchema = v.object({ code: sixDigits('Enter the 6-digit code from your authenticator app.') });

/** One of the recovery codes shown when 2FA was turned on. */
export const RecoveryCodeSchema = v.object({
  recovery_code: v.pipe(
    v.string('Enter one of your recovery codes.'),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty('Enter one of your recovery codes.'),
    v.maxLength(64, 'That is not a recovery code.'),
  ),
});

/** The user's current password, before a sensitive change (turning 2FA on or off, new recovery codes). */
export const ConfirmPasswordSchema = v.object({
  password: v.pipe(v.string('Enter your password.'), v.nonEmpty('Enter your password.'), v.maxLength(1024, 'Enter a shorter password.')),
});

const gist = v.pipe(v.string('This sign-in link is not valid.'), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'This sign-in link is not valid.'));

/** The emailed 6-digit code of the OTP verify challenge, with the gist that names it. */
export const OtpVerifySchema = v.object({ gist, code: sixDigits('Enter the 6-digit code we emailed you.') });

export const OtpResendSchema = v.object({ gist });

/** How many recovery codes are made at a time. */
export const RECOVERY_CODE_COUNT = 8;

/** What POST /login and the challenges answer in `data` (Fortify's shape, with the OTP and setup additions). */
export type LoginAnswer = {
  two_factor: boolean;
  otp?: true;
  gist?: string;
  two_factor_setup_required?: true;
};

/** GET /user/two-factor-authentication: the user's 2FA state. */
export type TwoFactorStatus = {
  /** Confirmed and asked at every login. */
  enabled: boolean;
  /** A secret has been made but not confirmed with a first code yet. */
  pending: boolean;
  /** The user's role requires 2FA (it cannot be turned off). */
  required: boolean;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
};
