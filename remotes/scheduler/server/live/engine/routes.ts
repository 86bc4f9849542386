import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';

// PLACEHOLDER: the late and missed engine, alerts and the live view's API, in progress.
export async function liveRoutes(_app: FastifyInstance, _context: AreaServerContext): Promise<void> {}
