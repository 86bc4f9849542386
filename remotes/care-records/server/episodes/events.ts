import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { publishEvent, type PublishedEvent, type ResourceChange, type ResourceWriteHook, type Transaction } from '@hcm/server/platform';
import { clientColumns, clientsTable } from '../columns.js';

// The events care-records writes when a client's care pauses or stops (the outbox: server/src/events/outbox.ts),
// from the resource engine's write hooks, so each is written in the transaction of the change it reports. The
// scheduler cancels the client's visits (and so they are not invoiced) and brings them back after a discharge.

const HospitalAdmittedSchema = v.object({
  episode_id: v.number(),
  client_id: v.number(),
  branch_id: v.number(),
  /** UK day. */
  admitted_on: v.string(),
  /** UK day; null when the ward has not said. */
  expected_discharge_on: v.nullable(v.string()),
});

const HospitalDischargedSchema = v.object({
  episode_id: v.number(),
  client_id: v.number(),
  /** UK day; null when the pause was lifted without a discharge date (or the stay withdrawn): calls resume now. */
  discharged_on: v.nullable(v.string()),
});

const CareEndedSchema = v.object({
  client_id: v.number(),
  branch_id: v.number(),
  status: v.picklist(['ended', 'deceased']),
  /** The client's end of care, a UK day; null when none is set: care ends now. */
  ended_on: v.nullable(v.string()),
});

export const CLIENT_HOSPITAL_ADMITTED: PublishedEvent = {
  type: 'care-records.client.hospital-admitted',
  payload: HospitalAdmittedSchema,
  meaning:
    'A client is in hospital and their calls are paused from admitted_on (a hospital stay with visits paused and no discharge, recorded or changed): no visits from that day until the stay’s hospital-discharged event. Sent again when the admission day of a paused stay changes.',
};
export const CLIENT_HOSPITAL_DISCHARGED: PublishedEvent = {
  type: 'care-records.client.hospital-discharged',
  payload: HospitalDischargedSchema,
  meaning:
    'The pause of a hospital stay (its admitted event) is over: the client was discharged on discharged_on and calls restart the day after; discharged_on null when the pause was lifted without a discharge or the stay was withdrawn: calls restart now.',
};
export const CLIENT_CARE_ENDED: PublishedEvent = {
  type: 'care-records.client.care-ended',
  payload: CareEndedSchema,
  meaning:
    'A client’s care ended (status ended or deceased): no visits after ended_on, their end of care, or from now when none is set. Sent again when the end of care of an ended client changes.',
};

export const CARE_EVENTS: PublishedEvent[] = [CLIENT_HOSPITAL_ADMITTED, CLIENT_HOSPITAL_DISCHARGED, CLIENT_CARE_ENDED];

type Row = Record<string, unknown>;
/** The engine answers an empty optional date as ''. */
const dayOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** A stay pauses calls while it says so and has no discharge date. */
const pausing = (stay: Row | null): boolean => stay !== null && stay.visits_paused === true && !dayOrNull(stay.discharged_on);

async function branchOfClient(tx: Transaction, clientId: number): Promise<number> {
  const [client] = await tx.select({ branch_id: clientColumns.branch_id }).from(clientsTable).where(eq(clientColumns.id, clientId));
  return client!.branch_id as number;
}

/** A hospital stay written through the engine: the pause it starts, moves or ends. */
export const onHospitalStayWrite: ResourceWriteHook = async (tx: Transaction, change: ResourceChange) => {
  const { before, after } = change;
  if (after && pausing(after) && (!pausing(before) || before?.admitted_on !== after.admitted_on)) {
    const clientId = Number(after.client_id);
    const payload: v.InferOutput<typeof HospitalAdmittedSchema> = {
      episode_id: after.id,
      client_id: clientId,
      branch_id: await branchOfClient(tx, clientId),
      admitted_on: String(after.admitted_on),
      expected_discharge_on: dayOrNull(after.expected_discharge_on),
    };
    await publishEvent(tx, CLIENT_HOSPITAL_ADMITTED, payload, change.userId);
  } else if (before && pausing(before) && !pausing(after)) {
    // Discharged, the pause lifted, or the stay deleted (entered in error): the calls it paused come back.
    const payload: v.InferOutput<typeof HospitalDischargedSchema> = { episode_id: before.id, client_id: Number(before.client_id), discharged_on: dayOrNull(after?.discharged_on) };
    await publishEvent(tx, CLIENT_HOSPITAL_DISCHARGED, payload, change.userId);
  }
};

const ENDED = ['ended', 'deceased'];
const ended = (client: Row | null): client is Row => client !== null && ENDED.includes(String(client.status));

/** A client written through the engine: their care ending (or its end moving). */
export const onClientWrite: ResourceWriteHook = async (tx: Transaction, change: ResourceChange) => {
  const { before, after } = change;
  if (!ended(after) || (ended(before) && before.status === after.status && before.end_date === after.end_date)) return;
  const payload: v.InferOutput<typeof CareEndedSchema> = {
    client_id: after.id,
    branch_id: Number(after.branch_id),
    status: after.status as 'ended' | 'deceased',
    ended_on: dayOrNull(after.end_date),
  };
  await publishEvent(tx, CLIENT_CARE_ENDED, payload, change.userId);
};
