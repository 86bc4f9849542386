import { createBrowserRouter, Navigate } from 'react-router-dom';
import type { AreaRegistration } from '@hcm/contract';
import { NotFound } from '@hcm/kit';
import { LoginPage } from './auth/LoginPage';
import { signInRoutes } from './auth/routes';
import { RemoteArea } from './areas/RemoteArea';
import { portalRoutes } from './health-professionals/routes';
import { passwordRoutes } from './auth/password-routes';
import { Shell } from './layout/Shell';

/**
 * Routes: the login page at '/', the application under '/app'. Each area mounts every prefix it declares
 * in the registry; the shell's own pages (dashboard, profile) are loaded on demand like the areas.
 */
export function createAppRouter(areas: readonly AreaRegistration[]) {
  const areaRoutes = areas.flatMap((area) =>
    area.routePrefixes.map((prefix) => ({ path: `${prefix}/*`, element: <RemoteArea area={area} prefix={prefix} /> })),
  );
  return createBrowserRouter([
    { element: <Shell />, children: [
      { path: '/', element: <LoginPage /> },
      {
        path: '/app',
        lazy: async () => ({ Component: (await import('./layout/AppLayout')).AppLayout }),
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/Dashboard')).Dashboard }) },
          { path: 'profile', lazy: async () => ({ Component: (await import('./pages/Profile')).Profile }) },
          { path: 'outbox', lazy: async () => ({ Component: (await import('./pages/Outbox')).Outbox }) },
          { path: 'outbox/:id', lazy: async () => ({ Component: (await import('./pages/Outbox')).OutboxMessage }) },
          // The area registry lives in the host: it must work while any remote is the broken one.
          { path: 'areas', lazy: async () => ({ Component: (await import('./pages/Areas')).Areas }) },
          { path: 'background-work', lazy: async () => ({ Component: (await import('./pages/BackgroundWork')).BackgroundWork }) },
          { path: 'chat', lazy: async () => ({ Component: (await import('./chat/ChatPage')).ChatPage }) },
          { path: 'chat-old', lazy: async () => ({ Component: (await import('./chat/ChatOldPage')).ChatOldPage }) },
          ...areaRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
      ...portalRoutes,
      ...passwordRoutes,
      ...signInRoutes,
      { path: '/switch-account/:parent_user/:target_user', lazy: async () => ({ Component: (await import('./auth/SwitchAccountPage')).SwitchAccountPage }) },
      { path: '*', element: <Navigate to="/" replace /> },
    ] },
  ]);
}
