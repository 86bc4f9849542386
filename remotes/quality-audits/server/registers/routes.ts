import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The registers part's routes under /api/v1 (being built). */
export async function registersRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
