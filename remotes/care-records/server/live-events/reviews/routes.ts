import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

// PLACEHOLDER: in progress (live operations).
export async function reviewsLiveRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
