import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AreaCallError, areaClient } from '@hcm/server/platform';
import { deviceCareSheetRoute } from '../../consumed-routes.js';

// What the device shows of a client and where the client's home is, read from care-records through its device
// API (GET /api/v1/carer-app/clients/:clientId/care, which answers only for clients the carer visits and audits
// the read: ../../consumed-routes.ts), with the device's own bearer token. The scheduler keeps no copy of clients.

export type DeviceClientFacts = {
  name: string;
  postcode: string;
  allergies: string;
  key_facts: { resuscitation: string | null; access: string } | null;
};

export const careUrlOf = (clientId: number) => `/api/v1/carer-app/clients/${clientId}/care`;

/** The client's facts for this device, or null when care-records does not answer (the caller shows the id). */
export async function deviceClientFacts(app: FastifyInstance, request: FastifyRequest, clientId: number): Promise<DeviceClientFacts | null> {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !authorization) return null;
  try {
    const { client, key_facts } = await areaClient(app, { authorization }).get(deviceCareSheetRoute, { params: { clientId } });
    return { name: client.name, postcode: client.postcode, allergies: client.allergies, key_facts: { resuscitation: key_facts.resuscitation, access: key_facts.access } };
  } catch (error) {
    if (error instanceof AreaCallError) return null;
    throw error;
  }
}

export type ClientFactsSource = typeof deviceClientFacts;
