import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

// PLACEHOLDER: in progress (live operations).
export async function medicationLiveRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
