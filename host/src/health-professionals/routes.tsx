import type { RouteObject } from 'react-router-dom';

/**
 * The health professionals' pages, outside /app and without the staff shell (no sidebar): the sign-in at
 * /health-professionals, the link /health-professionals/:id/:token, and behind their session the dashboard
 * and the PDF preview. Each loads on first visit.
 */
export const portalRoutes: RouteObject[] = [
  { path: '/health-professionals', lazy: async () => ({ Component: (await import('./PortalLoginPage')).PortalLoginPage }) },
  {
    path: '/health-professionals/:id',
    lazy: async () => ({ Component: (await import('./PortalLayout')).PortalLayout }),
    children: [
      { path: 'dashboard', lazy: async () => ({ Component: (await import('./PortalDashboard')).PortalDashboard }) },
      { path: 'pdf/:type', lazy: async () => ({ Component: (await import('./PortalPdfPage')).PortalPdfPage }) },
    ],
  },
  { path: '/health-professionals/:id/:token', lazy: async () => ({ Component: (await import('./LinkPage')).LinkPage }) },
];
