import type { DocumentValues, Signature } from '@hcm/contract/documents';
import type { DemoDocument } from './types.js';

// Demo record documents of the demo clients for the declarations in contract/documents/plans.ts: the plans of
// Peggy Ellison (1), Desmond Achebe (2) and Irene "Renia" Kowalczyk (3) in Camden, and Jordan Pickering (5) in
// Leeds supported living, consistent with their rows in ../../demo-rows.ts.
//
// Dates inside the content follow the versions' days: history tied to a client's start date is written as that
// date, recent events relative to today, so a record seeded on any day reads in order.

const DAY = 86_400_000;
const NOW = Date.now();

/** The day `offset` days from today (negative: in the past), as YYYY-MM-DD. */
const day = (offset: number): string => new Date(NOW + offset * DAY).toISOString().slice(0, 10);
/** How many days ago a calendar date was. */
const daysSince = (date: string): number => Math.round((NOW - Date.parse(`${date}T12:00:00Z`)) / DAY);
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
  reason: 'Peggy slipped on the kitchen floor reaching for the kettle at 15:10; she pressed her pendant, Careline called Frank, and the lunch carer found no injury. She did not hit her head. The GP saw her the next day.',
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
            'Peggy wants to walk to the postbox at the corner of Agar Grove alone. Agreed with Peggy and Susan at the review in ' +
            new Date(NOW - PEGGY_FALL_REVIEW * DAY).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' }) +
            ': in daylight, with her walker, her "I have dementia, please help me" card in her handbag and her mobile number sewn into her coat; Frank watches from his window. Reviewed at once if she gets lost or falls outside.',
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
    reviewInDays: -78,
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

/** The plans of the demo clients, every document of the group for the first three. */
export const PLANS_DEMO_DOCUMENTS: readonly DemoDocument[] = [...PEGGY];
