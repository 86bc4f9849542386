import type { FastifyInstance } from 'fastify';

/** The API answers JSON (and the odd PDF or CSV): nothing it sends is a page that may run or embed anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP of an answer whose route set its own (a served upload's `sandbox` one): the route's policy stays, and
 * gets `frame-ancestors 'none'` when it does not say otherwise, so it is never weaker than API_CSP on framing.
 */
export function routeCsp(own: string): string {
  return /(^|;)\s*frame-ancestors\b/i.test(own) ? own : `${own.replace(/;\s*$/, '')}; frame-ancestors 'none'`;
}

/**
 * Headers on every API answer: no MIME sniffing, no framing, no referrer, HSTS when the site is served over
 * HTTPS (cookieSecure), and no caching of answers that do not say otherwise: they carry personal and health
 * data, session state and CSRF tokens, which must not stay in a shared or browser cache. A route that sets its
 * own Content-Security-Policy (served uploads: `sandbox`) keeps it (routeCsp); every other answer gets API_CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const own = reply.getHeader('Content-Security-Policy');
    reply.header('Content-Security-Policy', typeof own === 'string' && own.trim() ? routeCsp(own) : API_CSP);
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (options.hsts) reply.header('Strict-Transport-Security', HSTS);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
