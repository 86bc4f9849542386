import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

export async function recruitmentRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
