import type { FastifyInstance, FastifyRequest } from 'fastify';

// What the device shows of a client and where the client's home is, read from care-records through its device
// API (GET /api/v1/carer-app/clients/:clientId/care, which answers only for clients the carer visits and audits
// the read), with the device's own bearer token. The scheduler keeps no copy of clients.

export type DeviceClientFacts = {
  name: string;
  postcode: string;
  allergies: string;
  key_facts: { resuscitation: string | null; access: string } | null;
};

type CareAnswer = { data?: { client?: { name?: unknown; allergies?: unknown; postcode?: unknown; address?: { postcode?: unknown } | unknown }; key_facts?: { resuscitation?: unknown; access?: unknown } } };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const careUrlOf = (clientId: number) => `/api/v1/carer-app/clients/${clientId}/care`;

/** The client's facts for this device, or null when care-records does not answer (the caller shows the id). */
export async function deviceClientFacts(app: FastifyInstance, request: FastifyRequest, clientId: number): Promise<DeviceClientFacts | null> {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !authorization) return null;
  const response = await app.inject({ method: 'GET', url: careUrlOf(clientId), headers: { authorization } });
  if (response.statusCode !== 200) return null;
  const data = (response.json() as CareAnswer).data;
  const client = data?.client ?? {};
  const address = (client as { address?: unknown }).address;
  const postcode = text((client as { postcode?: unknown }).postcode) || (address && typeof address === 'object' ? text((address as { postcode?: unknown }).postcode) : '');
  return {
    name: text(client.name),
    postcode,
    allergies: text(client.allergies),
    key_facts: data?.key_facts ? { resuscitation: typeof data.key_facts.resuscitation === 'string' ? data.key_facts.resuscitation : null, access: text(data.key_facts.access) } : null,
  };
}

export type ClientFactsSource = typeof deviceClientFacts;
