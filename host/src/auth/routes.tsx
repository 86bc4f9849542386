import type { RouteObject } from 'react-router-dom';

/**
 * The sign-in challenges after the password (outside /app: the user is not signed in yet, or may only set up
 * 2FA). The paths keep the spec's spelling ("challange"). Each page loads on first visit.
 */
export const signInRoutes: RouteObject[] = [
  { path: '/two-factor-challange', lazy: async () => ({ Component: (await import('./TwoFactorChallenge')).TwoFactorChallenge }) },
  { path: '/otp-verify-challange/:gist', lazy: async () => ({ Component: (await import('./OtpChallenge')).OtpChallenge }) },
  { path: '/two-factor-setup', lazy: async () => ({ Component: (await import('./TwoFactorSetup')).TwoFactorSetup }) },
];
