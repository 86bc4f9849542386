import type { FieldErrors } from '@hcm/contract';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND, sendError, sendInvalid } from './envelope.js';

// Input that no route can store, refused before any handler sees it (SECURITY.md §8):
// - a NUL character (U+0000) in any text: PostgreSQL's text types cannot hold it and would answer 500;
// - a body that is JSON but not an object (an array, a string, a number): every route takes an object, and
//   a schema whose fields are all optional would otherwise accept `[]` as "nothing changed".

export const NUL_IN_TEXT = 'This text contains a NUL character (U+0000), which cannot be stored.';
export const BODY_NOT_OBJECT = 'Send the request body as a JSON object.';

const MAX_DEPTH = 64;

/** Dot paths (as valibot names fields: `a.b.0`) of every string, or key, holding a NUL character. */
export function nulPaths(value: unknown, path = '', depth = 0): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path || '_'] : [];
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return [];
  const found: string[] = [];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) found.push(path || '_');
    else found.push(...nulPaths(item, itemPath, depth + 1));
  }
  return found;
}

function nulErrors(paths: readonly string[]): FieldErrors {
  return Object.fromEntries([...new Set(paths)].map((path) => [path, [NUL_IN_TEXT]]));
}

/** Refuses NUL characters in route parameters (404: such a thing is never named), the query and the body (422 naming the field). */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (nulPaths(request.params).length) return sendError(reply, 404, NOT_FOUND);
    const inQuery = nulPaths(request.query);
    if (inQuery.length) return sendInvalid(reply, nulErrors(inQuery), 'The address contains a NUL character (U+0000).');
    const body = request.body;
    if (body === undefined || body === null) return;
    // Fastify parses JSON bodies into any JSON value; other content types (none today) arrive as strings or buffers.
    if (typeof body !== 'object' || Array.isArray(body)) {
      if (typeof body === 'string' && body === '') return;
      return sendInvalid(reply, { _: [BODY_NOT_OBJECT] }, BODY_NOT_OBJECT);
    }
    if (Buffer.isBuffer(body)) return;
    const inBody = nulPaths(body);
    if (inBody.length) return sendInvalid(reply, nulErrors(inBody));
  });
}
