import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The kpis part's routes under /api/v1 (being built). */
export async function kpisRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
