import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The pay part's API routes (being built). */
export async function payRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
