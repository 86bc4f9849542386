import type { LoginAnswer } from '@hcm/contract/schemas';
import { api } from '@hcm/kit';

export { nextStepOf } from './loginAnswer';

/** The server's sign-in and 2FA endpoints (Laravel Fortify's paths), each answering the kit's ApiResult. */
export const twoFactorApi = {
  passwordStatus: () => api.get<{ confirmed: boolean }>('user/confirmed-password-status'),
  confirmPassword: (password: string) => api.post<null>('user/confirm-password', { password }),
  start: () => api.post<null>('user/two-factor-authentication'),
  qrCode: () => api.get<{ svg: string; url: string }>('user/two-factor-qr-code'),
  secretKey: () => api.get<{ secretKey: string }>('user/two-factor-secret-key'),
  confirm: (code: string) => api.post<{ recovery_codes: string[] }>('user/confirmed-two-factor-authentication', { code }),
  regenerateRecoveryCodes: () => api.post<{ recovery_codes: string[] }>('user/two-factor-recovery-codes'),
  disable: () => api.delete<null>('user/two-factor-authentication'),
  challenge: (body: { code: string } | { recovery_code: string }) => api.post<LoginAnswer>('two-factor-challenge', body),
  verifyOtp: (gist: string, code: string) => api.post<LoginAnswer>('otp-verify-challenge', { gist, code }),
  resendOtp: (gist: string) => api.post<{ resend_after: number }>('otp-verify-challenge/resend', { gist }),
};

/** A 429's wait in seconds, read from its message ("… in 42 seconds."), or the fallback. */
export function secondsIn(message: string, fallback = 60): number {
  const match = /(\d+)\s*second/.exec(message);
  return match ? Number(match[1]) : fallback;
}
