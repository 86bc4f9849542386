import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

/** The ledger part's API routes (being built). */
export async function ledgerRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
