import type { FieldErrors } from '@hcm/contract';
import type { FastifyReply } from 'fastify';
import { sendError, sendInvalid } from '../http/envelope.js';

/**
 * A rule the users, roles or switching services refuse a change by: 403 (not yours to do), 404 (no such
 * record, or one outside the actor's branches), or 422 with errors by field (the form shows them).
 */
export class RuleError extends Error {
  constructor(
    readonly statusCode: 403 | 404 | 422,
    message: string,
    readonly errors: FieldErrors | null = null,
  ) {
    super(message);
  }

  static forbidden(message: string): RuleError {
    return new RuleError(403, message);
  }

  static notFound(message: string): RuleError {
    return new RuleError(404, message);
  }

  static invalid(errors: FieldErrors, message = 'The given data was invalid.'): RuleError {
    return new RuleError(422, message, errors);
  }
}

/** Answers a RuleError as the envelope; anything else is rethrown to the error handler. */
export function sendRuleError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof RuleError)) throw error;
  if (error.statusCode === 422) return sendInvalid(reply, error.errors ?? {}, error.message);
  return sendError(reply, error.statusCode, error.message);
}

/** PostgreSQL's unique violation (23505), through drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
