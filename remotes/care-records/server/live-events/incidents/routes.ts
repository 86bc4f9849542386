import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

// PLACEHOLDER: in progress (live operations).
export async function incidentsLiveRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
