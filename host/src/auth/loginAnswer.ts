import type { LoginAnswer } from '@hcm/contract/schemas';

/** Where the host goes after a login answer: a challenge, the forced 2FA setup, or null (signed in). */
export function nextStepOf(answer: LoginAnswer | null): string | null {
  if (answer?.two_factor) return '/two-factor-challange';
  if (answer?.otp && answer.gist) return `/otp-verify-challange/${encodeURIComponent(answer.gist)}`;
  if (answer?.two_factor_setup_required) return '/two-factor-setup';
  return null;
}
