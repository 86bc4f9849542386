import type { CookieSerializeOptions } from '@fastify/cookie';
import { CSRF_COOKIE, SESSION_COOKIE } from '@hcm/contract';
import type { FastifyReply } from 'fastify';
import type { AuthSettings } from './settings.js';

function baseOptions(settings: AuthSettings): CookieSerializeOptions {
  return { path: '/', sameSite: 'lax', secure: settings.cookieSecure };
}

/**
 * Sets the session cookie (httpOnly) and the XSRF-TOKEN cookie, which the SPA reads and echoes back in the
 * X-XSRF-TOKEN header (Laravel Sanctum style: another site can send our cookies but cannot read them).
 */
export function setSessionCookies(reply: FastifyReply, settings: AuthSettings, token: string, csrfToken: string): void {
  const maxAge = Math.floor(settings.lifetime.absoluteMs / 1000);
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(settings), httpOnly: true, maxAge });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...baseOptions(settings), httpOnly: false, maxAge });
}

export function clearSessionCookies(reply: FastifyReply, settings: AuthSettings): void {
  reply.clearCookie(SESSION_COOKIE, { ...baseOptions(settings), httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { ...baseOptions(settings), httpOnly: false });
}
