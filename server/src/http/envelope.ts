import type { ApiEnvelope, FieldErrors } from '@hcm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const INVALID_DATA = 'The given data was invalid.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const UNAUTHORIZED = 'This action is unauthorized.';
export const CSRF_MISMATCH = 'CSRF token mismatch.';
export const NOT_FOUND = 'Not found.';

export function ok<T>(data: T, message = 'OK'): ApiEnvelope<T> {
  return { status: true, message, data, errors: null };
}

export function fail(message: string, errors: FieldErrors | null = null): ApiEnvelope<null> {
  return { status: false, message, data: null, errors };
}

/** Sends an error envelope with the given HTTP status. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, errors: FieldErrors | null = null) {
  return reply.code(statusCode).send(fail(message, errors));
}

export function sendInvalid(reply: FastifyReply, errors: FieldErrors, message = INVALID_DATA) {
  return sendError(reply, 422, message, errors);
}

/** Envelope for unknown routes and for every error, so clients always read { status, message, data, errors }. */
export function registerEnvelopeHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, NOT_FOUND));

  app.setErrorHandler((error, request, reply) => {
    const statusCode = typeof error === 'object' && error && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (typeof error === 'object' && error && 'validation' in error && error.validation) {
      return sendError(reply, 422, INVALID_DATA);
    }
    // PostgreSQL refusing a value (class 22, data exception: out of range, bad text or date): the input was
    // wrong, not the server. Validation should have said so by field first; logged so the gap is found.
    const sqlState = dataExceptionOf(error);
    if (sqlState) {
      request.log.warn({ err: error, reqId: request.id, sqlState }, 'input refused by the database');
      return sendError(reply, 422, INVALID_DATA);
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
    if (statusCode >= 400 && statusCode < 500) {
      return sendError(reply, statusCode, error instanceof Error ? error.message : 'Bad request.');
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, 500, `Something went wrong (request ${request.id}).`);
  });
}

/** The SQLSTATE of a PostgreSQL data exception (class 22) behind an error, through drizzle's wrapping; else null. */
export function dataExceptionOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
