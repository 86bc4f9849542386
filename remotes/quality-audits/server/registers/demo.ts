import { and, asc, isNull } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import type { Transaction } from '@hcm/server/platform';
import { emptyValues, type PersonInvolved, type RegisterKind, type ToldRow } from '../../contract/registers.js';
import { carersRead, clientsRead } from '../read-models.js';
import { insertRecord, type Values } from './service.js';

// A believable year of the demo agency's quality registers across its three branches: falls, skin tears and a
// near miss; four safeguarding concerns; six complaints (one with its response overdue); ten compliments; five
// medication errors; three CQC notifications (one still a draft), each linked to the record that called for it.
// The people are care-records' demo clients and workforce's demo carers, read by table name.

type Person = { id: number; name: string };
type Branch = { id: number; name: string; clients: Person[]; carers: Person[] };

const daysBefore = (today: string, days: number) => {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

export async function seedRegistersDemo(tx: Transaction): Promise<void> {
  const today = londonDate();
  const branchRows = await tx.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.id));
  if (!branchRows.length) return;
  let clients: { id: number; first_name: string; last_name: string; branch_id: number }[] = [];
  let carers: { id: number; first_name: string; last_name: string; branch_id: number }[] = [];
  try {
    clients = await tx.select().from(clientsRead).where(isNull(clientsRead.deleted_at)).orderBy(asc(clientsRead.id));
    carers = await tx.select().from(carersRead).where(and(isNull(carersRead.deleted_at))).orderBy(asc(carersRead.id));
  } catch {
    // Composed without care-records or workforce: people by name only.
  }
  const named = (row: { id: number; first_name: string; last_name: string }) => ({ id: row.id, name: `${row.first_name} ${row.last_name}` });
  const all: Branch[] = branchRows.map((branch) => ({
    ...branch,
    clients: clients.filter((client) => client.branch_id === branch.id).map(named),
    carers: carers.filter((carer) => carer.branch_id === branch.id).map(named),
  }));
  const pick = (list: Person[], index: number, fallback: string): Person => list[index % Math.max(1, list.length)] ?? { id: 0, name: fallback };
  const client = (b: number, i: number) => pick(all[b % all.length]!.clients, i, 'A client');
  const carer = (b: number, i: number) => pick(all[b % all.length]!.carers, i, 'A carer');
  const asClient = (person: Person, role = 'The person it happened to'): PersonInvolved => ({ person_type: person.id ? 'client' : 'other', person_id: person.id || null, name: person.name, role });
  const asCarer = (person: Person, role = 'Carer on the visit'): PersonInvolved => ({ person_type: person.id ? 'carer' : 'other', person_id: person.id || null, name: person.name, role });
  const told = (party: string, on: string, by: string, reference = ''): ToldRow => ({ party, told_on: on, told_time: '10:30', by_whom: by, reference });

  const MANAGERS = ['Priya Shah (registered manager)', 'Tom Fletcher (care coordinator)', 'Grace Adeyemi (field supervisor)'];
  const make = async (kind: RegisterKind, b: number, ago: number, fields: Record<string, unknown>, people: PersonInvolved[] = [], toldRows: ToldRow[] = []): Promise<number> => {
    const branch = all[b % all.length]!;
    const occurred = daysBefore(today, ago);
    const values = { ...emptyValues(kind, branch.id), occurred_on: occurred, occurred_time: `${String(8 + (ago % 11)).padStart(2, '0')}:${ago % 2 ? '15' : '40'}`, reported_by: MANAGERS[b % 3]!, people, told: toldRows, ...fields } as Values;
    const at = new Date(`${occurred}T17:00:00Z`);
    return insertRecord(tx, kind, values, null, at);
  };
  const closedAfter = (ago: number, days: number) => ({ status: 'closed', closed_on: daysBefore(today, Math.max(0, ago - days)) });

  // ---- Incidents and accidents (25).
  type Incident = [branch: number, ago: number, type: string, injury: string, summary: string, extra?: Record<string, unknown>];
  const incidents: Incident[] = [
    [0, 350, 'fall', 'minor', 'Slipped getting out of the bath; bruised right elbow. Helped up using the proper technique.'],
    [1, 338, 'skin_tear', 'minor', 'Skin tear on the left forearm during a transfer from the wheelchair.'],
    [2, 322, 'near_miss', 'none', 'Carer noticed the stair gate left open on arrival; closed it before the client got up.'],
    [0, 301, 'fall', 'moderate', 'Found on the bedroom floor at the morning call; seen by the GP the same day, no fracture.'],
    [1, 287, 'property', 'none', "Client's glasses broken while helping her dress; replacement arranged."],
    [2, 270, 'fall', 'minor', 'Tripped on a loose rug in the hallway; rug removed with the family\'s agreement.'],
    [0, 251, 'missed_visit', 'none', 'Lunch call missed after a rota change; client had a sandwich left by family.'],
    [1, 236, 'fall', 'minor', 'Lowered to the floor by the carer when her legs gave way; no injury.'],
    [2, 220, 'skin_tear', 'minor', 'Small skin tear on the shin from the bed frame; dressed and the district nurse told.'],
    [0, 199, 'behaviour', 'none', 'Client became distressed and pushed the carer during personal care; de-escalated.'],
    [1, 181, 'fall', 'minor', 'Fell in the garden; grazed both knees.'],
    [2, 168, 'injury', 'minor', 'Carer burnt her hand on the kettle while making tea.', { riddor_reportable: false }],
    [0, 131, 'fall', 'serious', 'Found on the kitchen floor at the morning call, unable to stand; ambulance called, fractured left hip.', { hospital_attendance: true, body_location: 'Left hip' }],
    [1, 118, 'skin_tear', 'minor', 'Skin tear on the back of the hand while putting on compression stockings.'],
    [2, 104, 'near_miss', 'none', 'Two different blister packs found in the kitchen; pharmacy asked to collect the old one.'],
    [0, 92, 'fall', 'minor', 'Slid from the armchair to the floor; helped up with the Raizer chair.'],
    [1, 77, 'fall', 'moderate', 'Fall on the stairs; seen at the minor injuries unit, sprained wrist.', { hospital_attendance: true, body_location: 'Right wrist' }],
    [2, 63, 'skin_tear', 'minor', 'Skin tear on the elbow; reported to the district nurse.'],
    [0, 49, 'near_miss', 'none', 'Carer smelt gas on arrival; gas board called, leak at the cooker.'],
    [1, 41, 'fall', 'minor', 'Fell reaching for the remote control; no injury.'],
    [2, 33, 'property', 'none', "Client's front-door key safe found unlocked after the teatime call."],
    [0, 24, 'skin_tear', 'minor', 'Skin tear on the lower leg while drying after a shower.'],
    [1, 16, 'fall', 'minor', 'Found sitting on the bathroom floor; said she slipped. Bruised hip.', { due_on: daysBefore(today, 2), status: 'under_investigation', investigation: 'Occupational therapist asked to review the bathroom.' }],
    [2, 8, 'injury', 'minor', 'Client cut his finger opening a tin; first aid given.'],
    [0, 3, 'fall', 'minor', 'Fall at the evening call; no visible injury, family told, monitoring overnight.'],
  ];
  let serious = 0;
  for (const [index, [b, ago, type, injury, summary, extra]] of incidents.entries()) {
    const who = client(b, index);
    const carerOn = carer(b, index);
    const closed = ago > 20 ? closedAfter(ago, 14) : { status: 'open' };
    const id = await make(
      'incident-and-accidents',
      b,
      ago,
      {
        incident_type: type,
        injury_severity: injury,
        severity: injury === 'serious' ? 'high' : injury === 'moderate' ? 'moderate' : 'low',
        summary,
        immediate_actions: type === 'near_miss' ? 'Made safe straight away and the office told.' : 'First aid given, the client made comfortable and the office told.',
        outcome: ago > 20 ? 'Risk assessment and care plan reviewed.' : '',
        lessons_learnt: type === 'fall' && ago > 20 ? 'Falls risk reviewed; sensor mat and pendant alarm discussed.' : '',
        due_on: daysBefore(today, ago - 14),
        ...closed,
        ...extra,
      },
      [asClient(who), asCarer(carerOn, type === 'injury' && index === 11 ? 'Injured carer' : 'Carer on the visit')],
      [told('family', daysBefore(today, ago), carerOn.name)],
    );
    if (injury === 'serious') serious = id;
  }

  // ---- Safeguarding (4).
  const financial = await make(
    'safeguardings',
    0,
    200,
    { abuse_category: 'financial', alleged_perpetrator: 'family', severity: 'high', summary: 'Client told her carer her nephew takes her bank card and she has no money for food.', immediate_actions: 'Reported to the manager the same day; referral to Camden adult safeguarding.', la_referral_on: daysBefore(today, 199), la_reference: 'CAM-SG-24117', section_42: 'yes', safeguarding_outcome: 'substantiated', outcome: 'Appointee arranged by the council; nephew no longer has the card.', ...closedAfter(200, 60) },
    [asClient(client(0, 3)), asCarer(carer(0, 2), 'Carer told by the client')],
    [told('local_authority', daysBefore(today, 199), MANAGERS[0]!, 'CAM-SG-24117'), told('cqc', daysBefore(today, 198), MANAGERS[0]!)],
  );
  await make('safeguardings', 1, 140, { abuse_category: 'self_neglect', alleged_perpetrator: 'self', severity: 'moderate', summary: 'Client refusing meals and personal care for a week; house cold.', la_referral_on: daysBefore(today, 138), section_42: 'no', safeguarding_outcome: 'inconclusive', outcome: 'Social worker visit; extra calls agreed.', ...closedAfter(140, 30) }, [asClient(client(1, 2))], [told('gp', daysBefore(today, 139), MANAGERS[1]!), told('local_authority', daysBefore(today, 138), MANAGERS[1]!)]);
  await make('safeguardings', 2, 70, { abuse_category: 'physical', alleged_perpetrator: 'partner', severity: 'high', summary: 'Bruises on both upper arms noticed at the morning call; client said her husband grabbed her.', la_referral_on: daysBefore(today, 70), la_reference: 'BRS-AS-5521', section_42: 'yes', status: 'under_investigation', due_on: daysBefore(today, -14), police_involved: true }, [asClient(client(2, 1)), asCarer(carer(2, 3), 'Carer who saw the bruises')], [told('local_authority', daysBefore(today, 70), MANAGERS[2]!, 'BRS-AS-5521'), told('police', daysBefore(today, 69), MANAGERS[2]!, 'CAD 1187 / 14')]);
  const psychological = await make('safeguardings', 0, 6, { abuse_category: 'psychological', alleged_perpetrator: 'staff', severity: 'high', summary: "Family heard a carer shouting at the client during the tea call (on the family's camera).", immediate_actions: 'Carer taken off the client\'s visits pending investigation.', status: 'open', due_on: daysBefore(today, -21) }, [asClient(client(0, 5)), asCarer(carer(0, 4), 'Alleged')], [told('family', daysBefore(today, 6), MANAGERS[0]!), told('local_authority', daysBefore(today, 5), MANAGERS[0]!)]);

  // ---- Complaints (6): one response overdue.
  type Complaint = [b: number, ago: number, complainant: string, relation: string, channel: string, summary: string, finding: string, responded: boolean];
  const complaints: Complaint[] = [
    [0, 300, 'Mrs Janet Cole', 'family', 'phone', 'Carers arriving over an hour late for the morning call three days running.', 'upheld', true],
    [1, 240, 'Mr David Okoro', 'client', 'letter', 'Different carers every week; nobody knows his routine.', 'partly_upheld', true],
    [2, 170, 'Ms Helen Marsh', 'family', 'email', 'Laundry not done and the kitchen left untidy.', 'not_upheld', true],
    [0, 95, 'Mr Raj Patel', 'family', 'email', 'Invoice charged for a visit that was cancelled the day before.', 'upheld', true],
    [1, 45, 'Mrs Susan Hughes', 'advocate', 'phone', 'Medication prompt missed and the MAR chart not filled in.', '', false],
    [2, 5, 'Mr Alan Price', 'client', 'in_person', 'The carer was on her phone during the visit.', '', false],
  ];
  for (const [index, [b, ago, complainant, relation, channel, summary, finding, responded]] of complaints.entries()) {
    await make(
      'complaints',
      b,
      ago,
      { complainant_name: complainant, complainant_relation: relation, channel, summary, severity: 'moderate', acknowledged_on: daysBefore(today, ago - 2), responded_on: responded ? daysBefore(today, ago - 18) : '', finding, outcome: responded ? 'Apology given and the rota changed.' : '', status: responded ? 'closed' : index === 4 ? 'under_investigation' : 'open', closed_on: responded ? daysBefore(today, ago - 19) : '' },
      [asClient(client(b, index + 4), 'Client the complaint is about')],
    );
  }

  // ---- Compliments (10).
  const compliments: [number, number, string, string][] = [
    [0, 340, 'Mrs Ada Brown', 'Thank you for looking after Mum so kindly over Christmas.'],
    [1, 300, 'Leeds City Council commissioning', 'Praise for the quick start of a hospital discharge package.'],
    [2, 262, 'Mr Peter Walsh', 'The carers always have time for a chat; it makes his day.'],
    [0, 221, 'District nurse team', 'Skin care so good the pressure sore healed in three weeks.'],
    [1, 180, 'Mrs Irene Kaur', 'Card thanking the team for the birthday cake.'],
    [2, 150, 'Ms Claire Dunn', 'Carer stayed with her father until the ambulance came.'],
    [0, 110, 'Mr George Hill', 'Always on time, always cheerful.'],
    [1, 66, 'Family of a client', 'Thank-you letter after their mother passed away peacefully at home.'],
    [2, 30, 'GP practice', 'Thanks for spotting the urinary infection early.'],
    [0, 12, 'Mrs Lucy Ward', 'Review on the website: five stars for the Camden team.'],
  ];
  for (const [index, [b, ago, from, summary]] of compliments.entries()) {
    const about = carer(b, index + 1);
    await make('compliments', b, ago, { from_name: from, about_whom: about.name, summary, shared_with_carer: ago > 20, ...(ago > 20 ? closedAfter(ago, 3) : { status: 'open' }) }, [asCarer(about, 'Praised')]);
  }

  // ---- Medication errors (5).
  const errors: [number, number, string, string, string, string, string][] = [
    [1, 280, 'Donepezil 10 mg', 'omission', 'no_harm', 'gp', 'Evening dose missed after a late call.'],
    [2, 210, 'Paracetamol 500 mg', 'wrong_time', 'no_harm', 'pharmacist', 'Dose given two hours early; next dose moved.'],
    [0, 150, 'Warfarin 1 mg', 'wrong_dose', 'low', 'nhs_111', 'Two tablets prompted instead of three; INR checked next day.'],
    [1, 60, 'Metformin 500 mg', 'recording', 'no_harm', 'none', 'Dose given but not signed on the MAR chart.'],
    [2, 14, 'Amlodipine 5 mg', 'recording', 'no_harm', 'none', 'MAR chart signed for a dose the client refused.'],
  ];
  for (const [index, [b, ago, medicine, type, harm, advice, summary]] of errors.entries()) {
    await make('medication-errors', b, ago, { medicine, error_type: type, harm_level: harm, advice_sought: advice, summary, severity: harm === 'low' ? 'moderate' : 'low', immediate_actions: 'Client checked and the office told; advice followed.', ...(ago > 20 ? closedAfter(ago, 10) : { status: 'open', due_on: daysBefore(today, -7) }) }, [asClient(client(b, index + 6)), asCarer(carer(b, index + 2))]);
  }

  // ---- CQC notifications (3), linked to the records that called for them.
  await make('cqc-notifications', 0, 131, { category: 'serious_injury', source_id: serious || null, summary: 'Fall at home at the morning call: fractured left hip, taken to hospital by ambulance.', injury_description: 'Fractured neck of femur, operated on the next day.', person_condition: 'Recovering in hospital; discharge planning with the reablement team.', status: 'submitted', submitted_on: daysBefore(today, 130), cqc_reference: 'CQC-NOT-7731045' });
  await make('cqc-notifications', 0, 200, { category: 'abuse', source_id: financial, summary: 'Allegation of financial abuse by a family member; referred to Camden adult safeguarding.', person_condition: 'Safe at home; appointee in place.', la_informed: true, status: 'submitted', submitted_on: daysBefore(today, 198), cqc_reference: 'CQC-NOT-7650912' });
  await make('cqc-notifications', 0, 6, { category: 'abuse', source_id: psychological, summary: 'Allegation that a carer shouted at a client; carer removed from the visits, local authority told.', la_informed: true, status: 'draft' });
}
