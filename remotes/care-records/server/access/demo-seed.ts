import { asc, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { londonDate } from '@hcm/contract/engine';
import { users, type Transaction } from '@hcm/server/platform';
import { ClientAccessSchema, type ClientAccessInput } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientAccess } from './tables.js';
import { clock } from '@hcm/contract/time';

// The first five demo clients' access details (demo-rows.ts, in position order). Codes are made up; the dates the
// codes were last changed are relative to the seed, so the demo always shows a recent quarterly change.

const DAY = 86_400_000;

type DemoAccess = { client: number; changedDaysAgo: number | null; details: Omit<ClientAccessInput, 'key_safe_code_changed_on'> };

const DEMO_ACCESS: DemoAccess[] = [
  {
    client: 1,
    changedDaysAgo: 41,
    details: {
      key_safe_location: 'Key safe by the front door, on the left at knee height behind the plant pot.',
      key_safe_code: '4827',
      door_access: 'Knock and call "Hello Peggy, it\'s the carers" before letting yourself in: she startles. Put the key back and scramble the code every time.',
      parking: 'Residents’ bays on Agar Grove (permit in the folder in the hall, put it on the dashboard). Free after 18:30.',
      pets: 'Biscuit, an elderly cat: keep the kitchen door shut so he does not get out.',
      alarm: 'No intruder alarm. Pendant alarm (Camden Careline): check she is wearing it at every call and press test on Mondays.',
      key_holder_name: 'Susan Ellison',
      key_holder_relationship: 'Daughter',
      key_holder_phone: '07700 900101',
      notes: 'Code changes quarterly and whenever a carer leaves the round. A spare key is with Frank Morley at number 16.',
    },
  },
  {
    client: 2,
    changedDaysAgo: 12,
    details: {
      key_safe_location: 'Key safe on the wall to the right of the communal entrance to Curnock Court.',
      key_safe_code: '1960',
      door_access: 'Communal door: press 6 on the intercom if Desmond is up; otherwise use the fob on the key ring. Flat 6 is on the second floor, the lift is on the right.',
      parking: 'No visitor parking: use the pay-by-phone bays on Plender Street (zone CA-F).',
      pets: 'None.',
      alarm: 'None.',
      key_holder_name: 'Abigail Achebe',
      key_holder_relationship: 'Wife',
      key_holder_phone: '07700 900413',
      notes: 'Abigail works nights: knock quietly on the morning call.',
    },
  },
  {
    client: 3,
    changedDaysAgo: 9,
    details: {
      key_safe_location: 'Key safe on the side wall of the porch, under the outside light.',
      key_safe_code: '7315',
      door_access: 'Two locks: the Yale and the mortice (brass key). Calls are paused while Irene is in the Royal Free; the code was changed when she was admitted.',
      parking: 'Single yellow line outside until 18:30; residents’ bays on Prowse Place after that.',
      pets: 'None.',
      alarm: 'Intruder alarm panel in the hall cupboard: Agnieszka sets it while the house is empty. Ask her before any visit to the empty house.',
      key_holder_name: 'Agnieszka Kowalczyk',
      key_holder_relationship: 'Daughter',
      key_holder_phone: '07700 900588',
      notes: 'Agnieszka lets the OT in for the home visit before discharge.',
    },
  },
  {
    client: 4,
    changedDaysAgo: 63,
    details: {
      key_safe_location: 'Key safe to the left of the front door, behind the drainpipe.',
      key_safe_code: '5048',
      door_access: 'Eileen usually opens the door; use the key safe only if she does not answer within a minute (she may be with Tom). Two carers at every call: wait for your colleague outside.',
      parking: 'Residents’ bays on Georgiana Street: the carer permit is in the glovebox pack from the office.',
      pets: 'Molly, a friendly Labrador: Eileen shuts her in the garden during personal care.',
      alarm: 'No intruder alarm. Just-in-case medicines are in the locked box in the bedroom; the district nurse holds that key.',
      key_holder_name: 'Liam Brennan',
      key_holder_relationship: 'Son',
      key_holder_phone: '07700 900734',
      notes: 'If Tom dies during a call: do not move him, call the district nurse (number in the folder) and then the office.',
    },
  },
  {
    client: 5,
    changedDaysAgo: 27,
    details: {
      key_safe_location: 'Key safe inside the porch of 48 Kirkstall Road, for relief staff only; the house team carry their own keys.',
      key_safe_code: '2691',
      door_access: 'Ring the staff office bell (Flat 1 side door) and sign in. Jordan’s flat key is on the red fob in the staff key cabinet.',
      parking: 'Two staff bays at the back of the house; the rest is permit parking (Kirkstall zone).',
      pets: 'None.',
      alarm: 'Fire alarm panel in the hall: weekly test on Wednesdays at 10:00, tell Jordan beforehand (loud noises unsettle him).',
      key_holder_name: 'Carol Pickering',
      key_holder_relationship: 'Mother',
      key_holder_phone: '0113 496 0611',
      notes: 'Relief staff: read the seizure plan in the office before your first shift.',
    },
  },
];

/** Seeds the demo clients' access details, each through the same schema the API applies, as saved by the office user. */
export async function seedDemoAccess(tx: Transaction, now = clock.now()): Promise<void> {
  const clientIds = (await tx.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id))).map((row) => Number(row.id));
  const [office] = await tx.select({ id: users.id }).from(users).where(inArray(users.email, ['office@homecare.test']));
  for (const demo of DEMO_ACCESS) {
    const clientId = clientIds[demo.client - 1];
    if (clientId === undefined) throw new Error(`Demo access details name client #${demo.client}, who does not exist.`);
    const changedOn = demo.changedDaysAgo === null ? '' : londonDate(new Date(now.getTime() - demo.changedDaysAgo * DAY));
    const values = v.parse(ClientAccessSchema, { ...demo.details, key_safe_code_changed_on: changedOn });
    await tx.insert(clientAccess).values({
      client_id: clientId,
      ...values,
      key_safe_code_changed_on: values.key_safe_code_changed_on || null,
      updated_at: new Date(now.getTime() - (demo.changedDaysAgo ?? 0) * DAY),
      updated_by: office?.id ?? null,
    });
  }
}
