import type { DocumentValues, Signature } from '@hcm/contract/documents';
import type { DemoDocument } from './types.js';
import { clock } from '@hcm/contract/time';

// Demo record documents of the demo clients for the declarations in contract/documents/plans.ts: the plans of
// Peggy Ellison (1), Desmond Achebe (2) and Irene "Renia" Kowalczyk (3) in Camden, and Jordan Pickering (5) in
// Leeds supported living, consistent with their rows in ../../demo-rows.ts.
//
// Dates inside the content follow the versions' days: history tied to a client's start date is written as that
// date, recent events relative to today, so a record seeded on any day reads in order.

const DAY = 86_400_000;
const NOW = clock.nowMs();

/** The day `offset` days from today (negative: in the past), as YYYY-MM-DD. */
const day = (offset: number): string => new Date(NOW + offset * DAY).toISOString().slice(0, 10);
/** How many days ago a calendar date was. */
const daysSince = (date: string): number => Math.round((NOW - Date.parse(`${date}T12:00:00Z`)) / DAY);
/** A past day in words, as a care coordinator writes it: '7 June 2026'. */
const longDate = (daysAgo: number): string => new Date(NOW - daysAgo * DAY).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
/** A signature made `daysAgo` days ago. */
const signed = (name: string, role: string, daysAgo: number, time = '11:30'): Signature => ({ name, role, signed_at: `${day(-daysAgo)}T${time}:00.000Z` });

const COORDINATOR_CAMDEN = ['Oliver Office', 'Care coordinator'] as const;
const MANAGER = ['Maya Manager', 'Registered manager'] as const;
const TEAM_LEADER_LEEDS = ['Sam Whitaker', 'Team leader, Kirkstall Road'] as const;

type Call = { call: string; time: string; duration: number; days?: string; tasks: string; carers: number };
const call = (name: string, time: string, duration: number, tasks: string, days = 'Every day', carers = 1): Call => ({ call: name, time, duration, days, tasks, carers });

// ---------------------------------------------------------------------------------------------------------------
// 1. Margaret "Peggy" Ellison: 14 Agar Grove, vascular dementia, atrial fibrillation (warfarin), arthritic knees;
// four calls a day since a six-week reablement after a urine infection with delirium in March 2024.

const PEGGY_START = '2024-03-11';
const PEGGY_PLAN_DAY = '2024-04-22';
const PEGGY_REASSESSED = '2025-04-24';
const PEGGY_FALL = 176; // days ago: slipped in the kitchen reaching for the kettle
const PEGGY_FALL_REVIEW = 170;

const peggyCallsV1: Call[] = [
  call('morning', '08:00', 45, 'Say hello from her right side and check she is wearing her pendant. Help her wash at the bathroom sink and dress. Breakfast and a hot drink. Prompt the toilet. Paracetamol if her knees hurt (prompt). Fill the flask and the squash jug. Record food, drinks and the MAR.'),
  call('lunch', '12:30', 30, 'Heat a meal and make a hot drink. Prompt the toilet. Refill drinks. Record what she ate and drank.', 'Every day except Wednesday (lunch club)'),
  call('tea', '17:00', 30, 'Heat her tea and make a hot drink. Warfarin as the yellow book says (administer). Draw the curtains and check the heating. Record.'),
  call('bedtime', '20:00', 30, 'Help her undress and wash her face and hands; top denture into its pot. Donepezil (assist). Settle her in bed, or in her chair if she wants to watch television a while longer. Pendant on, back door locked, hall light on its timer.'),
];
const peggyCallsV2: Call[] = peggyCallsV1.map((row) =>
  row.call === 'tea'
    ? call('tea', '17:45', 30, 'Heat her tea and make a hot drink. Warfarin at 18:00 as the yellow book says (administer): check the latest INR and dose entry first. Draw the curtains and check the heating. Record.')
    : row,
);
const peggyCallsV3: Call[] = peggyCallsV2.map((row) =>
  row.call === 'morning'
    ? call('morning', '08:00', 45, 'Say hello from her right side and check she is wearing her pendant. Help her wash at the bathroom sink and dress. Breakfast and a hot drink: carers make all hot drinks since her fall in the kitchen. Prompt the toilet. Paracetamol if her knees hurt (prompt). Fill the flask and the squash jug and leave them on the side table by her chair. Record food, drinks and the MAR.')
    : row.call === 'lunch'
      ? call('lunch', '12:30', 30, 'Heat a meal and make a hot drink; she sits on the perching stool to chat while you cook. Prompt the toilet. Refill the flask and drinks. Record what she ate and drank.', 'Every day except Wednesday (lunch club)')
      : row,
);

const peggySupportPlanV1: DocumentValues = {
  plan_date: PEGGY_PLAN_DAY,
  funded_by: 'local-authority',
  contributors:
    'Peggy, at home over two visits so she did not get tired; her daughter Susan Ellison (health and welfare LPA) at the second visit; the reablement OT, Ruth Adeyemi, through her handover notes; written by Oliver Office, care coordinator.',
  what_matters:
    '"I want to stay in my own home with my own things around me." Being called Peggy. A proper cup of tea (strong, milk, two sugars) and marmalade on toast. Susan on Sundays and a chat with Frank next door. Radio 2 on in the kitchen in the morning. Looking smart: a skirt, a cardigan and one of her brooches.',
  health_summary:
    'Vascular dementia (mild): forgets recent events, and whether she has eaten or taken her tablets; more muddled when tired, in pain or with an infection (her admission in March 2024 was a urine infection with delirium). Atrial fibrillation: on warfarin, so she bruises easily and any knock to the head needs 999. Osteoarthritis in both knees: stiff in the morning and after sitting. Allergic to penicillin.',
  outcomes: [
    { outcome: 'To stay living in my own flat', area: 'home', measure: 'No unplanned hospital admissions; pendant worn at every call' },
    { outcome: 'To wash my top half and choose my clothes myself', area: 'personal-care', measure: 'Washes face, hands, arms and front at the sink with prompts', by_when: '2024-10-22' },
    { outcome: 'To eat two hot meals a day and drink enough', area: 'nutrition', measure: 'At least six drinks recorded a day; weight steady at the monthly check' },
    { outcome: 'To keep going to the Wednesday lunch club', area: 'social', measure: 'Goes most Wednesdays' },
  ],
  personal_care_support: 'some-help',
  personal_care_how:
    'Morning call: Peggy washes at the bathroom sink sitting on the stool; she does not want a shower. Run the water warm, hand her the flannel and let her do her face, hands, arms and front; you wash her back, legs and feet and dry between her toes. Lay out two outfits and let her choose. Help with tights and shoes (her knees). She brushes her own hair; the hairdresser comes every other Thursday. Top denture: remind her to put it in before breakfast, into the pot with a cleaning tablet at bedtime.',
  continence_support: 'prompt',
  continence_how:
    'Continent with some urgency; wears pads day and night (Susan buys them, spares in the bathroom cabinet). Prompt the toilet at every call and before she goes out. Watch for a urine infection — more confused than usual, strong-smelling urine, going more often, feeling hot — and tell the office the same day: her March 2024 admission started this way.',
  mobility_support: 'prompt',
  mobility_how:
    'Walks indoors with her four-wheeled walker; outdoors only with a carer or Susan. Stiff first thing: let her sit on the edge of the bed for a minute before standing. Walker within reach before you leave. No hoist: see the moving and handling checklist. If she falls, do not lift her; she is on warfarin, so if she has hit her head, or you are not sure, call 999.',
  nutrition_support: 'some-help',
  nutrition_how:
    'Breakfast: tea and toast with marmalade, or porridge when it is cold. Lunch and tea: a hot meal from the freezer (Susan orders frozen meals on Mondays) or something simple cooked — fish on Fridays. Leave a flask of tea and a jug of squash within reach at every call: she forgets to drink. She may say she has eaten when she has not: check the kitchen. No cranberry juice or grapefruit (warfarin). Record what she ate and drank.',
  medication_support: 'administer',
  medication_how:
    'Boots on Camden Road delivers monthly; medicines are kept in the locked box in the kitchen cupboard. Warfarin at the tea call: administer the dose the yellow book gives for today, after checking the latest INR entry; phone the office if the book is missing or out of date. Donepezil 10 mg at the bedtime call: assist (tablet into her hand, with water). Paracetamol 1 g for knee pain: prompt, 4 hours apart, no more than 8 tablets in 24 hours. Record each one on the MAR. Allergic to penicillin.',
  skin_support: 'prompt',
  skin_how:
    'Bruises easily (warfarin): look at her arms and legs while she washes and record any new bruise on a body map. Dry skin on her shins: prompt her to put on her moisturiser after washing. Not at pressure risk while she is walking (Waterlow on the pressure area tab).',
  communication_support: 'prompt',
  communication_how:
    'Hard of hearing on the left: sit or stand on her right, face her, speak clearly and a little slower; do not shout. Check her hearing aid (right ear) is in and switched on in the morning; spare batteries in the sideboard drawer. Short sentences, one question at a time, and wait for her answer. She may not remember you from yesterday: say your name every time.',
  emotional_support: 'some-help',
  emotional_how:
    'Peggy can become anxious in the late afternoon and evening, asking for Ron, her late husband, or saying she must fetch the children from school. Do not correct her bluntly: talk about Ron and the children, look at the photographs on the sideboard, put on Frank Sinatra or Vera Lynn. The positive behaviour support plan has the detail. Tell the office if she seems low or tearful for more than a day.',
  social_support: 'some-help',
  social_how:
    'Lunch club at the church hall on Camden Road on Wednesdays: community transport collects her at 11:30, so there is no lunch call that day; the morning carer makes sure she is ready with her coat, handbag and keys. Susan visits on Sundays; Frank from number 16 pops in most afternoons. She made costumes for West End theatres for thirty years and loves to talk about it.',
  calls: peggyCallsV1,
  access: 'Key safe by the front door (the code is in the restricted access details). Knock, then call "Hello Peggy, it\'s … from Homecare" as you let yourself in. Frank Morley at number 16 also holds a key.',
  no_reply:
    'Knock again, call through the letterbox, look through the front window and phone her landline (020 7946 0112). Still no answer: let yourself in with the key safe. If she is not at home, check with Frank at number 16 and whether it is a lunch club day, then phone the office at once; the office calls Susan and, if Peggy is not found within 30 minutes, the police (her Herbert Protocol form is in the office file).',
  person_agrees: true,
  person_signature: signed('Margaret Ellison', 'Client', daysSince(PEGGY_PLAN_DAY), '10:40'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, daysSince(PEGGY_PLAN_DAY), '10:45'),
};

const peggySupportPlanV2: DocumentValues = {
  ...peggySupportPlanV1,
  plan_date: '2025-04-28',
  contributors:
    'Peggy and Susan Ellison (health and welfare LPA) at the annual reassessment at home; Frank Morley (neighbour) by phone; the GP practice for the medication list; Oliver Office, care coordinator.',
  calls: peggyCallsV2,
  outcomes: [
    { outcome: 'To stay living in my own flat', area: 'home', measure: 'No unplanned hospital admissions; pendant worn at every call' },
    { outcome: 'To choose my clothes and wash my top half myself', area: 'personal-care', measure: 'Does so most mornings with prompts (achieved October 2024; keep it up)' },
    { outcome: 'To eat two hot meals a day and drink enough', area: 'nutrition', measure: 'At least six drinks recorded a day; weight steady at the monthly check' },
    { outcome: 'To keep going to the Wednesday lunch club', area: 'social', measure: 'Goes most Wednesdays' },
    { outcome: 'To keep my knees moving', area: 'mobility', measure: "Does the physio's exercises with carers five days a week", by_when: '2025-10-28' },
  ],
  person_signature: signed('Susan Ellison', 'Daughter, health and welfare LPA', daysSince('2025-04-28'), '17:20'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, daysSince('2025-04-28'), '17:25'),
};

const peggySupportPlanV3: DocumentValues = {
  ...peggySupportPlanV2,
  plan_date: day(-PEGGY_FALL_REVIEW + 2),
  contributors:
    'Peggy and Susan Ellison at the review after her fall in the kitchen; Tom Reid (physiotherapist) by phone; Oliver Office, care coordinator.',
  mobility_how:
    'Walks indoors with her four-wheeled walker; outdoors only with a carer or Susan. Stiff first thing: let her sit on the edge of the bed for a minute before standing. Walker within reach before you leave. She slipped in the kitchen reaching for the kettle: she now sits on the perching stool in the kitchen and does not carry hot drinks. No hoist: see the moving and handling checklist. If she falls, do not lift her; she is on warfarin, so if she has hit her head, or you are not sure, call 999.',
  nutrition_how:
    'Carers make all hot drinks since her fall. Breakfast: tea and toast with marmalade, or porridge when it is cold. Lunch and tea: a hot meal from the freezer (Susan orders frozen meals on Mondays) or something simple cooked — fish on Fridays. Leave a flask of tea and a jug of squash on the side table by her chair at every call: she forgets to drink. She may say she has eaten when she has not: check the kitchen. No cranberry juice or grapefruit (warfarin). Record what she ate and drank.',
  calls: peggyCallsV3,
  person_signature: signed('Susan Ellison', 'Daughter, health and welfare LPA', PEGGY_FALL_REVIEW - 2, '17:30'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, PEGGY_FALL_REVIEW - 2, '17:35'),
};

const peggyReviewAfterFall: DocumentValues = {
  review_date: day(-PEGGY_FALL_REVIEW),
  review_type: 'after-incident',
  reason: `On ${longDate(PEGGY_FALL)} Peggy slipped on the kitchen floor reaching for the kettle at 15:10; she pressed her pendant, Careline called Frank, who sat with her, and the tea carer came early and found no injury. She did not hit her head. The GP saw her the next day.`,
  location: 'home',
  reviewer: 'Oliver Office, care coordinator',
  attendees: [
    { name: 'Margaret (Peggy) Ellison', role: 'Client', how: 'in-person' },
    { name: 'Susan Ellison', role: 'Daughter, health and welfare LPA', how: 'in-person' },
    { name: 'Tom Reid', role: 'Physiotherapist, Camden MSK', how: 'remote' },
    { name: 'Oliver Office', role: 'Care coordinator', how: 'in-person' },
  ],
  person_involvement: 'partly',
  working:
    'Peggy knows her regular morning carers and is happy with them. The pendant worked: she pressed it straight away. She is eating well (weight 58.4 kg, steady) and still goes to the lunch club.',
  not_working:
    'Peggy still tries to make tea between calls and carries the cup with one hand on the walker. The kitchen lino was wet by the sink. She said she does not want "a camera" watching her.',
  needs_changed: true,
  changes: 'Carers to make every hot drink and leave a flask by her chair; perching stool in the kitchen; Peggy declined a falls sensor but agreed to keep wearing her pendant; physio to review her balance.',
  health_changes: 'No injury from the fall. INR 2.6 the following week. GP reviewed: no change to warfarin.',
  events: 'The fall above. No other falls, admissions or complaints since the last review.',
  satisfaction: '4',
  regular_carers: true,
  times_suit: true,
  comments: 'Susan: "The girls in the morning are marvellous with her. I would like a text when Mum has a fall, not only a call to Frank."',
  actions: [
    { action: 'Ask Camden equipment service for a perching stool in the kitchen', owner: 'Oliver Office', due: day(-PEGGY_FALL_REVIEW + 7), done: true },
    { action: 'Update the support plan and moving and handling checklist', owner: 'Oliver Office', due: day(-PEGGY_FALL_REVIEW + 3), done: true },
    { action: 'Ask Careline to add Susan as first contact for falls', owner: 'Susan Ellison', due: day(-PEGGY_FALL_REVIEW + 7), done: true },
    { action: 'Balance review with the physiotherapist', owner: 'Tom Reid', due: day(-PEGGY_FALL_REVIEW + 28), done: true },
  ],
  plan_updated: true,
  next_review: day(12),
  person_signature: signed('Susan Ellison', 'Daughter, health and welfare LPA', PEGGY_FALL_REVIEW, '16:50'),
  reviewer_signature: signed(...COORDINATOR_CAMDEN, PEGGY_FALL_REVIEW, '16:55'),
};

const peggyProvisionalPlan: DocumentValues = {
  reason: 'hospital-discharge',
  hospital: 'University College Hospital, Ward T7 (acute medicine for older people)',
  discharge_date: '2024-03-08',
  information_from: ['discharge-summary', 'ward-staff', 'family', 'the-person'],
  care_starts: PEGGY_START,
  full_plan_by: PEGGY_PLAN_DAY,
  presenting_needs:
    'Home after nine days in hospital with a urine infection and delirium; the delirium is settling but she is more muddled and less steady than before. Needs help to wash and dress, all meals and drinks prepared, her tablets given, and someone to check on her four times a day. Starts six weeks of reablement with the Camden Reablement Service OT.',
  health_on_discharge: 'Urine infection treated with nitrofurantoin (course finished on the ward; penicillin allergy noted). Vascular dementia diagnosed in 2022. Atrial fibrillation on warfarin; INR 3.1 on discharge, next INR at the anticoagulation clinic on 15 March 2024.',
  medication_changes: 'Donepezil 10 mg at night restarted (it had been missed in hospital for three days). Warfarin dose per the yellow book, rewritten on discharge. Paracetamol as needed for the knees. No other changes.',
  mobility_now: 'aid',
  equipment_in_place: 'Two-wheeled frame from the ward (to be swapped for a four-wheeled walker by the OT). Pendant alarm from Camden Careline.',
  equipment_awaited: 'Raised toilet seat with frame and a bed lever: ordered by the ward OT from Camden equipment service, delivery due 12 March 2024.',
  known_risks:
    'Falls (unsteady after the admission, warfarin): walker within reach, hall light left on, no lifting after a fall. Not drinking enough (a cause of her infection): flask and squash left at every call, intake recorded. Confusion at night: pendant on, Careline responds.',
  calls: [
    call('morning', '08:00', 45, 'Wash at the sink and dress with help; breakfast; hot drink; tablets; fill the flask; record fluids.'),
    call('lunch', '12:30', 30, 'Hot meal and drink; prompt the toilet; record fluids.'),
    call('tea', '17:00', 30, 'Tea and a drink; warfarin as the yellow book says; record.'),
    call('bedtime', '20:00', 30, 'Help to undress; donepezil; settle in bed; pendant on.'),
  ],
  other_services: 'Camden Reablement Service (OT Ruth Adeyemi) for six weeks; anticoagulation clinic at UCLH for INR; GP at Camden Road Surgery.',
  contacts: 'Susan Ellison (daughter, LPA) 07700 900101, after 17:00 if not urgent; Frank Morley (neighbour, key holder) 020 7946 0190; Ruth Adeyemi, OT, 020 7946 0455.',
  consents: false,
  consent_notes:
    'Peggy was still a little muddled from the delirium and could not weigh up the plan on the day, so her capacity for this decision was assessed by the ward and found lacking for now. Susan holds health and welfare LPA and agreed the plan in her best interests; Peggy was happy for "the girls" to come. To be asked again herself once the delirium has cleared.',
  completed_by: signed(...COORDINATOR_CAMDEN, daysSince('2024-03-08'), '15:10'),
};

const peggyEvacuationPlan: DocumentValues = {
  property: 'ground-flat',
  where_sleeps: 'Front bedroom, first door on the left of the hall; by day in her riser chair in the sitting room at the back.',
  smoke_alarms: true,
  alarm_linked: true,
  safe_and_well: true,
  safe_and_well_date: '2024-05-20',
  fire_risks: ['heaters'],
  mobility: 'walking-aid',
  awareness: 'prompting',
  hearing: 'hard-of-hearing',
  sight: 'good',
  at_night: 'Takes her hearing aid out at night and sleeps deeply, so may not hear the alarm; the smoke alarm is linked to Careline, who call the fire brigade and Susan. May be confused on waking.',
  assistance: 'prompting',
  assistance_how: 'During a call: tell her calmly and clearly there is a fire and you are going out together now. Walker in front, coat or dressing gown only if it is on the hook you pass. Out through the front door; close doors behind you. Do not go back for anything. Call 999 once outside.',
  equipment: 'None needed: walker.',
  route: 'Bedroom or sitting room → hall → front door onto Agar Grove. Level, one small step down at the front door.',
  alternative_route: 'Sitting room → kitchen → back door to the garden → side passage to the street (gate bolt at the top).',
  stay_put: false,
  assembly_point: 'Frank Morley\'s house, number 16.',
  key_holder: 'Susan Ellison (daughter) 07700 900101; Frank Morley (neighbour, number 16) 020 7946 0190.',
  fire_service_info: 'Peggy lives alone on the ground floor with vascular dementia; hard of hearing on the left, hearing aid out at night; walks slowly with a walker; on warfarin. At night she is in the front bedroom, first door on the left. Key safe by the front door: Careline holds the code.',
  shared_with: 'Camden Careline; London Fire Brigade at the home fire safety visit (May 2024); Susan.',
  completed_by: signed(...COORDINATOR_CAMDEN, daysSince('2025-04-28'), '16:00'),
};

const PEGGY: DemoDocument[] = [
  {
    client: 1,
    document: 'support-plan',
    versions: [
      { content: peggySupportPlanV1, daysAgo: daysSince(PEGGY_PLAN_DAY), by: 'office', note: 'Full support plan after reablement: four calls a day.' },
      { content: peggySupportPlanV2, daysAgo: daysSince('2025-04-28'), by: 'office', note: 'Annual reassessment: tea call moved to 17:45 so warfarin is given at 18:00 as prescribed; knee exercises added.' },
      { content: peggySupportPlanV3, daysAgo: PEGGY_FALL_REVIEW - 2, by: 'office', note: 'After her fall in the kitchen: carers make all hot drinks, perching stool, flask by her chair.' },
    ],
    reviewInDays: 12,
    signedOff: { role: 'Registered manager', daysAgo: PEGGY_FALL_REVIEW - 4 },
  },
  {
    client: 1,
    document: 'provisional-careplan',
    versions: [
      { content: peggyProvisionalPlan, daysAgo: daysSince('2024-03-08'), by: 'office', note: 'Provisional plan from the discharge assessment at UCLH.' },
      { content: peggyProvisionalPlan, daysAgo: daysSince(PEGGY_PLAN_DAY), by: 'office', status: 'archived', note: 'Superseded by the full support plan after reablement.' },
    ],
  },
  {
    client: 1,
    document: 'daily-activities',
    versions: [
      {
        content: {
          wake_time: '07:30',
          morning:
            'Wakes around half past seven and likes to lie in until the carer comes. Radio 2 on in the kitchen while she has breakfast at the little table by the window. After breakfast she reads the paper Frank drops in, or starts the crossword.',
          daytime:
            'Dozes in her riser chair after lunch. Frank pops in most afternoons. Countdown at 14:15 is a fixture. Wednesdays are lunch club. She does a little mending at the table when her hands are good.',
          evening: 'Tea at about six, then television — quiz shows, or a musical if there is one on. Susan phones most evenings after 17:00.',
          bed_time: '20:30',
          night: 'Sleeps well most nights; gets up once to the toilet with her walker (hall light on a timer). If she wakes confused she presses her pendant; Careline talks her back to bed.',
          activities: [
            { activity: 'Washing', i_do: 'Face, hands, arms and front at the sink', support: 'Run the water, hand her things in order, wash her back, legs and feet', level: 'some-help' },
            { activity: 'Dressing', i_do: 'Chooses her clothes; buttons and cardigan', support: 'Lay out two outfits; help with tights, shoes and the hook of her bra', level: 'some-help' },
            { activity: 'Hot drinks', i_do: 'Tells you how she likes it', support: 'Carers make all hot drinks since her fall; leave a flask by her chair', level: 'full-help' },
            { activity: 'Meals', i_do: 'Chooses from the freezer, lays the table', support: 'Heat or cook the meal; cut up meat if her hands are stiff', level: 'some-help' },
            { activity: 'Laundry', support: 'Susan does it on Sundays; carers put dirty clothes in the basket', level: 'full-help' },
            { activity: 'Cleaning', i_do: 'Dusts and washes up her cup', support: 'A cleaner Susan pays for comes every other Tuesday; carers wipe the kitchen and empty bins', level: 'some-help' },
            { activity: 'Shopping', support: 'Susan orders online on Mondays; carers unpack the Thursday delivery and check dates', level: 'full-help' },
            { activity: 'Post and phone calls', i_do: 'Answers the phone', support: 'Put post on the sideboard for Susan; never help with cold callers or bank calls', level: 'prompt' },
          ],
          interests:
            'Music of the forties and fifties; sewing and mending; Countdown and the crossword; the Wednesday lunch club; talking about her thirty years making costumes for West End shows; her grandchildren\'s photographs.',
          would_like_to_try: 'Susan would like her to try the Singing for the Brain group at the library; Peggy said "maybe in the spring".',
          dislikes: 'Being rushed. Showers. Being talked over, or spoken to on her left side. Soup "from a packet".',
        },
        daysAgo: PEGGY_FALL_REVIEW - 3,
        by: 'office',
        note: 'Rewritten with Peggy and Susan after the review.',
      },
    ],
    reviewInDays: 13,
  },
  {
    client: 1,
    document: 'promoting-independence',
    versions: [
      {
        content: {
          can_do: 'Washes her face, hands and top half with prompts; chooses her clothes; feeds herself; walks around the flat with her walker; answers the phone; folds laundry; sews on a button on a good day.',
          want_to_do: 'Make her own cup of tea again; help with her lunch; post her own letters.',
          barriers: 'Short-term memory (forgets the kettle, forgets whether she has eaten); arthritic knees; she tires in the afternoon.',
          goals: [
            { goal: 'Choose my clothes every morning', steps: 'Carer lays two outfits on the bed and lets Peggy pick; no rushing.', target_date: '2024-10-22', progress: 'achieved' },
            { goal: 'Help get lunch ready', steps: 'Peggy sits on the perching stool and lays the tray, chooses the meal and butters bread; carer does the hot parts.', target_date: day(60), progress: 'in-progress' },
            { goal: 'Post my own letters', steps: 'Walk to the postbox at the corner with her walker on the agreed route (see below); carer or Susan writes the walk on the whiteboard.', target_date: day(90), progress: 'in-progress' },
          ],
          staff_approach:
            'Do with Peggy, not for her. One instruction at a time, hand her the next thing rather than doing it, and wait: she gets there. Praise what she has done. If she is tired or anxious, do more that call and say so in the notes, then go back to doing with her next time.',
          assistive_technology: ['pendant', 'key-safe'],
          positive_risk: true,
          risk_agreement:
            `Peggy wants to walk to the postbox at the corner of Agar Grove alone. Agreed with Peggy and Susan at the review on ${longDate(PEGGY_FALL_REVIEW)}: in daylight, with her walker, her "I have dementia, please help me" card in her handbag and her mobile number sewn into her coat; Frank watches from his window. Reviewed at once if she gets lost or falls outside.`,
        },
        daysAgo: PEGGY_FALL_REVIEW - 3,
        by: 'office',
      },
    ],
    reviewInDays: 13,
  },
  {
    client: 1,
    document: 'accessing-community',
    versions: [
      {
        content: {
          activities: [
            { activity: 'Lunch club, church hall on Camden Road', when: 'Wednesdays 11:30–14:30', transport: 'community-transport', support: 'Morning carer makes sure she is ready with coat, handbag, keys and £10; the driver helps her in and out and brings her to the door.' },
            { activity: 'Walk in Regent\'s Park and tea at the café', when: 'Sundays, weather allowing', transport: 'family', support: 'With Susan; takes her walker and a blanket.' },
            { activity: 'Postbox at the corner of Agar Grove', when: 'Any dry day, in daylight', transport: 'walk', support: 'Alone on the agreed route (promoting independence plan); carers check she came back at the next call.' },
          ],
          would_like: 'The theatre again: Susan is looking at relaxed performances in the West End.',
          travel: 'accompanied',
          bus_pass: true,
          blue_badge: false,
          money_out: 'Carries £10 in her purse for the lunch club (lunch is £4.50); Susan tops it up on Sundays. Carers do not handle her money.',
          risks_out: 'Could lose her way away from familiar streets; uneven pavements and kerbs with her knees; tires quickly. Goes out accompanied, except the agreed walk to the postbox.',
          carries: ['id-card'],
          if_separated: 'She knows her address and Susan\'s name. The "I have dementia" card in her handbag has Susan\'s and the office\'s numbers. If she is not home when expected, the office follows the no-reply steps in the support plan and her Herbert Protocol form goes to the police.',
        },
        daysAgo: PEGGY_FALL_REVIEW - 3,
        by: 'office',
      },
    ],
    reviewInDays: 13,
  },
  {
    client: 1,
    document: 'supported-living-calendar',
    versions: [
      {
        content: {
          effective_from: day(-PEGGY_FALL_REVIEW + 2),
          commissioned_hours: 15.3,
          shared_support: 'None: four domiciliary calls a day; Camden Careline answers her pendant between calls.',
          format: ['written', 'whiteboard'],
          timetable: [
            ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((weekday) => [
              { day: weekday, start: '08:00', end: '08:45', activity: 'Morning call', support: 'Wash, dress, breakfast, medication', ratio: '1-1' },
              ...(weekday === 'wednesday' ? [] : [{ day: weekday, start: '12:30', end: '13:00', activity: 'Lunch call', support: 'Hot meal and drinks', ratio: '1-1' }]),
              { day: weekday, start: '17:45', end: '18:15', activity: 'Tea call', support: 'Tea, warfarin at 18:00', ratio: '1-1' },
              { day: weekday, start: '20:00', end: '20:30', activity: 'Bedtime call', support: 'Undress, donepezil, settle, pendant on', ratio: '1-1' },
            ]),
            { day: 'wednesday', start: '11:30', end: '14:30', activity: 'Lunch club at the church hall', support: 'Community transport there and back', ratio: 'other-service' },
            { day: 'thursday', start: '10:30', end: '11:15', activity: 'Hairdresser at home (every other week)', ratio: 'none' },
            { day: 'thursday', start: '14:00', end: '15:00', activity: 'Online shop delivered', support: 'Lunch carer leaves a note; tea carer unpacks the chilled food', ratio: 'none' },
            { day: 'sunday', start: '12:00', end: '17:00', activity: 'Susan visits; walk in the park', ratio: 'family' },
          ],
          preparing_for_change: 'Write it on the kitchen whiteboard and tell her at the call before; tell Susan too. A new carer is introduced by a regular one where possible.',
          if_cancelled: 'If the lunch club is cancelled the office adds a lunch call that Wednesday; if community transport does not come by 12:00 Peggy phones the office (number on the whiteboard).',
          holidays: 'Christmas Day and Boxing Day with Susan\'s family in Kentish Town: Susan collects her at 11:00 and brings her home by 19:30; only the morning and bedtime calls those days.',
        },
        daysAgo: PEGGY_FALL_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 12,
  },
  {
    client: 1,
    document: 'therapy-interventions',
    versions: [
      {
        content: {
          therapists: [
            { discipline: 'physiotherapy', name: 'Tom Reid', service: 'Camden MSK Physiotherapy, 020 7946 0470', referred: '2025-04-30', active: true },
            { discipline: 'memory-service', name: 'Dr Anita Rao', service: 'Camden Memory Service, 020 7946 0480', referred: '2022-09-14', active: true },
          ],
          therapy_goals:
            'Physiotherapy: keep both knees moving and her legs strong enough to stand from her chair and walk safely with the walker; after her fall, better balance when turning. Memory service: keep Peggy engaged and oriented; she finished a cognitive stimulation group in 2025 and enjoys the reminiscence work that follows it.',
          interventions: [
            { intervention: 'Sit to stand practice', how: 'From the dining chair (not the riser chair): feet back, hands on the armrests, stand, hold for a count of five, sit down slowly. Five times. Walker in front, you at her right side.', when: 'Morning call, after breakfast, five days a week' },
            { intervention: 'Seated knee straightening', how: 'Sitting back in her chair, straighten one knee, hold for five, lower slowly. Ten each leg.', when: 'Lunch call, five days a week' },
            { intervention: 'Turning practice', how: 'With the walker, small steps to turn round in the hall; never pivot on one foot. Three turns each way.', when: 'Tea call, five days a week' },
            { intervention: 'Reminiscence', how: 'Look at a page or two of her memory book (on the sideboard) together; ask open questions about the theatre, Ron and the children.', when: 'Any call with time to spare; best in the late afternoon' },
          ],
          stop_if: 'New pain, swelling or heat in a knee; breathless, dizzy or chest pain (atrial fibrillation); she does not want to. Stop, record it and tell the office. Chest pain, a drooping face, weak arm or slurred speech: call 999.',
          staff_shown: true,
          shown_details: 'Tom Reid showed the regular morning and tea carers at Peggy\'s home in May 2025 and again after her fall; Oliver Office cascades to new carers.',
          recorded_where: 'Care notes at each call: which exercises, how many, how she managed.',
          next_therapy_review: day(45),
        },
        daysAgo: PEGGY_FALL_REVIEW - 20,
        by: 'office',
        note: 'Turning practice added after the physiotherapist\'s balance review.',
      },
    ],
    reviewInDays: 30,
  },
  {
    client: 1,
    document: 'positive-behaviour-support-plan',
    versions: [
      {
        content: {
          plan_needed: true,
          about_me: 'Peggy is warm, funny and proud. She notices if your collar is crooked and will tell you how to fix a hem. She remembers every show she dressed and the stars she sewed for.',
          good_life: 'Her own flat and her own routine; Susan on Sundays; music; being useful; being called Peggy; looking smart.',
          written_with: 'Peggy (what helps her), Susan Ellison (LPA), her regular evening carers, and the Camden Memory Service nurse.',
          functional_assessment: 'Camden Memory Service, dementia nurse Lorna Blake, after a fortnight of ABC charts',
          behaviours: [
            { behaviour: 'Distress in the evening: asks for Ron (her late husband) or says she must fetch the children from school, tries to put her coat on and leave.', how_often: 'Two or three evenings a week, worse in winter', risk: 'medium', function: 'escape' },
            { behaviour: 'Pushes the carer\'s hands away and shouts "leave me alone" when being undressed at bedtime.', how_often: 'About once a week', risk: 'low', function: 'escape' },
          ],
          setting_events: 'Tiredness late in the day and dark evenings; pain in her knees; a urine infection (behaviour changing suddenly is often the first sign); a day without Susan\'s phone call; a carer she does not know.',
          triggers: 'Being hurried; being corrected ("Ron died years ago"); being undressed before she is ready; the television news.',
          proactive: 'Regular carers at the tea and bedtime calls. Curtains drawn and lamps on before dusk. Music she loves after tea. Offer paracetamol if her knees are sore. Tell her what you are about to do and ask before touching; let her do what she can. Bedtime: wash and nightclothes on first, and let her sit a while before bed if she wants.',
          skills: 'Using her memory book and the photograph of Ron to settle herself; pressing her pendant to talk to Careline if she feels frightened at night.',
          early_signs: 'Pacing with her walker, checking her handbag, asking the time again and again, looking out of the window, calling you by her daughter\'s name.',
          secondary: 'Slow down. Sit beside her on her right, at her level. Acknowledge the feeling ("You\'re worried about the children"), talk about them or Ron, get out the photographs. Offer a cup of tea or her music. Leave undressing for ten minutes. Do not argue or insist.',
          reactive: 'If she is pushing you away or shouting: stop the care, step back out of reach, and say calmly you will come back in a few minutes. Make sure she is safe (seated, walker to hand, nothing hot nearby). Try again after ten minutes. If she still does not want to change, leave her safe in her clothes with her pendant on, and phone the office; never hold her or force care. If she has left the flat, follow the missing person steps in the crisis plan.',
          post_incident_person: 'Stay a few minutes, chat about something she enjoys, make sure she has a drink and her pendant. Phone Susan if Peggy asks for her.',
          post_incident_staff: 'Record what happened before, during and after on the ABC chart; tell the on-call coordinator; the coordinator looks at the charts monthly with the memory nurse.',
          restrictive_in_use: false,
        },
        daysAgo: 120,
        by: 'office',
        note: 'Updated with the memory nurse after a month of ABC charts.',
      },
    ],
    reviewInDays: 62,
    signedOff: { role: 'Registered manager', daysAgo: 118 },
  },
  {
    client: 1,
    document: 'crisis-management-plan',
    versions: [
      {
        content: {
          crisis_types: ['medical', 'missing', 'no-access', 'carer-breakdown'],
          signs: 'Suddenly more confused or sleepy than usual (infection or a stroke); new bruising or bleeding (warfarin); not eating or drinking; distressed and trying to leave in the evening.',
          what_helps: 'A calm, familiar voice on her right side; Susan on the phone; her photographs and music; being told clearly what is happening and who is coming.',
          what_does_not_help: 'Several people talking at once; being rushed; being told Ron has died.',
          risk_to_self: 'Falls with bleeding or head injury (warfarin); dehydration and infection; leaving the flat at night and getting lost; scams and doorstep callers.',
          risk_to_others: 'None known beyond pushing a carer\'s hand away when distressed (see the PBS plan).',
          risk_from_others: 'Lives alone with dementia: at risk from doorstep callers and scam phone calls. Susan has put a call blocker on the landline. Report any new "friend", workman or sales leaflet to the office.',
          steps: [
            { situation: 'Signs of stroke (face drooping, arm weakness, slurred speech)', action: 'Call 999 straight away; tell them she is on warfarin; note the time symptoms started; then call the office and Susan.', who: 'Carer at the call' },
            { situation: 'Fall', action: 'Do not lift. Head knock or unsure: 999 (warfarin). Not hurt: help her up only with the chair method if she can do it herself. Record a body map.', who: 'Carer; office informs Susan' },
            { situation: 'Bleeding that will not stop, black stools or blood in urine', action: 'Call 111 (or 999 if heavy); take the yellow book with her.', who: 'Carer' },
            { situation: 'Suddenly more confused', action: 'Phone the GP the same day (possible infection); record fluids; tell the office.', who: 'Carer, office' },
            { situation: 'Susan unavailable for more than a day', action: 'Frank is the local contact; the office reviews whether extra calls are needed.', who: 'Office' },
          ],
          emergency_medication: 'None kept for emergencies. Take the yellow anticoagulation book and the MAR to hospital.',
          call_999: 'Signs of stroke; chest pain; a fall with a head knock or any fall where you are unsure; heavy bleeding; she cannot be woken; she is missing after dark.',
          missing_plan: 'Check every room, the garden and Frank at number 16; look along Agar Grove towards Camden Road (she has walked towards her old school, St Pancras Way, before). After 15 minutes call the office; the office calls Susan and the police with the Herbert Protocol form (in the office file and with Susan).',
          contacts: [
            { name: 'Susan Ellison', role: 'Daughter, health and welfare LPA', phone: '07700 900101', when: 'Any emergency; otherwise after 17:00' },
            { name: 'Frank Morley', role: 'Neighbour at number 16, key holder', phone: '020 7946 0190', when: 'Missing, no reply, Susan not answering' },
            { name: 'Camden Road Surgery', role: 'GP', phone: '020 7946 0300', when: 'Weekdays 08:00–18:30' },
            { name: 'Camden Careline', role: 'Pendant alarm monitoring', phone: '020 7946 0410', when: 'To check alarm calls overnight' },
          ],
          on_call: 'Camden office on-call coordinator 020 7946 0399 (17:00–09:00 and weekends)',
          grab_sheet: 'Hospital passport and medication list in the red folder on the hall table, with the yellow warfarin book.',
          debrief: 'The coordinator phones the carer the same day; Peggy gets a familiar carer at her next call; Susan is told what happened and what changes.',
          notify: ['family', 'gp', 'manager'],
        },
        daysAgo: PEGGY_FALL_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 12,
  },
  {
    client: 1,
    document: 'personal-evacuation-plan',
    versions: [
      { content: peggyEvacuationPlan, daysAgo: daysSince('2025-04-28'), by: 'office' },
      {
        content: {
          ...peggyEvacuationPlan,
          at_night:
            'Takes her hearing aid out at night and sleeps deeply, so may not hear the alarm; the smoke alarm is linked to Careline, who call the fire brigade and Susan. May be confused on waking. Since her fall she keeps her walker beside the bed at night: check it is there at the bedtime call.',
          completed_by: signed(...COORDINATOR_CAMDEN, PEGGY_FALL_REVIEW - 3, '15:30'),
        },
        daysAgo: PEGGY_FALL_REVIEW - 3,
        by: 'office',
        note: 'Checked after her fall: walker beside the bed at night.',
      },
    ],
    reviewInDays: 365 - (PEGGY_FALL_REVIEW - 3),
  },
  {
    client: 1,
    document: 'equipment',
    versions: [
      {
        content: {
          items: [
            { item: 'Four-wheeled walker', supplier: 'Camden equipment service (Medequip)', serial: 'ME-204871-01', issued: '2024-03-13', condition: 'good' },
            { item: 'Raised toilet seat with frame', supplier: 'Camden equipment service (Medequip)', serial: 'ME-204871-02', issued: '2024-03-12', condition: 'good' },
            { item: 'Bed lever', supplier: 'Camden equipment service (Medequip)', serial: 'ME-204871-03', issued: '2024-03-12', condition: 'good' },
            { item: 'Perching stool (kitchen)', supplier: 'Camden equipment service (Medequip)', serial: 'ME-204871-04', issued: day(-PEGGY_FALL_REVIEW + 6), condition: 'good' },
            { item: 'Pendant alarm and base unit', supplier: 'Camden Careline', serial: 'CL-558201', issued: '2024-03-15', last_check: day(-62), next_due: day(303), condition: 'good' },
            { item: 'Linked smoke alarm', supplier: 'Camden Careline', serial: 'CL-558202', issued: '2024-05-20', last_check: day(-62), next_due: day(303), condition: 'good' },
            { item: 'Riser-recliner chair', supplier: 'Own (bought by Susan, 2022)', condition: 'worn' },
          ],
          lifting_equipment: false,
          maintained_by: 'Camden equipment service (Medequip) for the loaned items; Camden Careline for the pendant and linked smoke alarm; the riser-recliner is Peggy\'s own and Susan arranges repairs.',
          fault_reporting: 'Medequip 020 7946 0400, quoting the ID on the label; Careline 020 7946 0410; tell the office the same day.',
          carer_checks: 'Walker: brakes hold, wheels turn freely, handles tight. Raised seat: firmly fixed, no cracks. Pendant: being worn; test it with Careline on the first Monday of the month at the morning call. Riser chair: cable not trailing; the footrest creaks (reported to Susan) but works.',
          awaited: '',
          referred_to: 'Physiotherapist asked for a second bed lever for the other side: waiting for Camden equipment service.',
          declined: 'Falls sensor, after her fall in the kitchen: Peggy does not want "to be watched"; she agreed to wear her pendant at all times instead.',
        },
        daysAgo: PEGGY_FALL_REVIEW - 5,
        by: 'office',
        note: 'Perching stool delivered; falls sensor declined.',
      },
    ],
    reviewInDays: 9,
  },
  {
    client: 1,
    document: 'checklist-handling',
    versions: [
      {
        content: {
          tasks: ['sit-stand', 'bed-mobility', 'toilet', 'walking'],
          method:
            'Sit to stand: ask Peggy to shuffle to the front of the chair, feet back, hands on the armrests (not on the walker); "ready, steady, stand"; wait while she finds her balance, then bring the walker in front. The riser chair: she uses the control herself. Toilet: raised seat with frame; she turns and reaches back for both arms of the frame; stand by her right side. Into bed: she sits on the edge, you lift her legs in if her knees hurt (support under the calves, knees bent); she uses the bed lever to turn. Walking: walker, you at her right side.',
          carers_needed: 1,
          carer_training: 'Moving and handling refresher in the last 12 months; dementia awareness; shown the method by a regular carer.',
          weight: 58.4,
          weight_bearing: 'full',
          understanding: 'prompting',
          conditions: 'Osteoarthritis in both knees (stiff after sitting, worse in the morning). On warfarin: bruises easily, so never grip her arms; hold her hands or put a palm under her elbow. Vascular dementia: may forget what she is doing mid-move; one step at a time.',
          falls_history: true,
          space: 'adequate',
          profiling_bed: false,
          environment_notes: 'Ground-floor flat, level throughout. Sitting room rug taped down after her fall; kitchen floor is lino — wipe spills at once. Hall light on a timer. Keep the route from bed to toilet clear (slippers, bags).',
          hoist_used: false,
          other_aids: ['frame', 'bed-lever', 'riser-chair', 'raised-toilet-seat', 'perching-stool'],
          residual_risk: 'medium',
          falls_response: 'Do not lift her. Check for injury; if she has hit her head or you are unsure, call 999 and say she takes warfarin. If unhurt and she can get up herself with a chair and your guidance (roll, kneel, chair), let her; otherwise keep her warm and call the office. Body map and incident form afterwards.',
          assessor: signed(...COORDINATOR_CAMDEN, PEGGY_FALL_REVIEW - 3, '15:00'),
        },
        daysAgo: PEGGY_FALL_REVIEW - 3,
        by: 'office',
        note: 'Reviewed after her fall: perching stool added.',
      },
    ],
    reviewInDays: 9,
    signedOff: { role: 'Registered manager', daysAgo: PEGGY_FALL_REVIEW - 4 },
  },
  {
    client: 1,
    document: 'reablement',
    versions: [
      {
        content: {
          referral_reason: 'Home from UCLH after a urine infection with delirium; less steady and less confident than before the admission, and Susan could no longer manage the mornings before work.',
          start_date: PEGGY_START,
          planned_end: '2024-04-21',
          therapist: 'Ruth Adeyemi, occupational therapist, Camden Reablement Service',
          therapist_contact: '020 7946 0455',
          goals: [
            { goal: 'To wash my top half myself', baseline: 'Needed full help at the sink; unsure where to start.', target: 'Washes face, hands, arms and front herself, with prompts.', status: 'working' },
            { goal: 'To make my own cup of tea', baseline: 'Left the kettle on twice in the ward kitchen assessment.', target: 'Makes a hot drink safely with a carer watching.', status: 'working' },
            { goal: 'To walk round my flat without worrying', baseline: 'A few steps with the two-wheeled frame; frightened of falling.', target: 'Walks confidently around the flat with a four-wheeled walker.', status: 'working' },
          ],
          outcome: 'in-progress',
        },
        daysAgo: daysSince(PEGGY_START),
        by: 'office',
        note: 'Goals set with Peggy, Susan and the reablement OT.',
      },
      {
        content: {
          referral_reason: 'Home from UCLH after a urine infection with delirium; less steady and less confident than before the admission, and Susan could no longer manage the mornings before work.',
          start_date: PEGGY_START,
          planned_end: '2024-04-21',
          therapist: 'Ruth Adeyemi, occupational therapist, Camden Reablement Service',
          therapist_contact: '020 7946 0455',
          goals: [
            { goal: 'To wash my top half myself', baseline: 'Needed full help at the sink; unsure where to start.', target: 'Washes face, hands, arms and front herself, with prompts.', week_achieved: 4, status: 'achieved' },
            { goal: 'To make my own cup of tea', baseline: 'Left the kettle on twice in the ward kitchen assessment.', target: 'Makes a hot drink safely with a carer watching.', status: 'partly' },
            { goal: 'To walk round my flat without worrying', baseline: 'A few steps with the two-wheeled frame; frightened of falling.', target: 'Walks confidently around the flat with a four-wheeled walker.', week_achieved: 3, status: 'achieved' },
          ],
          weekly: [
            { week: 1, date: '2024-03-18', progress: 'Settling in; delirium clearing. Washing hands and face with prompts. Walker delivered.' },
            { week: 2, date: '2024-03-25', progress: 'Walking to the kitchen and back with the new walker. Kettle: needed prompting at every step.' },
            { week: 3, date: '2024-04-01', progress: 'Walks around the flat confidently. Washing her arms and front with the flannel handed to her.' },
            { week: 4, date: '2024-04-08', progress: 'Washes her top half most mornings. Made tea twice, once forgot the kettle.', calls_change: 'No change: four calls still needed' },
            { week: 5, date: '2024-04-15', progress: 'Kettle goal not reliable; OT advises carers keep making hot drinks with Peggy choosing how.' },
            { week: 6, date: '2024-04-21', progress: 'Final review with Susan: long-term four calls agreed.' },
          ],
          outcome: 'same',
          ended_on: '2024-04-21',
          handover: 'Long-term four calls a day from 22 April 2024 (support plan agreed that day). Keep prompting her to wash her top half; carers make hot drinks with Peggy telling them how she likes them; walker indoors, accompanied outdoors.',
        },
        daysAgo: daysSince('2024-04-21'),
        by: 'office',
        note: 'Reablement finished: moving to long-term care.',
      },
    ],
    signedOff: { role: 'Registered manager', daysAgo: daysSince('2024-04-22') },
  },
  {
    client: 1,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'hospital-discharge',
          assessment_date: '2024-03-07',
          assessor: 'Oliver Office, care coordinator (trusted assessor)',
          location: 'hospital',
          present: 'Peggy; Susan Ellison (daughter, LPA); Hannah Cole, ward nurse; Ruth Adeyemi, reablement OT.',
          referral_source: 'hospital',
          referrer: 'UCLH discharge team, 020 7946 0500',
          funder: 'local-authority',
          personal_care: 'Needed full help to wash and dress on the ward; continent with urgency, pads at night. Before the admission she washed and dressed herself with Susan checking.',
          mobility: 'Walking short distances with a two-wheeled frame and one person standing by; unsteady when turning. One fall at home before the admission (the night she became unwell).',
          nutrition: 'Poor appetite and drinking little on the ward; needs meals prepared and drinks left out. Weight 56.9 kg.',
          medication: 'Warfarin for atrial fibrillation (dose by INR, yellow book); donepezil 10 mg at night; paracetamol as needed. Susan filled a dosette before; the family cannot continue. Needs administering.',
          health: 'Urine infection with delirium, treated. Vascular dementia (mild, diagnosed 2022). Atrial fibrillation. Osteoarthritis of both knees. Allergic to penicillin.',
          cognition_communication: 'Delirium settling; oriented to person but not to date. Hard of hearing on the left. Understood and answered simple questions; wants to go home.',
          wellbeing_social: 'Widowed; lives alone. Misses her lunch club. Worries she is "a nuisance" to Susan.',
          home_environment: 'Ground-floor flat at 14 Agar Grove, level access, one step at the front door. Key safe fitted. Bathroom with a sink and shower over the bath (she does not use the shower).',
          unpaid_carers: 'Susan works full time and visits on Sundays; offered a carer\'s assessment by the discharge team. Frank Morley, neighbour, keeps an eye out.',
          risks: [
            { risk: 'Falls', level: 'high', action: 'Falls risk assessment on the first day; walker and raised toilet seat from the OT; pendant.' },
            { risk: 'Dehydration and repeat infection', level: 'medium', action: 'Fluids left at each call and recorded.' },
            { risk: 'Medication errors (warfarin)', level: 'high', action: 'Administer from a locked box; check the yellow book at each dose.' },
          ],
          person_wants: '"To go home and have my own bed." Peggy wants help in the mornings and someone popping in.',
          capacity_doubt: true,
          capacity_notes: 'Delirium not fully cleared; the ward assessed her as lacking capacity to decide about care arrangements for now. Susan (LPA) agreed in her best interests; to be reassessed once settled at home.',
          recommendation: 'reablement',
          recommended_calls: 'Four calls a day (45, 30, 30, 30 minutes), one carer, with six weeks of reablement.',
          assessor_signature: signed(...COORDINATOR_CAMDEN, daysSince('2024-03-07'), '14:20'),
        },
        daysAgo: daysSince('2024-03-07'),
        by: 'office',
      },
    ],
  },
  {
    client: 1,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'reassessment',
          assessment_date: PEGGY_REASSESSED,
          assessor: 'Oliver Office, care coordinator',
          location: 'home',
          present: 'Peggy; Susan Ellison (daughter, LPA).',
          referral_source: 'local-authority',
          referrer: 'Camden adult social care annual review',
          funder: 'local-authority',
          personal_care: 'Washes her top half at the sink with prompts; help with her back, legs, feet, tights and shoes. Pads day and night.',
          mobility: 'Walks indoors with the four-wheeled walker; accompanied outdoors. No falls in the past year.',
          nutrition: 'Eating well; weight 58.9 kg. Forgets to drink unless a flask is left out.',
          medication: 'Administered by carers from the locked box: warfarin at the tea call, donepezil at bedtime; paracetamol prompted. The tea call at 17:00 meant warfarin was given an hour early: to move to 17:45.',
          health: 'Vascular dementia, slowly progressing: more repetitive questions in the evening. Atrial fibrillation stable on warfarin (INR in range at the last three checks). Knees stiffer: GP referred to physiotherapy.',
          cognition_communication: 'Knows her regular carers; forgets new faces. Hearing aid in the right ear now. Evening distress two or three times a week.',
          wellbeing_social: 'Enjoys the lunch club; Frank visits most days; Susan on Sundays. Low in winter.',
          home_environment: 'Unchanged. Rug in the sitting room curling at one corner: Susan to tape it.',
          unpaid_carers: 'Susan coping; has had a carer\'s assessment and a carer\'s break grant.',
          risks: [
            { risk: 'Falls', level: 'medium', action: 'Physiotherapy referral; rug taped; walker checks.' },
            { risk: 'Evening distress', level: 'medium', action: 'Positive behaviour support plan with the memory service.' },
          ],
          person_wants: 'To carry on as she is, with the same carers.',
          capacity_doubt: false,
          recommendation: 'no-change',
          recommended_calls: '',
          assessor_signature: signed(...COORDINATOR_CAMDEN, daysSince(PEGGY_REASSESSED), '12:10'),
        },
        daysAgo: daysSince(PEGGY_REASSESSED),
        by: 'office',
      },
    ],
    reviewInDays: -215,
  },
  {
    client: 1,
    document: 'review-form',
    versions: [
      {
        content: {
          review_date: '2024-10-21',
          review_type: 'scheduled',
          location: 'home',
          reviewer: 'Oliver Office, care coordinator',
          attendees: [
            { name: 'Margaret (Peggy) Ellison', role: 'Client', how: 'in-person' },
            { name: 'Susan Ellison', role: 'Daughter, health and welfare LPA', how: 'remote' },
          ],
          person_involvement: 'fully',
          working: 'Peggy washes her top half most mornings and chooses her clothes. She likes her morning carers. Eating and drinking well.',
          not_working: 'The bedtime call is sometimes early (19:40) and she is not ready for bed.',
          needs_changed: false,
          events: 'No falls, admissions or complaints.',
          satisfaction: '5',
          regular_carers: true,
          times_suit: false,
          comments: 'Peggy: "They\'re lovely girls. Don\'t send them so early at night."',
          actions: [{ action: 'Bedtime call not before 20:00: tell the scheduler', owner: 'Oliver Office', due: '2024-10-25', done: true }],
          plan_updated: false,
          next_review: '2025-04-21',
          person_signature: signed('Margaret Ellison', 'Client', daysSince('2024-10-21'), '11:00'),
          reviewer_signature: signed(...COORDINATOR_CAMDEN, daysSince('2024-10-21'), '11:05'),
        },
        daysAgo: daysSince('2024-10-21'),
        by: 'office',
      },
    ],
  },
  {
    client: 1,
    document: 'review-form',
    versions: [
      { content: { ...peggyReviewAfterFall, actions: (peggyReviewAfterFall.actions as DocumentValues[]).map((action) => ({ ...action, done: false })) }, daysAgo: PEGGY_FALL_REVIEW, by: 'office', note: 'Review after her fall.' },
      { content: peggyReviewAfterFall, daysAgo: PEGGY_FALL_REVIEW - 30, by: 'office', note: 'All four actions done.' },
    ],
    reviewInDays: 12,
    signedOff: { role: 'Registered manager', daysAgo: PEGGY_FALL_REVIEW - 31 },
  },
  {
    client: 1,
    document: 'exit-survey',
    versions: [
      {
        content: {
          service_ended: '2024-04-21',
          service: 'Reablement (six weeks)',
          reason: 'moved-service',
          reason_detail: 'Reablement finished; Peggy stayed with us for long-term care, four calls a day.',
          completed_by: 'family',
          completed_how: 'phone',
          overall: '4',
          dignity: '5',
          punctuality: '3',
          continuity: '3',
          plan_followed: '4',
          office: '4',
          went_well: 'The carers were patient with Mum and got her washing herself again. Ruth the OT explained everything to both of us.',
          do_better: 'Too many different faces in the first fortnight, which confused Mum. Two morning calls were 40 minutes late and nobody phoned.',
          would_recommend: true,
          complaint: false,
          contact_ok: true,
          completed_on: '2024-04-29',
        },
        daysAgo: daysSince('2024-04-29'),
        by: 'office',
        note: 'Susan answered by phone, with Peggy listening in.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// 2. Desmond Achebe: Flat 6, Curnock Court, insulin-treated type 2 diabetes with neuropathy in both feet; lives
// with his wife Abigail. Four weeks of reablement after a hypo admission in January 2025, then two calls a day.

const DESMOND_START = '2025-01-20';
const DESMOND_PLAN_DAY = '2025-02-17';
const DESMOND_HYPO = 131; // days ago: a hypo at the tea call
const DESMOND_HYPO_REVIEW = 128;

const desmondSupportPlanV1: DocumentValues = {
  plan_date: DESMOND_PLAN_DAY,
  funded_by: 'local-authority',
  contributors: 'Desmond, at home, with his wife Abigail; the district nurse (Joy Mensah) for the insulin and blood glucose plan; the reablement team\'s handover; Oliver Office, care coordinator.',
  what_matters:
    '"I look after myself; I just need a hand with the things I can\'t feel or can\'t reach." Staying at home with Abigail. His food, done properly: jollof rice, plantain, pepper soup — in the portions the dietitian agreed. Arsenal on the television. Church on Sunday mornings. Being called Mr Achebe until he tells you otherwise.',
  health_summary:
    'Type 2 diabetes, on insulin since 2019: long-acting insulin given every morning by the district nurse, metformin with breakfast and tea. Admitted to UCLH in January 2025 after a hypo (found confused by Abigail). Peripheral neuropathy in both feet: cannot feel heat, cold or injury, so his feet are checked every day. No known allergies.',
  outcomes: [
    { outcome: 'To keep my blood sugar steady and stay out of hospital', area: 'health', measure: 'Readings mostly 5–10 mmol/L; no hypo needing help from others' },
    { outcome: 'To look after my feet', area: 'skin', measure: 'Feet checked and recorded every day; podiatry every three months' },
    { outcome: 'To eat my own food in a way that suits my diabetes', area: 'nutrition', measure: 'Meals follow the dietitian\'s portions; weight steady' },
    { outcome: 'To walk to the shops on Chalton Street by myself', area: 'mobility', measure: 'Walks there and back with his stick twice a week', by_when: '2025-08-17' },
  ],
  personal_care_support: 'prompt',
  personal_care_how:
    'Desmond washes and shaves himself. Showers on Tuesdays and Saturdays at the morning call (an hour that day) over the bath on the bath board: stand by, run the water and test it with your elbow — he cannot feel if it is too hot. Help him with socks and shoes every morning (he cannot reach or feel his feet).',
  continence_support: 'independent',
  mobility_support: 'prompt',
  mobility_how:
    'Walks with a stick indoors and out; unsteady on uneven ground and when turning because he cannot feel the floor. Always shoes or slippers on, never barefoot or in socks alone. See the moving and handling checklist for the bath board.',
  nutrition_support: 'full-help',
  nutrition_how:
    'Breakfast: porridge made with semi-skimmed milk, or two slices of wholemeal toast with an egg; tea with sweetener. Tea: his own recipes, cooked by you with him directing — a fist-sized portion of rice or one small plantain, plenty of vegetables or stew, fish or chicken; fruit after. Sugar-free drinks only, except to treat a hypo. Abigail\'s hands are too painful to cook, but she likes to taste the pepper soup.',
  medication_support: 'prompt',
  medication_how:
    'Blood glucose: check with his meter before breakfast and before tea and record it on the chart and the MAR (trained by the district nurse). Insulin: given by the district nurse between 08:30 and 10:00 — carers never give insulin; if the nurse has not come by 10:00, phone the district nursing team. Metformin 500 mg with breakfast and with tea: prompt, and record. Below 4 mmol/L: follow the hypo steps in the crisis plan. Above 15 mmol/L twice in a row: tell the district nurse the same day.',
  skin_support: 'some-help',
  skin_how:
    'Check both feet every morning before socks go on: tops, soles (use the mirror on the long handle), heels and between the toes. Look for redness, blisters, cuts, swelling, hard skin or a smell, and record "feet checked" with anything found. Moisturise the tops and soles with his urea cream, never between the toes. Never cut or file his toenails (podiatrist only). Anything new: tell the district nurse the same day.',
  communication_support: 'independent',
  emotional_support: 'prompt',
  emotional_how: 'Desmond can be low and frustrated about "the diabetes rules" and misses his work on the Underground. Ask about the cricket and the Arsenal; talk through his readings with him rather than at him. Tell the office if he seems low for more than a few days or stops eating.',
  social_support: 'independent',
  calls: [
    call('morning', '07:30', 45, 'Blood glucose before breakfast (record). Foot check and cream, then socks and shoes. Breakfast. Prompt metformin with food (record). Leave the flat ready for the district nurse.', 'Every day except Tuesday and Saturday'),
    call('morning', '07:30', 60, 'As every morning, plus standing by while he showers on the bath board.', 'Tuesday and Saturday'),
    call('tea', '17:30', 45, 'Blood glucose before tea (record). Cook tea with him. Prompt metformin with food (record). Wash up; check the hypo box is full.'),
  ],
  access: 'Abigail lets carers in; if she is out, the key safe by the flat door (code in the restricted access details). The block entry phone: press 6.',
  no_reply: 'Ring again, knock and call through the letterbox, then phone Desmond (07700 900412) and Abigail (07700 900413). Still no answer: let yourself in with the key safe and check every room — a hypo can leave him drowsy or confused. If he is not there, phone the office; the office reaches Abigail and, if he cannot be found within 30 minutes, the police.',
  person_agrees: true,
  person_signature: signed('Desmond Achebe', 'Client', daysSince(DESMOND_PLAN_DAY), '11:00'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, daysSince(DESMOND_PLAN_DAY), '11:05'),
};

const desmondSupportPlanV2: DocumentValues = {
  ...desmondSupportPlanV1,
  plan_date: day(-DESMOND_HYPO_REVIEW + 2),
  contributors: 'Desmond and Abigail at the review after his hypo at the tea call; Joy Mensah, district nurse, by phone; Oliver Office, care coordinator.',
  medication_how:
    'Blood glucose: check with his meter before breakfast and before tea and record it on the chart and the MAR (trained by the district nurse). Insulin: given by the district nurse between 08:30 and 10:00 — carers never give insulin; if the nurse has not come by 10:00, phone the district nursing team. The dose was reduced from 20 to 18 units after his hypo. Metformin 500 mg with breakfast and with tea: prompt, and record. Desmond must eat within 30 minutes of the tea-time reading: if he is not hungry, offer a smaller meal or a sandwich and a glass of milk rather than nothing. Below 4 mmol/L: follow the hypo steps in the crisis plan. Above 15 mmol/L twice in a row: tell the district nurse the same day.',
  calls: [
    call('morning', '07:30', 45, 'Blood glucose before breakfast (record). Foot check and cream, then socks and shoes. Breakfast. Prompt metformin with food (record). Leave the flat ready for the district nurse.', 'Every day except Tuesday and Saturday'),
    call('morning', '07:30', 60, 'As every morning, plus standing by while he showers on the bath board.', 'Tuesday and Saturday'),
    call('tea', '17:00', 45, 'Blood glucose before tea (record). Cook tea with him and make sure he has eaten before you leave. Prompt metformin with food (record). Wash up; check the hypo box is full and leave a snack (a digestive biscuit and a glass of milk) out for the evening.'),
  ],
  person_signature: signed('Desmond Achebe', 'Client', DESMOND_HYPO_REVIEW - 2, '16:10'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, DESMOND_HYPO_REVIEW - 2, '16:15'),
};

const desmondReablementGoals = (achieved: boolean) => [
  { goal: 'To know when my sugar is low and treat it myself', baseline: 'Did not recognise his hypo in January; Abigail found him confused.', target: 'Names his warning signs and uses the hypo box correctly.', ...(achieved ? { week_achieved: 2, status: 'achieved' } : { status: 'working' }) },
  { goal: 'To make my own breakfast', baseline: 'Unsteady standing at the cooker; carers made breakfast.', target: 'Makes porridge or toast himself with a carer nearby.', ...(achieved ? { week_achieved: 3, status: 'achieved' } : { status: 'working' }) },
  { goal: 'To walk to the shops on Chalton Street', baseline: 'Walked to the lift and back; nervous of the kerbs.', target: 'Walks there and back with his stick, accompanied at first.', ...(achieved ? { status: 'partly' } : { status: 'working' }) },
  { goal: 'To check my own feet', baseline: 'Cannot see his soles or reach his toes.', target: 'Checks his feet with the long-handled mirror.', ...(achieved ? { status: 'not-achieved' } : { status: 'working' }) },
];

const desmondReablement: DocumentValues = {
  referral_reason: 'Discharged from UCLH after a hypoglycaemic episode (found confused at home by his wife); weaker and less confident, and the district nurse asked for a safe routine of blood glucose checks and meals around his insulin.',
  start_date: DESMOND_START,
  planned_end: '2025-02-28',
  therapist: 'Kemi Balogun, occupational therapist, Camden Reablement Service',
  therapist_contact: '020 7946 0455',
  goals: desmondReablementGoals(false),
  outcome: 'in-progress',
};

const desmondReview = (date: string, rest: DocumentValues): DocumentValues => ({
  review_date: date,
  location: 'home',
  reviewer: 'Oliver Office, care coordinator',
  person_involvement: 'fully',
  ...rest,
});

const DESMOND: DemoDocument[] = [
  {
    client: 2,
    document: 'support-plan',
    versions: [
      { content: desmondSupportPlanV1, daysAgo: daysSince(DESMOND_PLAN_DAY), by: 'office', note: 'Support plan for long-term care after reablement: two calls a day.' },
      { content: desmondSupportPlanV2, daysAgo: DESMOND_HYPO_REVIEW - 2, by: 'office', note: 'After his hypo: tea call at 17:00, eat within 30 minutes of the reading, evening snack; insulin reduced to 18 units.' },
    ],
    reviewInDays: 182 - (DESMOND_HYPO_REVIEW - 2),
    signedOff: { role: 'Registered manager', daysAgo: DESMOND_HYPO_REVIEW - 5 },
  },
  {
    client: 2,
    document: 'provisional-careplan',
    versions: [
      {
        content: {
          reason: 'hospital-discharge',
          hospital: 'University College Hospital, Ward T9 (acute medicine)',
          discharge_date: '2025-01-17',
          information_from: ['discharge-summary', 'ward-staff', 'the-person', 'family', 'gp'],
          care_starts: DESMOND_START,
          full_plan_by: '2025-02-17',
          presenting_needs: 'Home after a hypoglycaemic episode. Needs blood glucose checked and recorded before meals, meals prepared around his insulin, his feet checked daily, and help with socks and shoes. Four weeks of reablement to rebuild confidence.',
          health_on_discharge: 'Hypoglycaemia (blood glucose 2.1 mmol/L on arrival) after missing his lunch with his usual insulin dose. Type 2 diabetes on insulin; peripheral neuropathy in both feet. Kidney function normal.',
          medication_changes: 'Insulin glargine reduced from 24 to 20 units each morning (given by the district nurse). Gliclazide stopped. Metformin 500 mg twice a day continues.',
          mobility_now: 'aid',
          equipment_in_place: 'His own walking stick; bath board and grab rail from an earlier adaptation.',
          equipment_awaited: 'Long-handled foot mirror (district nurse bringing it).',
          known_risks: 'Hypoglycaemia: readings before every meal, meals not delayed, hypo box in the kitchen. Foot injury: daily checks. Falls: shoes on, stick to hand.',
          calls: [
            call('morning', '07:30', 45, 'Blood glucose before breakfast; foot check; socks and shoes; breakfast; metformin (prompt).'),
            call('lunch', '12:30', 30, 'Blood glucose before lunch; prepare lunch; make sure he eats.'),
            call('tea', '17:30', 45, 'Blood glucose before tea; cook tea; metformin (prompt); check the hypo box.'),
          ],
          other_services: 'District nurses daily for insulin; Camden Reablement Service (OT Kemi Balogun); diabetes specialist nurse follow-up in four weeks.',
          contacts: 'Abigail Achebe (wife) 07700 900413; Camden district nursing team 020 7946 0320; Somers Town Medical Centre 020 7946 0310.',
          consents: true,
          completed_by: signed(...COORDINATOR_CAMDEN, daysSince('2025-01-17'), '14:00'),
        },
        daysAgo: daysSince('2025-01-17'),
        by: 'office',
        note: 'Provisional plan for discharge with reablement.',
      },
      {
        content: {
          reason: 'hospital-discharge',
          hospital: 'University College Hospital, Ward T9 (acute medicine)',
          discharge_date: '2025-01-17',
          information_from: ['discharge-summary', 'ward-staff', 'the-person', 'family', 'gp'],
          care_starts: DESMOND_START,
          full_plan_by: '2025-02-17',
          presenting_needs: 'Home after a hypoglycaemic episode. Needs blood glucose checked and recorded before meals, meals prepared around his insulin, his feet checked daily, and help with socks and shoes. Four weeks of reablement to rebuild confidence.',
          mobility_now: 'aid',
          known_risks: 'Hypoglycaemia, foot injury and falls: see the support plan of 17 February 2025.',
          calls: [call('morning', '07:30', 45, 'See the support plan.')],
          contacts: 'Abigail Achebe (wife) 07700 900413.',
          consents: true,
        },
        daysAgo: daysSince(DESMOND_PLAN_DAY),
        by: 'office',
        status: 'archived',
        note: 'Replaced by the full support plan.',
      },
    ],
  },
  {
    client: 2,
    document: 'daily-activities',
    versions: [
      {
        content: {
          wake_time: '07:00',
          morning: 'Up at seven; Abigail makes the first cup of tea. The carer comes at half past seven for his reading, feet and breakfast. The district nurse comes between half eight and ten for his insulin. Then the newspaper and the Sudoku.',
          daytime: 'Walks to Chalton Street for the shopping on Wednesdays and Saturdays. Lunch with Abigail (a sandwich or soup she can manage; carers leave it ready if she is having a bad day with her hands). Cricket or football on the television.',
          evening: 'Tea at about half past five with the carer, then television with Abigail. Phones his son Chinedu in Manchester on Sundays. A digestive biscuit and a glass of milk before bed.',
          bed_time: '22:30',
          night: 'Gets up once or twice to the toilet: slippers by the bed, never barefoot; the hall light stays on.',
          activities: [
            { activity: 'Washing and shaving', i_do: 'Washes and shaves at the sink', support: 'Stand by for the shower on Tuesdays and Saturdays; test the water', level: 'prompt' },
            { activity: 'Dressing', i_do: 'Dresses his top half and trousers', support: 'Socks and shoes, after the foot check', level: 'some-help' },
            { activity: 'Breakfast', i_do: 'Makes porridge or toast', support: 'Stay nearby while he uses the cooker', level: 'prompt' },
            { activity: 'Cooking tea', i_do: 'Chooses and directs', support: 'Cook with him, in the dietitian\'s portions', level: 'full-help' },
            { activity: 'Blood glucose', support: 'Check and record before breakfast and tea', level: 'full-help' },
            { activity: 'Shopping', i_do: 'Goes to Chalton Street with his stick', support: 'Write the list with him at the Tuesday tea call', level: 'prompt' },
            { activity: 'Cleaning and laundry', i_do: 'Light dusting', support: 'A cleaner from the church comes on Fridays; Abigail does the washing machine', level: 'not-applicable' },
          ],
          interests: 'Arsenal and Test cricket; the history of the Underground (he worked 35 years as a signal engineer and still has his tools); church on Sundays; highlife music; his grandchildren.',
          would_like_to_try: 'The men\'s group at the Somers Town Community Centre (the social prescriber mentioned it).',
          dislikes: 'Being fussed over. Food without salt and pepper ("then it is not food"). Being told off about his readings.',
        },
        daysAgo: DESMOND_HYPO_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 55,
  },
  {
    client: 2,
    document: 'promoting-independence',
    versions: [
      {
        content: {
          can_do: 'Washes, shaves, dresses his top half, makes breakfast, recognises and treats a mild hypo with his hypo box, walks to the local shops with his stick.',
          want_to_do: 'Check his own feet; go to the men\'s group; carry on shopping on his own.',
          barriers: 'Cannot feel or see the soles of his feet; unsteady on uneven pavements; Abigail worries when he goes out.',
          goals: [
            { goal: 'Recognise and treat my own hypos', steps: 'Carers talk through his warning signs at each reading; hypo box kept full.', target_date: '2025-02-14', progress: 'achieved' },
            { goal: 'Walk to Chalton Street and back on my own', steps: 'Accompanied twice, then alone with his phone and glucose tablets; Abigail rings if he is not back within an hour.', target_date: '2025-08-17', progress: 'achieved' },
            { goal: 'Go to the men\'s group on Thursdays', steps: 'Social prescriber (Somers Town Medical Centre) to introduce him; carer helps him plan the walk.', target_date: day(60), progress: 'not-started' },
          ],
          staff_approach: 'Let Desmond lead: he decides what to cook and how; ask before helping. Explain his readings and what they mean rather than telling him what to do. Praise good days.',
          assistive_technology: ['key-safe'],
          positive_risk: true,
          risk_agreement: 'Desmond walks to the Chalton Street shops alone. Agreed with Desmond and Abigail (he has capacity to decide): he goes after breakfast when his reading is over 6 mmol/L, carries his phone and glucose tablets, and Abigail phones him if he is not back within an hour.',
        },
        daysAgo: DESMOND_HYPO_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 55,
  },
  {
    client: 2,
    document: 'accessing-community',
    versions: [
      {
        content: {
          activities: [
            { activity: 'Shopping on Chalton Street', when: 'Wednesdays and Saturdays, late morning', transport: 'walk', support: 'Alone (positive risk agreement); list written with the carer on Tuesday.' },
            { activity: 'Church in Kentish Town', when: 'Sundays 10:00–13:00', transport: 'family', support: 'A friend from church, Mr Eze, drives Desmond and Abigail.' },
            { activity: 'Barber on Eversholt Street', when: 'Every other Friday morning', transport: 'walk', support: 'None.' },
            { activity: 'Podiatry, St Pancras Hospital', when: 'Every three months', transport: 'community-transport', support: 'Office books the transport; Abigail goes with him.' },
          ],
          would_like: 'The Arsenal stadium tour; the London Transport Museum with his grandson.',
          travel: 'known-routes',
          bus_pass: true,
          blue_badge: false,
          money_out: 'Manages his own money; carers do not handle it.',
          risks_out: 'A hypo while out: he eats before going, checks his reading, carries glucose tablets. Falls on uneven pavements (numb feet): sturdy shoes, stick, avoids the market when wet.',
          carries: ['phone', 'medication', 'id-card'],
          medication_out: 'A tube of glucose tablets in his coat pocket and a diabetes card in his wallet (insulin-treated).',
          if_separated: 'If he is not back within an hour, Abigail phones his mobile, then the office; the office starts the no-reply steps in the support plan.',
        },
        daysAgo: DESMOND_HYPO_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 55,
  },
  {
    client: 2,
    document: 'supported-living-calendar',
    versions: [
      {
        content: {
          effective_from: day(-DESMOND_HYPO_REVIEW + 2),
          commissioned_hours: 11.7,
          shared_support: 'None: two domiciliary calls a day; the district nurse visits every morning for insulin.',
          format: ['written'],
          timetable: [
            ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((weekday) => {
              const shower = weekday === 'tuesday' || weekday === 'saturday';
              return [
                { day: weekday, start: '07:30', end: shower ? '08:30' : '08:15', activity: shower ? 'Morning call with shower' : 'Morning call', support: 'Blood glucose, feet, breakfast, metformin', ratio: '1-1' },
                { day: weekday, start: '08:30', end: '10:00', activity: 'District nurse: insulin', ratio: 'other-service' },
                { day: weekday, start: '17:00', end: '17:45', activity: 'Tea call', support: 'Blood glucose, cook tea, metformin', ratio: '1-1' },
              ];
            }),
            { day: 'wednesday', start: '11:00', end: '12:00', activity: 'Shopping on Chalton Street', ratio: 'none' },
            { day: 'saturday', start: '11:00', end: '12:00', activity: 'Shopping on Chalton Street', ratio: 'none' },
            { day: 'friday', start: '10:30', end: '11:30', activity: 'Barber (every other week)', ratio: 'none' },
            { day: 'sunday', start: '10:00', end: '13:00', activity: 'Church', support: 'Mr Eze drives', ratio: 'family' },
          ],
          preparing_for_change: 'Tell Desmond directly; he keeps the timetable on the fridge and changes it himself.',
          if_cancelled: 'If a call must move, it must not move later than 30 minutes: his meals follow his insulin. The office phones him first.',
          holidays: 'Christmas at his son\'s in Manchester some years: the office stops calls and tells the district nurses a week ahead.',
        },
        daysAgo: DESMOND_HYPO_REVIEW - 2,
        by: 'office',
      },
    ],
    reviewInDays: 9,
  },
  {
    client: 2,
    document: 'therapy-interventions',
    versions: [
      {
        content: {
          therapists: [
            { discipline: 'podiatry', name: 'Grace Lin', service: 'Camden high-risk foot clinic, St Pancras Hospital, 020 7946 0330', referred: '2025-02-03', active: true },
            { discipline: 'dietetics', name: 'Sophie Martin', service: 'Camden community diabetes service, 020 7946 0335', referred: '2025-02-03', active: false },
            { discipline: 'other', name: 'Joy Mensah', service: 'District nurse, Camden district nursing team, 020 7946 0320', referred: '2025-01-17', active: true },
          ],
          therapy_goals:
            'Podiatry: protect his feet — with neuropathy he cannot feel injuries, and a small ulcer on his left big toe in spring 2025 took six weeks to heal. Dietetics: steady blood sugars with the food he loves, in portions that suit his insulin. District nurse: insulin, and training carers to check and record blood glucose.',
          interventions: [
            { intervention: 'Daily foot check', how: 'Tops, soles (long-handled mirror), heels and between the toes, in good light. Record "feet checked" and anything found.', when: 'Morning call, before socks' },
            { intervention: 'Moisturise the feet', how: 'Urea cream on the tops and soles, rubbed in; never between the toes.', when: 'Morning call, after the check' },
            { intervention: 'Shoes check', how: 'Feel inside each shoe for stones or rough seams before he puts them on; the podiatry shoes, laced.', when: 'Every time he puts shoes on' },
            { intervention: 'Meal portions', how: 'A fist of rice, one small plantain or two slices of wholemeal bread per meal; half the plate vegetables; sugar-free drinks.', when: 'Every meal carers prepare' },
          ],
          stop_if: 'Any break in the skin, blister, redness, swelling, heat or smell: no cream there; cover with a clean dry dressing and phone the district nurse the same day. A foot ulcer in diabetes can become serious within a day.',
          staff_shown: true,
          shown_details: 'Joy Mensah trained the regular morning and tea carers in blood glucose checks on 21 January 2025 (competency signed); Grace Lin showed the foot check at the March 2025 podiatry visit.',
          recorded_where: 'Blood glucose chart and MAR; care notes for the foot check.',
          next_therapy_review: day(24),
        },
        daysAgo: 95,
        by: 'office',
      },
    ],
    reviewInDays: -5,
  },
  {
    client: 2,
    document: 'positive-behaviour-support-plan',
    versions: [
      {
        content: {
          plan_needed: false,
          screening_notes: 'Screened at the first assessment (January 2025) and at every review since: no behaviours of concern. Desmond can be short-tempered when his blood sugar is low — treat irritability or confusion as a possible hypo first (check his reading, crisis plan), not as behaviour.',
        },
        daysAgo: daysSince(DESMOND_PLAN_DAY),
        by: 'office',
      },
    ],
    reviewInDays: 180,
  },
  {
    client: 2,
    document: 'crisis-management-plan',
    versions: [
      {
        content: {
          crisis_types: ['medical', 'carer-breakdown', 'no-access'],
          signs: 'Hypo: sweating, shaking, pale, irritable, muddled speech, blurred vision, reading below 4 mmol/L. High sugar: very thirsty, passing a lot of urine, drowsy, reading over 15 twice. Foot infection: redness, swelling, heat, a smell or discharge; he may feel nothing.',
          what_helps: 'Clear, calm instructions; sitting him down; treating a hypo before anything else; Abigail beside him.',
          what_does_not_help: 'Arguing with him when he is low (he may say he is fine); leaving him alone straight after a hypo.',
          risk_to_self: 'Severe hypoglycaemia (he lives with Abigail, but she cannot always help him); foot ulcer and infection that he cannot feel; falls from numb feet.',
          risk_to_others: 'None identified.',
          risk_from_others: 'None identified. Abigail manages their money with him.',
          steps: [
            { situation: 'Reading below 4 mmol/L and he can swallow', action: 'Five glucose tablets or 150 ml orange juice from the hypo box. Recheck after 15 minutes; repeat up to three times. When over 4, a starchy snack (two digestives or a slice of toast) or his meal. Record everything; tell the district nurse the same day.', who: 'Carer at the call' },
            { situation: 'Too drowsy to chew but can swallow', action: 'One tube of glucose gel squeezed between his cheek and gum; recheck after 15 minutes; call 999 if not improving.', who: 'Carer' },
            { situation: 'Unconscious or fitting', action: 'Nothing by mouth. Recovery position, call 999, tell them he has insulin-treated diabetes. Stay with him.', who: 'Carer' },
            { situation: 'Reading over 15 mmol/L twice, or unwell', action: 'Phone the district nurse (or 111 out of hours); encourage sugar-free drinks.', who: 'Carer' },
            { situation: 'New wound or redness on a foot', action: 'Clean dry dressing, feet up, phone the district nurse the same day.', who: 'Carer' },
            { situation: 'Abigail taken ill or into hospital', action: 'Office phones Desmond and his son; reviews the calls the same day (extra lunch call, evening check).', who: 'Office' },
          ],
          emergency_medication: 'Hypo box in the kitchen cupboard by the fridge: glucose tablets, a carton of orange juice (150 ml), two tubes of glucose gel, digestive biscuits. Carers check it is full at the tea call.',
          call_999: 'Unconscious, fitting or unable to swallow; a hypo not improving after three treatments; chest pain; a fall with injury; confusion that does not lift once his sugar is normal.',
          contacts: [
            { name: 'Abigail Achebe', role: 'Wife, next of kin', phone: '07700 900413', when: 'Any emergency' },
            { name: 'Camden district nursing team', role: 'Insulin and diabetes', phone: '020 7946 0320', when: '08:00–22:00; out of hours 111' },
            { name: 'Somers Town Medical Centre', role: 'GP', phone: '020 7946 0310', when: 'Weekdays 08:00–18:30' },
            { name: 'Chinedu Achebe', role: 'Son (Manchester)', phone: '07700 900414', when: 'If Abigail cannot be reached or is unwell' },
          ],
          on_call: 'Camden office on-call coordinator 020 7946 0399 (17:00–09:00 and weekends)',
          grab_sheet: 'Hospital passport, blood glucose chart and medication list in the blue folder on top of the fridge.',
          debrief: 'The coordinator phones the carer the same day and visits Desmond within two days; the district nurse reviews his insulin after any hypo needing help.',
          notify: ['family', 'gp', 'manager'],
        },
        daysAgo: DESMOND_HYPO_REVIEW - 2,
        by: 'office',
        note: 'Hypo steps rewritten with the district nurse after his hypo at the tea call.',
      },
    ],
    reviewInDays: 55,
    signedOff: { role: 'Registered manager', daysAgo: DESMOND_HYPO_REVIEW - 5 },
  },
  {
    client: 2,
    document: 'personal-evacuation-plan',
    versions: [
      {
        content: {
          property: 'upper-flat-lift',
          where_sleeps: 'Flat 6 is on the second floor; the bedroom is at the end of the hall, the living room by the front door.',
          smoke_alarms: true,
          alarm_linked: false,
          safe_and_well: false,
          fire_risks: ['none'],
          mobility: 'walking-aid',
          awareness: 'aware',
          hearing: 'hears',
          sight: 'good',
          at_night: 'Numb feet and the dark make him unsteady: slippers by the bed and the hall light on. A hypo at night could leave him confused.',
          assistance: 'prompting',
          assistance_how: 'The block has a stay-put policy: if the fire is elsewhere in the building, stay in the flat with the doors closed and call 999. If the fire is in the flat: Desmond puts his shoes on (not socks alone), takes his stick, and goes out with Abigail, closing the flat door; down the stairs holding the rail, never the lift. A carer present goes ahead of him on the stairs.',
          equipment: 'None.',
          route: 'Flat door → landing → main stairs (two floors down, handrail on the left) → ground-floor lobby → main entrance.',
          alternative_route: 'Second staircase at the far end of the landing → rear door to the car park.',
          stay_put: true,
          assembly_point: 'The pavement opposite the main entrance, away from the building.',
          key_holder: 'Abigail Achebe (wife, lives with him) 07700 900413; the Camden estate office holds a key to the block entrance.',
          fire_service_info: 'Two older residents in flat 6, second floor: Desmond walks slowly with a stick, has numb feet and insulin-treated diabetes; Abigail has rheumatoid arthritis and is slow on stairs. Both hear and understand the alarm.',
          shared_with: 'Desmond and Abigail; Camden estate office.',
          completed_by: signed(...COORDINATOR_CAMDEN, daysSince(DESMOND_PLAN_DAY), '11:30'),
        },
        daysAgo: daysSince(DESMOND_PLAN_DAY),
        by: 'office',
      },
      {
        content: {
          property: 'upper-flat-lift',
          where_sleeps: 'Flat 6 is on the second floor; the bedroom is at the end of the hall, the living room by the front door.',
          smoke_alarms: true,
          alarm_linked: false,
          safe_and_well: true,
          safe_and_well_date: '2025-05-12',
          fire_risks: ['none'],
          mobility: 'walking-aid',
          awareness: 'aware',
          hearing: 'hears',
          sight: 'good',
          at_night: 'Numb feet and the dark make him unsteady: slippers by the bed and the hall light on. A hypo at night could leave him confused.',
          assistance: 'prompting',
          assistance_how: 'The block has a stay-put policy: if the fire is elsewhere in the building, stay in the flat with the doors closed and call 999. If the fire is in the flat: Desmond puts his shoes on (not socks alone), takes his stick, and goes out with Abigail, closing the flat door; down the stairs holding the rail, never the lift. A carer present goes ahead of him on the stairs.',
          equipment: 'None.',
          route: 'Flat door → landing → main stairs (two floors down, handrail on the left) → ground-floor lobby → main entrance.',
          alternative_route: 'Second staircase at the far end of the landing → rear door to the car park.',
          stay_put: true,
          assembly_point: 'The pavement opposite the main entrance, away from the building.',
          key_holder: 'Abigail Achebe (wife, lives with him) 07700 900413; the Camden estate office holds a key to the block entrance.',
          fire_service_info: 'Two older residents in flat 6, second floor: Desmond walks slowly with a stick, has numb feet and insulin-treated diabetes; Abigail has rheumatoid arthritis and is slow on stairs. Both hear and understand the alarm.',
          shared_with: 'Desmond and Abigail; Camden estate office; London Fire Brigade at the home fire safety visit (May 2025), who fitted a new smoke alarm in the hall.',
          completed_by: signed(...COORDINATOR_CAMDEN, daysSince('2025-05-14'), '10:15'),
        },
        daysAgo: daysSince('2025-05-14'),
        by: 'office',
        note: 'Fire brigade home visit done; new hall smoke alarm.',
      },
      {
        content: {
          property: 'upper-flat-lift',
          where_sleeps: 'Flat 6 is on the second floor; the bedroom is at the end of the hall, the living room by the front door.',
          smoke_alarms: true,
          alarm_linked: false,
          safe_and_well: true,
          safe_and_well_date: '2025-05-12',
          fire_risks: ['none'],
          mobility: 'walking-aid',
          awareness: 'aware',
          hearing: 'hears',
          sight: 'good',
          at_night: 'Numb feet and the dark make him unsteady: slippers by the bed and the hall light on. A hypo at night could leave him confused. Abigail is slower on the stairs this winter: she goes first with the carer, Desmond follows holding the rail.',
          assistance: 'prompting',
          assistance_how: 'The block has a stay-put policy: if the fire is elsewhere in the building, stay in the flat with the doors closed and call 999. If the fire is in the flat: Desmond puts his shoes on (not socks alone), takes his stick, and goes out with Abigail, closing the flat door; down the stairs holding the rail, never the lift. A carer present goes ahead of him on the stairs.',
          equipment: 'None.',
          route: 'Flat door → landing → main stairs (two floors down, handrail on the left) → ground-floor lobby → main entrance.',
          alternative_route: 'Second staircase at the far end of the landing → rear door to the car park.',
          stay_put: true,
          assembly_point: 'The pavement opposite the main entrance, away from the building.',
          key_holder: 'Abigail Achebe (wife, lives with him) 07700 900413; the Camden estate office holds a key to the block entrance.',
          fire_service_info: 'Two older residents in flat 6, second floor: Desmond walks slowly with a stick, has numb feet and insulin-treated diabetes; Abigail has rheumatoid arthritis and is slow on stairs. Both hear and understand the alarm.',
          shared_with: 'Desmond and Abigail; Camden estate office; London Fire Brigade at the home fire safety visit (May 2025).',
          completed_by: signed(...MANAGER, daysSince('2026-01-19'), '13:00'),
        },
        daysAgo: daysSince('2026-01-19'),
        by: 'manager',
        note: 'Checked at the annual reassessment: Abigail slower on the stairs.',
      },
    ],
    reviewInDays: 365 - daysSince('2026-01-19'),
  },
  {
    client: 2,
    document: 'equipment',
    versions: [
      {
        content: {
          items: [
            { item: 'Blood glucose meter', supplier: 'Camden district nursing team', serial: 'BGM-7731024', issued: '2025-01-20', last_check: day(-40), next_due: day(-12), condition: 'good' },
            { item: 'Sharps bin (district nurse\'s)', supplier: 'Camden district nursing team', issued: '2025-01-20', condition: 'good' },
            { item: 'Bath board', supplier: 'Camden equipment service (Medequip)', serial: 'ME-219034-01', issued: '2021-06-08', condition: 'good' },
            { item: 'Grab rail by the bath', supplier: 'Camden home adaptations', issued: '2021-06-08', condition: 'good' },
            { item: 'Long-handled foot mirror', supplier: 'Camden district nursing team', issued: '2025-01-24', condition: 'good' },
            { item: 'Walking stick', supplier: 'Own', condition: 'worn' },
          ],
          lifting_equipment: false,
          maintained_by: 'The district nursing team for the blood glucose meter (monthly control-solution check) and sharps bin; Camden equipment service for the bath board; Camden home adaptations for the rail.',
          fault_reporting: 'Meter: district nursing team 020 7946 0320 (use the spare meter in the blue folder meanwhile). Medequip 020 7946 0400. Tell the office the same day.',
          carer_checks: 'Meter: strips in date, control check recorded this month, readings look right (recheck a surprising reading after washing his hands). Bath board: both grips tight, sits square on the bath. Stick: the rubber ferrule is not worn through.',
          awaited: 'New ferrule for his stick (Desmond asked Abigail to buy one).',
          referred_to: '',
          declined: 'Pendant alarm: "Abigail is here." Offered again at each review.',
        },
        daysAgo: 40,
        by: 'office',
        note: 'Meter control check date updated.',
      },
    ],
    reviewInDays: -6,
  },
  {
    client: 2,
    document: 'checklist-handling',
    versions: [
      {
        content: {
          tasks: ['sit-stand', 'bathing', 'walking'],
          method:
            'Bath board: he sits on the board with his back to the bath, holding the grab rail; lifts one leg over, then the other — guide each foot into the bath, he cannot feel where it lands; shuffles to the middle. Shower seated; water tested by you first. Out the same way, feet dried before they touch the floor, and slippers on at once. Sit to stand: his own, from a firm chair with arms. Walking: stick in his right hand, you on his left on stairs or rough ground.',
          carers_needed: 1,
          carer_training: 'Moving and handling refresher in the last 12 months; shown the bath board transfer by a regular carer.',
          weight: 84.2,
          weight_bearing: 'full',
          understanding: 'follows',
          conditions: 'Peripheral neuropathy in both feet: cannot feel the floor well, unsteady turning, risk of injuries he does not notice. Insulin-treated diabetes: if he is shaky or sweaty, stop and check his blood sugar before moving.',
          falls_history: false,
          space: 'restricted',
          profiling_bed: false,
          environment_notes: 'Small bathroom: one carer only. Bath floor dried and the non-slip mat in. Hall and bedroom lights on at night. Flat is level; lift to the second floor.',
          hoist_used: false,
          other_aids: ['stick', 'bath-board', 'grab-rails'],
          residual_risk: 'low',
          falls_response: 'Do not lift him. Check for injury, check his blood sugar (a hypo can cause a fall), treat a hypo first. If unhurt he can get up himself using a chair with your guidance; otherwise keep him warm and call 999 or the office.',
          assessor: signed(...COORDINATOR_CAMDEN, daysSince(DESMOND_PLAN_DAY), '12:00'),
        },
        daysAgo: daysSince(DESMOND_PLAN_DAY),
        by: 'office',
      },
    ],
    reviewInDays: 40,
  },
  {
    client: 2,
    document: 'reablement',
    versions: [
      { content: desmondReablement, daysAgo: daysSince(DESMOND_START), by: 'office', note: 'Goals agreed with Desmond and the reablement OT.' },
      {
        content: {
          ...desmondReablement,
          goals: desmondReablementGoals(true),
          weekly: [
            { week: 1, date: '2025-01-27', progress: 'Readings 6–11. Named two hypo signs (sweaty, shaky). Breakfast made by carers.' },
            { week: 2, date: '2025-02-03', progress: 'Talked through the hypo box with the OT and treated a reading of 3.8 himself correctly.', calls_change: 'Lunch call shortened to 15 minutes (reading only)' },
            { week: 3, date: '2025-02-10', progress: 'Making his own porridge with a carer nearby. Walked to the end of the road and back with the OT.' },
            { week: 4, date: '2025-02-14', progress: 'Walked to Chalton Street with a carer; nervous crossing. Cannot manage the foot mirror: carers continue daily foot checks. Lunch call stopped (district nurse agreed).', calls_change: 'Lunch call stopped; two calls a day' },
          ],
          outcome: 'reduced',
          ended_on: '2025-02-14',
          handover: 'Long-term two calls a day from 17 February 2025: blood glucose before breakfast and tea, foot checks, socks and shoes, cooking tea, metformin prompts. Keep supporting the walk to the shops until he goes alone.',
        },
        daysAgo: daysSince('2025-02-14'),
        by: 'office',
        note: 'Reablement finished: three calls down to two.',
      },
    ],
    signedOff: { role: 'Registered manager', daysAgo: daysSince('2025-02-17') },
  },
  {
    client: 2,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'hospital-discharge',
          assessment_date: '2025-01-16',
          assessor: 'Oliver Office, care coordinator (trusted assessor)',
          location: 'hospital',
          present: 'Desmond; Abigail Achebe (wife); Sarah Quinn, ward sister; Kemi Balogun, reablement OT.',
          referral_source: 'hospital',
          referrer: 'UCLH discharge team, 020 7946 0500',
          funder: 'local-authority',
          personal_care: 'Washes and dresses himself apart from socks and shoes; showers over the bath on a bath board.',
          mobility: 'Walks with a stick; slower since the admission; numb feet.',
          nutrition: 'Skipped lunch on the day of the hypo; Abigail cannot cook now (rheumatoid arthritis). Needs meals prepared on time around his insulin.',
          medication: 'Insulin glargine by the district nurse each morning (dose reduced on the ward); metformin twice a day; gliclazide stopped. Needs prompting and blood glucose checks before meals.',
          health: 'Type 2 diabetes on insulin; admitted with hypoglycaemia. Peripheral neuropathy in both feet. Blood pressure controlled. No known allergies.',
          cognition_communication: 'No memory problems; confusion cleared once his blood sugar was treated. Clear English speaker.',
          wellbeing_social: 'Shaken by the admission; wants to be independent again. Church on Sundays.',
          home_environment: 'Second-floor flat with a lift; bath with a board and a grab rail from 2021.',
          unpaid_carers: 'Abigail, his wife, is 76 with rheumatoid arthritis; she can call for help but not cook or help physically. Offered a carer\'s assessment.',
          risks: [
            { risk: 'Hypoglycaemia', level: 'high', action: 'Blood glucose before meals; meals on time; hypo box; district nurse to review insulin.' },
            { risk: 'Foot injury (neuropathy)', level: 'medium', action: 'Daily foot checks; podiatry referral.' },
            { risk: 'Falls', level: 'medium', action: 'Shoes on, stick, bath board transfer with a carer.' },
          ],
          person_wants: 'To get his confidence back and to need as little help as possible.',
          capacity_doubt: false,
          recommendation: 'reablement',
          recommended_calls: 'Three calls a day (45, 30, 45 minutes), one carer, for four weeks of reablement.',
          assessor_signature: signed(...COORDINATOR_CAMDEN, daysSince('2025-01-16'), '15:30'),
        },
        daysAgo: daysSince('2025-01-16'),
        by: 'office',
      },
    ],
  },
  {
    client: 2,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'reassessment',
          assessment_date: '2026-01-19',
          assessor: 'Maya Manager, registered manager',
          location: 'home',
          present: 'Desmond; Abigail Achebe; Joy Mensah, district nurse (for part).',
          referral_source: 'local-authority',
          referrer: 'Camden adult social care annual review',
          funder: 'local-authority',
          personal_care: 'Unchanged: independent except socks and shoes; shower standby twice a week.',
          mobility: 'Walks to the local shops alone with his stick. No falls this year.',
          nutrition: 'Eating well with carers cooking tea; weight 84 kg, steady.',
          medication: 'Insulin glargine 20 units by the district nurse; metformin prompted. Readings mostly 6–10 mmol/L; two readings under 4 in the year, both treated by carers.',
          health: 'Diabetes stable; HbA1c 58 mmol/mol in December. Left big toe ulcer (spring 2025) healed; seen by podiatry every three months.',
          cognition_communication: 'No concerns.',
          wellbeing_social: 'More confident than a year ago; interested in the men\'s group.',
          home_environment: 'Unchanged; fire brigade home visit done in May 2025.',
          unpaid_carers: 'Abigail\'s arthritis is worse this winter; she has had her carer\'s assessment.',
          risks: [
            { risk: 'Hypoglycaemia', level: 'medium', action: 'Readings before meals; meals on time; hypo box checked daily.' },
            { risk: 'Foot ulcer', level: 'medium', action: 'Daily checks; podiatry every three months.' },
          ],
          person_wants: 'To keep things as they are.',
          capacity_doubt: false,
          recommendation: 'no-change',
          assessor_signature: signed(...MANAGER, daysSince('2026-01-19'), '12:40'),
        },
        daysAgo: daysSince('2026-01-19'),
        by: 'manager',
      },
    ],
    reviewInDays: 365 - daysSince('2026-01-19'),
    signedOff: { role: 'Registered manager', daysAgo: daysSince('2026-01-19') },
  },
  {
    client: 2,
    document: 'review-form',
    versions: [
      {
        content: desmondReview('2025-03-31', {
          review_type: 'six-week',
          attendees: [
            { name: 'Desmond Achebe', role: 'Client', how: 'in-person' },
            { name: 'Abigail Achebe', role: 'Wife', how: 'in-person' },
          ],
          working: 'Two calls are enough. Readings steady (5–9). Desmond likes cooking with the carers.',
          not_working: 'A small blister on his left big toe found at the morning call on 24 March: the district nurse is dressing it.',
          needs_changed: false,
          health_changes: 'Blister on the left big toe; podiatry appointment brought forward.',
          events: 'None.',
          satisfaction: '4',
          regular_carers: true,
          times_suit: true,
          comments: 'Desmond: "They cook better than the hospital, but not as well as me."',
          actions: [{ action: 'Chase the podiatry appointment', owner: 'Oliver Office', due: '2025-04-04', done: true }],
          plan_updated: false,
          next_review: '2025-09-29',
          person_signature: signed('Desmond Achebe', 'Client', daysSince('2025-03-31'), '10:30'),
          reviewer_signature: signed(...COORDINATOR_CAMDEN, daysSince('2025-03-31'), '10:35'),
        }),
        daysAgo: daysSince('2025-03-31'),
        by: 'office',
      },
    ],
  },
  {
    client: 2,
    document: 'review-form',
    versions: [
      {
        content: desmondReview(day(-DESMOND_HYPO_REVIEW), {
          review_type: 'after-incident',
          reason: `At the tea call on ${longDate(DESMOND_HYPO)} his reading was 3.1 mmol/L: he had had no lunch. The carer treated it (juice twice, then a sandwich); he recovered within 30 minutes; the district nurse was told the same evening.`,
          attendees: [
            { name: 'Desmond Achebe', role: 'Client', how: 'in-person' },
            { name: 'Abigail Achebe', role: 'Wife', how: 'in-person' },
            { name: 'Joy Mensah', role: 'District nurse', how: 'remote' },
          ],
          working: 'The carer spotted and treated the hypo quickly and exactly as the plan says. Foot checks every day; toe healed.',
          not_working: 'Lunch is missed when Abigail has a bad day with her hands; the tea call at 17:30 came late twice in a week.',
          needs_changed: true,
          changes: 'Tea call moved to 17:00 and not to run late; carers leave a sandwich ready for lunch on Abigail\'s bad days; evening snack before bed; insulin reduced to 18 units by the district nurse.',
          health_changes: 'Hypo 3.1 mmol/L; insulin glargine reduced from 20 to 18 units.',
          events: 'The hypo above. No falls or admissions.',
          satisfaction: '4',
          regular_carers: true,
          times_suit: false,
          comments: 'Abigail: "I was frightened. The young lady was very calm."',
          actions: [
            { action: 'Move the tea call to 17:00 and flag it as time-critical in the rota', owner: 'Oliver Office', due: day(-DESMOND_HYPO_REVIEW + 2), done: true },
            { action: 'Update the support plan and crisis plan', owner: 'Oliver Office', due: day(-DESMOND_HYPO_REVIEW + 3), done: true },
            { action: 'Ask the GP to refer Abigail to the rheumatology nurse', owner: 'Abigail Achebe', due: day(-DESMOND_HYPO_REVIEW + 14), done: false },
          ],
          plan_updated: true,
          next_review: day(182 - DESMOND_HYPO_REVIEW),
          person_signature: signed('Desmond Achebe', 'Client', DESMOND_HYPO_REVIEW, '17:40'),
          reviewer_signature: signed(...COORDINATOR_CAMDEN, DESMOND_HYPO_REVIEW, '17:45'),
        }),
        daysAgo: DESMOND_HYPO_REVIEW,
        by: 'office',
        note: 'Review after the hypo at the tea call.',
      },
    ],
    reviewInDays: 182 - DESMOND_HYPO_REVIEW,
  },
  {
    client: 2,
    document: 'exit-survey',
    versions: [
      {
        content: {
          service_ended: '2025-02-14',
          service: 'Reablement after hospital discharge (four weeks)',
          reason: 'moved-service',
          reason_detail: 'Reablement finished with fewer calls needed; Desmond chose to stay with us for his two long-term calls.',
          completed_by: 'with-staff',
          completed_how: 'in-person',
          overall: '5',
          dignity: '5',
          punctuality: '4',
          continuity: '4',
          plan_followed: '5',
          office: '4',
          went_well: 'They let me do things my way and showed me how to handle my sugar. I feel safer now.',
          do_better: 'Tell us who is coming at the weekend. One Saturday nobody knew about the shower.',
          would_recommend: true,
          complaint: false,
          contact_ok: true,
          completed_on: '2025-02-24',
        },
        daysAgo: daysSince('2025-02-24'),
        by: 'office',
        note: 'Filled in with Desmond at his first long-term call check.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// 3. Irene "Renia" Kowalczyk: 3 Prowse Place, osteoporosis and COPD, Polish her first language (her daughter
// Agnieszka translates and holds LPA). Reablement after a COPD admission in 2023, then two calls a day; now in the
// Royal Free after a fall on her stairs with a fractured right wrist, due home soon for a second reablement.

const IRENE_START = '2023-07-03';
const IRENE_PLAN_DAY = '2023-08-14';
const IRENE_ANNUAL = '2025-09-08';
const IRENE_FALL = 13; // days ago: fell on the stairs, fractured right wrist, admitted to the Royal Free
const IRENE_HOME = 2; // days from today: planned discharge

const ireneCalls: Call[] = [
  call('morning', '08:00', 45, 'Help her wash at the sink and dress. Breakfast and tea (lemon, no milk). Omeprazole (assist). Inhaler within reach. Empty the commode if used. Record.', 'Every day except Tuesday and Friday'),
  call('morning', '08:00', 60, 'As every morning, with a shower on the shower chair instead of the wash.', 'Tuesday and Friday'),
  call('bedtime', '19:00', 30, 'Light supper. Help her undress; inhaler and pendant by the bed; check the stairs light is on and she goes up with the rail. Lock the back door.'),
];

const ireneSupportPlanV1: DocumentValues = {
  plan_date: IRENE_PLAN_DAY,
  funded_by: 'self-funded',
  contributors: 'Renia, at home, with her daughter Agnieszka Kowalczyk (LPA for health and welfare and for property and finance) translating; the reablement OT\'s handover; Oliver Office, care coordinator.',
  what_matters:
    '"Mój dom" — my home: the house she has lived in since 1961. Being called Renia. Talking Polish when she can; Polish radio in the morning. Her garden (she directs, Agnieszka digs). Mass on Sundays. Not being rushed when she is short of breath.',
  health_summary:
    'COPD: breathless on exertion and when anxious; uses her blue inhaler when breathless; chest infections in winter (admitted in June 2023). Osteoporosis: bones break easily — any fall may mean a fracture. Indigestion (omeprazole). Allergies: codeine (vomiting) and Elastoplast.',
  outcomes: [
    { outcome: 'To stay in my own home', area: 'home', measure: 'No admissions; both calls kept' },
    { outcome: 'To keep my breath and not be rushed', area: 'health', measure: 'Care at her pace; inhaler always in reach' },
    { outcome: 'To shower twice a week safely', area: 'personal-care', measure: 'Showers on Tuesdays and Fridays without a fall' },
    { outcome: 'To get to Mass with Agnieszka', area: 'social', measure: 'Most Sundays, when she is well' },
  ],
  personal_care_support: 'some-help',
  personal_care_how:
    'Washes at the bathroom sink most mornings: she does her face, hands and front; you wash her back, legs and feet. Showers on Tuesdays and Fridays on the shower chair (one carer): warm the bathroom first, let her sit and get her breath between steps. Help with stockings and shoes. She likes her hair pinned up.',
  continence_support: 'independent',
  mobility_support: 'prompt',
  mobility_how:
    'Walks indoors with her trolley walker; upstairs with the stair rail, slowly, resting at the half-landing. Stand below her on the stairs. Osteoporosis: a fall can break a bone — walker within reach, slippers with backs, no rushing. Commode by the bed for the night.',
  nutrition_support: 'some-help',
  nutrition_how:
    'Small meals (a full stomach makes her breathless). Breakfast: rye bread with cheese or ham, tea with lemon. Makes her own soup at lunch. Supper: something light — twarożek (Polish soft cheese) on bread, or a pierogi Agnieszka brings from the Polish deli, heated. Plenty to drink.',
  medication_support: 'assist',
  medication_how:
    'Omeprazole 1 capsule at 08:00: assist (she takes it from the blister pack with your help). Salbutamol inhaler (blue), 2 puffs when breathless: prompt, and check she uses her spacer. Agnieszka orders repeats from the pharmacy. Allergic to codeine: never give any medicine containing it. Record on the MAR.',
  skin_support: 'prompt',
  skin_how: 'Thin skin that tears easily: no Elastoplast (allergy) — use the hypoallergenic tape in the bathroom cabinet. Report bruises or skin tears; record them on a body map.',
  communication_support: 'prompt',
  communication_how:
    'Polish is her first language. Her everyday English is good, but she loses words when tired, unwell or anxious: speak slowly, short sentences, and show what you mean. Her phrase card (Polish and English) is on the fridge. For anything important (health, money, changes), phone Agnieszka to translate.',
  emotional_support: 'prompt',
  emotional_how: 'She gets anxious when breathless, which makes the breathlessness worse: sit with her, slow your own breathing, remind her of the breathing exercise. Likes to talk about Kraków, where she grew up, and her late husband Józef.',
  social_support: 'some-help',
  social_how: 'Agnieszka visits on Saturdays and takes her to Mass on Sundays. A neighbour from the Polish club phones her most days. Carers: ask about her garden.',
  calls: ireneCalls,
  access: 'Key safe by the front door (code in the restricted access details). Ring and call out "Dzień dobry, Renia" as you go in.',
  no_reply: 'Ring and knock again, look through the front window, phone her (020 7946 0587). Still no answer: let yourself in with the key safe and check every room, including the stairs and the bathroom. If she is not there, phone the office; the office calls Agnieszka.',
  person_agrees: true,
  person_signature: signed('Irene Kowalczyk', 'Client', daysSince(IRENE_PLAN_DAY), '10:20'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, daysSince(IRENE_PLAN_DAY), '10:25'),
};

const ireneSupportPlanV2: DocumentValues = {
  ...ireneSupportPlanV1,
  plan_date: IRENE_ANNUAL,
  contributors: 'Renia and Agnieszka Kowalczyk (LPA) at the annual review; Oliver Office, care coordinator.',
  mobility_how:
    'Walks indoors with her trolley walker; upstairs with the stair rail, slowly, resting at the half-landing. Stand below her on the stairs. She is finding the stairs harder: the OT is to assess for a second stair rail. Osteoporosis: a fall can break a bone — walker within reach, slippers with backs, no rushing. Commode by the bed for the night.',
  person_signature: signed('Agnieszka Kowalczyk', 'Daughter, LPA', daysSince(IRENE_ANNUAL), '11:10'),
  coordinator_signature: signed(...COORDINATOR_CAMDEN, daysSince(IRENE_ANNUAL), '11:15'),
};

const ireneSupportPlanV3: DocumentValues = {
  ...ireneSupportPlanV2,
  plan_date: day(-IRENE_FALL + 1),
  health_summary:
    `In the Royal Free since ${longDate(IRENE_FALL)} after a fall on her stairs: fracture of the right wrist, in plaster; calls are paused and the provisional care plan covers her return home. COPD: breathless on exertion and when anxious; uses her blue inhaler when breathless; chest infections in winter. Osteoporosis: bones break easily. Indigestion (omeprazole). Allergies: codeine (vomiting) and Elastoplast.`,
  coordinator_signature: signed(...COORDINATOR_CAMDEN, IRENE_FALL - 1, '09:40'),
};

const ireneProvisionalDraft: DocumentValues = {
  reason: 'hospital-discharge',
  hospital: 'Royal Free Hospital, Ward 10 North (care of older people)',
  information_from: ['ward-staff', 'family', 'social-worker', 'the-person'],
  full_plan_by: day(IRENE_HOME + 14),
  presenting_needs: 'Right wrist in plaster for six weeks (she is right-handed). Needs help to wash, dress, prepare food and drinks, and open her medicines. Breathless after a chest infection on the ward.',
  mobility_now: 'aid',
  known_risks: 'Falls (osteoporosis, stairs with one rail); breathlessness; cannot use the trolley walker with one hand.',
};

const ireneProvisional: DocumentValues = {
  ...ireneProvisionalDraft,
  discharge_date: day(IRENE_HOME),
  information_from: ['discharge-summary', 'ward-staff', 'trusted-assessor', 'family', 'social-worker', 'the-person'],
  care_starts: day(IRENE_HOME),
  presenting_needs:
    'Right wrist in plaster for six weeks (she is right-handed): cannot wash or dress her top half, cut food, open packets or blister packs, or use the kettle safely. Breathless after a chest infection on the ward; more tired than before the fall. Lost confidence on the stairs. Six weeks of reablement with the Camden Reablement Service start the day she comes home.',
  health_on_discharge: 'Distal radius fracture of the right wrist, manipulated and plastered; fracture clinic in two weeks. Chest infection on the ward treated with doxycycline (course ends two days after discharge). COPD, osteoporosis. Pain controlled with paracetamol (no codeine: she vomits).',
  medication_changes: 'New: paracetamol 1 g four times a day for two weeks, then as needed; doxycycline 100 mg once a day to finish the course; alendronic acid 70 mg once a week on Mondays, started for osteoporosis (30 minutes before breakfast, upright, full glass of water). Omeprazole and salbutamol unchanged. MAR to be updated before the first call.',
  mobility_now: 'aid',
  equipment_in_place: 'Pendant alarm; stair rail (left going up); shower chair; commode.',
  equipment_awaited: 'Second stair rail (Camden home adaptations, fitting booked the day before discharge — discharge depends on it); perching stool and kettle tipper (Medequip, delivery before discharge); walking stick for her left hand from the ward physiotherapist.',
  known_risks:
    'Falls: she cannot use her trolley walker one-handed — stick in her left hand, carer with her on the stairs until the OT says otherwise; osteoporosis means any fall may fracture. Breathlessness: care at her pace, inhaler in reach. Plaster: check her fingers are pink and warm and not swollen; keep the arm raised on a pillow when sitting.',
  calls: [
    call('morning', '08:00', 60, 'Alendronic acid on Mondays first, upright, then wait 30 minutes before breakfast. Help her wash and dress (top half fully; loose sleeves over the plaster). Breakfast and tea. Omeprazole, paracetamol, doxycycline (administer while she has one hand). Check her fingers. Reablement: let her do what she can with her left hand.'),
    call('lunch', '12:30', 30, 'Lunch prepared with her; paracetamol; drinks; check fingers.'),
    call('tea', '16:30', 30, 'Light tea; paracetamol; drinks left out with the kettle tipper.'),
    call('bedtime', '19:30', 30, 'Help her undress, arm on a pillow. Paracetamol. Walk with her up the stairs (both rails). Inhaler, pendant and commode by the bed.'),
  ],
  other_services: 'Camden Reablement Service (OT Hannah Osei) from the day she is home; Royal Free fracture clinic in two weeks; hand therapy once the plaster is off; Camden COPD team.',
  contacts: 'Agnieszka Kowalczyk (daughter, LPA, translates) 07700 900588; Mark Taylor, Camden hospital discharge social worker, 020 7946 0999; Hannah Osei, OT, 020 7946 0455.',
  consents: true,
  completed_by: signed(...MANAGER, 1, '16:20'),
};

const ireneHandlingV1: DocumentValues = {
  tasks: ['sit-stand', 'walking', 'stairs', 'bathing'],
  method:
    'Sit to stand: feet back, both hands on the chair arms, stand on "trzy" (three) — she counts in Polish; pause for her breath, then the trolley walker in front. Stairs: she holds the rail with her left hand going up; you stand one step below; rest at the half-landing. Shower: sits on the shower chair in the bath-free shower; you hold the shower head; she holds the grab rail to stand.',
  carers_needed: 1,
  carer_training: 'Moving and handling refresher in the last 12 months; shown the stairs routine by a regular carer.',
  weight: 51.0,
  weight_bearing: 'full',
  understanding: 'follows',
  conditions: 'Osteoporosis: fragile bones — no pulling on her arms, no lifting under the arms. COPD: breathless on exertion — rest between steps, inhaler in reach. Thin skin.',
  falls_history: false,
  space: 'adequate',
  profiling_bed: false,
  environment_notes: 'Terraced house: bedroom and bathroom upstairs, fourteen stairs with a half-landing and one rail (left going up). Stairs light on a switch at the bottom and top. Rugs removed in 2023.',
  hoist_used: false,
  other_aids: ['frame', 'grab-rails'],
  residual_risk: 'medium',
  falls_response: 'Do not lift her (osteoporosis). Check for pain or injury — hip, wrist, back. If in pain or unsure, keep her still and warm and call 999. Call the office and Agnieszka.',
  assessor: signed(...COORDINATOR_CAMDEN, daysSince(IRENE_ANNUAL), '12:00'),
};

const ireneTherapyV1: DocumentValues = {
  therapists: [{ discipline: 'respiratory', name: 'Beata Nowicka', service: 'Camden community COPD team, 020 7946 0340', referred: '2023-08-01', active: true }],
  therapy_goals: 'Manage her breathlessness at home and spot a flare-up early; she finished pulmonary rehabilitation in 2023.',
  interventions: [
    { intervention: 'Pursed-lip breathing', how: 'Sit her upright, shoulders relaxed; breathe in through the nose, out slowly through pursed lips, twice as long as in. Do it with her.', when: 'Whenever she is breathless, and after the stairs' },
    { intervention: 'Inhaler technique', how: 'Blue inhaler through the spacer: shake, one puff into the spacer, five slow breaths; repeat for the second puff.', when: 'Every time she uses it' },
  ],
  stop_if: 'Breathless at rest, lips blue-grey, confused or drowsy, or not improving after her inhaler: call 999. More phlegm, a change in its colour or more breathless than usual over a day or two: phone the COPD team or GP the same day (her rescue pack is kept by Agnieszka).',
  staff_shown: true,
  shown_details: 'Beata Nowicka (COPD nurse, who also speaks Polish) showed the regular carers at a home visit in September 2023.',
  recorded_where: 'Care notes at each call.',
  next_therapy_review: IRENE_ANNUAL,
};

const IRENE: DemoDocument[] = [
  {
    client: 3,
    document: 'support-plan',
    versions: [
      { content: ireneSupportPlanV1, daysAgo: daysSince(IRENE_PLAN_DAY), by: 'office', note: 'Long-term support plan after reablement: two calls a day.' },
      { content: ireneSupportPlanV2, daysAgo: daysSince(IRENE_ANNUAL), by: 'office', note: 'Annual review: OT referral for a second stair rail.' },
      { content: ireneSupportPlanV3, daysAgo: IRENE_FALL - 1, by: 'office', note: 'Admitted to the Royal Free after a fall on the stairs: calls paused.' },
    ],
    reviewInDays: IRENE_HOME,
    signedOff: { role: 'Registered manager', daysAgo: IRENE_FALL - 3 },
  },
  {
    client: 3,
    document: 'provisional-careplan',
    versions: [
      { content: ireneProvisionalDraft, daysAgo: 4, by: 'office', status: 'draft', note: 'First notes from the ward and Agnieszka.' },
      { content: ireneProvisional, daysAgo: 1, by: 'manager', note: 'Discharge date confirmed; four calls while the wrist is in plaster; medication from the discharge letter.' },
    ],
    reviewInDays: IRENE_HOME + 14,
    signedOff: { role: 'Registered manager', daysAgo: 1 },
  },
  {
    client: 3,
    document: 'daily-activities',
    versions: [
      {
        content: {
          wake_time: '07:00',
          morning: 'Wakes early and listens to Polish radio in bed until the carer comes at eight. Breakfast in the kitchen, then the crossword in the Polish weekly paper.',
          daytime: 'Makes her soup at lunchtime and rests after. Sits in the garden when it is fine, telling Agnieszka what to plant. Her friend from the Polish club phones in the afternoon.',
          evening: 'Supper at seven with the carer, the news, then bed by nine. Reads her prayer book.',
          bed_time: '21:00',
          night: 'Uses the commode by the bed at night rather than the stairs. Sleeps propped on three pillows for her breathing.',
          activities: [
            { activity: 'Washing', i_do: 'Face, hands and front at the sink', support: 'Back, legs and feet; the shower on Tuesdays and Fridays', level: 'some-help' },
            { activity: 'Dressing', i_do: 'Chooses and puts on her top half', support: 'Stockings and shoes', level: 'some-help' },
            { activity: 'Meals', i_do: 'Makes her own soup', support: 'Breakfast and supper prepared', level: 'some-help' },
            { activity: 'Shopping', support: 'Agnieszka shops on Saturdays, including the Polish deli', level: 'not-applicable' },
            { activity: 'Cleaning and laundry', i_do: 'Dusting, light washing-up', support: 'A cleaner Agnieszka arranges, fortnightly; Agnieszka does the laundry', level: 'not-applicable' },
          ],
          interests: 'Her garden; Polish radio and films; the crossword; Mass and the Polish club; photographs of Kraków; baking (less now, she gets breathless).',
          would_like_to_try: 'A Polish-speaking befriender (Agnieszka has asked the Polish club).',
          dislikes: 'Being hurried on the stairs. Strong perfume (it makes her cough). Milk in her tea.',
        },
        daysAgo: daysSince(IRENE_ANNUAL),
        by: 'office',
      },
      {
        content: {
          wake_time: '07:00',
          morning: 'Wakes early and listens to Polish radio in bed until the carer comes at eight. With her wrist in plaster the carer helps her wash and dress, then breakfast in the kitchen; the reablement OT visits some mornings.',
          daytime: 'Rests after lunch with her arm raised on a cushion. Sits in the garden when it is fine. Her friend from the Polish club phones in the afternoon.',
          evening: 'Tea at half past four, then the news; the carer walks up the stairs with her at half past seven. Reads her prayer book.',
          bed_time: '20:00',
          night: 'Uses the commode by the bed at night rather than the stairs. Sleeps propped on three pillows, her right arm on a fourth.',
          activities: [
            { activity: 'Washing', i_do: 'Face and left side with her left hand', support: 'Everything else while the plaster is on; strip wash only (no shower until the plaster is off)', level: 'full-help' },
            { activity: 'Dressing', i_do: 'Chooses her clothes', support: 'Loose sleeves over the plaster; buttons, stockings and shoes', level: 'full-help' },
            { activity: 'Hot drinks', i_do: 'Pours with the kettle tipper (reablement goal)', support: 'Carer nearby until the OT agrees she is safe', level: 'some-help' },
            { activity: 'Meals', i_do: 'Eats with a fork in her left hand', support: 'Meals prepared and cut up; she helps as the OT suggests', level: 'full-help' },
            { activity: 'Shopping', support: 'Agnieszka shops on Saturdays, including the Polish deli', level: 'not-applicable' },
          ],
          interests: 'Her garden; Polish radio and films; the crossword; Mass and the Polish club; photographs of Kraków.',
          would_like_to_try: 'A Polish-speaking befriender (Agnieszka has asked the Polish club).',
          dislikes: 'Being hurried on the stairs. Strong perfume (it makes her cough). Milk in her tea.',
        },
        daysAgo: 2,
        by: 'office',
        note: 'Rewritten for her return home with the wrist in plaster.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'promoting-independence',
    versions: [
      {
        content: {
          can_do: 'Feeds herself with her left hand; chooses her clothes; walks with a stick in her left hand on the level; manages her inhaler with the spacer one-handed.',
          want_to_do: 'Wash and dress herself again; make her own tea and soup; go up and down her stairs without anyone; get back to Mass.',
          barriers: 'Right wrist in plaster for six weeks; breathlessness; fear of falling again on the stairs.',
          goals: [
            { goal: 'Make my own cup of tea', steps: 'Kettle tipper from Medequip; OT shows her; carer stands by until safe.', target_date: day(IRENE_HOME + 14), progress: 'not-started' },
            { goal: 'Dress my top half one-handed', steps: 'Loose tops, plaster arm in first; OT technique; carer prompts.', target_date: day(IRENE_HOME + 21), progress: 'not-started' },
            { goal: 'Use my stairs alone', steps: 'Second rail fitted; with a carer to start, then supervised, then alone once the OT agrees.', target_date: day(IRENE_HOME + 42), progress: 'not-started' },
          ],
          staff_approach: 'This is reablement: do with Renia, not for her. Give her time to breathe between steps, show rather than tell when her English tires, and let her try the left-handed way the OT teaches before helping.',
          assistive_technology: ['pendant', 'key-safe', 'kettle-tipper'],
          positive_risk: false,
        },
        daysAgo: 2,
        by: 'office',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'accessing-community',
    versions: [
      {
        content: {
          activities: [
            { activity: 'Polish Mass at the church in Kentish Town', when: 'Sundays 11:00', transport: 'family', support: 'Agnieszka drives and stays with her.' },
            { activity: 'Polish club lunch', when: 'First Thursday of the month', transport: 'taxi', support: 'Agnieszka books the taxi; the club helps her in.' },
            { activity: 'Fracture clinic, Royal Free', when: 'Two weeks after discharge', transport: 'family', support: 'Agnieszka takes her and translates.' },
          ],
          would_like: 'Back to the Polish club lunches once the plaster is off.',
          travel: 'accompanied',
          bus_pass: true,
          blue_badge: true,
          money_out: 'Agnieszka handles her money (property and finance LPA); carers do not.',
          risks_out: 'Breathless walking more than 50 metres and in cold air; fragile bones. Only goes out with Agnieszka, by car or taxi, with her inhaler.',
          carries: ['medication', 'phone'],
          medication_out: 'Blue inhaler and spacer in her handbag.',
          if_separated: 'Never goes out alone at present; Agnieszka has her mobile number.',
        },
        daysAgo: 2,
        by: 'office',
      },
    ],
    reviewInDays: 44,
  },
  {
    client: 3,
    document: 'supported-living-calendar',
    versions: [
      {
        content: {
          effective_from: day(IRENE_HOME),
          commissioned_hours: 17.5,
          shared_support: 'None: four domiciliary calls a day during reablement; pendant alarm between calls.',
          format: ['written', 'verbal'],
          timetable: [
            ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((weekday) => [
              { day: weekday, start: '08:00', end: '09:00', activity: 'Morning call (reablement)', support: 'Wash, dress, breakfast, medication', ratio: '1-1' },
              { day: weekday, start: '12:30', end: '13:00', activity: 'Lunch call', ratio: '1-1' },
              { day: weekday, start: '16:30', end: '17:00', activity: 'Tea call', ratio: '1-1' },
              { day: weekday, start: '19:30', end: '20:00', activity: 'Bedtime call', support: 'Up the stairs with her', ratio: '1-1' },
            ]),
            { day: 'monday', start: '10:00', end: '11:00', activity: 'Reablement OT visit', ratio: 'other-service' },
            { day: 'thursday', start: '10:00', end: '11:00', activity: 'Reablement OT visit', ratio: 'other-service' },
            { day: 'saturday', start: '10:00', end: '15:00', activity: 'Agnieszka visits and shops', ratio: 'family' },
            { day: 'sunday', start: '10:30', end: '13:00', activity: 'Mass with Agnieszka (when well)', ratio: 'family' },
          ],
          preparing_for_change: 'Tell her at the call before, slowly, and write it on the pad by the phone; for anything important phone Agnieszka to explain in Polish.',
          if_cancelled: 'If the OT cannot come, the morning carer does the practice on the OT\'s sheet.',
          holidays: 'Polish Christmas Eve (Wigilia) on 24 December, which is also her birthday, at Agnieszka\'s: morning call only, Agnieszka brings her home on the 25th.',
        },
        daysAgo: 1,
        by: 'office',
      },
    ],
    reviewInDays: 44,
  },
  {
    client: 3,
    document: 'therapy-interventions',
    versions: [
      { content: ireneTherapyV1, daysAgo: daysSince('2023-09-20'), by: 'office' },
      {
        content: {
          ...ireneTherapyV1,
          therapists: [
            { discipline: 'respiratory', name: 'Beata Nowicka', service: 'Camden community COPD team, 020 7946 0340', referred: '2023-08-01', active: true },
            { discipline: 'occupational-therapy', name: 'Hannah Osei', service: 'Camden Reablement Service, 020 7946 0455', referred: day(-4), active: true },
            { discipline: 'physiotherapy', name: 'Luke Grant', service: 'Royal Free hand therapy, 020 7946 0560', referred: day(-IRENE_FALL + 2), active: true },
          ],
          therapy_goals:
            'Reablement OT: regain washing, dressing and making drinks one-handed, then two-handed, and the stairs with two rails. Hand therapy: keep the fingers, elbow and shoulder moving while the wrist is in plaster, then restore the wrist after. COPD team: manage breathlessness and spot a flare-up early.',
          interventions: [
            { intervention: 'Finger exercises', how: 'Make a full fist, then stretch the fingers wide; touch the thumb to each fingertip. Ten of each.', when: 'Every call while the plaster is on' },
            { intervention: 'Shoulder and elbow', how: 'Lift the plastered arm above her head, supported by her left hand; bend and straighten the elbow. Five each.', when: 'Morning and tea calls' },
            { intervention: 'Arm raised', how: 'When sitting, rest the arm on a pillow above the level of her heart to keep swelling down.', when: 'Whenever she sits or lies' },
            { intervention: 'Pursed-lip breathing', how: 'Upright, shoulders relaxed; in through the nose, out slowly through pursed lips, twice as long as in.', when: 'When breathless, and after the stairs' },
            { intervention: 'Inhaler technique', how: 'Blue inhaler through the spacer: shake, one puff, five slow breaths; repeat for the second puff. She can do it with her left hand.', when: 'Every time she uses it' },
          ],
          stop_if: 'Fingers swollen, blue, white, numb or tingling, or pain getting worse under the plaster: call the fracture clinic (or 111 out of hours) the same day. Breathless at rest, lips blue-grey or drowsy: call 999.',
          shown_details: 'Hannah Osei and Luke Grant will show the regular carers at the first reablement visit; the COPD exercises as before (September 2023).',
          next_therapy_review: day(IRENE_HOME + 14),
        },
        daysAgo: 2,
        by: 'office',
        note: 'Hand therapy and reablement OT added before discharge.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'positive-behaviour-support-plan',
    versions: [
      {
        content: {
          plan_needed: false,
          screening_notes: 'No behaviours of concern. Renia becomes anxious and more breathless when rushed or when she cannot make herself understood in English: that is managed in the communication and emotional wellbeing parts of her support plan and with her phrase card.',
        },
        daysAgo: daysSince(IRENE_ANNUAL),
        by: 'office',
      },
    ],
    reviewInDays: 365 - daysSince(IRENE_ANNUAL),
  },
  {
    client: 3,
    document: 'crisis-management-plan',
    versions: [
      {
        content: {
          crisis_types: ['medical', 'no-access'],
          signs: 'COPD flare-up: more breathless than usual, more phlegm or a change in its colour, a temperature, wheeze, drowsy or muddled. After the fracture: swollen, pale or numb fingers, or pain increasing under the plaster.',
          what_helps: 'Sitting upright, leaning slightly forward; a calm carer breathing slowly with her; her inhaler; Agnieszka on the phone in Polish.',
          what_does_not_help: 'Being rushed or lain flat; lots of questions in English when she is breathless.',
          risk_to_self: 'Falls with fracture (osteoporosis); severe breathlessness; a chest infection developing quietly over days.',
          risk_to_others: 'None identified.',
          risk_from_others: 'None identified.',
          steps: [
            { situation: 'Breathless but talking in sentences', action: 'Sit her up, blue inhaler through the spacer (up to 4–6 puffs), pursed-lip breathing with her; window open a little. Record; tell the office.', who: 'Carer' },
            { situation: 'Breathless and not improving, or worse over a day', action: 'Phone the GP (or 111 out of hours) and Agnieszka, who keeps her COPD rescue pack.', who: 'Carer, office' },
            { situation: 'A fall', action: 'Do not lift. Pain in a hip, back or wrist, or unsure: keep her still and warm, call 999. Tell the office and Agnieszka.', who: 'Carer' },
            { situation: 'Swollen, pale or numb fingers', action: 'Raise the arm; if not better in 30 minutes, phone the fracture clinic or 111.', who: 'Carer' },
          ],
          emergency_medication: 'Blue inhaler (salbutamol) and spacer by her chair and bed; COPD rescue pack (antibiotic and steroid) kept by Agnieszka, started only on the GP\'s or COPD nurse\'s advice. No codeine.',
          call_999: 'Too breathless to speak in sentences; lips or face blue-grey; chest pain; drowsy or confused; a fall with pain or a possible fracture.',
          contacts: [
            { name: 'Agnieszka Kowalczyk', role: 'Daughter, LPA, translates', phone: '07700 900588', when: 'Any emergency and any change' },
            { name: 'Camden Road Surgery', role: 'GP', phone: '020 7946 0300', when: 'Weekdays 08:00–18:30' },
            { name: 'Camden community COPD team', role: 'Respiratory nurse', phone: '020 7946 0340', when: 'Weekdays; worsening breathlessness' },
            { name: 'Mark Taylor', role: 'Social worker, hospital discharge team', phone: '020 7946 0999', when: 'Concerns about her discharge' },
          ],
          on_call: 'Camden office on-call coordinator 020 7946 0399 (17:00–09:00 and weekends)',
          grab_sheet: 'Hospital passport (in Polish and English) and medication list in the folder by the phone in the hall.',
          debrief: 'The coordinator calls the carer the same day and Agnieszka the same evening; the plan is reviewed after any admission.',
          notify: ['family', 'gp', 'manager'],
        },
        daysAgo: 2,
        by: 'office',
        note: 'Plaster and fracture signs added for her return home.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'personal-evacuation-plan',
    versions: [
      {
        content: {
          property: 'house',
          where_sleeps: 'Back bedroom upstairs; by day in the front room downstairs.',
          smoke_alarms: true,
          alarm_linked: true,
          safe_and_well: true,
          safe_and_well_date: '2023-09-12',
          fire_risks: ['none'],
          mobility: 'walking-aid',
          awareness: 'aware',
          hearing: 'hears',
          sight: 'good',
          at_night: 'Sleeps upstairs; breathless on the stairs, so getting down quickly is hard. Glasses and inhaler on the bedside table.',
          assistance: 'prompting',
          assistance_how: 'During a call: tell her clearly ("Pożar — fire, we go out now"), inhaler in her pocket, down the stairs holding the rail with you one step below; out through the front door. At night alone: the linked alarm alerts Careline, who call the fire brigade and Agnieszka; if the stairs are blocked she stays in the bedroom with the door shut and a towel at the bottom, and waits at the window.',
          equipment: 'None.',
          route: 'Bedroom → landing → stairs (fourteen, half-landing) → hall → front door onto Prowse Place.',
          alternative_route: 'If the hall is blocked: stay in the bedroom with the door closed and signal from the front window; the fire brigade has this plan.',
          stay_put: false,
          assembly_point: 'Across the road, by number 6.',
          key_holder: 'Agnieszka Kowalczyk (daughter) 07700 900588; Careline holds the key-safe code.',
          fire_service_info: 'Irene (Renia), in her nineties, lives alone; COPD (breathless on exertion), osteoporosis; Polish her first language. Sleeps in the back bedroom upstairs; slow on the stairs. Key safe by the front door.',
          shared_with: 'Camden Careline; London Fire Brigade home fire safety visit (September 2023); Agnieszka.',
          completed_by: signed(...COORDINATOR_CAMDEN, daysSince('2023-09-12'), '14:00'),
        },
        daysAgo: daysSince('2023-09-12'),
        by: 'office',
      },
      {
        content: {
          property: 'house',
          where_sleeps: 'Back bedroom upstairs; by day in the front room downstairs.',
          smoke_alarms: true,
          alarm_linked: true,
          safe_and_well: true,
          safe_and_well_date: '2023-09-12',
          fire_risks: ['none'],
          mobility: 'walking-aid',
          awareness: 'aware',
          hearing: 'hears',
          sight: 'good',
          at_night: 'Sleeps upstairs; breathless on the stairs and, until the plaster is off, can hold a rail with her left hand only: going down she holds the new second rail. Glasses, inhaler and pendant on the bedside table.',
          assistance: 'one-person',
          assistance_how: 'During a call: tell her clearly ("Pożar — fire, we go out now"), inhaler in her pocket, down the stairs holding the rail on her left with you one step below; out through the front door. At night alone: the linked alarm alerts Careline, who call the fire brigade and Agnieszka; if the stairs are blocked she stays in the bedroom with the door shut and a towel at the bottom, and waits at the window.',
          equipment: 'None.',
          route: 'Bedroom → landing → stairs (fourteen, half-landing, rails both sides) → hall → front door onto Prowse Place.',
          alternative_route: 'If the hall is blocked: stay in the bedroom with the door closed and signal from the front window; the fire brigade has this plan.',
          stay_put: false,
          assembly_point: 'Across the road, by number 6.',
          key_holder: 'Agnieszka Kowalczyk (daughter) 07700 900588; Careline holds the key-safe code.',
          fire_service_info: 'Irene (Renia), in her nineties, lives alone; right wrist in plaster (can only use her left hand); COPD (breathless on exertion), osteoporosis; Polish her first language. Sleeps in the back bedroom upstairs; slow on the stairs. Key safe by the front door.',
          shared_with: 'Camden Careline (updated for her discharge); Agnieszka.',
          completed_by: signed(...MANAGER, 1, '15:00'),
        },
        daysAgo: 1,
        by: 'manager',
        note: 'Updated for discharge with her wrist in plaster: needs one person on the stairs.',
      },
    ],
    reviewInDays: 44,
  },
  {
    client: 3,
    document: 'equipment',
    versions: [
      {
        content: {
          items: [
            { item: 'Trolley walker', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-01', issued: '2023-07-03', condition: 'good' },
            { item: 'Shower chair', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-02', issued: '2023-07-03', condition: 'good' },
            { item: 'Commode', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-03', issued: '2023-07-03', condition: 'good' },
            { item: 'Stair rail (left going up)', supplier: 'Camden home adaptations', issued: '2023-08-02', condition: 'good' },
            { item: 'Pendant alarm and linked smoke alarm', supplier: 'Camden Careline', serial: 'CL-601877', issued: '2023-07-05', last_check: '2025-07-10', next_due: '2026-07-10', condition: 'good' },
          ],
          lifting_equipment: false,
          maintained_by: 'Camden equipment service (Medequip) for the loaned items; Camden home adaptations for the rail; Camden Careline for the alarms.',
          fault_reporting: 'Medequip 020 7946 0400; home adaptations 020 7946 0420; Careline 020 7946 0410. Tell the office the same day.',
          carer_checks: 'Walker: brakes hold, basket secure. Shower chair: feet level, no rust. Commode: emptied and cleaned each morning, brakes on. Rail: firm. Pendant: worn.',
          awaited: '',
          referred_to: 'OT asked to assess for a second stair rail and a perching stool (annual review).',
          declined: '',
        },
        daysAgo: daysSince(IRENE_ANNUAL),
        by: 'office',
      },
      {
        content: {
          items: [
            { item: 'Trolley walker', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-01', issued: '2023-07-03', condition: 'good' },
            { item: 'Shower chair', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-02', issued: '2023-07-03', condition: 'good' },
            { item: 'Commode', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-03', issued: '2023-07-03', condition: 'good' },
            { item: 'Stair rail (left going up)', supplier: 'Camden home adaptations', issued: '2023-08-02', condition: 'good' },
            { item: 'Second stair rail (right going up)', supplier: 'Camden home adaptations', issued: day(IRENE_HOME - 1) },
            { item: 'Perching stool (kitchen)', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-04', issued: day(-1), condition: 'good' },
            { item: 'Kettle tipper', supplier: 'Camden equipment service (Medequip)', serial: 'ME-300112-05', issued: day(-1), condition: 'good' },
            { item: 'Walking stick (for her left hand)', supplier: 'Royal Free physiotherapy', issued: day(IRENE_HOME), condition: 'good' },
            { item: 'Pendant alarm and linked smoke alarm', supplier: 'Camden Careline', serial: 'CL-601877', issued: '2023-07-05', last_check: day(-120), next_due: day(245), condition: 'good' },
          ],
          lifting_equipment: false,
          maintained_by: 'Camden equipment service (Medequip) for the loaned items; Camden home adaptations for the rails; Camden Careline for the alarms.',
          fault_reporting: 'Medequip 020 7946 0400; home adaptations 020 7946 0420; Careline 020 7946 0410. Tell the office the same day.',
          carer_checks: 'Rails: firm, no movement at the brackets. Stick: ferrule not worn. Kettle tipper: kettle clicks into the cradle, no more than two cups in it. Perching stool: height set by the OT (do not change), feet level. Commode: emptied and cleaned each morning, brakes on. Pendant: worn (she can press it with her left hand).',
          awaited: 'Second stair rail: fitting booked the day before discharge (Agnieszka lets the fitter in).',
          referred_to: 'Camden Reablement Service OT (Hannah Osei) to review all equipment at the first visit.',
          declined: 'Trolley walker is not to be used until the plaster is off (needs two hands).',
        },
        daysAgo: 1,
        by: 'office',
        note: 'Perching stool and kettle tipper delivered; second rail booked before discharge.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'checklist-handling',
    versions: [
      { content: ireneHandlingV1, daysAgo: daysSince(IRENE_ANNUAL), by: 'office' },
      {
        content: {
          ...ireneHandlingV1,
          tasks: ['sit-stand', 'walking', 'stairs', 'toilet'],
          method:
            'Right wrist in plaster: no weight at all through her right hand. Sit to stand: feet back, left hand on the chair arm, stand on "trzy" (three); pause for her breath; stick into her left hand. Walking: stick in her left hand, you on her right side. Stairs: going up she holds the old rail with her left hand; coming down she holds the new second rail with her left hand; you stay one step below her in both directions until the OT signs this off. Toilet and commode: she lowers herself with her left hand on the frame. No shower until the plaster is off: strip wash.',
          weight: 49.5,
          conditions: 'Fractured right wrist in plaster (no weight through it; check fingers are pink, warm and not swollen). Osteoporosis: fragile bones — no pulling on her arms, no lifting under the arms. COPD: breathless on exertion — rest between steps, inhaler in reach. Thin skin.',
          falls_history: true,
          environment_notes: 'Terraced house: bedroom and bathroom upstairs, fourteen stairs with a half-landing; a second rail is being fitted before she comes home (do not use the stairs without it). Stairs light on a switch at the bottom and top. Perching stool in the kitchen.',
          other_aids: ['stick', 'grab-rails', 'perching-stool'],
          residual_risk: 'high',
          assessor: signed(...MANAGER, 2, '14:30'),
        },
        daysAgo: 2,
        by: 'manager',
        note: 'Reassessed on the ward with the physiotherapist: one-handed, stick, carer on the stairs.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
    signedOff: { role: 'Registered manager', daysAgo: 2 },
  },
  {
    client: 3,
    document: 'reablement',
    versions: [
      {
        content: {
          referral_reason: 'Home from the Royal Free after a COPD flare-up with a chest infection; very breathless on exertion and lost confidence with washing and the stairs.',
          start_date: IRENE_START,
          planned_end: '2023-08-11',
          therapist: 'Hannah Osei, occupational therapist, Camden Reablement Service',
          therapist_contact: '020 7946 0455',
          goals: [
            { goal: 'Umyć się sama — to wash myself', baseline: 'Needed help with everything; breathless after a minute standing.', target: 'Washes her top half sitting at the sink; showers on a chair with one carer.', status: 'working' },
            { goal: 'To go upstairs to my own bed', baseline: 'Sleeping in the front room chair.', target: 'Manages the stairs with the rail and a carer nearby, resting at the half-landing.', status: 'working' },
          ],
          outcome: 'in-progress',
        },
        daysAgo: daysSince(IRENE_START),
        by: 'office',
        note: 'Goals set with Renia, Agnieszka translating, and the reablement OT.',
      },
      {
        content: {
          referral_reason: 'Home from the Royal Free after a COPD flare-up with a chest infection; very breathless on exertion and lost confidence with washing and the stairs.',
          start_date: IRENE_START,
          planned_end: '2023-08-11',
          therapist: 'Hannah Osei, occupational therapist, Camden Reablement Service',
          therapist_contact: '020 7946 0455',
          goals: [
            { goal: 'Umyć się sama — to wash myself', baseline: 'Needed help with everything; breathless after a minute standing.', target: 'Washes her top half sitting at the sink; showers on a chair with one carer.', week_achieved: 4, status: 'achieved' },
            { goal: 'To go upstairs to my own bed', baseline: 'Sleeping in the front room chair.', target: 'Manages the stairs with the rail and a carer nearby, resting at the half-landing.', week_achieved: 3, status: 'achieved' },
          ],
          weekly: [
            { week: 2, date: '2023-07-17', progress: 'Breathing easier; stair rail fitted. Washing face and hands at the sink.' },
            { week: 4, date: '2023-07-31', progress: 'Up to bed every night with a carer; washing her top half herself.', calls_change: 'Lunch call stopped' },
            { week: 6, date: '2023-08-11', progress: 'Final review with Agnieszka: two long-term calls (morning and bedtime) for the showers, stairs and supper.' },
          ],
          outcome: 'reduced',
          ended_on: '2023-08-11',
          handover: 'Long-term morning and bedtime calls from 14 August 2023: help to wash her back and legs and to shower twice a week, stockings and shoes, supper, up the stairs at night.',
        },
        daysAgo: daysSince('2023-08-11'),
        by: 'office',
        note: 'Reablement finished: two long-term calls.',
      },
      {
        content: {
          referral_reason: 'Fell on her stairs and fractured her right wrist (in plaster for six weeks); chest infection on the ward. Coming home from the Royal Free: needs to relearn washing, dressing and drinks one-handed, and regain confidence on the stairs with the new second rail.',
          start_date: day(IRENE_HOME),
          planned_end: day(IRENE_HOME + 42),
          therapist: 'Hannah Osei, occupational therapist, Camden Reablement Service',
          therapist_contact: '020 7946 0455',
          goals: [
            { goal: 'Zrobić sobie herbatę — to make my own tea', baseline: 'Cannot lift the kettle with her left hand; carers make all drinks.', target: 'Makes tea safely with the kettle tipper, carer not needed.', status: 'working' },
            { goal: 'To dress my top half myself', baseline: 'Needs full help with the plaster; tires quickly.', target: 'Dresses her top half with loose clothes, one-handed, prompts only.', status: 'working' },
            { goal: 'To go up and down my stairs alone', baseline: 'Carer one step below; frightened since the fall.', target: 'Uses both rails alone, resting at the half-landing.', status: 'working' },
            { goal: 'To shower again', baseline: 'No shower while in plaster.', target: 'Showers on the chair with one carer once the plaster is off.', status: 'working' },
          ],
          outcome: 'in-progress',
        },
        daysAgo: 2,
        by: 'manager',
        note: 'New reablement episode for her discharge after the fall (the 2023 episode is in versions 1 and 2).',
      },
    ],
    reviewInDays: IRENE_HOME + 7,
  },
  {
    client: 3,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'hospital-discharge',
          assessment_date: '2023-06-29',
          assessor: 'Oliver Office, care coordinator (trusted assessor)',
          location: 'hospital',
          present: 'Renia; Agnieszka Kowalczyk (daughter, LPA, translating); Mark Taylor, hospital discharge social worker; ward physiotherapist.',
          referral_source: 'hospital',
          referrer: 'Mark Taylor, Camden hospital discharge team, 020 7946 0999',
          funder: 'self-funded',
          personal_care: 'Needs help to wash and dress; breathless after a minute standing.',
          mobility: 'Walks short distances with a trolley walker; has not managed the stairs since admission.',
          nutrition: 'Small appetite; Agnieszka brings Polish food she likes.',
          medication: 'Omeprazole daily; salbutamol inhaler when breathless; prednisolone course finishing. Assist and prompt.',
          health: 'COPD flare-up with a chest infection (admitted eight days). Osteoporosis. Allergies: codeine (vomiting) and Elastoplast.',
          cognition_communication: 'No memory problems. Polish first language; English good for everyday things but not when unwell: Agnieszka translated.',
          wellbeing_social: 'Widowed since 2015; close to Agnieszka; Polish club and church.',
          home_environment: 'Terraced house at 3 Prowse Place, bedroom and bathroom upstairs, no stair rail: rail requested.',
          unpaid_carers: 'Agnieszka works part time and visits twice a week; she holds both LPAs.',
          risks: [
            { risk: 'Falls on the stairs', level: 'high', action: 'Stair rail before discharge; carer with her on the stairs; pendant.' },
            { risk: 'Breathlessness and a further flare-up', level: 'medium', action: 'COPD team referral; inhaler technique; signs to watch for.' },
          ],
          person_wants: '"To sleep in my own bed and wash myself."',
          capacity_doubt: false,
          recommendation: 'reablement',
          recommended_calls: 'Three calls a day (morning 60 minutes, lunch 30, bedtime 30) during six weeks of reablement.',
          assessor_signature: signed(...COORDINATOR_CAMDEN, daysSince('2023-06-29'), '13:40'),
        },
        daysAgo: daysSince('2023-06-29'),
        by: 'office',
      },
    ],
  },
  {
    client: 3,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'reassessment',
          assessment_date: '2024-07-15',
          assessor: 'Oliver Office, care coordinator',
          location: 'home',
          present: 'Renia; Agnieszka Kowalczyk (by video, translating).',
          referral_source: 'family',
          referrer: 'Agnieszka Kowalczyk, annual reassessment (private client)',
          funder: 'self-funded',
          personal_care: 'Washes her top half; help with her back and legs; showers twice a week with one carer.',
          mobility: 'Trolley walker indoors; stairs with the rail and a carer at night. No falls.',
          nutrition: 'Eating small meals; weight 51 kg, steady.',
          medication: 'Omeprazole (assist) and salbutamol (prompt); no changes.',
          health: 'COPD stable: one chest infection in the winter, treated at home with her rescue pack. Osteoporosis.',
          cognition_communication: 'No concerns; uses her phrase card with new carers.',
          wellbeing_social: 'Happy with her two calls; enjoys the Polish club lunches.',
          home_environment: 'Unchanged.',
          unpaid_carers: 'Agnieszka visits on Saturdays and takes her to Mass.',
          risks: [{ risk: 'Falls on the stairs', level: 'medium', action: 'Carer stays with her on the stairs at the bedtime call.' }],
          person_wants: 'To keep things as they are.',
          capacity_doubt: false,
          recommendation: 'no-change',
          assessor_signature: signed(...COORDINATOR_CAMDEN, daysSince('2024-07-15'), '12:00'),
        },
        daysAgo: daysSince('2024-07-15'),
        by: 'office',
      },
    ],
  },
  {
    client: 3,
    document: 'assessment-report',
    versions: [
      {
        content: {
          assessment_type: 'hospital-discharge',
          assessment_date: day(-3),
          assessor: 'Maya Manager, registered manager (trusted assessor)',
          location: 'hospital',
          present: 'Renia; Agnieszka Kowalczyk (LPA, translating); Mark Taylor, hospital discharge social worker; Priya Anand, ward occupational therapist.',
          referral_source: 'hospital',
          referrer: 'Mark Taylor, Camden hospital discharge team, 020 7946 0999',
          funder: 'self-funded',
          personal_care: 'Right-handed with the right wrist in plaster: needs full help to wash and dress her top half, with stockings and shoes; can wash her face with her left hand. No shower until the plaster is off.',
          mobility: 'Walking on the ward with a stick in her left hand and one person nearby; cannot use her trolley walker. Managed four stairs with the physiotherapist holding the rail on her left; needs the second rail to come down.',
          nutrition: 'Eating half of her meals on the ward; needs food cut up and drinks made. Weight 49.5 kg (51 kg before the fall).',
          medication: 'Cannot open blister packs one-handed: carers to administer while in plaster. New alendronic acid weekly, paracetamol regularly for two weeks, doxycycline to finish. No codeine.',
          health: 'Distal radius fracture of the right wrist after a fall on her stairs; chest infection on the ward (COPD). Osteoporosis now treated. Fracture clinic in two weeks.',
          cognition_communication: 'No confusion. Tired and loses her English when breathless; Agnieszka translated.',
          wellbeing_social: 'Frightened of falling again and of going into a care home; wants to go home.',
          home_environment: 'Terraced house, bedroom and bathroom upstairs. Second stair rail, perching stool and kettle tipper arranged with the ward OT.',
          unpaid_carers: 'Agnieszka can visit on Saturdays and phones daily; cannot do more because of work.',
          risks: [
            { risk: 'Further fall and fracture', level: 'high', action: 'Second rail before discharge; carer with her on the stairs; stick; falls risk assessment on the first call.' },
            { risk: 'Plaster complications (swelling, pressure)', level: 'medium', action: 'Finger checks at every call; arm raised; fracture clinic number in the folder.' },
            { risk: 'Weight loss', level: 'medium', action: 'MUST at the first call; small meals she likes; weekly weight.' },
          ],
          person_wants: '"Do domu" — home, with help until she can use her hand again.',
          capacity_doubt: false,
          recommendation: 'start-provisional',
          recommended_calls: 'Four calls a day (60, 30, 30, 30 minutes), one carer, with six weeks of reablement; review at two weeks.',
          assessor_signature: signed(...MANAGER, 3, '15:45'),
        },
        daysAgo: 3,
        by: 'manager',
      },
    ],
    reviewInDays: 362,
    signedOff: { role: 'Registered manager', daysAgo: 3 },
  },
  {
    client: 3,
    document: 'review-form',
    versions: [
      {
        content: {
          review_date: IRENE_ANNUAL,
          review_type: 'scheduled',
          location: 'home',
          reviewer: 'Oliver Office, care coordinator',
          attendees: [
            { name: 'Irene (Renia) Kowalczyk', role: 'Client', how: 'in-person' },
            { name: 'Agnieszka Kowalczyk', role: 'Daughter, LPA', how: 'in-person' },
          ],
          person_involvement: 'fully',
          working: 'Two calls suit her. She likes her regular morning carer, who has learned some Polish words.',
          not_working: 'The stairs are getting harder; she is breathless by the half-landing and holds the rail with one hand only.',
          needs_changed: true,
          changes: 'Slower on the stairs: OT referral for a second rail and a perching stool.',
          health_changes: 'One chest infection in the spring, treated at home.',
          events: 'None.',
          satisfaction: '5',
          regular_carers: true,
          times_suit: true,
          comments: 'Agnieszka: "Mama says the morning girl is like family."',
          actions: [
            { action: 'Refer to the Camden OT for a second stair rail and a perching stool', owner: 'Oliver Office', due: day(-daysSince(IRENE_ANNUAL) + 7), done: true },
          ],
          plan_updated: true,
          next_review: day(-daysSince(IRENE_ANNUAL) + 365),
          person_signature: signed('Irene Kowalczyk', 'Client', daysSince(IRENE_ANNUAL), '11:00'),
          reviewer_signature: signed(...COORDINATOR_CAMDEN, daysSince(IRENE_ANNUAL), '11:05'),
        },
        daysAgo: daysSince(IRENE_ANNUAL),
        by: 'office',
      },
    ],
  },
  {
    client: 3,
    document: 'review-form',
    versions: [
      {
        content: {
          review_date: day(-5),
          review_type: 'after-incident',
          reason: 'Fell on her stairs coming down before the morning call; pressed her pendant; Careline called an ambulance; fractured right wrist; admitted to the Royal Free, where she also had a chest infection.',
          location: 'hospital',
          reviewer: 'Oliver Office, care coordinator',
          attendees: [
            { name: 'Irene (Renia) Kowalczyk', role: 'Client', how: 'in-person' },
            { name: 'Agnieszka Kowalczyk', role: 'Daughter, LPA, translating', how: 'in-person' },
            { name: 'Mark Taylor', role: 'Hospital discharge social worker', how: 'in-person' },
            { name: 'Priya Anand', role: 'Ward occupational therapist', how: 'in-person' },
          ],
          person_involvement: 'fully',
          working: 'The pendant worked and help came quickly. Renia wants to come home and is working hard with the ward physiotherapist.',
          not_working: 'The OT referral for the second rail (September 2025) was never actioned by the council; she was coming downstairs alone before her call.',
          needs_changed: true,
          changes: 'Right wrist in plaster for six weeks: needs four calls a day, medication administered, help with all washing and dressing, and a carer on the stairs. Reablement on discharge.',
          health_changes: 'Fractured right wrist; chest infection; started alendronic acid for osteoporosis.',
          events: 'The fall and admission above. The delayed rail referral has been raised with Camden as a concern.',
          satisfaction: '4',
          regular_carers: true,
          times_suit: true,
          comments: 'Agnieszka: "I wish we had pushed harder for the rail. Please make sure it is there before she comes home."',
          actions: [
            { action: 'Second stair rail fitted before discharge (discharge depends on it)', owner: 'Mark Taylor', due: day(IRENE_HOME - 1), done: false },
            { action: 'Provisional care plan, reablement goals and moving and handling checklist for discharge', owner: 'Oliver Office', due: day(-1), done: true },
            { action: 'Raise the delayed OT referral with Camden adult social care', owner: 'Maya Manager', due: day(-3), done: true },
            { action: 'Falls risk assessment and MUST at the first call home', owner: 'Oliver Office', due: day(IRENE_HOME), done: false },
          ],
          plan_updated: true,
          next_review: day(IRENE_HOME + 14),
          person_signature: signed('Agnieszka Kowalczyk', 'Daughter, LPA', 5, '14:20'),
          reviewer_signature: signed(...COORDINATOR_CAMDEN, 5, '14:25'),
        },
        daysAgo: 5,
        by: 'office',
        note: 'Review on the ward after her fall.',
      },
    ],
    reviewInDays: IRENE_HOME + 14,
  },
  {
    client: 3,
    document: 'exit-survey',
    versions: [
      {
        content: {
          service_ended: '2023-08-11',
          service: 'Reablement after her COPD admission (six weeks)',
          reason: 'moved-service',
          reason_detail: 'Reablement finished; Renia chose to stay with us privately for two calls a day.',
          completed_by: 'family',
          completed_how: 'email',
          overall: '5',
          dignity: '5',
          punctuality: '4',
          continuity: '4',
          plan_followed: '5',
          office: '3',
          went_well: 'Mama sleeps in her own bed again. The carers were patient when she was breathless and learned to say "dzień dobry".',
          do_better: 'Tell me when a call is going to be late; I had to phone the office twice to find out. Polish-speaking carers if you have them.',
          would_recommend: true,
          complaint: false,
          contact_ok: true,
          completed_on: '2023-08-20',
        },
        daysAgo: daysSince('2023-08-20'),
        by: 'office',
        note: 'Agnieszka\'s answers by email, typed in.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// 5. Jordan Pickering: Flat 2, 48 Kirkstall Road, Leeds, supported living with 24-hour shared support; moderate
// learning disability, epilepsy, peanut anaphylaxis; Makaton and a picture timetable.

const JORDAN_PBS_REVIEW = 46;

const jordanSupportPlanV1: DocumentValues = {
  plan_date: day(-380),
  funded_by: 'local-authority',
  contributors:
    'Jordan, at a meeting in his flat over pizza (his choice), using his picture cards and Makaton; Carol Pickering (mum); Ravi Gill (independent advocate, Advonet); the Leeds community learning disability team nurse for the epilepsy part; Sam Whitaker, team leader.',
  what_matters:
    'Leeds United. Buses — he knows every route from Kirkstall. Mum on Sundays. College on Tuesdays and Thursdays. Knowing what is happening next (his picture timetable on the fridge). Cooking his spaghetti bolognese. Staff who know him and use his signs.',
  health_summary:
    'Moderate learning disability. Epilepsy: tonic-clonic seizures about once a month, often early in the morning; he is tired and muddled for a few hours afterwards. Peanut allergy with anaphylaxis: EpiPen in the kitchen drawer, and one carried whenever he goes out.',
  outcomes: [
    { outcome: 'To cook three meals a week myself', area: 'nutrition', measure: 'Cooks with staff alongside, three evenings a week' },
    { outcome: 'To go to college on the bus with less help', area: 'social', measure: 'Travels with staff a few seats away by the summer term' },
    { outcome: 'To manage my money for the week', area: 'home', measure: 'Uses his picture budget and pays at the till himself' },
    { outcome: 'To stay safe with my epilepsy', area: 'health', measure: 'Every seizure recorded; showers only; seizure alarm on at night' },
  ],
  personal_care_support: 'prompt',
  personal_care_how:
    'Showers every morning — shower only, never a bath (epilepsy). Door closed but unlocked, staff within earshot outside (agreed with Jordan). Picture sequence on the bathroom wall; prompt deodorant and shaving every other day with his electric razor. He chooses his clothes the night before.',
  continence_support: 'independent',
  mobility_support: 'independent',
  nutrition_support: 'prompt',
  nutrition_how:
    'Plans the week\'s menu on Monday with staff using food photographs. Cooks with staff alongside; sharp knives are kept in the locked drawer and staff get out the one he needs and stay with him (PBS plan). NO PEANUTS: check every label including "may contain"; nothing from a takeaway or café without asking; he knows to ask "nuts?". Likes spaghetti bolognese, fish fingers and a mild chicken curry. Encourage water and squash rather than cola.',
  medication_support: 'administer',
  medication_how:
    'Medicines are kept in the locked cabinet in his flat; only staff trained in epilepsy and emergency medication administer them. Buccal midazolam 10 mg (from the red seizure bag) only if a tonic-clonic seizure lasts 5 minutes or he has three in an hour, as the seizure plan says, and call 999 if it is the first dose today or the seizure does not stop. Paracetamol when he shows pain (he points to it on his body picture): prompt, no more than four times a day. EpiPen for anaphylaxis (crisis plan). Record on the MAR and the seizure chart.',
  skin_support: 'independent',
  communication_support: 'some-help',
  communication_how:
    'Short sentences with the key words signed in Makaton; give him time. Use the "now and next" board for anything new. He says "yes" to end a conversation, so check understanding by offering two pictures to choose from. Tell him about changes the evening before, with the picture (calendar plan).',
  emotional_support: 'some-help',
  emotional_how: 'Jordan can become very anxious when things change unexpectedly, after a seizure, or when it is noisy. Follow the positive behaviour support plan: green strategies every day, and know his early warning signs.',
  social_support: 'some-help',
  social_how: 'College (Tuesdays and Thursdays), swimming, inclusive football, the Friday club disco, and his mum on Sundays — see the supported-living calendar for times and staffing. He likes to chat to Kwame in Flat 1 about football.',
  calls: [
    call('morning', '07:30', 90, 'Shared staff: prompt the shower (staff outside the door), breakfast, go through today on the picture timetable.'),
    call('day-support', '09:00', 360, 'One-to-one community support as the calendar says: college travel, swimming, shopping and budgeting, football.', 'As the calendar'),
    call('tea', '17:00', 120, 'Shared staff: cook tea together, wash up, tomorrow\'s pictures on the timetable, clothes chosen for the morning.'),
    call('sleep-in', '22:00', 540, 'Sleep-in staff in the ground-floor office with the receiver for his seizure alarm; respond to the alarm at once.'),
  ],
  access: 'Jordan has his own front-door key; staff knock and wait for him to answer. The staff office holds a spare key for emergencies only (each use recorded).',
  no_reply:
    'Knock again and call his name; check the signing-out board in the office and his timetable. If he might be having a seizure, or does not answer when he should be in, use the spare key at once. If he is not in the building and not where his timetable says, follow the missing person steps in the crisis plan.',
  person_agrees: true,
  person_signature: signed('Jordan Pickering', 'Tenant', 380, '13:00'),
  coordinator_signature: signed(...TEAM_LEADER_LEEDS, 380, '13:05'),
};

const jordanSupportPlanV2: DocumentValues = {
  ...jordanSupportPlanV1,
  plan_date: day(-170),
  contributors:
    'Jordan, with his picture cards and Makaton, at the six-month review in his flat; Carol Pickering (mum); Ravi Gill (advocate); Sam Whitaker, team leader.',
  outcomes: [
    { outcome: 'To cook three meals a week myself', area: 'nutrition', measure: 'Cooks with staff alongside, three evenings a week (achieved: keep it up)' },
    { outcome: 'To go to college on the bus with less help', area: 'social', measure: 'Travels with staff a few seats away', by_when: day(60) },
    { outcome: 'To manage my money for the week', area: 'home', measure: 'Uses his picture budget and pays at the till himself', by_when: day(30) },
    { outcome: 'To stay safe with my epilepsy', area: 'health', measure: 'Every seizure recorded; showers only; seizure alarm on at night' },
    { outcome: 'To go to an away match with Mum', area: 'social', measure: 'One away match this season, with 1:1 staff and Carol' },
  ],
  person_signature: signed('Jordan Pickering', 'Tenant', 170, '14:00'),
  coordinator_signature: signed(...TEAM_LEADER_LEEDS, 170, '14:05'),
};

const jordanPbsV1: DocumentValues = {
  plan_needed: true,
  about_me: 'Jordan is funny, loyal and a brilliant navigator: he knows the bus routes of half of Leeds. He remembers everyone\'s birthday and the score of every Leeds United match since 2010. He is kind to his neighbours and loves to cook for his mum.',
  good_life: 'Knowing what is happening and when; football and buses; cooking; his mum; college friends; staff who sign with him and have a laugh with him; a quiet flat to come back to.',
  written_with: 'Jordan (with pictures), Carol Pickering (mum), Ravi Gill (advocate), Dr Helen Marsh (clinical psychologist, Leeds community learning disability team), Sam Whitaker and his regular staff.',
  functional_assessment: 'Dr Helen Marsh, clinical psychologist, from six weeks of ABC charts and interviews',
  behaviours: [
    { behaviour: 'Hits the side of his head with the heel of his hand, sometimes repeatedly.', how_often: 'Two or three times a month', risk: 'high', function: 'escape' },
    { behaviour: 'Shouts and throws what is in his hands (cups, his phone) — not aimed at people.', how_often: 'About once a month', risk: 'medium', function: 'escape' },
    { behaviour: 'Grabs a staff member\'s arm hard or pushes them away.', how_often: 'A few times a year', risk: 'medium', function: 'escape' },
  ],
  setting_events: 'Poor sleep; the hours after a seizure (muddled, headache); pain (toothache and headaches); hunger; noise from the other flats; Sunday evening after his mum leaves; staff he does not know.',
  triggers: 'An unexpected change (bus late or cancelled, college closed, a different member of staff); being told "no" without a reason or an alternative; loud noise and crowded places; waiting in queues.',
  proactive:
    'Picture timetable updated with him every evening; "now and next" board for the day. Warn him of changes the evening before, with the picture. Makaton key-word signing from every member of staff. Regular staff on college days. Ear defenders in his bag for buses and shops. A quiet time after college (his room, music, weighted blanket). A walk or a bus ride every day. Offer choices (two pictures) rather than yes/no questions. Breakfast before anything else.',
  skills: 'Using his "break" card to ask for time out; choosing between two options; using the "change" card to understand a change; asking "how long?" with the sand timer.',
  early_signs: 'Rocking; repeating a word ("bus, bus"); pulling his sleeves down over his hands; pacing to the window; louder voice; covering his ears.',
  secondary:
    'Fewer words: sign and say one thing at a time. Stop any demand. Offer the "break" card and his room, or a walk. Offer his ear defenders. Show him the timetable and what comes next. Give him space: stand to one side, not in front of him. Do not ask him what is wrong.',
  reactive:
    'Keep others safe first: guide the other tenants away calmly. Give Jordan space (two arm\'s lengths), stand side-on, speak little and softly. Move anything he could throw or hurt himself with if you can do it without going close. If he is hitting his head, offer his cushion to hit instead, and say "Jordan, cushion" with the sign. Do not hold him. If he runs towards a road, use the agreed guide (restrictive practices, below). If he cannot calm in 20 minutes, or injures himself, call the on-call manager.',
  post_incident_person: 'Quiet time in his room with his music; a drink and a snack; check for injury (a head injury after head-hitting: watch for drowsiness or sickness and call 111). Later, go through it with pictures, never as a telling-off. Tell his mum if he wants.',
  post_incident_staff: 'Check the staff are unhurt; the on-call manager debriefs them the same day. Record an ABC chart and an incident form before the end of the shift; any use of a restrictive practice is recorded separately and reviewed by the team leader within 72 hours.',
  restrictive_in_use: true,
  restrictive_practices: [
    { practice: 'Sharp kitchen knives kept in a locked drawer in his kitchen; staff take out the knife he needs and stay with him while he uses it.', type: 'environmental', only_when: 'Always (the least restrictive option after he cut himself in 2021 during an incident); reviewed every six months.', authorised_by: 'Best-interests meeting with Jordan, Carol Pickering, Ravi Gill (advocate), his social worker and Dr Helen Marsh' },
    { practice: 'Two-person guide: a staff member either side, hands on his upper arms, walking with him away from the road.', type: 'physical', only_when: 'Only if he runs towards traffic during an incident; released as soon as he is away from the road. Staff trained in the accredited course only.', authorised_by: 'Best-interests meeting as above' },
  ],
  liberty: 'applied',
  reduction_plan: 'Knives: practise with the safety knife and staff at his side; review whether the drawer can be unlocked when staff are in the flat. Physical guide: road-safety travel training with the travel-training team; aim for no use in the next six months. Reviewed by Dr Marsh every six months.',
};

const jordanPbsV2: DocumentValues = {
  ...jordanPbsV1,
  triggers:
    'An unexpected change — above all the bus being late or cancelled on college days (three incidents at the bus stop in September); college closed; a different member of staff; being told "no" without a reason or an alternative; loud noise and crowded places; waiting in queues.',
  proactive:
    'Picture timetable updated with him every evening; "now and next" board for the day. Warn him of changes the evening before, with the picture. College days: leave ten minutes earlier, check the bus app together before leaving, and carry the "bus late" card (a picture of the bus with a clock) and a plan B (the 33 to town and a walk). Makaton key-word signing from every member of staff. Regular staff on college days. Ear defenders in his bag for buses and shops. A quiet time after college (his room, music, weighted blanket). A walk or a bus ride every day. Offer choices (two pictures) rather than yes/no questions. Breakfast before anything else.',
};

const JORDAN: DemoDocument[] = [
  {
    client: 5,
    document: 'support-plan',
    versions: [
      { content: jordanSupportPlanV1, daysAgo: 380, by: 'manager', note: 'Annual support plan review with Jordan, Carol and Ravi.' },
      { content: jordanSupportPlanV2, daysAgo: 170, by: 'admin', note: 'Six-month review: travel and money goals given dates; away match added.' },
    ],
    reviewInDays: 12,
    signedOff: { role: 'Registered manager', daysAgo: 168 },
  },
  {
    client: 5,
    document: 'positive-behaviour-support-plan',
    versions: [
      { content: jordanPbsV1, daysAgo: 210, by: 'manager', note: 'Plan rewritten with Dr Marsh after the functional assessment.' },
      { content: jordanPbsV2, daysAgo: JORDAN_PBS_REVIEW, by: 'manager', note: 'After three incidents at the bus stop: leave earlier, "bus late" card and plan B.' },
    ],
    reviewInDays: 182 - JORDAN_PBS_REVIEW,
    signedOff: { role: 'Registered manager', daysAgo: JORDAN_PBS_REVIEW - 2 },
  },
  {
    client: 5,
    document: 'supported-living-calendar',
    versions: [
      {
        content: {
          effective_from: day(-80),
          commissioned_hours: 28,
          shared_support: 'Shared support in the house 07:00–22:00 (two staff for four tenants); sleep-in 22:00–07:00; his one-to-one hours as below.',
          format: ['picture'],
          timetable: [
            { day: 'monday', start: '10:00', end: '12:00', activity: 'Food shop at Kirkstall and budgeting', support: 'Picture shopping list from the menu; pays at the till himself', ratio: '1-1' },
            { day: 'monday', start: '14:00', end: '16:00', activity: 'Plan the week\'s menu; laundry', ratio: 'shared' },
            { day: 'tuesday', start: '08:45', end: '09:30', activity: 'Bus to college', support: 'Staff a few seats away (travel goal); "bus late" card', ratio: '1-1' },
            { day: 'tuesday', start: '09:30', end: '15:00', activity: 'Leeds City College (life skills)', support: 'College staff; his EpiPen and seizure plan go with him', ratio: 'other-service' },
            { day: 'tuesday', start: '15:00', end: '16:00', activity: 'Bus home and quiet time', ratio: '1-1' },
            { day: 'wednesday', start: '10:30', end: '12:30', activity: 'Swimming at Kirkstall Leisure Centre', support: 'Staff in the water with him (epilepsy); lifeguard told on arrival', ratio: '1-1' },
            { day: 'wednesday', start: '17:30', end: '19:00', activity: 'Cooks his spaghetti bolognese', support: 'Knife from the locked drawer, staff alongside', ratio: 'shared' },
            { day: 'thursday', start: '08:45', end: '09:30', activity: 'Bus to college', support: 'As Tuesday', ratio: '1-1' },
            { day: 'thursday', start: '09:30', end: '15:00', activity: 'Leeds City College (life skills)', ratio: 'other-service' },
            { day: 'thursday', start: '15:00', end: '16:00', activity: 'Bus home and quiet time', ratio: '1-1' },
            { day: 'friday', start: '10:00', end: '13:00', activity: 'Bus ride of his choice (travel training)', ratio: '1-1' },
            { day: 'friday', start: '19:00', end: '22:00', activity: 'Friday club disco', support: 'Ear defenders; leaves when he shows the "finished" sign', ratio: '1-1' },
            { day: 'saturday', start: '10:00', end: '12:00', activity: 'Inclusive football session', ratio: '1-1' },
            { day: 'saturday', start: '15:00', end: '17:00', activity: 'Leeds United on the radio or television', ratio: 'shared' },
            { day: 'sunday', start: '13:00', end: '17:00', activity: 'Mum visits', ratio: 'family' },
            { day: 'sunday', start: '17:00', end: '19:00', activity: 'Quiet evening after Mum leaves; tomorrow\'s pictures', support: 'A regular member of staff on Sunday evenings', ratio: 'shared' },
          ],
          preparing_for_change: 'Change the picture on his fridge timetable the evening before and show him; use the "change" card (yellow border) and sign it; never spring a change at the door.',
          if_cancelled: 'Show the "cancelled" card and offer two alternatives with pictures (a bus ride, cooking, a walk to the canal). College closed: the one-to-one hours still happen that day.',
          holidays: 'College holidays: one-to-one hours go to day trips he chooses (the train to York, Saltaire). Christmas at his mum\'s in Bramley: Carol collects him on the 24th and brings him back on the 27th with his medicines and seizure chart.',
        },
        daysAgo: 80,
        by: 'manager',
        note: 'Timetable for the new college term.',
      },
    ],
    reviewInDays: 10,
  },
  {
    client: 5,
    document: 'crisis-management-plan',
    versions: [
      {
        content: {
          crisis_types: ['seizure', 'anaphylaxis', 'behaviour', 'missing'],
          signs: 'Seizures: often early morning after a poor night; sometimes a strange taste or "funny tummy" first (he signs "tummy"). Anaphylaxis: swelling of lips or face, wheeze, hoarse voice, blotchy rash, collapse. Behaviour: the early warning signs in his PBS plan. Missing: not where his timetable says.',
          what_helps: 'Staff who know him; few words and Makaton; his quiet room, weighted blanket and music; his mum on the phone afterwards.',
          what_does_not_help: 'Several people around him; being asked questions; being touched when distressed (except as the seizure plan needs for safety).',
          risk_to_self: 'Seizures (injury, drowning — showers only, staff in the water when swimming); anaphylaxis; head injury from hitting his head; road danger when distressed.',
          risk_to_others: 'During an incident he may throw objects or grab and push staff; no injury to another tenant has happened, but he once threw a mug in the shared lounge. Staff keep other tenants away during an incident (PBS plan).',
          risk_from_others: 'At the bus station people have asked him for money and his phone ("mate crime"); he wants friends and may go with people. Staff go with him to town; report anyone new who contacts him.',
          steps: [
            { situation: 'Tonic-clonic seizure', action: 'Time it. Move hard things away, cushion his head, do not hold him or put anything in his mouth. Recovery position when the jerking stops. Record on the seizure chart.', who: 'Any staff' },
            { situation: 'Seizure over 5 minutes', action: 'Buccal midazolam 10 mg between the gum and cheek as prescribed (trained staff), call 999; tell them the time it started and the medicine given.', who: 'Trained staff' },
            { situation: 'Signs of anaphylaxis', action: 'EpiPen into the outer thigh (through clothing), call 999, say "anaphylaxis". Lie him down with his legs raised (sitting if breathing is hard). Second pen after 5 minutes if no better.', who: 'Any staff' },
            { situation: 'Incident with risk to himself or others', action: 'Follow the red strategies in the PBS plan; call the on-call manager if not calm in 20 minutes.', who: 'Staff on shift' },
            { situation: 'Not where he should be', action: 'Missing person steps below.', who: 'Staff on shift, on-call' },
          ],
          emergency_medication: 'Buccal midazolam 10 mg prefilled syringes in the red seizure bag on the kitchen hook, which goes with him whenever he goes out (given by trained staff after a seizure of 5 minutes, as the seizure plan says). EpiPens: one in the kitchen drawer, one in his bag whenever he goes out — check both are in date on the first of the month.',
          call_999: 'A seizure over 5 minutes, or one seizure after another without recovering; breathing difficulty; any sign of anaphylaxis; a head injury with drowsiness or vomiting; injury in the water; missing and at risk after dark.',
          missing_plan: 'Check his flat, the house and the garden, then the bus stop on Kirkstall Road and ring his mobile. Likely places: Leeds bus station, the train station, Elland Road. After 30 minutes (at once if after dark, unwell or upset), call the police on 999 and say he has a learning disability, epilepsy and a peanut allergy; give the grab sheet with his photo. Tell the on-call manager and Carol.',
          contacts: [
            { name: 'Carol Pickering', role: 'Mum, next of kin', phone: '0113 496 0611', when: 'Any emergency; after any seizure' },
            { name: 'Ravi Gill', role: 'Independent advocate (Advonet)', phone: '0113 496 0650', when: 'After any restrictive practice or police involvement' },
            { name: 'Leeds community learning disability team', role: 'Duty nurse and psychologist', phone: '0113 496 0720', when: 'Weekdays; seizures or behaviour changing' },
            { name: 'Burley Park Medical Centre', role: 'GP', phone: '0113 496 0730', when: 'Weekdays 08:00–18:00' },
          ],
          on_call: 'Leeds supported-living on-call manager 0113 496 0783 (all hours)',
          grab_sheet: 'Grab sheet with his photo, hospital passport, seizure plan and medicines list in the red folder in the staff office (a copy on the inside of his kitchen cupboard door).',
          debrief: 'Quiet time for Jordan and a call to his mum; staff debrief with the on-call manager the same day; the team leader reviews every seizure and incident within 72 hours, and Dr Marsh monthly.',
          notify: ['family', 'social-worker', 'manager', 'safeguarding', 'cqc'],
        },
        daysAgo: 190,
        by: 'manager',
      },
    ],
    reviewInDays: -8,
  },
];

/** The plans of the demo clients, every document of the group for the first three. */
export const PLANS_DEMO_DOCUMENTS: readonly DemoDocument[] = [...PEGGY, ...DESMOND, ...IRENE, ...JORDAN];
