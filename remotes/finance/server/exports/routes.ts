import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The exports part's API routes (being built). */
export async function exportsRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
