import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The rates part's API routes (being built). */
export async function ratesRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
