import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

export async function timeOffRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
