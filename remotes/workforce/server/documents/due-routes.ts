import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

export async function staffDueRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
