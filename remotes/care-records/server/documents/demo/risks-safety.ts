import { londonDate } from '@hcm/contract/engine';
import type { DemoDocument } from './types.js';
import { clock } from '@hcm/contract/time';

// Demo record documents of the demo clients for the declarations in contract/documents/risks-safety.ts and
// contract/documents/medication.ts: every one for Margaret "Peggy" Ellison (1), Desmond Achebe (2) and Irene
// "Renia" Kowalczyk (3), and the behaviour, self-harm, knives and restrictive-intervention documents of Jordan
// Pickering (5). They follow the clients of ../../demo-rows.ts (conditions, medicines, contacts) and Irene's
// hospital stay (../../episodes/demo-rows.ts). Dates are relative to the day the demo is seeded.

const DAY = 86_400_000;
/** The UK day `daysAgo` days before the seed (negative: after it). */
const day = (daysAgo: number) => londonDate(new Date(clock.nowMs() - daysAgo * DAY));
const at = (daysAgo: number, time: string) => `${day(daysAgo)}T${time}:00.000Z`;

const STAFF = {
  office: { name: 'Oliver Office', role: 'Care coordinator' },
  manager: { name: 'Maya Manager', role: 'Registered manager' },
} as const;
const signedBy = (who: keyof typeof STAFF, daysAgo: number, time = '11:30') => ({ ...STAFF[who], signed_at: at(daysAgo, time) });
const signedByPerson = (name: string, role: string, daysAgo: number, time = '11:45') => ({ name, role, signed_at: at(daysAgo, time) });

type Who = 'person' | 'staff' | 'person-and-staff' | 'others' | 'everyone';

/** A row of a hazards table rated likelihood × severity (contract/documents/risk-matrix.ts). */
function hazard(name: string, who: Who, controls: string, likelihood: number, severity: number, further = '', by = '', due = '') {
  return { hazard: name, who_at_risk: who, existing_controls: controls, likelihood: String(likelihood), severity: String(severity), further_action: further, action_by: by, action_due: due };
}

const NOT_AUTHORISED_NOTE =
  'Any use of force outside a plan is reported to the registered manager at once and considered as a safeguarding concern.';

// ——— 1. Margaret "Peggy" Ellison: vascular dementia (mild), atrial fibrillation on warfarin, osteoarthritis, lives alone ———

const PEGGY_RISK_BASE = {
  reason: 'scheduled-review',
  people_involved: ['person', 'family', 'care-staff'],
  tasks_covered:
    'Four calls a day. Morning: help to wash at the sink and dress, breakfast, medicines. Lunch and tea: a hot meal and a drink; warfarin at 18:00. Bedtime: help to undress and settle, donepezil at 20:00, check the pendant alarm is on.',
  person_views:
    'Peggy says she has "always been careful" and wants to keep making her own cups of tea. She is happy for carers to cook as long as she chooses the meal. She wears her pendant because Susan "worries otherwise".',
  positive_risk_taking:
    'Peggy walks to the corner shop on Agar Grove with Frank from number 16 on fine mornings. Agreed with her and Susan: she takes her stick and pendant, and no one stops her going.',
  capacity_doubt: true,
  capacity_action:
    'Her capacity to decide about using the gas cooker safely was assessed (Mental capacity tab): she could not retain that the hob had been left on. Best-interests decision with Susan, her health and welfare attorney. She has capacity for the other decisions here.',
  shared_with: ['person', 'family', 'care-team'],
};

const peggyFalls = (likelihood: number) =>
  hazard(
    'Falls walking indoors and getting up from her chair',
    'person',
    'Walks with her stick indoors; paths kept clear; pendant alarm worn day and night and checked at every call; chair raised on blocks by the OT. On warfarin: any fall, even without injury, is reported to the GP the same day.',
    likelihood,
    4,
    'Falls risk assessment kept up to date on its tab.',
  );
const peggyBleeding = hazard(
  'Bleeding or bruising on warfarin',
  'person',
  'Dose from the yellow book; carers check the latest INR before the 18:00 dose; bruises, nosebleeds, blood in urine or black stools reported to the GP the same day.',
  2,
  4,
);
const peggyMedicines = hazard(
  'Missed or double doses because of memory',
  'person',
  'Carers give warfarin and help with donepezil; medicines kept in a lidded box in the top cupboard; the MAR signed at every dose.',
  2,
  4,
);
const peggyScalds = hazard('Scalds from hot drinks', 'person', 'Peggy uses a kettle tipper and a mug half filled; she sits down to drink.', 2, 2);
const peggyStanding = hazard(
  'Strain to carers helping Peggy stand',
  'staff',
  'Peggy stands herself with spoken prompts and her stick; the bed and chair are raised; carers never lift. Moving and handling training yearly.',
  2,
  2,
);

const PEGGY: DemoDocument[] = [
  {
    client: 1,
    document: 'risk-assessment',
    versions: [
      {
        daysAgo: 168,
        by: 'office',
        content: {
          ...PEGGY_RISK_BASE,
          assessment_date: day(168),
          hazards: [
            peggyFalls(3),
            peggyBleeding,
            peggyMedicines,
            hazard(
              'Gas hob left on',
              'everyone',
              'Carers cook lunch and tea; Peggy makes hot drinks with the kettle only.',
              2,
              5,
              'Ask the London Fire Brigade for a home fire safety visit.',
              'Oliver Office',
              day(140),
            ),
            peggyScalds,
            peggyStanding,
          ],
          capacity_doubt: false,
          capacity_action: '',
          summary:
            'Peggy is on warfarin: any fall, bump or bleeding is reported to the GP the same day. Medicines are in the box in the top cupboard. Carers cook; Peggy makes her own tea. Check the pendant is on at every call.',
          person_signature: signedByPerson('Susan Ellison', 'Daughter, health and welfare attorney', 168),
          assessed_by: signedBy('office', 168),
        },
      },
      {
        daysAgo: 41,
        by: 'office',
        note: 'Gas hob found on and unlit at the Saturday lunch call: cooker risk raised to high; isolation valve asked for; best-interests decision with Susan.',
        content: {
          ...PEGGY_RISK_BASE,
          reason: 'after-incident',
          assessment_date: day(41),
          hazards: [
            peggyFalls(3),
            peggyBleeding,
            peggyMedicines,
            hazard(
              'Gas hob left on',
              'everyone',
              'Carers cook lunch and tea. Peggy makes hot drinks with the kettle only. Until a valve is fitted, carers turn the gas off at the tap behind the cooker after the tea call and on again at lunch (best-interests decision with Susan).',
              4,
              5,
              'Camden repairs to fit a gas isolation valve with a timer; London Fire Brigade home fire safety visit booked.',
              'Oliver Office',
              day(20),
            ),
            peggyScalds,
            peggyStanding,
          ],
          summary:
            'Peggy is on warfarin: any fall, bump or bleeding is reported to the GP the same day. Medicines are in the box in the top cupboard. Carers cook; Peggy makes her own tea. Turn the gas off at the tap behind the cooker after tea and on at lunch. Check the pendant is on at every call.',
          person_signature: signedByPerson('Susan Ellison', 'Daughter, health and welfare attorney', 41),
          assessed_by: signedBy('office', 41),
        },
      },
      {
        daysAgo: 9,
        by: 'manager',
        note: 'Gas isolation valve with a one-hour timer fitted and the fire service visit done (smoke alarms checked): cooker risk back to medium; carers no longer turn the gas off.',
        content: {
          ...PEGGY_RISK_BASE,
          reason: 'after-incident',
          assessment_date: day(9),
          hazards: [
            peggyFalls(3),
            peggyBleeding,
            peggyMedicines,
            hazard(
              'Gas hob left on',
              'everyone',
              'Gas isolation valve with a one-hour timer by the kitchen door: the hob turns off by itself. Carers cook lunch and tea; Peggy makes hot drinks with the kettle. Smoke alarms linked to Careline, checked by the fire service.',
              2,
              5,
              'Check the timer works at the weekly spot check for a month.',
              'Oliver Office',
              day(-21),
            ),
            peggyScalds,
            peggyStanding,
          ],
          summary:
            'Peggy is on warfarin: any fall, bump or bleeding is reported to the GP the same day. Medicines are in the box in the top cupboard. Carers cook; Peggy makes her own tea; the hob now turns itself off after an hour. Check the pendant is on at every call.',
          person_signature: signedByPerson('Susan Ellison', 'Daughter, health and welfare attorney', 9),
          assessed_by: signedBy('manager', 9),
        },
      },
    ],
    reviewInDays: 172,
    signedOff: { role: 'Registered manager', daysAgo: 8 },
  },
  {
    client: 1,
    document: 'environmental-risk',
    versions: [
      {
        daysAgo: 250,
        by: 'office',
        content: {
          assessment_date: day(250),
          property_type: 'flat-ground',
          entry_method: 'key-safe',
          key_safe_location: 'On the wall to the left of the shared front door, behind the bay tree pot.',
          access_notes:
            'Ground-floor flat in a converted Victorian house: three stone steps up to the shared front door, rail on the right; Peggy’s door is first on the left. Knock loudly and call out as you let yourself in: she does not hear the bell on her left side. Good street lighting.',
          parking: 'Camden resident permit zone: use the agency’s visitor permits from the office. Camden Road station is a six-minute walk.',
          lighting: 'poor-areas',
          stairs: 'none',
          trip_hazards: ['rugs', 'thresholds'],
          space_to_work: true,
          pets: false,
          smoke_alarms: 'linked',
          smoking: 'none',
          home_oxygen: false,
          gas_safety: 'checked',
          carbon_monoxide_alarm: true,
          electrical_concerns: 'A two-bar electric fire in the bedroom on an extension lead: Susan replaced it with an oil-filled radiator plugged into the wall.',
          water_temperature: 'not-used',
          others_in_home: 'No one lives with Peggy. Susan visits most evenings after 17:00; Frank Morley from number 16 holds a key and calls in most days.',
          mobile_signal: true,
          lone_working:
            'One carer at every call. Check in and out on the app; the bedtime call ends by 21:00. If a carer has not checked out 15 minutes after the planned end, the office (on-call after 18:00) rings them, then goes on to the carer’s emergency contact.',
          hazards: [
            hazard('Hall rug', 'person', 'Peggy wanted to keep the rug her late husband bought: a non-slip underlay fitted instead of removing it.', 2, 4),
            hazard('Dim hallway light', 'person-and-staff', 'Brighter LED bulb fitted by Susan; plug-in night lights from the bedroom to the toilet.', 2, 3),
            hazard('Front steps in ice or dark', 'everyone', 'Rail on the right; grit bin by the steps: carers grit in icy weather.', 2, 3),
            hazard('Raised threshold into the bathroom', 'person', 'Contrasting tape on the threshold; Peggy uses her stick through the door.', 2, 3),
          ],
          assessed_by: signedBy('office', 250),
        },
      },
    ],
    reviewInDays: 115,
    signedOff: { role: 'Registered manager', daysAgo: 248 },
  },
  {
    client: 1,
    document: 'coshh-risk',
    versions: [
      {
        daysAgo: 250,
        by: 'office',
        content: {
          assessment_date: day(250),
          substances: [
            {
              product: 'Thick bleach',
              hazard_symbols: 'Corrosive; environmental hazard',
              use: 'Cleaning the toilet, by carers only; never mixed with other products',
              storage: 'Bathroom cupboard with a child-proof catch',
              ppe: 'Nitrile gloves and an apron',
              first_aid: 'Skin: rinse with plenty of water. Eyes: rinse for 15 minutes and call NHS 111. Swallowed: do not make the person sick, rinse the mouth, call NHS 111, or 999 if they are unwell.',
              likelihood: '2',
              severity: '3',
            },
            {
              product: 'Laundry liquid capsules',
              hazard_symbols: 'Exclamation mark (harmful if swallowed, eye irritant)',
              use: 'Washing machine, by carers on Mondays',
              storage: 'Closed tub in the top kitchen cupboard',
              ppe: 'Gloves if a capsule has split',
              first_aid: 'Eyes: rinse with water for 15 minutes. Swallowed: rinse the mouth, give a glass of water, call NHS 111.',
              likelihood: '2',
              severity: '3',
            },
            {
              product: 'Washing-up liquid',
              hazard_symbols: 'Exclamation mark (eye irritant)',
              use: 'Washing up, by carers and Peggy',
              storage: 'Under the kitchen sink',
              ppe: 'None needed',
              first_aid: 'Eyes: rinse with water; NHS 111 if irritation lasts.',
              likelihood: '1',
              severity: '2',
            },
          ],
          supplied_by: 'person',
          original_containers: true,
          stored_safely: true,
          ingestion_risk: true,
          ingestion_controls:
            'Peggy’s memory means she could mistake a capsule or bottle for something else: bleach is in the bathroom cupboard with the catch and laundry capsules in the top cupboard (Susan agreed). Only washing-up liquid is under the sink.',
          ppe_available: ['nitrile-gloves', 'aprons'],
          latex_allergy: false,
          flammable_emollients: false,
          waste: 'household',
          spillage: 'Open the window, keep Peggy out of the room, soak up with paper towels wearing gloves, bag it, wash the floor with water. Anyone splashed: first aid as above and NHS 111.',
          data_sheets: true,
          assessed_by: signedBy('office', 250),
        },
      },
    ],
    reviewInDays: 115,
  },
  {
    client: 1,
    document: 'food-poisoning',
    versions: [
      {
        daysAgo: 215,
        by: 'office',
        content: {
          assessment_date: day(215),
          who_shops: 'delivery',
          who_prepares: 'carers',
          fridge_temperature: 4,
          fridge_checks: 'daily',
          use_by_checks: 'carers-every-visit',
          out_of_date_food:
            'Peggy hates waste and keeps food past its date. Carers show her the date and ask before throwing anything away; if she says no, they tell Susan, who sorts it out with her. Write in the notes what was thrown away.',
          storage: 'Raw meat covered on the bottom shelf; leftovers cooled, covered, dated and eaten within two days; bread and cereals in the bread bin.',
          handling:
            'Wash hands before and after; separate board for raw meat; cook until steaming hot all through; reheat only once. Warfarin: keep her diet steady — no cranberry or grapefruit juice, and no big changes in green leafy vegetables (they change her INR).',
          kitchen_hygiene: true,
          appliances_safe: true,
          unsafe_food_risk: true,
          unsafe_food_controls: 'Memory: she may eat old leftovers. Carers cook small portions, date any leftovers and offer them the next day, then throw them away with her agreement.',
          food_allergies: false,
          special_diet: [],
          food_hygiene_training: true,
          assessed_by: signedBy('office', 215),
        },
      },
      {
        daysAgo: 16,
        by: 'office',
        note: 'Fridge found at 7 °C: thermostat turned colder and checks now at every visit; Susan asked to have the door seal looked at.',
        content: {
          assessment_date: day(16),
          who_shops: 'delivery',
          who_prepares: 'carers',
          fridge_temperature: 7,
          fridge_checks: 'every-visit',
          use_by_checks: 'carers-every-visit',
          out_of_date_food:
            'Peggy hates waste and keeps food past its date. Carers show her the date and ask before throwing anything away; if she says no, they tell Susan, who sorts it out with her. Write in the notes what was thrown away.',
          storage:
            'Raw meat covered on the bottom shelf; leftovers cooled, covered, dated and eaten within two days; bread and cereals in the bread bin. Susan’s Friday delivery goes straight into the fridge at the lunch call.',
          handling:
            'Wash hands before and after; separate board for raw meat; cook until steaming hot all through; reheat only once. Warfarin: keep her diet steady — no cranberry or grapefruit juice, and no big changes in green leafy vegetables (they change her INR).',
          kitchen_hygiene: true,
          appliances_safe: true,
          unsafe_food_risk: true,
          unsafe_food_controls: 'Memory: she may eat old leftovers. Carers cook small portions, date any leftovers and offer them the next day, then throw them away with her agreement.',
          food_allergies: false,
          special_diet: [],
          food_hygiene_training: true,
          assessed_by: signedBy('office', 16),
        },
      },
    ],
    reviewInDays: 10,
  },
  {
    client: 1,
    document: 'behaviour-risks',
    versions: [
      {
        daysAgo: 168,
        by: 'office',
        content: {
          assessment_date: day(168),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Peggy has mild vascular dementia. Late in the afternoon she can become anxious and ask where Susan is: this is distress, not a risk to herself or others, and it settles with reassurance, a cup of tea and a call to Susan. No aggression or other behaviour putting anyone at risk in the care notes since March 2024, or from Susan. Look again if she starts going out at night, her dementia progresses, or carers see new distress.',
          people_involved: ['person', 'family', 'care-staff'],
          assessed_by: signedBy('office', 168),
        },
      },
    ],
    reviewInDays: 15,
  },
  {
    client: 1,
    document: 'self-harm',
    versions: [
      {
        daysAgo: 100,
        by: 'office',
        content: {
          assessment_date: day(100),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'No history of self-harm known to Peggy, Susan or in the GP summary shared at the start of the package. Her mood is generally good: she enjoys the visits, the radio and Frank’s company. Dementia means she may not tell us if her mood drops, so carers note changes in mood, eating or sleep in the daily notes; a change means a re-screen and a call to the GP.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 100),
        },
      },
      {
        daysAgo: 12,
        by: 'office',
        note: 'Three-monthly re-screen: no change.',
        content: {
          assessment_date: day(12),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Re-screened with Peggy and Susan: no self-harm, no change in mood, eating or sleep in the daily notes. She was upset by the cooker incident but settled once she understood the timer. Dementia means she may not tell us if her mood drops, so carers keep noting changes; a change means a re-screen and a call to the GP.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 12),
        },
      },
    ],
    reviewInDays: 78,
  },
  {
    client: 1,
    document: 'suicide',
    versions: [
      {
        daysAgo: 12,
        by: 'office',
        content: {
          assessment_date: day(12),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Peggy has never spoken of not wanting to live; asked gently, she said she "has plenty to get on with". Around the anniversary of her husband’s death in March she is tearful and carers spend extra time with her. Warfarin and donepezil are held and given by carers. Re-screen if her mood, eating or sleep change, or she talks about death in a new way; tell the GP.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 12),
        },
      },
    ],
    reviewInDays: 78,
  },
  {
    client: 1,
    document: 'knives',
    versions: [
      {
        daysAgo: 168,
        by: 'office',
        content: {
          assessment_date: day(168),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Kitchen knives are in the cutlery drawer; Peggy uses a small knife to peel fruit and butter bread and handles it safely (seen by carers). No history of harming herself or anyone else with a sharp object. Any restriction would not be proportionate. Look again if her dementia progresses or her handling becomes unsafe.',
          items_in_home: ['kitchen-knives', 'scissors'],
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 168),
        },
      },
    ],
    reviewInDays: 15,
  },
  {
    client: 1,
    document: 'restrictive-physical-intervention',
    versions: [
      {
        daysAgo: 168,
        by: 'office',
        content: {
          assessment_date: day(168),
          authorisation: 'not-authorised',
          rationale: `Peggy shows no behaviour that puts herself or others at risk, and her support needs no physical intervention. Carers guide her only with her agreement (an arm offered when walking). ${NOT_AUTHORISED_NOTE}`,
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 168),
        },
      },
    ],
    reviewInDays: 15,
  },
  {
    client: 1,
    document: 'injury-to-staff',
    versions: [
      {
        daysAgo: 168,
        by: 'office',
        content: {
          assessment_date: day(168),
          risk_types: ['moving-handling', 'environment', 'lone-working'],
          staff_risks: [
            hazard('Helping Peggy up from her chair and bed', 'staff', 'She stands herself with prompts and her stick; chair and bed raised; no lifting; yearly moving and handling training.', 2, 3),
            hazard('Walking to the house after dark (bedtime call)', 'staff', 'Well-lit street; carers park on Agar Grove; check in and out on the app; on-call number on the badge.', 2, 3),
            hazard('Icy front steps', 'staff', 'Rail on the right; grit bin by the steps.', 2, 3),
          ],
          two_staff_needed: false,
          lone_working: 'Check in and out on the app at every call. The office, or on-call after 18:00, rings a carer who has not checked out 15 minutes after the planned end.',
          training_needed: ['moving-handling', 'lone-working'],
          ppe: 'Gloves and aprons for personal care',
          incidents: [],
          staff_support: 'No incidents so far. After any incident: a debrief with the manager the same day, time off if needed, occupational health referral, and the employee assistance line.',
          staff_informed: true,
          assessed_by: signedBy('office', 168),
        },
      },
    ],
    reviewInDays: 15,
  },
  {
    client: 1,
    document: 'covid-risk-assessment',
    versions: [
      {
        daysAgo: 47,
        by: 'office',
        content: {
          assessment_date: day(47),
          clinical_vulnerability: 'raised',
          conditions:
            'Aged over 75, vascular dementia, atrial fibrillation on warfarin. Some COVID-19 antivirals interact with warfarin: the GP or pharmacist must check before any treatment.',
          vaccination_status: 'current',
          last_vaccination: day(52),
          ppe: ['gloves-aprons', 'mask-when-symptoms'],
          person_wishes: 'Peggy finds masks confusing and cannot lip-read through them. She agrees to a mask when she or the carer has symptoms; explain why each time.',
          ventilation: 'Peggy likes the kitchen window open a little in the mornings.',
          visitors: 'Susan most evenings and Frank from number 16. Susan stays away when she is unwell and rings instead.',
          tests_at_home: false,
          person_symptoms: 'Record her temperature and symptoms, tell the office and Susan, ring the GP the same day (warfarin and dementia make her vulnerable). Carers wear a mask; keep visits going.',
          staff_symptoms: 'Follow the agency’s current infection control policy, based on the latest UKHSA guidance: tell the office before the shift; do not visit while unwell with a fever.',
          contingency: 'Essential calls first: the 18:00 warfarin call and the morning call. Susan can cover lunch if staff are short; the office rings her first.',
          assessed_by: signedBy('office', 47),
        },
      },
    ],
    reviewInDays: 135,
  },
  {
    client: 1,
    document: 'medication-assessment',
    versions: [
      {
        daysAgo: 150,
        by: 'office',
        content: {
          assessment_date: day(150),
          reason: 'scheduled-review',
          people_involved: ['person', 'family', 'community-pharmacist'],
          ordering_by: 'pharmacy',
          collecting_by: 'pharmacy-delivers',
          storage:
            'In a lidded box in the top kitchen cupboard, out of sight (Peggy agreed, after she once took an extra donepezil). The yellow book and INR letters are in the box with the MAR folder. Unwanted medicines go back to the pharmacy with the delivery driver.',
          controlled_drugs: false,
          abilities: ['swallows', 'notices-effects'],
          difficulties:
            'Mild vascular dementia: she forgets whether she has taken her tablets and cannot follow changing warfarin doses. Hard of hearing on the left: sit on her right and show her each tablet.',
          self_administer: 'with-support',
          capacity: 'assessed-has',
          consent: true,
          support_level: 'administer',
          support_reasons:
            'Warfarin: administer — the dose changes with each INR and Peggy cannot follow the yellow book. Donepezil: assist — carers press the tablet from the pack and Peggy takes it with water at 20:00. Paracetamol as needed for knee pain: prompt — carers ask about pain at each call; no more than 8 tablets in 24 hours, 4 hours apart; record each dose.',
          formulations: ['original-packs'],
          time_critical: true,
          time_critical_details:
            'Warfarin at 18:00 (17:30–18:30) from the latest yellow-book entry: the tea call is booked for 17:30. If it is missed or late, ring the anticoagulation clinic or GP for advice; never double up. Donepezil at 20:00 at the bedtime call.',
          covert: 'not-applicable',
          allergies: 'Penicillin (rash).',
          contacts: [
            { role: 'gp', name: 'Camden Road Surgery', phone: '020 7946 0140' },
            { role: 'pharmacy', name: 'Agar Grove Pharmacy', phone: '020 7946 0155' },
            { role: 'clinic', name: 'Anticoagulation clinic, St Pancras', phone: '020 7946 0160' },
            { role: 'family', name: 'Susan Ellison (daughter)', phone: '07700 900101' },
          ],
          risks: [
            { risk: 'Wrong warfarin dose after an INR change', controls: 'Dose read from the latest yellow-book entry and written on the MAR; the next carer checks it against the book.', likelihood: '2', severity: '5' },
            { risk: 'Bleeding on warfarin', controls: 'Carers look for bruises and bleeding and report them to the GP the same day; no aspirin or ibuprofen.', likelihood: '2', severity: '4' },
            { risk: 'Taking extra tablets', controls: 'Medicines out of sight in the lidded box; only the dose due is put out.', likelihood: '2', severity: '3' },
            { risk: 'Knee pain not treated', controls: 'Carers ask about pain at every call and offer paracetamol.', likelihood: '3', severity: '2' },
          ],
          person_signature: signedByPerson('Margaret Ellison', 'The person', 150),
          assessed_by: signedBy('office', 150),
        },
      },
      {
        daysAgo: 20,
        by: 'manager',
        note: 'Susan now orders the repeats on the NHS App; the pharmacy still delivers on Thursdays.',
        content: {
          assessment_date: day(20),
          reason: 'scheduled-review',
          people_involved: ['person', 'family'],
          ordering_by: 'family',
          collecting_by: 'pharmacy-delivers',
          storage:
            'In a lidded box in the top kitchen cupboard, out of sight (Peggy agreed, after she once took an extra donepezil). The yellow book and INR letters are in the box with the MAR folder. Unwanted medicines go back to the pharmacy with the delivery driver.',
          controlled_drugs: false,
          abilities: ['swallows', 'notices-effects'],
          difficulties:
            'Mild vascular dementia: she forgets whether she has taken her tablets and cannot follow changing warfarin doses. Hard of hearing on the left: sit on her right and show her each tablet.',
          self_administer: 'with-support',
          capacity: 'assessed-has',
          consent: true,
          support_level: 'administer',
          support_reasons:
            'Warfarin: administer — the dose changes with each INR and Peggy cannot follow the yellow book. Donepezil: assist — carers press the tablet from the pack and Peggy takes it with water at 20:00. Paracetamol as needed for knee pain: prompt — carers ask about pain at each call; no more than 8 tablets in 24 hours, 4 hours apart; record each dose.',
          formulations: ['original-packs'],
          time_critical: true,
          time_critical_details:
            'Warfarin at 18:00 (17:30–18:30) from the latest yellow-book entry: the tea call is booked for 17:30. If it is missed or late, ring the anticoagulation clinic or GP for advice; never double up. Donepezil at 20:00 at the bedtime call.',
          covert: 'not-applicable',
          allergies: 'Penicillin (rash).',
          contacts: [
            { role: 'gp', name: 'Camden Road Surgery', phone: '020 7946 0140' },
            { role: 'pharmacy', name: 'Agar Grove Pharmacy', phone: '020 7946 0155' },
            { role: 'clinic', name: 'Anticoagulation clinic, St Pancras', phone: '020 7946 0160' },
            { role: 'family', name: 'Susan Ellison (daughter, orders repeats)', phone: '07700 900101' },
          ],
          risks: [
            { risk: 'Wrong warfarin dose after an INR change', controls: 'Dose read from the latest yellow-book entry and written on the MAR; the next carer checks it against the book.', likelihood: '2', severity: '5' },
            { risk: 'Bleeding on warfarin', controls: 'Carers look for bruises and bleeding and report them to the GP the same day; no aspirin or ibuprofen.', likelihood: '2', severity: '4' },
            { risk: 'Taking extra tablets', controls: 'Medicines out of sight in the lidded box; only the dose due is put out.', likelihood: '2', severity: '3' },
            { risk: 'Repeats ordered late', controls: 'Susan orders when the carer writes "7 days left" on the MAR front sheet; the office checks stock at the monthly audit.', likelihood: '2', severity: '3' },
          ],
          person_signature: signedByPerson('Margaret Ellison', 'The person', 20),
          assessed_by: signedBy('manager', 20),
        },
      },
    ],
    reviewInDays: 162,
    signedOff: { role: 'Registered manager', daysAgo: 19 },
  },
];

// ——— 2. Desmond Achebe: type 2 diabetes on insulin (given by the district nurse), peripheral neuropathy, a flat ———

const desmondHypo = (likelihood: number, further: string) =>
  hazard(
    'Low blood glucose (hypo) on insulin',
    'person',
    'The district nurse gives glargine at 08:00; carers check blood glucose before breakfast and tea and record it; regular meals; hypo box (glucose tablets, orange juice) in the kitchen. Below 4 mmol/L: 15–20 g of fast sugar, recheck after 15 minutes; 999 if he is drowsy or cannot swallow.',
    likelihood,
    4,
    further,
  );
const DESMOND_HAZARDS = [
  hazard(
    'Foot injuries he cannot feel (neuropathy)',
    'person',
    'Carers check both feet at the morning call (tops, soles, between the toes) and record it; any cut, blister or colour change is reported to the district nurse the same day; podiatry every 8 weeks; well-fitting slippers indoors.',
    3,
    4,
  ),
  hazard('Scalds from the shower on numb feet', 'person', 'Water checked with the bath thermometer (no hotter than 44 °C) before he steps in; he tests with his elbow, not his feet.', 2, 4),
  hazard('Falls from reduced feeling in his feet', 'person', 'Clear floors, a grab rail by the bath, good lighting; he walks slowly and holds the furniture.', 2, 3),
  hazard('High blood glucose when unwell', 'person', 'Sick-day rules from the diabetes nurse in the care folder; readings over 15 mmol/L twice in a row reported to the district nurse.', 2, 3),
];
const DESMOND_RISK_BASE = {
  reason: 'scheduled-review',
  people_involved: ['person', 'family', 'professionals'],
  tasks_covered: 'Two calls a day: blood glucose check before breakfast and tea (recorded); prompt with metformin; prepare meals following his diabetic diet; check his feet at the morning call.',
  person_views:
    'Desmond knows his diabetes well and wants carers to "keep an eye" rather than take over. He sometimes does not want breakfast; he understands the risk after his insulin and agrees to at least a slice of toast.',
  positive_risk_taking: 'He enjoys a sweet pastry now and then. Agreed: no restriction; carers record his glucose as usual and he adjusts his tea.',
  capacity_doubt: false,
  shared_with: ['person', 'family', 'care-team', 'health'],
};

const DESMOND: DemoDocument[] = [
  {
    client: 2,
    document: 'risk-assessment',
    versions: [
      {
        daysAgo: 300,
        by: 'office',
        content: {
          ...DESMOND_RISK_BASE,
          assessment_date: day(300),
          hazards: [desmondHypo(3, 'Ask the diabetes nurse for his target range in writing.'), ...DESMOND_HAZARDS],
          summary: 'Check glucose before breakfast and tea; treat anything under 4 mmol/L at once. Check his feet every morning. Never give insulin: the district nurse does.',
          person_signature: signedByPerson('Desmond Achebe', 'The person', 300),
          assessed_by: signedBy('office', 300),
        },
      },
      {
        daysAgo: 60,
        by: 'office',
        note: 'Two hypos before tea this month (3.2 and 3.6 mmol/L): the diabetes nurse cut glargine from 20 to 18 units; hypo risk raised until she reviews him.',
        content: {
          ...DESMOND_RISK_BASE,
          reason: 'after-incident',
          assessment_date: day(60),
          hazards: [
            desmondHypo(4, 'Diabetes nurse review after the dose change; carers ring the district nurse with any reading under 4 mmol/L and offer a snack at 15:00 until then.'),
            ...DESMOND_HAZARDS,
          ],
          summary:
            'Check glucose before breakfast and tea; treat anything under 4 mmol/L at once and ring the district nurse. Make sure he eats after his insulin. Check his feet every morning. Never give insulin: the district nurse does.',
          person_signature: signedByPerson('Desmond Achebe', 'The person', 60),
          assessed_by: signedBy('office', 60),
        },
      },
    ],
    reviewInDays: 6,
  },
  {
    client: 2,
    document: 'environmental-risk',
    versions: [
      {
        daysAgo: 290,
        by: 'office',
        content: {
          assessment_date: day(290),
          property_type: 'flat-lift',
          entry_method: 'person-answers',
          access_notes:
            'Second-floor flat on the estate: buzz flat 6 at the main entrance, lift to the second floor, flat 6 on the right. Desmond answers the door: give him time, he walks slowly. If the lift is out of order he cannot manage the stairs: tell the office, who reports it to Camden housing repairs.',
          parking: 'No visitor parking on the estate; pay-and-display bays on the main road, or walk from Mornington Crescent station.',
          lighting: 'good',
          stairs: 'none',
          trip_hazards: ['cables'],
          space_to_work: true,
          pets: false,
          smoke_alarms: 'working',
          smoking: 'none',
          home_oxygen: false,
          gas_safety: 'checked',
          carbon_monoxide_alarm: true,
          electrical_concerns: 'None seen.',
          water_temperature: 'thermometer',
          others_in_home: 'His wife Abigail. No one living in or visiting the flat poses a risk to staff.',
          mobile_signal: true,
          lone_working: 'One carer at each call, both in daylight most of the year. Check in and out on the app; the office rings a carer who has not checked out 15 minutes after the planned end.',
          hazards: [
            hazard('Lift out of order', 'person-and-staff', 'Desmond stays in; carers use the stairs (rails both sides); the office reports the fault and checks he has food.', 2, 3),
            hazard('TV cable across the living-room floor', 'person', 'Cable run along the skirting with a cover (Abigail’s nephew did it).', 2, 3),
            hazard('Used insulin needles', 'staff', 'The district nurse gives insulin and keeps the sharps bin in the bathroom cabinet; carers never handle used needles.', 1, 3),
          ],
          assessed_by: signedBy('office', 290),
        },
      },
    ],
    reviewInDays: 75,
  },
  {
    client: 2,
    document: 'coshh-risk',
    versions: [
      {
        daysAgo: 290,
        by: 'office',
        content: {
          assessment_date: day(290),
          substances: [
            {
              product: 'Blood glucose lancets and test strips',
              hazard_symbols: 'None on the label; used lancets are sharps with a blood-borne infection risk',
              use: 'Finger-prick glucose checks by carers before breakfast and tea',
              storage: 'Meter kit in the kitchen drawer; used lancets straight into the sharps bin',
              ppe: 'Nitrile gloves',
              first_aid: 'Needlestick: let it bleed, wash with soap and running water without scrubbing, cover it, tell the office at once and go to occupational health or A&E the same day.',
              likelihood: '2',
              severity: '3',
            },
            {
              product: 'Household bleach',
              hazard_symbols: 'Corrosive; environmental hazard',
              use: 'Toilet and bathroom, by carers only',
              storage: 'Under the bathroom sink',
              ppe: 'Nitrile gloves and an apron',
              first_aid: 'Skin: rinse with plenty of water. Eyes: rinse for 15 minutes and call NHS 111. Swallowed: do not make sick, rinse the mouth, call NHS 111.',
              likelihood: '1',
              severity: '3',
            },
            {
              product: 'Limescale remover spray',
              hazard_symbols: 'Exclamation mark (skin and eye irritant)',
              use: 'Bath and taps, by carers once a week',
              storage: 'Under the bathroom sink',
              ppe: 'Nitrile gloves; open the window',
              first_aid: 'Skin and eyes: rinse with water for 15 minutes; NHS 111 if irritation lasts.',
              likelihood: '1',
              severity: '2',
            },
          ],
          supplied_by: 'both',
          original_containers: true,
          stored_safely: true,
          ingestion_risk: false,
          ppe_available: ['nitrile-gloves', 'aprons'],
          latex_allergy: false,
          flammable_emollients: false,
          waste: 'sharps-bin',
          spillage: 'Open the window, soak up with paper towels wearing gloves, bag it, rinse the area. Anyone splashed: first aid as above.',
          data_sheets: true,
          assessed_by: signedBy('office', 290),
        },
      },
    ],
    reviewInDays: 75,
  },
  {
    client: 2,
    document: 'food-poisoning',
    versions: [
      {
        daysAgo: 120,
        by: 'office',
        content: {
          assessment_date: day(120),
          who_shops: 'family',
          who_prepares: 'carers',
          fridge_temperature: 3.5,
          fridge_checks: 'every-visit',
          use_by_checks: 'carers-every-visit',
          out_of_date_food: 'Desmond is happy for carers to throw away food past its use-by date; they tell him what they have thrown away and add it to the shopping list for Abigail.',
          storage:
            'Raw meat covered on the bottom shelf; cooked rice cooled within an hour and kept no more than a day; leftovers dated. His unopened insulin pens are in the fridge door: keep them away from the back of the fridge where they could freeze.',
          handling: 'Wash hands before and after; separate board for raw meat; cook chicken until steaming hot with no pink; reheat only once.',
          kitchen_hygiene: true,
          appliances_safe: true,
          unsafe_food_risk: false,
          food_allergies: false,
          special_diet: ['diabetic'],
          food_hygiene_training: true,
          assessed_by: signedBy('office', 120),
        },
      },
    ],
    reviewInDays: 60,
  },
  {
    client: 2,
    document: 'behaviour-risks',
    versions: [
      {
        daysAgo: 120,
        by: 'office',
        content: {
          assessment_date: day(120),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Desmond is calm, sociable and makes his own decisions. A hypo can make anyone confused or irritable: carers treat the hypo (general risk assessment), they do not manage it as behaviour. No incidents since the package started in January 2025. Look again if his glucose control or mood changes.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 120),
        },
      },
    ],
    reviewInDays: 62,
  },
  {
    client: 2,
    document: 'self-harm',
    versions: [
      {
        daysAgo: 97,
        by: 'office',
        content: {
          assessment_date: day(97),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'No history of self-harm known to Desmond, his wife or the GP. He manages his diabetes with interest and talks openly with carers about his health. His insulin is given and kept by the district nurse. Re-screen if his mood changes or he stops looking after his feet or diet.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 97),
        },
      },
    ],
    reviewInDays: -5,
  },
  {
    client: 2,
    document: 'suicide',
    versions: [
      {
        daysAgo: 97,
        by: 'office',
        content: {
          assessment_date: day(97),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Desmond says his mood is good: he enjoys the radio, his family’s visits and talking football with carers. He has never spoken of not wanting to live. Long-term conditions and neuropathy pain can wear people down: carers note changes in mood, sleep or appetite, and any change means a re-screen and a call to the GP.',
          people_involved: ['person'],
          assessed_by: signedBy('office', 97),
        },
      },
    ],
    reviewInDays: -5,
  },
  {
    client: 2,
    document: 'knives',
    versions: [
      {
        daysAgo: 120,
        by: 'office',
        content: {
          assessment_date: day(120),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Kitchen knives are in the drawer by the cooker; carers prepare meals and Desmond uses them safely himself. The district nurse’s insulin needles are in her sharps bin. No history of harm to himself or others. No restriction is needed.',
          items_in_home: ['kitchen-knives', 'scissors', 'needles'],
          people_involved: ['person'],
          assessed_by: signedBy('office', 120),
        },
      },
    ],
    reviewInDays: 62,
  },
  {
    client: 2,
    document: 'restrictive-physical-intervention',
    versions: [
      {
        daysAgo: 120,
        by: 'office',
        content: {
          assessment_date: day(120),
          authorisation: 'not-authorised',
          rationale: `Desmond has capacity and directs his own care; nothing in his support calls for physical intervention. If he is confused during a hypo, carers treat the hypo and call 999 if needed; they do not hold him. ${NOT_AUTHORISED_NOTE}`,
          people_involved: ['person'],
          assessed_by: signedBy('office', 120),
        },
      },
    ],
    reviewInDays: 62,
  },
  {
    client: 2,
    document: 'injury-to-staff',
    versions: [
      {
        daysAgo: 290,
        by: 'office',
        content: {
          assessment_date: day(290),
          risk_types: ['sharps', 'lone-working'],
          staff_risks: [
            hazard('Needlestick from glucose lancets', 'staff', 'Gloves for every check; the lancet device ejects straight into the sharps bin.', 2, 3),
            hazard('Lift out of order', 'staff', 'Stairs with rails both sides; carers do not carry heavy shopping up: Abigail has it delivered.', 2, 2),
          ],
          two_staff_needed: false,
          lone_working: 'Check in and out on the app at every call; the office rings a carer who has not checked out 15 minutes after the planned end.',
          training_needed: ['infection-control', 'lone-working'],
          ppe: 'Nitrile gloves for glucose checks; gloves and aprons for personal care',
          incidents: [],
          staff_support: 'After any incident: a debrief with the manager the same day, occupational health for any needlestick, and the employee assistance line.',
          staff_informed: true,
          assessed_by: signedBy('office', 290),
        },
      },
      {
        daysAgo: 128,
        by: 'manager',
        note: 'Needlestick from a used lancet left on the table: incident added; the carer doing the check now disposes of the lancet at once.',
        content: {
          assessment_date: day(128),
          risk_types: ['sharps', 'lone-working'],
          staff_risks: [
            hazard(
              'Needlestick from glucose lancets',
              'staff',
              'Gloves for every check; the carer who does the check ejects the lancet straight into the sharps bin before doing anything else; the bin sits next to the meter.',
              2,
              3,
              'Observe a glucose check at the next two spot checks.',
              'Maya Manager',
              day(70),
            ),
            hazard('Lift out of order', 'staff', 'Stairs with rails both sides; carers do not carry heavy shopping up: Abigail has it delivered.', 2, 2),
          ],
          two_staff_needed: false,
          lone_working: 'Check in and out on the app at every call; the office rings a carer who has not checked out 15 minutes after the planned end.',
          training_needed: ['infection-control', 'lone-working'],
          ppe: 'Nitrile gloves for glucose checks; gloves and aprons for personal care',
          incidents: [
            {
              date: day(131),
              what_happened: 'A carer pricked her finger on a used lancet left on the kitchen table while clearing up after the tea-time check.',
              injury: 'Needlestick, skin broken',
              days_off: 0,
              riddor_reportable: false,
              reported_on: '',
            },
          ],
          staff_support:
            'The carer went to occupational health the same evening (blood test and follow-up booked) and had a debrief with the manager. Not RIDDOR reportable: the source was not known to carry a blood-borne virus.',
          staff_informed: true,
          assessed_by: signedBy('manager', 128),
        },
      },
    ],
    reviewInDays: 52,
    signedOff: { role: 'Registered manager', daysAgo: 128 },
  },
  {
    client: 2,
    document: 'covid-risk-assessment',
    versions: [
      {
        daysAgo: 195,
        by: 'office',
        content: {
          assessment_date: day(195),
          clinical_vulnerability: 'raised',
          conditions: 'Aged over 75; type 2 diabetes on insulin. Illness can push his glucose up: follow the sick-day rules.',
          vaccination_status: 'current',
          last_vaccination: day(230),
          ppe: ['gloves-aprons', 'mask-when-symptoms'],
          person_wishes: 'Desmond does not mind masks; he would rather carers wear one if they have a cough.',
          ventilation: 'Living-room window open during visits in warmer months.',
          visitors: 'Family at weekends; they stay away when unwell.',
          tests_at_home: false,
          person_symptoms: 'Check his glucose more often (sick-day rules), tell the office and Abigail, and ring the GP or NHS 111 the same day.',
          staff_symptoms: 'Follow the agency’s current infection control policy, based on the latest UKHSA guidance: tell the office before the shift.',
          contingency: 'Both calls are essential (glucose checks and meals). Abigail can make meals if a call cannot be covered; the district nurse still gives his insulin.',
          assessed_by: signedBy('office', 195),
        },
      },
    ],
    reviewInDays: -12,
  },
  {
    client: 2,
    document: 'medication-assessment',
    versions: [
      {
        daysAgo: 300,
        by: 'office',
        content: {
          assessment_date: day(300),
          reason: 'scheduled-review',
          people_involved: ['person', 'nurse'],
          ordering_by: 'pharmacy',
          collecting_by: 'pharmacy-delivers',
          storage:
            'Tablets in the kitchen cupboard by the kettle. Unopened insulin pens in the fridge door (2–8 °C); the pen in use at room temperature in the bathroom cabinet with the district nurse’s record. Unwanted medicines go back to the pharmacy.',
          controlled_drugs: false,
          abilities: ['knows-medicines', 'remembers', 'reads-labels', 'opens-packs', 'swallows', 'notices-effects'],
          difficulties: 'Neuropathy makes blister packs fiddly on cold mornings; he manages with his glasses on and time. He sometimes forgets the evening metformin if tea is late.',
          self_administer: 'with-support',
          capacity: 'no-doubt',
          consent: true,
          support_level: 'prompt',
          support_reasons:
            'Metformin: prompt — carers remind him with breakfast and tea and record on the MAR that he took it. Insulin glargine (20 units): the district nurse gives it at 08:00; carers record blood glucose only and never give insulin.',
          formulations: ['original-packs', 'injections'],
          time_critical: true,
          time_critical_details:
            'Insulin glargine at 08:00 by the district nurse: the 07:30 call checks glucose first and makes sure he eats breakfast after the injection. Metformin with food at 08:00 and 18:00.',
          covert: 'not-applicable',
          allergies: 'None known.',
          contacts: [
            { role: 'gp', name: 'Somers Town Medical Centre', phone: '020 7946 0222' },
            { role: 'pharmacy', name: 'Eversholt Street Pharmacy', phone: '020 7946 0228' },
            { role: 'nurse', name: 'Camden district nursing team', phone: '020 7946 0233' },
            { role: 'clinic', name: 'Diabetes specialist nurse, community diabetes service', phone: '020 7946 0237' },
          ],
          risks: [
            { risk: 'Hypo after insulin without breakfast', controls: 'Glucose checked and breakfast made at the morning call; hypo box in the kitchen.', likelihood: '3', severity: '4' },
            { risk: 'Evening metformin missed', controls: 'Prompt at the tea call and recorded on the MAR.', likelihood: '2', severity: '2' },
            { risk: 'Insulin given by carers in error', controls: 'Carers are not trained or delegated to give insulin; the plan and MAR say so.', likelihood: '1', severity: '5' },
          ],
          person_signature: signedByPerson('Desmond Achebe', 'The person', 300),
          assessed_by: signedBy('office', 300),
        },
      },
      {
        daysAgo: 60,
        by: 'manager',
        note: 'Insulin glargine cut from 20 to 18 units by the diabetes nurse after two hypos (letter in the file).',
        content: {
          assessment_date: day(60),
          reason: 'change-in-medicines',
          people_involved: ['person', 'nurse'],
          ordering_by: 'pharmacy',
          collecting_by: 'pharmacy-delivers',
          storage:
            'Tablets in the kitchen cupboard by the kettle. Unopened insulin pens in the fridge door (2–8 °C); the pen in use at room temperature in the bathroom cabinet with the district nurse’s record. Unwanted medicines go back to the pharmacy.',
          controlled_drugs: false,
          abilities: ['knows-medicines', 'remembers', 'reads-labels', 'opens-packs', 'swallows', 'notices-effects'],
          difficulties: 'Neuropathy makes blister packs fiddly on cold mornings; he manages with his glasses on and time. He sometimes forgets the evening metformin if tea is late.',
          self_administer: 'with-support',
          capacity: 'no-doubt',
          consent: true,
          support_level: 'prompt',
          support_reasons:
            'Metformin: prompt — carers remind him with breakfast and tea and record on the MAR that he took it. Insulin glargine (18 units since the diabetes nurse’s review): the district nurse gives it at 08:00; carers record blood glucose only and never give insulin.',
          formulations: ['original-packs', 'injections'],
          time_critical: true,
          time_critical_details:
            'Insulin glargine at 08:00 by the district nurse: the 07:30 call checks glucose first and makes sure he eats breakfast after the injection. Metformin with food at 08:00 and 18:00.',
          covert: 'not-applicable',
          allergies: 'None known.',
          contacts: [
            { role: 'gp', name: 'Somers Town Medical Centre', phone: '020 7946 0222' },
            { role: 'pharmacy', name: 'Eversholt Street Pharmacy', phone: '020 7946 0228' },
            { role: 'nurse', name: 'Camden district nursing team', phone: '020 7946 0233' },
            { role: 'clinic', name: 'Diabetes specialist nurse, community diabetes service', phone: '020 7946 0237' },
          ],
          risks: [
            { risk: 'Hypo after insulin without breakfast', controls: 'Glucose checked and breakfast made at the morning call; a snack offered at 15:00 while the new dose settles; hypo box in the kitchen.', likelihood: '4', severity: '4' },
            { risk: 'Evening metformin missed', controls: 'Prompt at the tea call and recorded on the MAR.', likelihood: '2', severity: '2' },
            { risk: 'Insulin given by carers in error', controls: 'Carers are not trained or delegated to give insulin; the plan and MAR say so.', likelihood: '1', severity: '5' },
          ],
          person_signature: signedByPerson('Desmond Achebe', 'The person', 60),
          assessed_by: signedBy('manager', 60),
        },
      },
    ],
    reviewInDays: 120,
    signedOff: { role: 'Registered manager', daysAgo: 59 },
  },
];

// ——— 3. Irene "Renia" Kowalczyk: osteoporosis, COPD, in the Royal Free after a fall with a fractured right wrist ———

const IRENE_RISK_BASE = {
  people_involved: ['person', 'attorney', 'professionals'],
  person_views:
    'Renia wants to go home and is frightened of falling again. She agreed to a commode by the bed at night "for now". Agnieszka translated.',
  positive_risk_taking:
    'She wants to keep sleeping upstairs in her own bed rather than have a bed brought down. Agreed, with the second stair rail and the OT’s advice before discharge.',
  capacity_doubt: false,
  shared_with: ['person', 'family', 'care-team', 'social-worker'],
};

const IRENE: DemoDocument[] = [
  {
    client: 3,
    document: 'risk-assessment',
    versions: [
      {
        daysAgo: 210,
        by: 'office',
        content: {
          ...IRENE_RISK_BASE,
          reason: 'scheduled-review',
          assessment_date: day(210),
          tasks_covered: 'Two calls a day: help to wash and dress, breakfast, prompt with her inhaler and omeprazole; a light tea.',
          hazards: [
            hazard(
              'Falls (osteoporosis: any fall may break a bone)',
              'person',
              'Walks unaided indoors with the furniture; stair rail on the right; night light on the landing.',
              3,
              4,
              'Ask the GP about a falls clinic referral and a pendant alarm.',
              'Oliver Office',
              day(180),
            ),
            hazard('Breathlessness on the stairs (COPD)', 'person', 'Salbutamol inhaler carried in her cardigan pocket; chair at the top of the stairs to rest.', 3, 3),
            hazard('Skin reaction to Elastoplast', 'person', 'Hypoallergenic tape only; noted on the allergy list.', 2, 2),
          ],
          summary: 'Renia has brittle bones: falls matter. Let her set the pace on the stairs and rest at the top. Polish is her first language: Agnieszka translates when needed.',
          person_signature: signedByPerson('Agnieszka Kowalczyk', 'Daughter, health and welfare attorney', 210),
          assessed_by: signedBy('office', 210),
        },
      },
      {
        daysAgo: 8,
        by: 'manager',
        note: 'Fell in the kitchen at night reaching for the kettle: fractured right wrist. Falls risk raised to high; discharge plan with the OT and social worker; personal care with one hand added.',
        content: {
          ...IRENE_RISK_BASE,
          reason: 'after-incident',
          assessment_date: day(8),
          tasks_covered:
            'On discharge (proposed by the social worker: four calls a day for two weeks): help to wash and dress with her right wrist in plaster, meals and drinks, a flask of tea by the bed at night, prompt with her inhaler and help with omeprazole.',
          hazards: [
            hazard(
              'Falls in the kitchen and on the stairs at night (osteoporosis)',
              'person',
              'Commode by the bed at night; flask and water by the bed so she does not go down to the kitchen; night lights on the landing and stairs; one stair rail.',
              4,
              4,
              'OT home visit before discharge: perching stool in the kitchen and a second stair rail. Careline pendant with a falls detector. Four calls a day for two weeks, then review.',
              'Mark Taylor (social worker) with the OT',
              day(-5),
            ),
            hazard('Breathlessness on the stairs (COPD)', 'person', 'Salbutamol inhaler carried in her cardigan pocket; chair at the top of the stairs to rest.', 3, 3),
            hazard(
              'Washing and dressing with one hand (wrist in plaster)',
              'person-and-staff',
              'Carers help with washing, dressing and buttons; a cast protector keeps the plaster dry; she uses her left hand for her inhaler.',
              4,
              2,
            ),
            hazard('Skin reaction to Elastoplast', 'person', 'Hypoallergenic tape only; noted on the allergy list and told to the ward.', 2, 2),
          ],
          summary:
            'Renia has brittle bones and has just broken her wrist in a night-time fall: she must not go down to the kitchen at night. Leave a flask by the bed and the commode ready. Help with everything needing two hands. Polish is her first language: Agnieszka translates.',
          person_signature: signedByPerson('Agnieszka Kowalczyk', 'Daughter, health and welfare attorney', 8),
          assessed_by: signedBy('manager', 8),
        },
      },
    ],
    reviewInDays: 5,
  },
  {
    client: 3,
    document: 'environmental-risk',
    versions: [
      {
        daysAgo: 200,
        by: 'office',
        content: {
          assessment_date: day(200),
          property_type: 'house',
          entry_method: 'key-safe',
          key_safe_location: 'To the right of the front door, under the porch light.',
          access_notes: 'Terraced house: the front door opens from the pavement with one low step. Knock and call "Dzień dobry, Renia" as you let yourself in.',
          parking: 'Camden resident permit zone: use the agency’s visitor permits. Camden Road station is a short walk.',
          lighting: 'poor-areas',
          stairs: 'one-rail',
          trip_hazards: ['rugs', 'clutter'],
          space_to_work: true,
          pets: true,
          pet_arrangements: 'A cat, Misia, who sleeps on the stairs: watch your feet. Agnieszka feeds her when Renia is away.',
          smoke_alarms: 'working',
          smoking: 'none',
          home_oxygen: false,
          gas_safety: 'checked',
          carbon_monoxide_alarm: false,
          electrical_concerns: 'None seen.',
          water_temperature: 'thermometer',
          others_in_home: 'Renia lives alone. Agnieszka visits several times a week.',
          mobile_signal: true,
          lone_working: 'One carer at each call. Check in and out on the app; the office rings a carer who has not checked out 15 minutes after the planned end.',
          hazards: [
            hazard('Stairs with one rail', 'person', 'Rail on the right going up; she rests on the chair at the top.', 3, 4, 'OT to assess for a second rail.', 'Oliver Office', day(150)),
            hazard('Dark landing', 'person', 'Plug-in night light on the landing.', 2, 4),
            hazard('Cat on the stairs', 'person-and-staff', 'Misia fed in the kitchen in the mornings so she is off the stairs during the call.', 2, 3),
            hazard('No carbon monoxide alarm (gas boiler in the kitchen)', 'everyone', 'Boiler serviced with the gas safety check.', 2, 5, 'Agnieszka to buy and fit a CO alarm.', 'Agnieszka Kowalczyk', day(185)),
            hazard('Magazines and bags on the living-room floor', 'person', 'Renia agreed to a basket by her chair for them.', 2, 3),
          ],
          assessed_by: signedBy('office', 200),
        },
      },
    ],
    reviewInDays: 4,
  },
  {
    client: 3,
    document: 'coshh-risk',
    versions: [
      {
        daysAgo: 200,
        by: 'office',
        content: {
          assessment_date: day(200),
          substances: [
            {
              product: 'Furniture polish aerosol',
              hazard_symbols: 'Flammable; gas under pressure',
              use: 'Renia’s own cleaning; carers do not use it',
              storage: 'Cupboard under the stairs, away from the boiler',
              ppe: 'None: do not use sprays in the room she is in (COPD)',
              first_aid: 'Breathed in and breathless: fresh air, her salbutamol inhaler; 999 if she cannot speak in sentences.',
              likelihood: '2',
              severity: '3',
            },
            {
              product: 'Thin bleach',
              hazard_symbols: 'Corrosive; environmental hazard',
              use: 'Toilet, by carers only',
              storage: 'Under the bathroom sink',
              ppe: 'Nitrile gloves and an apron; window open',
              first_aid: 'Skin: rinse with plenty of water. Eyes: rinse for 15 minutes and call NHS 111. Swallowed: rinse the mouth, call NHS 111.',
              likelihood: '1',
              severity: '3',
            },
          ],
          supplied_by: 'person',
          original_containers: true,
          stored_safely: true,
          ingestion_risk: false,
          ppe_available: ['nitrile-gloves', 'aprons'],
          latex_allergy: false,
          flammable_emollients: false,
          waste: 'household',
          spillage: 'Open the windows, keep Renia out of the room (fumes make her breathless), soak up with paper towels wearing gloves, bag it, rinse the area.',
          data_sheets: true,
          assessed_by: signedBy('office', 200),
        },
      },
    ],
    reviewInDays: 165,
  },
  {
    client: 3,
    document: 'food-poisoning',
    versions: [
      {
        daysAgo: 200,
        by: 'office',
        content: {
          assessment_date: day(200),
          who_shops: 'family',
          who_prepares: 'person-with-support',
          fridge_temperature: 4,
          fridge_checks: 'weekly',
          use_by_checks: 'carers-weekly',
          out_of_date_food: 'Renia checks her own food; carers check dates on Mondays and point out anything past its use-by date. She decides what to throw away.',
          storage: 'Agnieszka brings soups and pierogi in labelled tubs: they go in the fridge and are eaten within two days, or in the freezer with the date.',
          handling: 'Wash hands; reheat soups until steaming hot all through; reheat only once.',
          kitchen_hygiene: true,
          appliances_safe: true,
          unsafe_food_risk: false,
          food_allergies: false,
          special_diet: [],
          food_hygiene_training: true,
          assessed_by: signedBy('office', 200),
        },
      },
    ],
    reviewInDays: 4,
  },
  {
    client: 3,
    document: 'behaviour-risks',
    versions: [
      {
        daysAgo: 200,
        by: 'office',
        content: {
          assessment_date: day(200),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Renia is a private, polite woman who can be short with carers when she is breathless or in pain; that is not a behaviour risk. Misunderstandings are avoided with Agnieszka’s help and a short Polish phrase sheet in the care folder. No incidents since her care started in July 2023.',
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 200),
        },
      },
    ],
    reviewInDays: 4,
  },
  {
    client: 3,
    document: 'self-harm',
    versions: [
      {
        daysAgo: 80,
        by: 'office',
        content: {
          assessment_date: day(80),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'No history of self-harm known to Renia, Agnieszka or the GP. Screened with Agnieszka translating. Re-screen if her mood changes, and after any hospital stay.',
          people_involved: ['person', 'attorney'],
          assessed_by: signedBy('office', 80),
        },
      },
    ],
    reviewInDays: 5,
  },
  {
    client: 3,
    document: 'suicide',
    versions: [
      {
        daysAgo: 80,
        by: 'office',
        content: {
          assessment_date: day(80),
          screening_outcome: 'no-identified-risk',
          screening_rationale: 'Renia has never spoken of not wanting to live. She enjoys Polish radio, her cat and Agnieszka’s visits. Screened with Agnieszka translating.',
          people_involved: ['person', 'attorney'],
          assessed_by: signedBy('office', 80),
        },
      },
      {
        daysAgo: 6,
        by: 'manager',
        note: 'Re-screened on the ward after the fall: low mood noted, no thoughts of ending her life; GP and ward aware; re-screen on the day she comes home.',
        content: {
          assessment_date: day(6),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Renia has been low on the ward since the fall and told Agnieszka she is "tired of being a nuisance". Asked gently, with Agnieszka translating, she said she does not want to die; she wants to go home to her cat. That is not a plan or wish to end her life, but it is a change: the ward team and the GP know, and she will be re-screened on the day she comes home. Carers note her mood, eating and sleep every call.',
          people_involved: ['person', 'attorney', 'professionals'],
          assessed_by: signedBy('manager', 6),
        },
      },
    ],
    reviewInDays: 5,
  },
  {
    client: 3,
    document: 'knives',
    versions: [
      {
        daysAgo: 100,
        by: 'office',
        content: {
          assessment_date: day(100),
          screening_outcome: 'no-identified-risk',
          screening_rationale:
            'Renia cooks for herself with her own kitchen knives and handles them safely. No history of harm to herself or others. No restriction is needed; if she cannot manage a knife after an illness or injury, carers help with the chopping: that is help, not a restriction.',
          items_in_home: ['kitchen-knives', 'scissors', 'glass'],
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 100),
        },
      },
    ],
    reviewInDays: 82,
  },
  {
    client: 3,
    document: 'restrictive-physical-intervention',
    versions: [
      {
        daysAgo: 100,
        by: 'office',
        content: {
          assessment_date: day(100),
          authorisation: 'not-authorised',
          rationale: `Renia has capacity and directs her own care; nothing in her support calls for physical intervention. Carers support her to move only with her agreement and at her pace. ${NOT_AUTHORISED_NOTE}`,
          people_involved: ['person', 'family'],
          assessed_by: signedBy('office', 100),
        },
      },
    ],
    reviewInDays: 82,
  },
  {
    client: 3,
    document: 'injury-to-staff',
    versions: [
      {
        daysAgo: 8,
        by: 'manager',
        content: {
          assessment_date: day(8),
          risk_types: ['moving-handling', 'animals', 'environment', 'lone-working'],
          staff_risks: [
            hazard(
              'Supporting Renia on the stairs with one working hand',
              'person-and-staff',
              'Carer walks one step below her going up and in front going down; she uses the rail with her left hand; no lifting; OT advice on discharge.',
              3,
              3,
              'OT to show carers the safe way up and down on the first call after discharge.',
              'Maya Manager',
              day(-6),
            ),
            hazard('Tripping over the cat', 'staff', 'Misia fed in the kitchen at the start of the call.', 2, 2),
            hazard('Steep narrow stairs', 'staff', 'Rail on the right, a second rail being fitted; carry nothing up the stairs with both hands.', 2, 3),
          ],
          two_staff_needed: false,
          lone_working: 'Check in and out on the app at every call; the office rings a carer who has not checked out 15 minutes after the planned end.',
          training_needed: ['moving-handling', 'lone-working'],
          ppe: 'Gloves and aprons for personal care',
          incidents: [],
          staff_support: 'No incidents involving staff. After any: a debrief with the manager the same day, occupational health referral, and the employee assistance line.',
          staff_informed: true,
          assessed_by: signedBy('manager', 8),
        },
      },
    ],
    reviewInDays: 5,
  },
  {
    client: 3,
    document: 'covid-risk-assessment',
    versions: [
      {
        daysAgo: 140,
        by: 'office',
        content: {
          assessment_date: day(140),
          clinical_vulnerability: 'highest-risk',
          conditions: 'Aged over 85 with COPD: eligible for COVID-19 treatments if she tests positive.',
          vaccination_status: 'current',
          last_vaccination: day(200),
          ppe: ['gloves-aprons', 'mask-when-symptoms'],
          person_wishes: 'Renia prefers carers to wear a mask in winter. Agnieszka has asked that carers with any cold stay away.',
          ventilation: 'Windows open a little during visits; keep her warm (cold air makes her breathless).',
          visitors: 'Agnieszka and her grandchildren; they test before visiting when they have symptoms.',
          tests_at_home: true,
          testing: 'Lateral flow tests in the kitchen drawer. If she has symptoms, carers help her test and ring the GP or NHS 111 with a positive result the same day, so treatment can start within five days.',
          person_symptoms: 'Help her test; tell the office and Agnieszka; ring the GP or NHS 111. Watch her breathing: 999 if she cannot speak in sentences or her lips look blue.',
          staff_symptoms: 'Follow the agency’s current infection control policy, based on the latest UKHSA guidance: tell the office before the shift; a carer with symptoms does not visit Renia.',
          contingency: 'Both calls are essential. Agnieszka can cover the tea call; the office rings her first.',
          assessed_by: signedBy('office', 140),
        },
      },
    ],
    reviewInDays: 42,
  },
  {
    client: 3,
    document: 'medication-assessment',
    versions: [
      {
        daysAgo: 200,
        by: 'office',
        content: {
          assessment_date: day(200),
          reason: 'scheduled-review',
          people_involved: ['person', 'family'],
          ordering_by: 'family',
          collecting_by: 'family',
          storage: 'On the kitchen windowsill in the pharmacy bag, away from the cooker. Her salbutamol inhaler is in her cardigan pocket.',
          controlled_drugs: false,
          abilities: ['knows-medicines', 'remembers', 'opens-packs', 'swallows', 'uses-devices', 'notices-effects'],
          difficulties: 'Labels are in English: Agnieszka wrote the Polish names on each box. Arthritic fingers make the omeprazole blister slow to open.',
          self_administer: 'with-support',
          capacity: 'no-doubt',
          consent: true,
          support_level: 'assist',
          support_reasons:
            'Omeprazole: assist — carers press the capsule from the pack at 08:00 and she takes it. Salbutamol when breathless: prompt — she uses it herself; carers check she has it with her and note how often she uses it (more than usual: tell the GP).',
          formulations: ['original-packs', 'inhalers'],
          time_critical: false,
          covert: 'not-applicable',
          allergies: 'Codeine (vomiting). Elastoplast (skin reaction).',
          contacts: [
            { role: 'gp', name: 'Camden Road Surgery', phone: '020 7946 0140' },
            { role: 'pharmacy', name: 'Camden Road Pharmacy', phone: '020 7946 0148' },
            { role: 'family', name: 'Agnieszka Kowalczyk (daughter, orders and collects)', phone: '07700 900588' },
          ],
          risks: [
            { risk: 'Breathless without her inhaler to hand', controls: 'Carers check her inhaler is in her pocket at every call and that it is not empty.', likelihood: '2', severity: '4' },
            { risk: 'Codeine given for pain', controls: 'Allergy on the MAR, the hospital passport and this assessment; carers never give pain relief that is not on the MAR.', likelihood: '1', severity: '3' },
          ],
          person_signature: signedByPerson('Irene Kowalczyk', 'The person', 200),
          assessed_by: signedBy('office', 200),
        },
      },
      {
        daysAgo: 6,
        by: 'manager',
        note: 'Reviewed on the ward with Agnieszka and the ward pharmacist for discharge: help with the inhaler and packs while her right wrist is in plaster; pain relief on discharge to be added to the MAR.',
        content: {
          assessment_date: day(6),
          reason: 'hospital-discharge',
          people_involved: ['person', 'attorney'],
          ordering_by: 'family',
          collecting_by: 'family',
          storage:
            'On the kitchen windowsill in the pharmacy bag, away from the cooker; the discharge medicines join them. Her salbutamol inhaler is in her cardigan pocket, on the left side.',
          controlled_drugs: false,
          abilities: ['knows-medicines', 'remembers', 'swallows', 'notices-effects'],
          difficulties:
            'Right wrist in plaster: she cannot open packs or press her inhaler with her right hand; she is learning to use it with her left and a spacer from the ward. Labels are in English: Agnieszka wrote the Polish names on each box.',
          self_administer: 'with-support',
          capacity: 'no-doubt',
          consent: true,
          support_level: 'assist',
          support_reasons:
            'Omeprazole: assist — carers press the capsule from the pack at 08:00. Salbutamol when breathless: assist while her wrist is in plaster — carers fit the spacer and she presses with her left hand. Pain relief from the discharge letter: assist, as the letter says; never codeine.',
          formulations: ['original-packs', 'inhalers'],
          time_critical: false,
          covert: 'not-applicable',
          allergies: 'Codeine (vomiting). Elastoplast (skin reaction).',
          contacts: [
            { role: 'gp', name: 'Camden Road Surgery', phone: '020 7946 0140' },
            { role: 'pharmacy', name: 'Camden Road Pharmacy', phone: '020 7946 0148' },
            { role: 'family', name: 'Agnieszka Kowalczyk (daughter, orders and collects)', phone: '07700 900588' },
          ],
          risks: [
            { risk: 'Breathless and unable to use the inhaler one-handed', controls: 'Spacer from the ward; carers help at every call and check the inhaler is in her left pocket.', likelihood: '3', severity: '4' },
            { risk: 'Codeine given for wrist pain', controls: 'Allergy on the MAR, the hospital passport and the discharge letter; carers never give pain relief that is not on the MAR.', likelihood: '2', severity: '3' },
            { risk: 'Discharge medicines missing from the MAR', controls: 'The office adds them from the discharge letter before the first call; the first carer checks the boxes against the MAR.', likelihood: '2', severity: '3' },
          ],
          person_signature: signedByPerson('Agnieszka Kowalczyk', 'Daughter, health and welfare attorney', 6),
          assessed_by: signedBy('manager', 6),
        },
      },
    ],
    reviewInDays: 5,
  },
];

// ——— 5. Jordan Pickering: supported living, moderate learning disability, epilepsy, peanut allergy ———

const JORDAN_BEHAVIOUR_BASE = {
  screening_outcome: 'risk-identified',
  early_signs:
    'Rocking and pacing between the kitchen and the front door, repeating "bus?" or signing "finish", pulling his hood up, going quiet and avoiding eye contact.',
  risk_to_self: 'Bruised and broken skin on the back of his left hand; head-hitting is a particular worry because of his epilepsy. Traffic on Kirkstall Road if he leaves suddenly.',
  risk_to_others: 'Staff have been slapped and pushed (minor injuries, no time off). He has never targeted his housemates; they go to their rooms when he is distressed.',
  proactive_strategies:
    'Picture timetable on the fridge, updated with him every evening for the next day; any change told early with the "change" symbol and a now-and-next card; his room with the weighted blanket as his quiet space; regular snacks; a sensory break after college; Mum’s Sunday visit on the calendar.',
  de_escalation:
    'Low voice, few words; Makaton for "wait", "finish" and "quiet room". Give him space (more than an arm’s length); offer his ear defenders and his music; one member of staff talks; calmly ask others to leave the room. If he is biting his hand, offer the chewy tube. If he hits his head hard against a wall, follow the restrictive physical intervention plan.',
  staff_guidance:
    'Do: warn him early about changes, use the now-and-next card, keep your own voice calm, let him pace. Do not: argue, say "no" again and again, stand between him and the door, take his tablet away as a sanction, or talk about the incident in front of him afterwards.',
  after_incident:
    'Once he is calm (usually 20–30 minutes) offer a drink and his choice of activity; check his hand and head and body-map any injury; ABC chart and incident form the same shift; staff debrief with the team leader; tell Carol (Mum) if Jordan wants her told; every incident goes to the monthly review with the CLDT psychologist.',
  pbs_plan: true,
  restrictive_practice: true,
  professionals: ['cldt', 'psychology', 'gp', 'social-worker'],
  people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
};

const jordanHitting = {
  behaviour: 'Hits out at staff (slaps or pushes)',
  triggers: 'A planned activity cancelled or changed without warning; waiting without knowing how long; a noisy room.',
  risk_to: 'others',
  frequency: 'monthly',
  likelihood: '3',
  severity: '3',
};
const jordanBiting = (likelihood: number) => ({
  behaviour: 'Bites the back of his left hand or hits his head with his fist',
  triggers: 'The same as above; also feeling unwell, pain, tiredness, and the hours after a seizure.',
  risk_to: 'self',
  frequency: 'weekly',
  likelihood: String(likelihood),
  severity: '3',
});
const jordanThrowing = {
  behaviour: 'Throws things (cups, the remote control)',
  triggers: 'Being asked to stop an activity he enjoys without a warning.',
  risk_to: 'property',
  frequency: 'monthly',
  likelihood: '3',
  severity: '2',
};
const jordanLeaving = {
  behaviour: 'Leaves the house suddenly and walks towards Kirkstall Road',
  triggers: 'College or a trip cancelled at the last minute; he sets off to "go anyway".',
  risk_to: 'self',
  frequency: 'rarely',
  likelihood: '2',
  severity: '5',
};

const JORDAN_CRISIS_CONTACTS = [
  { service: 'On-call manager, Leeds Supported Living', phone: '0113 496 0640', when_to_call: 'Any injury, the same shift' },
  { service: 'Leeds Community Learning Disability Team', phone: '0113 496 0720', when_to_call: 'Weekdays 09:00–17:00: new or more frequent self-harm' },
  { service: 'Burley Park Medical Centre (GP)', phone: '0113 496 0730', when_to_call: 'Wounds that need dressing or look infected' },
  { service: 'NHS 111', phone: '111', when_to_call: 'Out of hours: advice on an injury or a knock to the head' },
  { service: 'Emergency services', phone: '999', when_to_call: 'A head injury with drowsiness, vomiting or unconsciousness; a seizure lasting over 5 minutes' },
];

const JORDAN: DemoDocument[] = [
  {
    client: 5,
    document: 'behaviour-risks',
    versions: [
      {
        daysAgo: 400,
        by: 'office',
        content: {
          ...JORDAN_BEHAVIOUR_BASE,
          assessment_date: day(400),
          screening_rationale:
            'Jordan communicates distress through his behaviour when his routine changes without warning, when he is unwell or in pain, and after seizures. Incident records, his support team, Carol and the CLDT all describe the same pattern.',
          behaviours: [jordanHitting, jordanBiting(4), jordanThrowing],
          incidents_12_months: 19,
          last_incident: day(409),
          assessed_by: signedBy('office', 400),
        },
      },
      {
        daysAgo: 170,
        by: 'office',
        note: 'Left the house twice in one week after college was cancelled: leaving suddenly added; a door chime fitted with his agreement.',
        content: {
          ...JORDAN_BEHAVIOUR_BASE,
          assessment_date: day(170),
          screening_rationale:
            'Jordan communicates distress through his behaviour when his routine changes without warning, when he is unwell or in pain, and after seizures. Since the last review he has also left the house suddenly when college was cancelled. Incident records, his support team, Carol and the CLDT all describe the same pattern.',
          behaviours: [jordanHitting, jordanBiting(4), jordanThrowing, jordanLeaving],
          incidents_12_months: 16,
          last_incident: day(173),
          assessed_by: signedBy('office', 170),
        },
      },
      {
        daysAgo: 35,
        by: 'manager',
        note: 'Six-monthly review with the CLDT: hand-biting less often since the chewy tube and ear defenders; incidents down to 14 in a year.',
        content: {
          ...JORDAN_BEHAVIOUR_BASE,
          assessment_date: day(35),
          screening_rationale:
            'Jordan communicates distress through his behaviour when his routine changes without warning, when he is unwell or in pain, and after seizures; he has also left the house suddenly when college was cancelled. Incidents are fewer since the chewy tube, ear defenders and earlier warnings of change. Incident records, his support team, Carol and the CLDT all describe the same pattern.',
          behaviours: [jordanHitting, jordanBiting(3), jordanThrowing, jordanLeaving],
          incidents_12_months: 14,
          last_incident: day(22),
          assessed_by: signedBy('manager', 35),
        },
      },
    ],
    reviewInDays: 148,
    signedOff: { role: 'Registered manager', daysAgo: 34 },
  },
  {
    client: 5,
    document: 'self-harm',
    versions: [
      {
        daysAgo: 170,
        by: 'office',
        content: {
          assessment_date: day(170),
          screening_outcome: 'risk-identified',
          screening_rationale: 'Jordan bites his hand and hits his head when he is overwhelmed: see the Behaviour risks tab for the wider picture.',
          history: 'Hand-biting and hitting his head with his fist since his teens, as Carol describes; more often when his routine changes or after a seizure. Never cutting, burning or taking medicines.',
          forms: ['biting', 'hitting-self'],
          last_episode: day(176),
          function: 'It seems to help him cope when he is overwhelmed, in pain or cannot tell us something; it happens with distress, not in secret.',
          triggers: 'Sudden changes to his plans, waiting, noise, pain, tiredness, the hours after a seizure.',
          warning_signs: 'Rocking, pacing, hood up, going quiet, bringing his hand to his mouth.',
          protective_factors: 'A predictable week with his picture timetable, Mum’s Sunday visits, college, music, staff who know his signs, good sleep and seizure control.',
          what_helps: 'Ear defenders and his music at the first signs; squeezing a stress ball; going to his room with the weighted blanket. Staff sign "OK?" and wait.',
          staff_actions: 'Follow the de-escalation steps on the Behaviour risks tab; stay nearby without crowding him; put a cushion between his head and the wall if you can do so safely; watch for a seizure afterwards.',
          after_injury:
            'Clean broken skin on his hand with water and cover it. Any knock to the head: watch him for 24 hours for drowsiness, vomiting, confusion or a seizure unlike his usual ones; NHS 111, or 999 if he is unconscious or a seizure lasts over 5 minutes (buccal midazolam as the seizure plan says). Body map, incident form, tell the team leader.',
          means: 'No concern: he has never used objects to harm himself. Kitchen knives are on the Knives tab.',
          crisis_contacts: JORDAN_CRISIS_CONTACTS,
          person_views: 'With Ravi (advocate) and his feelings cards, Jordan pointed to his music and ear defenders as things that help, and wants Mum told when he has hurt himself.',
          people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
          assessed_by: signedBy('office', 170),
        },
      },
      {
        daysAgo: 78,
        by: 'office',
        note: 'Three-monthly review: the chewy tube added to what helps (CLDT occupational therapist); fewer bites on his hand.',
        content: {
          assessment_date: day(78),
          screening_outcome: 'risk-identified',
          screening_rationale: 'Jordan bites his hand and hits his head when he is overwhelmed: see the Behaviour risks tab for the wider picture.',
          history: 'Hand-biting and hitting his head with his fist since his teens, as Carol describes; more often when his routine changes or after a seizure. Never cutting, burning or taking medicines. Less frequent in the last three months.',
          forms: ['biting', 'hitting-self'],
          last_episode: day(84),
          function: 'It seems to help him cope when he is overwhelmed, in pain or cannot tell us something; it happens with distress, not in secret.',
          triggers: 'Sudden changes to his plans, waiting, noise, pain, tiredness, the hours after a seizure.',
          warning_signs: 'Rocking, pacing, hood up, going quiet, bringing his hand to his mouth.',
          protective_factors: 'A predictable week with his picture timetable, Mum’s Sunday visits, college, music, staff who know his signs, good sleep and seizure control.',
          what_helps:
            'The chewy tube (on the cord in his pocket) when his hand goes to his mouth; ear defenders and his music at the first signs; squeezing a stress ball; going to his room with the weighted blanket. Staff sign "OK?" and wait.',
          staff_actions: 'Follow the de-escalation steps on the Behaviour risks tab; stay nearby without crowding him; put a cushion between his head and the wall if you can do so safely; watch for a seizure afterwards.',
          after_injury:
            'Clean broken skin on his hand with water and cover it. Any knock to the head: watch him for 24 hours for drowsiness, vomiting, confusion or a seizure unlike his usual ones; NHS 111, or 999 if he is unconscious or a seizure lasts over 5 minutes (buccal midazolam as the seizure plan says). Body map, incident form, tell the team leader.',
          means: 'No concern: he has never used objects to harm himself. Kitchen knives are on the Knives tab.',
          crisis_contacts: JORDAN_CRISIS_CONTACTS,
          person_views: 'With Ravi (advocate) and his feelings cards, Jordan pointed to the chewy tube, his music and ear defenders as things that help, and wants Mum told when he has hurt himself.',
          people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
          assessed_by: signedBy('office', 78),
        },
      },
    ],
    reviewInDays: 12,
  },
  {
    client: 5,
    document: 'knives',
    versions: [
      {
        daysAgo: 100,
        by: 'manager',
        content: {
          assessment_date: day(100),
          screening_outcome: 'risk-identified',
          screening_rationale: 'Jordan once held up a kitchen knife towards a member of staff when he was very distressed. It has not happened again, but the risk is real when he is overwhelmed.',
          items_in_home: ['kitchen-knives', 'scissors', 'glass'],
          history:
            'About 18 months ago, when a college trip was cancelled at the last minute, Jordan picked up a kitchen knife and held it up towards a member of staff. He put it down when given space; no one was hurt. No incident with a knife since. He has never used a knife to hurt himself.',
          risk_to: ['staff', 'housemates'],
          triggers: 'As on the Behaviour risks tab: sudden change, waiting, noise. He is most unsettled in the hour after college.',
          current_access: 'supervised',
          controls:
            'Sharp kitchen knives are kept in a locked drawer in the shared kitchen; the key is on the staff key ring. A round-ended table knife and a vegetable peeler stay in the cutlery drawer. Jordan uses sharp knives for cooking with staff beside him.',
          least_restrictive:
            'Putting knives away after meals was tried first: it confused his housemates and did not change Jordan’s access. Taking all knives out of the house was rejected: it would stop his cooking and restrict two housemates who use knives safely (they ask staff for the key, agreed at a house meeting). The locked drawer is reviewed at every review; the aim, with the CLDT, is to unlock it after 12 months without an incident.',
          independence: 'Cooking sessions on Tuesday evenings and Saturdays: chopping with the claw grip with staff beside him, and locking the knives away himself (he likes to turn the key).',
          decision_basis: 'best-interests',
          staff_guidance:
            'Never try to take a knife from Jordan. Step back towards a safe exit, keep your voice calm and sign "put down". Ask housemates to go to their rooms. If anyone is at risk, leave and call 999. Then call the on-call manager; incident form and debrief.',
          people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
          assessed_by: signedBy('manager', 100),
        },
      },
    ],
    reviewInDays: 82,
    signedOff: { role: 'Registered manager', daysAgo: 99 },
  },
  {
    client: 5,
    document: 'restrictive-physical-intervention',
    versions: [
      {
        daysAgo: 320,
        by: 'manager',
        content: {
          assessment_date: day(320),
          authorisation: 'authorised',
          rationale: 'Jordan sometimes hits his head hard and repeatedly against walls when distressed, with a real risk of serious injury given his epilepsy. A short hold, as a last resort, was agreed in his best interests.',
          circumstances: 'Only when Jordan is hitting his head hard and repeatedly against a wall or the floor, and a cushion, space and redirection have not stopped it.',
          alternatives_first: 'Every proactive and de-escalation step of his behaviour support plan: early warning of changes, now-and-next card, ear defenders, chewy tube, space, one voice, a cushion between his head and the wall.',
          techniques: [
            {
              technique: 'Two-person seated arm hold on the sofa (arms only)',
              when: 'Head-hitting against a hard surface that has not stopped with the steps above; released as soon as he stops.',
              staff_needed: 2,
              longest_minutes: 3,
            },
          ],
          never_used:
            'Prone (face-down) or supine holds; any pressure on his neck, chest, abdomen or back; holding his head; pain compliance; locking him in a room. Never hold him during a seizure: follow the seizure plan (move things away, cushion his head, time it).',
          health_risks: 'Epilepsy: a hold could coincide with a seizure — release at once if he goes stiff or starts jerking, and time the seizure. Check his breathing and skin throughout and after.',
          legal_basis: ['mca-s6', 'court-of-protection'],
          capacity_assessment_date: day(330),
          best_interests:
            'Best-interests meeting with Jordan (supported by Ravi Gill, his advocate), Carol Pickering, the CLDT psychologist, his social worker and the team leader: a hold is necessary only to prevent serious harm, proportionate, and for the shortest time. Jordan, with Makaton and pictures, said he does not like being held and staff should "let go quick". His care plan, including these restrictions, is authorised by the Court of Protection.',
          training: 'rrn-certified',
          training_programme: 'A course certified against the RRN Training Standards (BILD Act scheme): 12 hours initially, refresher every 12 months; only the techniques named here are used.',
          recording:
            'Physical intervention record and incident form the same shift (time held, technique, staff, injuries, body map); the team leader tells the registered manager that day; Carol is told within 24 hours if Jordan agrees or it is in his best interests; a monthly summary goes to the CLDT and his social worker; a safeguarding referral if anyone was injured.',
          debrief: 'Jordan: once calm, with pictures — what happened, how he felt, what might help next time. Staff: with the team leader the same shift, and at supervision.',
          reduction_plan: 'Aim: no holds by the next review, through the proactive strategies of the behaviour support plan; every use reviewed monthly with the CLDT psychologist.',
          uses_last_6_months: 5,
          people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
          assessed_by: signedBy('manager', 320),
          authorised_by: signedBy('manager', 320, '12:00'),
        },
      },
      {
        daysAgo: 40,
        by: 'manager',
        note: 'Six-monthly review: holds used twice in six months (down from five). A single-person guide added after Jordan walked into Kirkstall Road when college was cancelled.',
        content: {
          assessment_date: day(40),
          authorisation: 'authorised',
          rationale:
            'Jordan sometimes hits his head hard and repeatedly against walls when distressed, with a real risk of serious injury given his epilepsy, and has twice walked into the road when leaving the house suddenly. Short, last-resort interventions were agreed in his best interests.',
          circumstances:
            'Only when Jordan is hitting his head hard and repeatedly against a wall or the floor and a cushion, space and redirection have not stopped it; or when he is stepping into traffic and spoken and signed prompts have not stopped him.',
          alternatives_first: 'Every proactive and de-escalation step of his behaviour support plan: early warning of changes, now-and-next card, ear defenders, chewy tube, space, one voice, a cushion between his head and the wall.',
          techniques: [
            {
              technique: 'Two-person seated arm hold on the sofa (arms only)',
              when: 'Head-hitting against a hard surface that has not stopped with the steps above; released as soon as he stops.',
              staff_needed: 2,
              longest_minutes: 3,
            },
            {
              technique: 'Single-person guide: a hand on his upper arm, walking him back to the pavement',
              when: 'Only when he steps into the road or towards traffic and prompts have not worked; let go once he is on the pavement.',
              staff_needed: 1,
              longest_minutes: 1,
            },
          ],
          never_used:
            'Prone (face-down) or supine holds; any pressure on his neck, chest, abdomen or back; holding his head; pain compliance; locking him in a room. Never hold him during a seizure: follow the seizure plan (move things away, cushion his head, time it).',
          health_risks: 'Epilepsy: a hold could coincide with a seizure — release at once if he goes stiff or starts jerking, and time the seizure. Check his breathing and skin throughout and after.',
          legal_basis: ['mca-s6', 'court-of-protection'],
          capacity_assessment_date: day(45),
          best_interests:
            'Reviewed at a best-interests meeting with Jordan (supported by Ravi Gill, his advocate), Carol Pickering, the CLDT psychologist, his social worker and the team leader: both interventions are necessary only to prevent serious harm, proportionate, and for the shortest time. Jordan, with Makaton and pictures, said staff should "let go quick". His care plan, including these restrictions, is authorised by the Court of Protection; the court was told of the added guide.',
          training: 'rrn-certified',
          training_programme: 'A course certified against the RRN Training Standards (BILD Act scheme): 12 hours initially, refresher every 12 months; only the techniques named here are used.',
          recording:
            'Physical intervention record and incident form the same shift (time held, technique, staff, injuries, body map); the team leader tells the registered manager that day; Carol is told within 24 hours if Jordan agrees or it is in his best interests; a monthly summary goes to the CLDT and his social worker; a safeguarding referral if anyone was injured.',
          debrief: 'Jordan: once calm, with pictures — what happened, how he felt, what might help next time. Staff: with the team leader the same shift, and at supervision.',
          reduction_plan:
            'Holds are down from five to two in six months since the chewy tube and earlier warnings of change. Aim: no holds by the next review; the door chime and the "change" card to reduce sudden leaving; every use reviewed monthly with the CLDT psychologist.',
          uses_last_6_months: 2,
          people_involved: ['person', 'family', 'advocate', 'care-staff', 'professionals'],
          assessed_by: signedBy('manager', 40),
          authorised_by: signedBy('manager', 40, '12:00'),
        },
      },
    ],
    reviewInDays: 142,
    signedOff: { role: 'Registered manager', daysAgo: 38 },
  },
];

export const RISKS_SAFETY_DEMO_DOCUMENTS: readonly DemoDocument[] = [...PEGGY, ...DESMOND, ...IRENE, ...JORDAN];
