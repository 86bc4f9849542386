import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AreaCallError, areaClient } from '@hcm/server/platform';
import { carerClientsRoute } from '../consumed-routes.js';

// Which clients a carer's device may reach: those the carer visits from yesterday to tomorrow, as the scheduler
// answers them (GET /api/v1/carer-app/clients, ../consumed-routes.ts, called through the platform's area client
// with the device's own bearer token so the scheduler checks it again). Office sessions reach nothing here: they
// use the office routes.

/** The ids of the clients the device's carer visits from yesterday to tomorrow; empty for an office session. */
export async function carerClientIds(app: FastifyInstance, request: FastifyRequest): Promise<number[]> {
  const authorization = request.headers.authorization;
  if (!request.device || typeof authorization !== 'string' || !authorization) return [];
  try {
    return (await areaClient(app, { authorization }).get(carerClientsRoute)).client_ids;
  } catch (error) {
    // The scheduler refusing (a carer without a carer record): nobody to reach.
    if (error instanceof AreaCallError) return [];
    throw error;
  }
}

/** Whether a device-authenticated request may read or write this client's record (false for office sessions). */
export async function carerMayReach(app: FastifyInstance, request: FastifyRequest, clientId: number): Promise<boolean> {
  if (!Number.isInteger(clientId) || clientId <= 0) return false;
  return (await carerClientIds(app, request)).includes(clientId);
}
