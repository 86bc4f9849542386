import type { RouteObject } from 'react-router-dom';

/** Forgot / reset password (outside /app: the user is not signed in). Each page loads on first visit. */
export const passwordRoutes: RouteObject[] = [
  { path: '/forgot-password', lazy: async () => ({ Component: (await import('./ForgotPasswordPage')).ForgotPasswordPage }) },
  { path: '/reset-password/:token', lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }) },
];
