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
    // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
    if (statusCode >= 400 && statusCode < 500) {
      return sendError(reply, statusCode, error instanceof Error ? error.message : 'Bad request.');
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, 500, `Something went wrong (request ${request.id}).`);
  });
}
