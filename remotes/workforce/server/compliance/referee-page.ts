import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The referee's page, without an account (outside /api/v1). */
export async function refereeRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
