import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The invoicing part's API routes (being built). */
export async function invoicingRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
