import type { FastifyInstance, FastifyRequest } from 'fastify';

// Which clients a carer's device may reach: those the carer visits from yesterday to tomorrow, as the scheduler
// answers them (GET /api/v1/carer-app/clients, called through app.inject with the device's own bearer token so the
// scheduler checks it again). Office sessions reach nothing here: they use the office routes.

type CarerClientsAnswer = { data?: { client_ids?: unknown } };

/** The ids of the clients the device's carer visits from yesterday to tomorrow; empty for an office session. */
export async function carerClientIds(app: FastifyInstance, request: FastifyRequest): Promise<number[]> {
  const authorization = request.headers.authorization;
  if (!request.device || typeof authorization !== 'string' || !authorization) return [];
  const response = await app.inject({ method: 'GET', url: '/api/v1/carer-app/clients', headers: { authorization } });
  if (response.statusCode !== 200) return [];
  const ids = (response.json() as CarerClientsAnswer).data?.client_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

/** Whether a device-authenticated request may read or write this client's record (false for office sessions). */
export async function carerMayReach(app: FastifyInstance, request: FastifyRequest, clientId: number): Promise<boolean> {
  if (!Number.isInteger(clientId) || clientId <= 0) return false;
  return (await carerClientIds(app, request)).includes(clientId);
}
