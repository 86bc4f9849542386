import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The assistant part's routes under /api/v1 (being built). */
export async function assistantRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
