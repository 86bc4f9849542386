import { londonDate, londonInstant } from '@hcm/contract/engine';
import { and, eq, inArray } from 'drizzle-orm';
import { users, type Transaction } from '@hcm/server/platform';
import type { FallDetails, FeedbackKind, HazardDetails, IncidentKind } from '../../../contract/live-incidents.js';
import { clientColumns, clientsTable } from '../../columns.js';
import { careIncidents, familyFeedback } from './tables.js';
import { clock } from '@hcm/contract/time';

// A realistic week of carers' reports, relative to today: a fall awaiting review, a loose rug in a hallway, a
// near miss with a gas hob (reviewed), two family comments, a complaint about late calls and a compliment
// (acknowledged). Carers are the workforce's demo carers, found by email (their names are kept either way).

type Carer = { email: string; name: string };
const AISHA = { email: 'aisha.bello@homecare.test', name: 'Aisha Bello' };
const TOM = { email: 'tom.fletcher@homecare.test', name: 'Tom Fletcher' };
const SIAN = { email: 'sian.evans@homecare.test', name: 'Siân Evans' };
const CALLUM = { email: 'callum.mcleod@homecare.test', name: 'Callum McLeod' };
const MEGAN = { email: 'megan.hughes@homecare.test', name: 'Megan Hughes' };
const JOSEPH = { email: 'joseph.adeyemi@homecare.test', name: 'Joseph Adeyemi' };

type DemoIncident = {
  client: string;
  carer: Carer;
  kind: IncidentKind;
  daysAgo: number;
  time: string;
  description: string;
  injuries?: string;
  action_taken: string;
  body_map?: FallDetails;
  hazard?: HazardDetails;
  review?: { outcome: string; note: string; escalate_to_quality: boolean; hoursLater: number };
};

const INCIDENTS: DemoIncident[] = [
  {
    client: 'Brennan',
    carer: AISHA,
    kind: 'fall',
    daysAgo: 1,
    time: '07:42',
    description: 'Found Thomas sitting on the bedroom floor beside the bed on arrival for the morning call. He said he slipped getting up for the toilet at about 6am and could not get back up.',
    injuries: 'Red mark and tenderness on the left hip; no bleeding. No pain in the head or neck.',
    action_taken: 'Checked for injuries before moving him, helped him up with the second carer using the bed for support, observations normal. Informed his daughter and the office; asked the GP surgery for a review.',
    body_map: { found_on_floor: true, witnessed: false, injured: true, injury_sites: ['left-hip'], head_injury: false, ambulance_called: false, able_to_get_up: true },
  },
  {
    client: 'Ellison',
    carer: TOM,
    kind: 'hazard',
    daysAgo: 3,
    time: '12:20',
    description: 'Loose rug in the hallway between the lounge and the kitchen; the edge curls up and Margaret walks this way with her frame several times a day.',
    action_taken: 'Rolled the rug back against the wall for now. Margaret wants to keep it: asked the office to talk to her and her niece about removing it or fixing it down.',
    hazard: { location: 'Hallway, between the lounge and the kitchen', risk_level: 'high', removed: false },
  },
  {
    client: 'Harris',
    carer: MEGAN,
    kind: 'near-miss',
    daysAgo: 5,
    time: '17:05',
    description: 'Arrived for the tea call to find a gas ring on the hob lit with nothing on it. Gwendolyn thought she had turned it off after making soup at lunchtime.',
    action_taken: 'Turned the hob off, opened the window, checked there was no smell of gas. Reported to the office the same evening.',
    review: {
      outcome: 'risk-assessment-updated',
      note: 'Spoke to Gwendolyn and her son: they agreed to a hob isolation valve. Kitchen risk assessment updated; carers to check the hob at every call until it is fitted.',
      escalate_to_quality: false,
      hoursLater: 20,
    },
  },
];

type DemoFeedback = { client: string; carer: Carer; kind: FeedbackKind; from: string; daysAgo: number; time: string; text: string; acknowledged?: { response: string; hoursLater: number } };

const FEEDBACK: DemoFeedback[] = [
  { client: 'Achebe', carer: SIAN, kind: 'comment', from: 'Daughter', daysAgo: 2, time: '18:30', text: 'Adaeze said her dad has been eating better since the lunch call moved to 12:30, and asked if the same carer could do Sundays.' },
  { client: 'Pickering', carer: CALLUM, kind: 'comment', from: 'Mother', daysAgo: 4, time: '10:15', text: 'Jordan’s mum would like to be told in advance when the Thursday shopping trip changes day, so she can plan her visit around it.' },
  { client: 'Nowak', carer: JOSEPH, kind: 'complaint', from: 'Son', daysAgo: 1, time: '09:50', text: 'Albert’s son complained that the morning call was over 40 minutes late twice this week and nobody rang to say so; his dad waited to get up and was upset.' },
  {
    client: 'Ellison',
    carer: SIAN,
    kind: 'compliment',
    from: 'Niece',
    daysAgo: 6,
    time: '16:40',
    text: 'Margaret’s niece asked us to pass on her thanks to Tom for staying with her aunt when the district nurse was late last week.',
    acknowledged: { response: 'Thank you: we have passed your kind words on to Tom and noted them in his supervision record.', hoursLater: 22 },
  },
];

const HOUR = 3_600_000;

/** The day `daysAgo` before today in the UK, at a UK time. */
function ukInstant(now: Date, daysAgo: number, time: string): Date {
  const date = new Date(`${londonDate(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return new Date(londonInstant(date.toISOString().slice(0, 10), time));
}

export async function seedDemoIncidents(tx: Transaction, now = clock.now()): Promise<void> {
  const clientRows = await tx.select({ id: clientColumns.id, last_name: clientColumns.last_name }).from(clientsTable);
  const clientId = new Map(clientRows.map((row) => [String(row.last_name), Number(row.id)]));
  const emails = [AISHA, TOM, SIAN, CALLUM, MEGAN, JOSEPH].map((carer) => carer.email);
  const carerRows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const carerId = new Map(carerRows.map((row) => [row.email, row.id]));
  const [manager] = await tx.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.email, 'manager@homecare.test')));

  for (const incident of INCIDENTS) {
    const client = clientId.get(incident.client);
    if (client === undefined) continue;
    const happenedAt = ukInstant(now, incident.daysAgo, incident.time);
    const review = incident.review;
    await tx.insert(careIncidents).values({
      client_id: client,
      carer_id: carerId.get(incident.carer.email) ?? null,
      carer_name: incident.carer.name,
      kind: incident.kind,
      happened_at: happenedAt,
      received_at: new Date(happenedAt.getTime() + 10 * 60_000),
      description: incident.description,
      injuries: incident.injuries ?? '',
      action_taken: incident.action_taken,
      body_map: incident.body_map ?? null,
      hazard: incident.hazard ?? null,
      ...(review && manager
        ? { reviewed_at: new Date(happenedAt.getTime() + review.hoursLater * HOUR), reviewed_by: manager.id, reviewed_by_name: manager.name, review_outcome: review.outcome, review_note: review.note, escalate_to_quality: review.escalate_to_quality }
        : {}),
    });
  }

  for (const feedback of FEEDBACK) {
    const client = clientId.get(feedback.client);
    if (client === undefined) continue;
    const recordedAt = ukInstant(now, feedback.daysAgo, feedback.time);
    const acknowledged = feedback.acknowledged;
    await tx.insert(familyFeedback).values({
      client_id: client,
      carer_id: carerId.get(feedback.carer.email) ?? null,
      carer_name: feedback.carer.name,
      from_relation: feedback.from,
      kind: feedback.kind,
      text: feedback.text,
      recorded_at: recordedAt,
      received_at: new Date(recordedAt.getTime() + 5 * 60_000),
      ...(acknowledged && manager
        ? { acknowledged_at: new Date(recordedAt.getTime() + acknowledged.hoursLater * HOUR), acknowledged_by: manager.id, acknowledged_by_name: manager.name, response: acknowledged.response }
        : {}),
    });
  }
}
