import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

export async function filesRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
