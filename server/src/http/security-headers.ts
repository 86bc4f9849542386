import type { FastifyInstance } from 'fastify';

/** The API answers JSON (and the odd PDF or CSV): nothing it sends is a page that may run or embed anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every API answer: no MIME sniffing, no framing, no referrer, HSTS when the site is served over
 * HTTPS (cookieSecure), and no caching of answers that do not say otherwise: they carry personal and health
 * data, session state and CSRF tokens, which must not stay in a shared or browser cache.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', API_CSP);
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (options.hsts) reply.header('Strict-Transport-Security', HSTS);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
