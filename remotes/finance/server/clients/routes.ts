import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The clients part's API routes (being built). */
export async function clientsRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
