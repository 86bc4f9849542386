import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The reports part's API routes (being built). */
export async function reportsRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
