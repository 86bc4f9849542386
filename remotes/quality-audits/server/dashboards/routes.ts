import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The dashboards part's routes under /api/v1 (being built). */
export async function dashboardsRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
