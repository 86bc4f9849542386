import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The print part's API routes (being built). */
export async function printRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
