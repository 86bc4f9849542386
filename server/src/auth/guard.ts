import { can, type PermissionName } from '@hcm/contract';
import type { FastifyInstance } from 'fastify';
import { sendError, UNAUTHENTICATED, UNAUTHORIZED } from '../http/envelope.js';
import { CARER_APP_PREFIX, DEVICE_TOKEN_REFUSED } from './device-tokens.js';
import { currentUserOf } from './hooks.js';
import { PLATFORM_USES } from '../modules/permissions.js';
import { TWO_FACTOR_SETUP_REQUIRED } from './login-flow.js';
import type { AuthSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission an /api/v1 route requires: one the composed catalogue holds (the platform's, or an area's that
     * the route's area may name: modules/permissions.ts), else the server does not start.
     */
    permission?: PermissionName;
    /** Or: any one of these (a read model another area reads, e.g. carers.view or scheduler.view). */
    anyPermission?: readonly PermissionName[];
    /** Any logged-in user may call this /api/v1 route. */
    authenticated?: boolean;
    /** false: no CSRF check (a public form authorised by a secret in its address; never under /api/v1). */
    csrf?: false;
  }
  interface FastifyInstance {
    /** Every /api/v1 route and method, with who may call it (collected as routes are registered). */
    apiRoutes: ApiRoute[];
    /** Every route and method of the app, /api/v1 or not (the fuzz test walks them). */
    allRoutes: { method: string; url: string }[];
  }
}

export const API_PREFIX = '/api/v1';

/** `anonymous`: open to anyone (only the carers' app sign-in, which checks a password itself). */
export type ApiRoute = { method: string; url: string; permission: PermissionName | null; anonymous?: true };

export function isApiUrl(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}

/**
 * Deny by default: every /api/v1 route must declare `config.permission` or `config.authenticated: true`.
 * A route that declares neither makes registration throw, so the server refuses to start rather than
 * serving an unguarded route. At request time: 401 without a logged-in user, 403 without the permission.
 */
export function registerPermissionGuard(app: FastifyInstance, settings: AuthSettings): void {
  const apiRoutes: ApiRoute[] = [];
  const allRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('allRoutes', allRoutes);

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) allRoutes.push({ method, url: route.url });
    if (!isApiUrl(route.url)) return;
    const { authenticated, anyPermission } = route.config ?? {};
    const permission = route.config?.permission ?? anyPermission?.[0];
    const methods = [route.method].flat();
    const name = `${methods.join(',')} ${route.url}`;
    if (route.config?.csrf === false) throw new Error(`${name} may not skip the CSRF check under /api/v1.`);
    if (route.config?.anonymous === true) {
      // Only the carers' app sign-in is open to anyone (it checks a password itself).
      if (!route.url.startsWith(CARER_APP_PREFIX)) throw new Error(`${name}: only carer-app routes may be anonymous.`);
      for (const method of methods) apiRoutes.push({ method, url: route.url, permission: null, anonymous: true });
      return;
    }
    if (permission === undefined && authenticated !== true) {
      throw new Error(`${name} declares neither config.permission nor config.authenticated: say who may call it.`);
    }
    for (const required of [permission, ...(anyPermission ?? [])]) {
      // The composed catalogue (an area's route is held to its own, the platform's and what it uses: app.ts).
      const known = required === undefined || settings.permissions.has(required) || PLATFORM_USES.includes(required);
      if (!known) throw new Error(`${name} requires "${String(required)}", which is not in the permission catalogue.`);
    }
    for (const method of methods) apiRoutes.push({ method, url: route.url, permission: permission ?? null });
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url === undefined || !isApiUrl(url)) return;
    if (request.routeOptions.config.anonymous === true) return;
    // A device token opens the carers' app and nothing else.
    if (request.device && request.routeOptions.config.device !== true) return sendError(reply, 403, DEVICE_TOKEN_REFUSED);
    const user = await currentUserOf(request, settings);
    if (!user) return sendError(reply, 401, UNAUTHENTICATED);
    // A role that requires 2FA: until it is set up the session may only do that setup (auth/login-flow.ts).
    if (request.session?.pending_challenge === 'two_factor_setup') return sendError(reply, 403, TWO_FACTOR_SETUP_REQUIRED);
    const { permission, authenticated, anyPermission } = request.routeOptions.config;
    const allowed = permission !== undefined ? can(user, permission) : anyPermission?.length ? anyPermission.some((one) => can(user, one)) : authenticated === true;
    if (!allowed) {
      return sendError(reply, 403, UNAUTHORIZED);
    }
  });
}
