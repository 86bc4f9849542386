import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

// PLACEHOLDER: the carers' device API (check-in and check-out, tasks) and visit confirmation, in progress.
export async function deviceRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
