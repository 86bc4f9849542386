import type { BodyMapPoint, DocumentValues, Signature } from '@hcm/contract/documents';
import type { DemoDocument } from './types.js';
import { clock } from '@hcm/contract/time';

// Demo record documents of the demo clients for the declarations in contract/documents/risks.ts: the clinical
// risk assessments scored by the published tools. Names, conditions, medicines and contacts follow
// ../../demo-rows.ts and the person documents (./person.ts); the carers named are the workforce area's demo carers
// (Aisha Bello, Tom Fletcher, Siân Evans in Camden; Callum McLeod and Priya Nair in Leeds). Dates and signatures
// are relative to the day the demo is seeded, like the versions' days, so charts and weights stay recent.
//
// The scores they give (worked by the scored tools): Peggy Waterlow 12 → 14 (at risk), FRAT 7 → 12 (medium),
// MUST 0, one fall with injury this year, a week's fluid chart mostly below target; Desmond Waterlow 11 → 13, MUST 0
// (planned weight loss, BMI obese at the lower thresholds), insulin (high hypo risk), high foot risk; Irene
// Waterlow 14 → 19 (high), FRAT 8 → 10 → automatic high after her fall, MUST 1 → 3 (high), a category 2 heel
// ulcer, fluids far below target before the fall; Jordan convulsive seizures, lacks capacity for his support
// arrangements, deprivation of liberty applied for, then authorised by the Court of Protection.

const DAY = 86_400_000;

/** The calendar day so many days ago (YYYY-MM-DD). */
const onDay = (days: number) => new Date(clock.nowMs() - days * DAY).toISOString().slice(0, 10);

/** A signature given so many days ago at a time of day (HH:MM, UTC). */
function signature(name: string, role: string, days: number, time = '10:30'): Signature {
  const at = new Date(clock.nowMs() - days * DAY);
  const [hours = 10, minutes = 30] = time.split(':').map(Number);
  at.setUTCHours(hours, minutes, 0, 0);
  return { name, role, signed_at: at.toISOString() };
}

const byOliver = (days: number, time?: string) => signature('Oliver Office', 'Care coordinator', days, time);
const byMaya = (days: number, time?: string) => signature('Maya Manager', 'Registered manager', days, time);
const byCallum = (days: number, time?: string) => signature('Callum McLeod', 'Keyworker', days, time);

const point = (view: BodyMapPoint['view'], x: number, y: number, kind: BodyMapPoint['kind'], note: string): BodyMapPoint => ({ view, x, y, kind, note });

type Drink = [time: string, drink: string, ml: number, how?: 'independent' | 'prompted' | 'assisted' | 'left', note?: string];

/** One day of a fluid chart. */
const chartDay = (days: number, drinks: Drink[]) => drinks.map(([time, drink, ml, how = 'prompted', note = '']) => ({ date: onDay(days), time, drink, ml, how, note }));

type Weight = [days: number, kg: number, scales: string, note?: string];
const weightRows = (weights: Weight[]) => weights.map(([days, weight_kg, scales, note = '']) => ({ date: onDay(days), weight_kg, scales, clothing: 'light', note }));

// The post-fall protocol every Camden client's plan starts from; each adds what is particular to them.
const POST_FALL_BASE =
  'Do not rush to get them up. Talk to them, check they are breathing and responsive. Ask where it hurts; look for bleeding, a head injury, pain in the hip, back or neck, a leg shortened or turned out. Call 999 if they are unconscious or were, hit their head, cannot move a limb, are in severe pain, bleeding heavily, breathless or have chest pain, or may have been on the floor for an hour or more. Never lift them by hand. If uninjured and they can get up with guidance, talk them up using a sturdy chair (side-lying, kneeling, then to the chair). Keep them warm while waiting. Record the fall in the care notes and on the falls history, and complete an incident form.';

// ——— 1. Margaret "Peggy" Ellison: vascular dementia, atrial fibrillation (warfarin), osteoarthritis of both knees.

const peggyFrat = {
  falls_past_12_months: 0,
  fall_with_injury: false,
  unable_to_get_up: false,
  gait_balance_problems: true,
  frailty: true,
  fear_of_falling: false,
  frat_recent_falls: 'none',
  frat_medications: 'none',
  frat_medication_names: '',
  frat_psychological: 'mild',
  amts: 8,
  frat_cognition: 'mild',
  frat_recent_change: false,
  frat_dizziness: false,
  risk_factors: ['mobility', 'behaviour', 'continence'],
  risk_factor_notes:
    'Walks slowly with a wheeled frame indoors; knees stiff in the morning and she forgets the frame when she hurries to the phone. Gets up once or twice a night for the toilet (urgency). Mild anxiety when rushed. Warfarin: any head injury needs a 999 call.',
  mobility_aids: ['frame'],
  referrals: ['physiotherapy'],
  actions_agreed:
    'Frame beside the chair and the bed at every call. Phone moved to the table beside her chair. Night light on the landing and in the bathroom. Pendant worn day and night. Physiotherapy referral through Dr Anand for knee strengthening.',
  person_agrees: true,
  assessed_by: byOliver(240, '11:00'),
};

const peggyFratAfterFall = {
  ...peggyFrat,
  falls_past_12_months: 1,
  fall_with_injury: true,
  frat_recent_falls: 'last-3-months',
  amts: 6,
  frat_cognition: 'moderate',
  risk_factors: ['mobility', 'behaviour', 'environment', 'continence'],
  risk_factor_notes:
    'Fell in the bedroom at night on the way to the toilet (see Falls history): bruised right hip, on warfarin. More muddled at night since; AMTS 6 today (8 in the spring). Knees stiff; walks slowly with the frame. Urgency at night.',
  referrals: ['falls-service', 'medication-review', 'occupational-therapy', 'telecare'],
  actions_agreed:
    'Dr Anand asked to refer Peggy to the Camden falls service (two referral reasons: a fall with injury, walking and balance problems) and to review her medicines. OT asked about a commode by the bed for the night. Bed sensor linked to Careline agreed with Susan. Bedtime call: toilet before bed, frame beside the bed, night lights on, pendant on.',
  assessed_by: byOliver(60, '14:20'),
};

const peggyFallsHistory = {
  falls: [
    {
      date: onDay(70),
      time: '02:40',
      where: 'Bedroom, on the way to the toilet',
      what_happened: 'Got up in the night without her frame and slipped beside the bed. Pressed her pendant; Careline responders helped her up at 03:20.',
      injury: 'bruise',
      got_up: 'helped',
      hospital: false,
      reported_to: 'Office at 08:00; Susan; Dr Anand (on warfarin: INR checked the same day, 2.6). Incident CAM-2026-041.',
    },
  ],
  contributing_factors: ['balance', 'cognition', 'continence', 'anticoagulant'],
  factor_notes: 'Forgets the frame at night and when hurrying. On warfarin: a head injury is an emergency. A fall in 2024 without injury (before this history was kept).',
  prevention_plan:
    'Bedtime call: toilet before bed, frame beside the bed, landing and bathroom night lights on, pendant round her neck, slippers by the bed. Morning call: ask how the night went and whether she got up. Phone and drink within reach of her chair at every call.',
  equipment: ['grab-rails', 'raised-toilet-seat', 'night-lights', 'bed-lever', 'bed-chair-sensor'],
  footwear_checked: true,
  exercise_programme: 'Knee exercises from the physiotherapist, with the morning carer (sit-to-stand five times).',
  home_hazard_check: onDay(60),
  pendant_alarm: true,
  pendant_provider: 'Camden Careline: responders first, then Susan, then Frank Morley (key holder)',
  pendant_check: 'every-call',
  pendant_tested: onDay(14),
  falls_detector: false,
  lives_alone_long_lie: true,
  post_fall_protocol: `${POST_FALL_BASE} Peggy is on warfarin: ANY knock to the head means 999, even if she seems well. She may not remember falling: look for new bruises and ask Careline whether she pressed the pendant.`,
  lifting_equipment: 'none',
  who_to_tell: 'The office straight away (out of hours: the on-call phone). Susan Ellison, 07700 900101. Dr Anand at Camden Road Surgery the same day if she is bruised (warfarin).',
  completed_by: byOliver(60, '14:40'),
};

const peggyWaterlow = {
  weighed: true,
  height_cm: 158,
  weight_kg: 56,
  build_judged: '',
  skin: ['dry'],
  continence: 'urinary',
  mobility: 'restricted',
  sex: 'female',
  age_band: '81-plus',
  weight_lost: 'no',
  weight_loss_amount: '',
  eating_poorly: 'no',
  tissue_malnutrition: [],
  neurological_deficit: 'none',
  neurological_details: '',
  major_surgery: 'none',
  theatre_time: 'none',
  medication: 'none',
  areas_checked: ['sacrum', 'heels', 'hips', 'elbows'],
  skin_today: 'Dry skin on both shins. Sacrum and heels intact, no redness. Uses a pad at night.',
  mattress: 'high-spec-foam',
  cushion: 'foam-100',
  repositioning: 'six-hourly',
  district_nurse_involved: false,
  tissue_viability_referral: false,
  plan_notes:
    'Peggy sits in her armchair most of the day: encourage a walk to the kitchen with her frame at each call. Check sacrum and heels at the morning wash and the bedtime call; emollient to shins after washing. Change her pad at the bedtime and morning calls and keep the skin dry.',
  assessed_by: byOliver(180, '10:40'),
};

const peggyWaterlowNow = {
  ...peggyWaterlow,
  weight_kg: 54.6,
  skin: ['dry', 'tissue-paper'],
  weight_lost: 'yes',
  weight_loss_amount: '0.5-5',
  skin_today: 'Skin thinner on her forearms (bruises easily on warfarin); dry shins. Sacrum and heels intact; redness over the sacrum fades when pressed.',
  district_nurse_involved: true,
  plan_notes: `${peggyWaterlow.plan_notes} Weight down 1.4 kg in six months: snacks between meals (see Nutrition). District nurse asked to check her mattress and cushion at the next visit.`,
  assessed_by: byOliver(25, '10:15'),
};

const peggySkin = {
  checked_on: onDay(30),
  skin_overall: 'marks',
  body_map: [point('front', 22, 44, 'bruise', 'Right forearm: bruise 4 × 3 cm, purple. Knocked it on the kitchen door frame (Peggy and Frank both say so).')],
  marks: [
    {
      location: 'Right forearm, outer side',
      type: 'bruise',
      category: 'not-applicable',
      first_noted: onDay(31),
      length_cm: 4,
      width_cm: 3,
      description: 'Purple bruise; knocked her arm on the kitchen door frame reaching for the kettle. On warfarin: she bruises easily. Not tender.',
      status: 'new',
      nurse_informed: false,
      photo_taken: false,
    },
  ],
  district_nurse_informed: true,
  district_nurse: 'Told Camden district nurses (Kentish Town team) by phone',
  photo_consent: false,
  photos: '',
  unexplained_marks: false,
  what_the_person_said: '',
  safeguarding_raised: false,
  care_actions: 'Look at the bruise at each morning wash; tell the office if it grows, swells or new bruises appear without a reason (warfarin: INR may be high). Padding on the door frame edge fitted by Frank.',
  checked_by: byOliver(30, '12:10'),
};

const peggySkinNow = {
  ...peggySkin,
  checked_on: onDay(3),
  body_map: [
    point('front', 22, 44, 'bruise', 'Right forearm: fading bruise, 3 × 2 cm, yellow.'),
    point('back', 50, 52, 'redness', 'Sacrum: pink patch 3 cm, fades when pressed (blanches).'),
  ],
  marks: [
    { ...peggySkin.marks[0]!, length_cm: 3, width_cm: 2, description: 'Fading, yellow-green; knocked on the door frame a month ago. Not tender.', status: 'improving' },
    {
      location: 'Sacrum',
      type: 'rash',
      category: 'not-applicable',
      first_noted: onDay(4),
      length_cm: 3,
      width_cm: 3,
      description: 'Pink patch that blanches when pressed: not pressure damage yet. She had sat in her chair most of the day with a cold.',
      status: 'improving',
      nurse_informed: true,
      photo_taken: false,
    },
  ],
  care_actions:
    'Encourage Peggy up with her frame at every call and off her bottom for lunch at the table. Check the sacrum at each personal-care call: if the redness no longer fades when pressed it is category 1 pressure damage: tell the district nurse the same day. Barrier cream after pad changes.',
  checked_by: byOliver(3, '09:20'),
};

const peggyMust = {
  height_source: 'recalled',
  height_cm: 158,
  weight_source: 'measured',
  weight_kg: 56,
  muac_cm: null,
  bmi_judged: '',
  lower_bmi_thresholds: false,
  previous_weight_known: true,
  previous_weight_kg: 56.4,
  previous_weight_date: onDay(330),
  weight_loss_planned: false,
  weight_loss_judged: '',
  acutely_ill_no_intake: false,
  appetite: 'fair',
  diet: ['usual'],
  supplements: '',
  help_to_eat: 'prompting',
  food_first:
    'Small portions, sweet things: rice pudding, custard, Battenberg cake. Milky tea with two sugars (full-fat milk). Hot lunch from Wiltshire Farm Foods heated at the lunch call; sandwiches left covered for tea with a yoghurt.',
  intake_chart: false,
  dietitian_referral: false,
  screened_by: byOliver(180, '10:50'),
};

const peggyMustNow = {
  ...peggyMust,
  weight_kg: 54.6,
  previous_weight_kg: 56,
  previous_weight_date: onDay(180),
  diet: ['usual', 'fortified'],
  food_first: `${peggyMust.food_first} Since her weight dipped: a mid-morning snack (a fruit scone with butter, or cheese and crackers) and a milky drink at the bedtime call; full-fat milk fortified with milk powder.`,
  intake_chart: true,
  screened_by: byOliver(25, '10:25'),
};

const peggyWeights = weightRows([
  [240, 56.4, 'chair'],
  [210, 56.3, 'chair'],
  [180, 56, 'chair'],
  [150, 55.9, 'chair'],
  [120, 55.6, 'chair'],
  [90, 55.2, 'chair', 'Had a cold the week before.'],
  [60, 54.9, 'chair'],
  [25, 54.6, 'chair', 'Food first plan started.'],
]);

const peggyWeightPlan = {
  height_cm: 158,
  lower_bmi_thresholds: false,
  weights: peggyWeights,
  weigh_every: 'monthly',
  goal: 'maintain',
  goal_weight_kg: 56,
  goal_plan: 'Peggy: "I don\'t want to get thin, I never was." Snacks she likes between meals, a milky drink at bedtime, lunch at the table with the carer sitting with her when there is time.',
  report_when: 'Weight down 1 kg in a month, or below 53 kg; clothes suddenly loose; leaving most of her meals.',
  involved: ['gp'],
  person_agrees: true,
  reviewed_by: byOliver(25, '10:35'),
};

const peggyFluidChart = [
  ...chartDay(7, [
    ['07:50', 'Tea, pink mug', 200],
    ['10:00', 'Tea with Frank', 150, 'independent', 'Frank told the lunch carer'],
    ['12:40', 'Orange squash', 200],
    ['12:45', 'Tomato soup', 150, 'independent'],
    ['17:40', 'Tea', 200],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot milk', 200],
    ['21:35', 'Water jug left at lunch', 150, 'left'],
  ]),
  ...chartDay(6, [
    ['07:50', 'Tea, pink mug', 250],
    ['08:30', 'Orange juice', 150, 'independent'],
    ['12:35', 'Orange squash', 250],
    ['15:00', 'Tea with Susan', 200, 'independent', 'Susan visiting'],
    ['17:35', 'Tea', 250],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot chocolate', 250],
    ['21:35', 'Squash left at tea', 200, 'left'],
  ]),
  ...chartDay(5, [
    ['07:55', 'Tea, pink mug', 250],
    ['12:30', 'Orange squash', 200],
    ['12:40', 'Soup', 150, 'independent'],
    ['17:30', 'Tea', 250],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot milk', 250],
    ['21:35', 'Water jug left at lunch', 300, 'left'],
  ]),
  ...chartDay(4, [
    ['07:45', 'Tea, pink mug', 250],
    ['10:15', 'Tea with Frank', 200, 'independent'],
    ['12:30', 'Orange squash', 250],
    ['15:30', 'Tea and cake with Susan', 250, 'independent', 'Susan visiting (Tuesday)'],
    ['17:30', 'Tea', 250],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot chocolate', 250],
    ['21:35', 'Squash left at tea', 150, 'left'],
  ]),
  ...chartDay(3, [
    ['08:05', 'Tea, pink mug', 150, 'prompted', 'Tired, a cold coming on'],
    ['12:45', 'Orange squash', 150],
    ['12:50', 'Chicken soup', 150, 'assisted'],
    ['17:45', 'Tea', 200],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:40', 'Hot milk', 200],
    ['21:45', 'Water jug left at lunch', 250, 'left'],
  ]),
  ...chartDay(2, [
    ['07:50', 'Tea, pink mug', 250],
    ['10:00', 'Tea with Frank', 200, 'independent'],
    ['12:30', 'Orange squash', 250],
    ['12:40', 'Soup', 150, 'independent'],
    ['17:30', 'Tea', 250],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot milk', 250],
    ['21:35', 'Squash left at tea', 150, 'left'],
  ]),
  ...chartDay(1, [
    ['07:50', 'Tea, pink mug', 250],
    ['12:30', 'Orange squash', 250],
    ['12:40', 'Soup', 150, 'independent'],
    ['15:00', 'Tea with Frank', 200, 'independent'],
    ['17:30', 'Tea', 250],
    ['18:00', 'Water with warfarin', 100, 'assisted'],
    ['21:30', 'Hot chocolate', 200],
    ['21:35', 'Water jug left at lunch', 150, 'left'],
  ]),
];

const peggyFluids = {
  daily_target_ml: 1600,
  target_set_by: 'guidance',
  fluid_limit: false,
  fluid_limit_ml: null,
  preferred_drinks: 'Milky tea with two sugars in her pink mug; orange squash; hot milk or hot chocolate at bedtime. She forgets to drink between calls: leave a filled jug and a glass on the table by her chair.',
  thickened_fluids: false,
  iddsi_drink_level: '',
  thickener: '',
  intake: peggyFluidChart,
  dehydration_signs: ['dark-urine'],
  chart_notes:
    'A week charted after her weight dipped and her urine looked dark. Below 1,600 ml on most days, lowest when she had a cold. Offer a drink at every call and when chatting; Susan and Frank asked to offer one when they visit and to tell the carer.',
};

const peggyChoking = {
  swallowing_difficulty: false,
  salt_involved: false,
  salt_name: '',
  salt_date: '',
  iddsi_food: 'regular',
  iddsi_drink: 'thin',
  thickener: '',
  risk_factors: ['dementia', 'rushing', 'eats-alone'],
  foods_to_avoid: 'None prescribed. She talks while eating and can take big mouthfuls of cake: cut it into small pieces.',
  warning_signs: ['coughing', 'wet-voice', 'chest-infections'],
  chest_infections_past_year: 0,
  positioning: 'Sitting upright at the kitchen table or well up in her armchair with a tray, not reclined; stay upright for 30 minutes after meals.',
  support: 'pacing',
  mouth_care: 'Partial upper denture: out, brushed and soaked at the bedtime call; in at the morning call. Brush her own teeth with prompting.',
  if_choking: 'Encourage her to cough. If she cannot cough, speak or breathe: up to 5 back blows, then up to 5 abdominal thrusts; call 999 if it does not clear and keep alternating; start CPR only if she is not breathing (she is not for CPR: ReSPECT form in the green folder: tell the paramedics).',
  staff_trained: true,
  assessed_by: byOliver(185, '11:30'),
};

const peggyDiabetes = {
  diabetes_status: 'none',
  status_notes: 'No diabetes: HbA1c 38 mmol/mol at the GP’s annual bloods (Camden Road Surgery).',
  treatment: [],
  insulin_given_by: '',
  diabetes_team: '',
  glucose_monitored_by: '',
  monitoring_method: '',
  monitoring_times: '',
  target_low: null,
  target_high: null,
  hba1c: null,
  hba1c_date: '',
  hypo_signs: [],
  hypo_action: '',
  hypo_treatment_kept: '',
  hyper_signs: [],
  hyper_action: '',
  sick_day_rules: '',
  foot_risk: '',
  foot_checks: '',
  podiatry: '',
  eye_screening: '',
  eye_screening_result: '',
  diet_notes: '',
  assessed_by: byOliver(185, '11:40'),
};

const noSeizures = (diagnosis: string, by: Signature) => ({
  seizure_status: 'none',
  diagnosis,
  seizure_types: [],
  frequency: '',
  last_seizure: '',
  night_seizures: null,
  triggers: [],
  warning_signs: '',
  antiseizure_medicines: '',
  rescue_medication: null,
  rescue_medicine: '',
  rescue_protocol: '',
  rescue_protocol_by: '',
  rescue_kept: '',
  rescue_trained_only: null,
  bathing: '',
  night_monitoring: '',
  other_risks: [],
  risk_plan: '',
  during: '',
  call_999: '',
  after: '',
  epilepsy_nurse: '',
  assessed_by: by,
});

const peggyCapacityDraft = {
  decision:
    'Whether Peggy’s warfarin and donepezil are kept in a locked medicines box and given by carers, rather than kept in the kitchen cupboard for her to take herself.',
  why_assess:
    'Twice in a month her warfarin blister strip was found emptied days early; her INR was 4.8 and she does not remember taking extra tablets. She has vascular dementia.',
  urgency: 'weeks',
  relevant_information:
    'Warfarin thins the blood; too much can cause serious bleeding, too little a stroke. The dose changes with each INR test. Option 1: things stay as they are. Option 2: a locked box in the kitchen; carers give warfarin at the tea call and donepezil at bedtime; she keeps her paracetamol. Option 3: Susan gives them. Not deciding leaves the risk of another overdose.',
  support_steps: ['best-time', 'familiar-place', 'glasses-hearing', 'trusted-person', 'one-option-at-a-time'],
  support_details:
    'At her kitchen table at 10:00 (her best time), hearing aid in, sitting on her right, Susan with her. The yellow anticoagulant book and the emptied strip in front of her; one option at a time with a picture of the box.',
  all_steps_taken: false,
  impairment: true,
  impairment_details: 'Vascular dementia, diagnosed in 2023 by the Camden memory service; AMTS 6 in the autumn.',
  can_understand: true,
  understand_evidence: 'She said: "Warfarin is for my heart, it makes my blood thin, too much and you bleed."',
  can_retain: null,
  retain_evidence: '',
  can_use_weigh: null,
  use_weigh_evidence: '',
  can_communicate: true,
  communicate_evidence: 'Speaks clearly and gives her view.',
  caused_by_impairment: null,
  fluctuates: true,
  assessor_reasons: '',
  person_told: null,
  assessed_on: onDay(45),
  assessor: null,
  best_interests_needed: null,
  authority: '',
  decision_maker: '',
  consulted: [],
  imca: null,
  participation: '',
  wishes_feelings: '',
  beliefs_values: '',
  regain_capacity: '',
  options_considered: [],
  least_restrictive: '',
  not_on_appearance: null,
  best_interests_decision: '',
  decision_signed: null,
};

const peggyCapacity = {
  ...peggyCapacityDraft,
  support_steps: ['best-time', 'familiar-place', 'glasses-hearing', 'trusted-person', 'more-than-once', 'reversible-causes', 'one-option-at-a-time'],
  support_details: `${peggyCapacityDraft.support_details} A second conversation three days later at the same time. Dr Anand checked for an infection first (urine clear) so that a treatable confusion was not mistaken for her dementia.`,
  all_steps_taken: true,
  can_retain: false,
  retain_evidence: 'Ten minutes later, and again at the second visit, she did not recall the conversation, the emptied strip or the bleeding risk.',
  can_use_weigh: false,
  use_weigh_evidence: 'She said "I always take them right" and could not weigh the emptied strip or the INR of 4.8 against that.',
  caused_by_impairment: true,
  assessor_reasons:
    'Peggy understands what warfarin is for, but because of her vascular dementia she cannot retain the information or weigh the evidence of the overdoses, at either visit with all the help we could give. She lacks capacity for this decision now.',
  person_told: true,
  assessed_on: onDay(41),
  assessor: byMaya(41, '11:00'),
  best_interests_needed: true,
  authority: 'welfare-attorney',
  decision_maker: 'Susan Ellison, daughter, health and welfare attorney (LPA registered with the Office of the Public Guardian in 2021)',
  consulted: [
    { name: 'Susan Ellison', relationship: 'attorney', views: 'Wants her mum kept safe at home; happy for carers to give the warfarin as long as Peggy still feels in charge of her own kitchen.', date: onDay(41) },
    { name: 'Dr Anand', relationship: 'gp', views: 'Supports carers giving warfarin and donepezil from a locked box; paracetamol can stay with her. INR weekly for a month.', date: onDay(40) },
    { name: 'Frank Morley', relationship: 'friend', views: 'Says Peggy hates "fuss" but trusts the regular carers; suggested the box lives out of sight.', date: onDay(40) },
    { name: 'Aisha Bello', relationship: 'carer', views: 'Peggy accepts tablets from familiar carers when they explain each one; gets cross if rushed.', date: onDay(39) },
  ],
  imca: false,
  participation: 'Peggy was at both conversations in her kitchen, with Susan, and told us what she wanted in her own words.',
  wishes_feelings: 'Wants to stay in her own home "until they carry me out" and hates being "treated like a child". Said she would rather the carers "keep an eye" than have to move.',
  beliefs_values: 'Independence and running her own home have always mattered to her (forty years running the bakery). Proud of looking after herself.',
  regain_capacity: 'Unlikely: vascular dementia is progressive. The decision cannot wait: another overdose could cause a serious bleed.',
  options_considered: [
    { option: 'Leave things as they are', benefits: 'Peggy stays fully in charge of her tablets.', burdens: 'A further overdose is likely: risk of a serious bleed, or a stroke if doses are missed.' },
    {
      option: 'Locked box; carers give warfarin and donepezil; she keeps paracetamol',
      benefits: 'Doses right every day; the INR settles; Peggy keeps her pain relief and her routine.',
      burdens: 'Loses some control; may be upset by the box.',
    },
    { option: 'Susan gives the medicines', benefits: 'Family does it.', burdens: 'Susan works and visits twice a week: not possible daily.' },
  ],
  least_restrictive: 'The locked box for warfarin and donepezil only, kept in the cupboard out of sight; paracetamol stays with Peggy; carers explain each tablet and she takes it from them herself.',
  not_on_appearance: true,
  best_interests_decision:
    'Warfarin and donepezil go into a locked box in the kitchen cupboard, key in the key safe. Carers give warfarin at 18:00 (dose from the yellow book) and donepezil at 20:00, recorded on the MAR. Reviewed in three months or if Peggy is distressed by it.',
  decision_signed: signature('Susan Ellison', 'Attorney (health and welfare LPA)', 38, '17:30'),
};

const peggyBestInterestsRisk = {
  decision: 'Peggy’s warfarin and donepezil in a locked box, given by carers (decided by Susan as her attorney).',
  basis: 'attorney-deputy',
  capacity_assessed_on: onDay(41),
  decision_maker: 'Susan Ellison, health and welfare attorney',
  what_was_decided: 'Carers give warfarin at the tea call and donepezil at the bedtime call from a locked box; she keeps her paracetamol. Two overdoses of warfarin in a month (INR 4.8) made leaving them with her unsafe.',
  risks: [
    {
      risk: 'A missed or late warfarin dose if a call is late or missed',
      to_whom: 'Peggy',
      controls: 'The 18:00 call is marked time-critical on the rota; the office is alerted if it is not logged by 18:30 and phones the carer, then Susan.',
      likelihood: '2',
      consequence: '4',
    },
    {
      risk: 'Peggy upset by the box, trying to force it or feeling her home is not her own',
      to_whom: 'Peggy',
      controls: 'Box out of sight in the cupboard; carers explain each tablet and hand it to her; paracetamol stays with her.',
      likelihood: '3',
      consequence: '2',
    },
    { risk: 'Bleeding from an overdose (the risk the decision removes)', to_whom: 'Peggy', controls: 'No warfarin within her reach; INR weekly for a month.', likelihood: '1', consequence: '5' },
  ],
  restrictions: 'Peggy cannot take warfarin or donepezil herself.',
  less_restrictive_tried: 'A dosette with days marked and a reminder call from Susan: she still took extra tablets.',
  continuous_supervision: false,
  not_free_to_leave: false,
  authorisation: 'not-needed',
  authorisation_details: '',
  review_triggers: 'Peggy distressed by the box; a missed dose; a change in her warfarin or her dementia; Susan asks.',
  shared_with: 'Peggy, Susan, Dr Anand, the Camden carers on her calls.',
  assessed_by: byMaya(38, '12:00'),
};

// ——— 2. Desmond Achebe: type 2 diabetes on insulin (district nurse), peripheral neuropathy; lives with Abigail.

const desmondFrat = {
  falls_past_12_months: 0,
  fall_with_injury: false,
  unable_to_get_up: false,
  gait_balance_problems: true,
  frailty: false,
  fear_of_falling: false,
  frat_recent_falls: 'none',
  frat_medications: 'none',
  frat_medication_names: '',
  frat_psychological: 'none',
  amts: 10,
  frat_cognition: 'intact',
  frat_recent_change: false,
  frat_dizziness: false,
  risk_factors: ['mobility', 'vision'],
  risk_factor_notes: 'Peripheral neuropathy: cannot feel his feet well, unsteady on uneven ground; stick outdoors. Hypos can make him shaky and confused. Reading glasses only.',
  mobility_aids: ['stick'],
  referrals: ['physiotherapy'],
  actions_agreed: 'Desmond asked for physiotherapy for his balance; Dr Okafor referred him. Extra-depth shoes from podiatry worn indoors too. Glucose checked before he goes out walking.',
  person_agrees: true,
  assessed_by: byOliver(90, '08:10'),
};

const desmondFalls = {
  falls: [],
  contributing_factors: ['balance', 'footwear', 'eyesight'],
  factor_notes: 'Neuropathy in both feet: he cannot feel uneven ground or a rucked rug. A hypo would make him shaky. Abigail’s arthritis means she cannot help him up.',
  prevention_plan: 'Shoes on, never barefoot or in socks alone. Hall rug taped down. Glucose checked before a walk; glucose tablets in his coat pocket. Light on the landing at night.',
  equipment: ['grab-rails', 'night-lights'],
  footwear_checked: true,
  exercise_programme: 'Physiotherapy balance exercises, twice a week at home (referral made).',
  home_hazard_check: onDay(90),
  pendant_alarm: false,
  pendant_provider: '',
  pendant_check: '',
  pendant_tested: '',
  falls_detector: false,
  lives_alone_long_lie: false,
  post_fall_protocol: `${POST_FALL_BASE} Check his blood glucose as soon as it is safe: a hypo may have caused the fall (below 4: follow the hypo plan). Check both feet for injury he may not feel.`,
  lifting_equipment: 'none',
  who_to_tell: 'The office straight away; Abigail if she was not there; the district nurse if his feet are hurt.',
  completed_by: byOliver(90, '08:20'),
};

const desmondWaterlow = {
  weighed: true,
  height_cm: 178,
  weight_kg: 92.4,
  build_judged: '',
  skin: ['dry'],
  continence: 'continent',
  mobility: 'fully',
  sex: 'male',
  age_band: '75-80',
  weight_lost: 'no',
  weight_loss_amount: '',
  eating_poorly: 'no',
  tissue_malnutrition: [],
  neurological_deficit: 'mild',
  neurological_details: 'Type 2 diabetes with peripheral neuropathy: reduced feeling in both feet to the ankles.',
  major_surgery: 'none',
  theatre_time: 'none',
  medication: 'none',
  areas_checked: ['sacrum', 'heels', 'hips'],
  skin_today: 'Dry skin on both heels; callus under both big-toe joints (podiatrist manages). Sacrum and hips intact.',
  mattress: 'standard',
  cushion: 'none',
  repositioning: 'independent',
  district_nurse_involved: true,
  tissue_viability_referral: false,
  plan_notes:
    'Desmond moves himself. Heels are the risk: he cannot feel pressure or rubbing. Check both feet and heels at the morning call (he agrees); emollient from podiatry on the heels, not between the toes. Tell the district nurse of any blister, redness or break the same day.',
  assessed_by: byOliver(200, '08:00'),
};

const desmondWaterlowNow = {
  ...desmondWaterlow,
  weight_kg: 88.2,
  age_band: '81-plus',
  weight_lost: 'yes',
  weight_loss_amount: '0.5-5',
  skin_today: 'Dry heels. A small blister under the left big toe three weeks ago from new slippers has healed. Sacrum and hips intact.',
  assessed_by: byOliver(20, '08:05'),
};

const desmondSkin = {
  checked_on: onDay(2),
  skin_overall: 'marks',
  body_map: [point('front', 58, 97, 'wound', 'Left big toe, underside: blister 8 × 6 mm from new slippers, healed.')],
  marks: [
    {
      location: 'Left big toe, underside',
      type: 'wound',
      category: 'not-applicable',
      first_noted: onDay(21),
      length_cm: 0.8,
      width_cm: 0.6,
      description: 'Blister from new slippers, found at the morning foot check (he had not felt it). Dressed by the district nurse; slippers replaced with his podiatry shoes.',
      status: 'healed',
      nurse_informed: true,
      photo_taken: true,
    },
  ],
  district_nurse_informed: true,
  district_nurse: 'Somers Town district nurses, told the same morning at the insulin visit',
  photo_consent: true,
  photos: 'Two photos taken by the district nurse for the podiatrist (in the nurses’ record); none held here.',
  unexplained_marks: false,
  what_the_person_said: '',
  safeguarding_raised: false,
  care_actions: 'Check both feet at the morning call, between the toes too, with the mirror; tell the district nurse the same day of any blister, redness, swelling or break. New shoes only from podiatry.',
  checked_by: byOliver(2, '07:50'),
};

const desmondMust = {
  height_source: 'measured',
  height_cm: 178,
  weight_source: 'measured',
  weight_kg: 88.2,
  muac_cm: null,
  bmi_judged: '',
  lower_bmi_thresholds: true,
  previous_weight_known: true,
  previous_weight_kg: 92.4,
  previous_weight_date: onDay(200),
  weight_loss_planned: true,
  weight_loss_judged: '',
  acutely_ill_no_intake: false,
  appetite: 'good',
  diet: ['diabetic'],
  supplements: '',
  help_to_eat: 'independent',
  food_first: 'Regular meals with starchy carbohydrate at each (he likes rice, yam, wholemeal bread); no sugary drinks; a bedtime snack. Smaller portions agreed with the diabetes nurse to lose weight slowly.',
  intake_chart: false,
  dietitian_referral: false,
  screened_by: byOliver(20, '08:15'),
};

const desmondWeights = weightRows([
  [200, 92.4, 'standing'],
  [170, 91.8, 'standing'],
  [140, 91, 'standing'],
  [110, 90.1, 'clinic', 'Diabetes review at Somers Town'],
  [80, 89.6, 'standing'],
  [50, 88.9, 'standing'],
  [20, 88.2, 'standing'],
]);

const desmondWeightPlan = {
  height_cm: 178,
  lower_bmi_thresholds: true,
  weights: desmondWeights,
  weigh_every: 'monthly',
  goal: 'lose',
  goal_weight_kg: 85,
  goal_plan:
    'Desmond wants to lose about half a kilo a month "to help my sugar and my knees". Smaller portions of rice, more vegetables, no second helpings; fruit instead of biscuits; a walk most days with his stick.',
  report_when: 'More than 2 kg lost in a month; hypos as he loses weight (his insulin may need reducing: tell the district nurse).',
  involved: ['gp', 'diabetes-nurse'],
  person_agrees: true,
  reviewed_by: byOliver(20, '08:20'),
};

const desmondFluids = {
  daily_target_ml: 2000,
  target_set_by: 'guidance',
  fluid_limit: false,
  fluid_limit_ml: null,
  preferred_drinks: 'Strong tea with milk and one sweetener in his Arsenal mug; water with meals; sugar-free squash. No fruit juice (his sugar) except to treat a hypo.',
  thickened_fluids: false,
  iddsi_drink_level: '',
  thickener: '',
  intake: [
    ...chartDay(4, [
      ['07:35', 'Tea', 250, 'independent'],
      ['07:40', 'Water with breakfast', 250, 'independent'],
      ['10:30', 'Tea', 250, 'independent', 'Abigail recorded it'],
      ['13:00', 'Water with lunch', 300, 'independent'],
      ['15:30', 'Sugar-free squash', 300, 'independent'],
      ['17:35', 'Tea', 250, 'independent'],
      ['17:45', 'Water with tea', 300, 'independent'],
    ]),
    ...chartDay(3, [
      ['07:30', 'Tea', 250, 'independent'],
      ['07:40', 'Water with breakfast', 300, 'independent'],
      ['11:00', 'Tea', 250, 'independent'],
      ['13:00', 'Water with lunch', 300, 'independent'],
      ['15:00', 'Sugar-free squash', 350, 'independent'],
      ['17:30', 'Tea', 250, 'independent'],
      ['17:40', 'Water with tea', 250, 'independent'],
      ['21:00', 'Decaffeinated tea', 200, 'independent'],
    ]),
    ...chartDay(2, [
      ['07:35', 'Tea', 250, 'independent'],
      ['07:45', 'Water with breakfast', 250, 'independent'],
      ['13:00', 'Water with lunch', 250, 'independent'],
      ['16:00', 'Sugar-free squash', 250, 'independent', 'At chess club: estimated'],
      ['17:30', 'Tea', 250, 'independent'],
      ['17:40', 'Water with tea', 300, 'independent'],
      ['21:00', 'Decaffeinated tea', 200, 'independent'],
    ]),
    ...chartDay(1, [
      ['07:30', 'Tea', 250, 'independent'],
      ['07:40', 'Water with breakfast', 300, 'independent'],
      ['10:30', 'Tea', 250, 'independent'],
      ['13:00', 'Water with lunch', 300, 'independent'],
      ['15:00', 'Sugar-free squash', 300, 'independent'],
      ['17:30', 'Tea', 250, 'independent'],
      ['17:40', 'Water with tea', 250, 'independent'],
      ['21:00', 'Decaffeinated tea', 200, 'independent'],
    ]),
  ],
  dehydration_signs: [],
  chart_notes: 'Charted for four days after two tea-time readings over 15 mmol/L, at the diabetes nurse’s request, to check he was drinking enough. Desmond and Abigail filled it in between calls. Readings back in range since.',
};

const desmondChoking = {
  swallowing_difficulty: false,
  salt_involved: false,
  salt_name: '',
  salt_date: '',
  iddsi_food: 'regular',
  iddsi_drink: 'thin',
  thickener: '',
  risk_factors: [],
  foods_to_avoid: '',
  warning_signs: ['coughing', 'chest-infections'],
  chest_infections_past_year: 0,
  positioning: 'Eats at the table with Abigail, sitting upright.',
  support: 'independent',
  mouth_care: 'Independent; dentist every six months (gum disease is more likely with diabetes).',
  if_choking: 'Encourage him to cough. If he cannot cough, speak or breathe: up to 5 back blows, then up to 5 abdominal thrusts; call 999 if it does not clear; CPR if he becomes unresponsive (he wants CPR).',
  staff_trained: true,
  assessed_by: byOliver(300, '08:30'),
};

const desmondDiabetes = {
  diabetes_status: 'type-2',
  status_notes: 'Type 2 diabetes since 2009; on insulin since 2021 (Somers Town Medical Centre summary).',
  treatment: ['metformin', 'basal-insulin'],
  insulin_given_by: 'district-nurse',
  diabetes_team: 'Practice diabetes nurse, Somers Town Medical Centre; district nurses for the insulin',
  glucose_monitored_by: 'carers',
  monitoring_method: 'finger-prick',
  monitoring_times: 'Before breakfast (morning call, before the nurse comes at 08:00) and before tea (17:30 call); recorded in his diary and the care notes.',
  target_low: 6,
  target_high: 12,
  hba1c: 64,
  hba1c_date: onDay(190),
  hypo_signs: ['sweating', 'shaking', 'confused', 'irritable'],
  hypo_action:
    'Below 4 mmol/L, or hypo signs with a reading under 4: 5 to 6 glucose tablets (15–20 g) or 150 ml of orange juice, sitting down. Recheck after 15 minutes; repeat up to three times. Once above 4: a starchy snack (two digestive biscuits or a slice of toast) or his meal if due. If he is drowsy or cannot swallow safely: nothing by mouth, recovery position, 999. Tell the district nurse and the office the same day; record it.',
  hypo_treatment_kept: 'Glucose tablets and a carton of orange juice in the kitchen drawer with his meter; a tube of tablets in his coat pocket.',
  hyper_signs: ['thirst', 'passing-urine', 'tired', 'infections'],
  hyper_action:
    'Above 12 mmol/L before a meal: recheck in 2 hours, offer water, look for an infection (foot, chest, water works). Two readings above 15, or any above 20: ring the district nurse or GP the same day. Vomiting, drowsiness, fast breathing or abdominal pain with a high reading: 999.',
  sick_day_rules: 'If he is vomiting or not eating and drinking: stop metformin until he is eating again (the GP’s sick-day card on the fridge); insulin is never stopped without the nurse: check glucose at both calls and ring the district nurse.',
  foot_risk: 'high',
  foot_checks: 'carers-daily',
  podiatry: 'NHS foot protection service, Somers Town clinic, every 6 weeks; extra-depth shoes from them.',
  eye_screening: onDay(210),
  eye_screening_result: 'No retinopathy (Royal Free); recall in one year.',
  diet_notes: 'Regular meals with carbohydrate at each, a bedtime snack with his insulin. Tea with sweetener; no sugary drinks.',
  assessed_by: byOliver(180, '08:40'),
};

const desmondDiabetesNow = {
  ...desmondDiabetes,
  hba1c: 58,
  hba1c_date: onDay(35),
  target_low: 6,
  target_high: 10,
  hyper_action: desmondDiabetes.hyper_action.replace('Above 12 mmol/L', 'Above 10 mmol/L'),
  diet_notes: `${desmondDiabetes.diet_notes} Losing weight slowly on purpose: the nurse may lower his insulin; watch for hypos.`,
  assessed_by: byOliver(30, '08:35'),
};

const desmondCapacity = {
  decision: 'Whether Desmond goes on managing his own money and bank account, and whether anything about it is shared with his nephew Emeka.',
  why_assess:
    'His nephew Emeka phoned the office saying Desmond was "getting confused" and asked for his bank details to "help him". Capacity is presumed: this records whether there is any reason to doubt it, and what Desmond decided.',
  urgency: 'weeks',
  relevant_information:
    'What he receives and pays; that Emeka asked to help; the options: carry on himself with Abigail, let Emeka help, or make a lasting power of attorney for finances; the risks of sharing bank details.',
  support_steps: ['best-time', 'familiar-place', 'one-option-at-a-time'],
  support_details: 'Talked at his kitchen table after breakfast, with Abigail when he asked for her. He had his bank statements to hand.',
  all_steps_taken: true,
  impairment: false,
  impairment_details: '',
  can_understand: true,
  understand_evidence: 'Explained his pension, his and Abigail’s joint account and the direct debits without prompting.',
  can_retain: true,
  retain_evidence: 'Repeated the conversation accurately to Abigail later and the next morning to the carer.',
  can_use_weigh: true,
  use_weigh_evidence: 'Weighed Emeka’s offer against what he knows of him, and asked about an LPA for the future.',
  can_communicate: true,
  communicate_evidence: 'Clear and firm: "My money is mine and Abigail’s. Tell Emeka nothing."',
  caused_by_impairment: null,
  fluctuates: false,
  assessor_reasons: 'No impairment or disturbance of the mind or brain (his GP confirms no memory concerns), and he showed every ability of stage 2. Capacity is presumed and confirmed. The concern about Emeka was discussed with the safeguarding lead.',
  person_told: true,
  assessed_on: onDay(120),
  assessor: byMaya(120, '10:00'),
  best_interests_needed: false,
  authority: '',
  decision_maker: '',
  consulted: [],
  imca: null,
  participation: '',
  wishes_feelings: '',
  beliefs_values: '',
  regain_capacity: '',
  options_considered: [],
  least_restrictive: '',
  not_on_appearance: null,
  best_interests_decision: '',
  decision_signed: null,
};

const desmondOwnDecisionRisk = {
  decision: 'Desmond’s own decision to walk alone to Chalton Street market and to chess club on Wednesdays, despite the neuropathy in his feet and his risk of hypos.',
  basis: 'own-decision',
  capacity_assessed_on: '',
  decision_maker: 'Desmond Achebe',
  what_was_decided: 'He walks out alone most days: it keeps him well and independent, and he understands the risks. We support it and reduce the risks with him.',
  risks: [
    {
      risk: 'A fall outdoors on uneven pavement',
      to_whom: 'Desmond',
      controls: 'Stick and podiatry shoes; the flat route agreed; mobile phone with Abigail’s number; physiotherapy balance exercises.',
      likelihood: '3',
      consequence: '3',
    },
    {
      risk: 'A hypo while out',
      to_whom: 'Desmond',
      controls: 'Glucose checked before he leaves (above 6); glucose tablets in his coat pocket; he tells Abigail when he expects to be back.',
      likelihood: '2',
      consequence: '4',
    },
    { risk: 'A foot injury he cannot feel', to_whom: 'Desmond', controls: 'Daily foot check at the morning call; never new shoes for a long walk.', likelihood: '2', consequence: '3' },
  ],
  restrictions: 'None: these are his own choices.',
  less_restrictive_tried: 'Not applicable: no restriction is proposed.',
  continuous_supervision: false,
  not_free_to_leave: false,
  authorisation: 'not-needed',
  authorisation_details: '',
  review_triggers: 'A fall or a hypo while out; new problems with his feet or eyes.',
  shared_with: 'Desmond and Abigail.',
  assessed_by: byOliver(85, '08:30'),
};

// ——— 3. Irene "Renia" Kowalczyk: osteoporosis, COPD; in the Royal Free after a fall 10 days ago (fractured right wrist).

const ireneFrat = {
  falls_past_12_months: 1,
  fall_with_injury: false,
  unable_to_get_up: false,
  gait_balance_problems: true,
  frailty: true,
  fear_of_falling: false,
  frat_recent_falls: '3-12-months',
  frat_medications: 'none',
  frat_medication_names: '',
  frat_psychological: 'mild',
  amts: 10,
  frat_cognition: 'intact',
  frat_recent_change: false,
  frat_dizziness: false,
  risk_factors: ['mobility', 'environment'],
  risk_factor_notes: 'Frame indoors; breathless on exertion (COPD) and unsteady when breathless. Osteoporosis: a fall is likely to break a bone. Anxious when breathless.',
  mobility_aids: ['frame'],
  referrals: ['falls-service'],
  actions_agreed: 'Referral to the Camden falls service through the GP (frailty, balance). Pendant alarm. Sit down to rest when breathless; inhaler with the spacer before walking far.',
  person_agrees: true,
  assessed_by: byOliver(150, '11:00'),
};

const ireneFratAfterTrip = {
  ...ireneFrat,
  falls_past_12_months: 2,
  frat_recent_falls: 'last-3-months',
  risk_factors: ['mobility', 'environment', 'continence'],
  risk_factor_notes: `${ireneFrat.risk_factor_notes} Tripped on the hall rug (now removed). Gets up at night to the toilet.`,
  actions_agreed: `${ireneFrat.actions_agreed} Hall rug removed with her agreement. Commode offered for the night; she declined.`,
  assessed_by: byOliver(90, '10:30'),
};

const ireneFratInHospital = {
  ...ireneFratAfterTrip,
  falls_past_12_months: 3,
  fall_with_injury: true,
  unable_to_get_up: true,
  fear_of_falling: true,
  frat_psychological: 'moderate',
  amts: 8,
  frat_cognition: 'mild',
  frat_recent_change: true,
  frat_dizziness: true,
  risk_factors: ['mobility', 'transfers', 'environment', 'continence', 'nutrition'],
  risk_factor_notes:
    'Fell at night in the bathroom, right wrist fractured (in a cast), on the floor about five hours. Cannot use her frame with the right hand; the ward physiotherapist is trying a left-handed walking aid. Blood pressure drops when she stands (the ward found postural hypotension). Now afraid to walk. Weight loss and low fluids before the fall. AMTS 8 with some delirium on admission, improving.',
  mobility_aids: ['frame', 'stick'],
  referrals: ['falls-service', 'medication-review', 'occupational-therapy', 'physiotherapy', 'telecare'],
  actions_agreed:
    'Assessed on the ward with Irene, Agnieszka and the ward physiotherapist before discharge. Before she goes home: OT home visit for a perching stool, a second stair rail and a commode; an automatic falls detector (she will not wear the pendant at night); falls service referral made by the ward; medication review by the ward pharmacist. Restart calls at four a day.',
  assessed_by: byOliver(5, '14:30'),
};

const ireneFallsHistory = {
  falls: [
    {
      date: onDay(95),
      time: '11:10',
      where: 'Hallway, walking to the door',
      what_happened: 'Caught her frame on the hall rug and went down on her knees. Got up herself using the hall chair.',
      injury: 'none',
      got_up: 'alone',
      hospital: false,
      reported_to: 'Told the lunch carer; office and Agnieszka informed. Rug removed.',
    },
  ],
  contributing_factors: ['balance', 'weakness', 'home-hazards', 'osteoporosis'],
  factor_notes: 'COPD: breathless and unsteady after a few steps. Osteoporosis: a fall could break a hip or wrist.',
  prevention_plan: 'Frame within reach at every call; clear paths; sit to rest when breathless; inhaler with spacer before the walk to the bathroom.',
  equipment: ['grab-rails', 'raised-toilet-seat'],
  footwear_checked: true,
  exercise_programme: '',
  home_hazard_check: onDay(90),
  pendant_alarm: true,
  pendant_provider: 'Camden Careline: responders, then Agnieszka',
  pendant_check: 'every-call',
  pendant_tested: onDay(60),
  falls_detector: false,
  lives_alone_long_lie: true,
  post_fall_protocol: `${POST_FALL_BASE} Irene has osteoporosis: suspect a fracture with any pain in the hip, wrist or back. She refuses intubation (advance decision): tell the paramedics and show them the copy in the kitchen drawer.`,
  lifting_equipment: 'none',
  who_to_tell: 'The office straight away; Agnieszka Kowalczyk, 07700 900588 (speaks Polish with her mother).',
  completed_by: byOliver(90, '10:40'),
};

const ireneFallsHistoryNow = {
  ...ireneFallsHistory,
  falls: [
    {
      date: onDay(250),
      time: '16:00',
      where: 'Kitchen, turning from the sink',
      what_happened: 'Lost her balance when breathless and sat down hard on the floor. Pressed the pendant; Careline rang Agnieszka, who came and helped her up.',
      injury: 'none',
      got_up: 'helped',
      hospital: false,
      reported_to: 'Agnieszka told the office the next morning.',
    },
    ...ireneFallsHistory.falls,
    {
      date: onDay(10),
      time: '03:00',
      where: 'Bathroom, at night',
      what_happened:
        'Got up to the toilet without her pendant (on the bedside table) and fell in the bathroom doorway. Found by Siân Evans at the 08:00 call: on the floor about five hours, cold, right wrist swollen and deformed. 999 called; taken to the Royal Free.',
      injury: 'fracture',
      got_up: 'long-lie',
      hospital: true,
      reported_to: 'Office, Agnieszka, Camden adult social care (Mark Taylor). Incident CAM-2026-058; CQC notification considered by the manager (serious injury).',
    },
  ],
  contributing_factors: ['balance', 'weakness', 'dizziness', 'continence', 'home-hazards', 'fear', 'osteoporosis'],
  factor_notes:
    'Fell at night walking to the toilet without her pendant. The ward found her blood pressure drops on standing. She was drinking little in the week before (see Fluid intake) and losing weight. Now afraid of falling.',
  prevention_plan:
    'On discharge: four calls a day. Commode beside the bed at night (she has agreed), night lights on, falls detector worn. Sit on the bed edge for a minute before standing (blood pressure). Drinks at every call. Walking aid as the physiotherapist advises while the wrist heals.',
  equipment: ['grab-rails', 'raised-toilet-seat', 'perching-stool', 'stair-rail', 'night-lights'],
  exercise_programme: 'Falls service strength and balance programme after the cast comes off.',
  falls_detector: true,
  completed_by: byOliver(5, '14:45'),
};

const ireneWaterlow = {
  weighed: true,
  height_cm: 155,
  weight_kg: 47.5,
  build_judged: '',
  skin: ['dry'],
  continence: 'continent',
  mobility: 'restricted',
  sex: 'female',
  age_band: '81-plus',
  weight_lost: 'no',
  weight_loss_amount: '',
  eating_poorly: 'no',
  tissue_malnutrition: [],
  neurological_deficit: 'none',
  neurological_details: '',
  major_surgery: 'none',
  theatre_time: 'none',
  medication: 'none',
  areas_checked: ['sacrum', 'heels', 'hips', 'elbows'],
  skin_today: 'Thin, dry skin. Bony over the sacrum and hips; no redness.',
  mattress: 'high-spec-foam',
  cushion: 'foam-100',
  repositioning: 'six-hourly',
  district_nurse_involved: false,
  tissue_viability_referral: false,
  plan_notes: 'Sits in her chair much of the day because of her breathing: up and walking to the kitchen at each call. Check sacrum, hips and heels at personal care. Emollient on her legs; hypoallergenic tape only (Elastoplast allergy).',
  assessed_by: byOliver(150, '11:20'),
};

const ireneWaterlowInHospital = {
  ...ireneWaterlow,
  weight_kg: 43.7,
  skin: ['tissue-paper', 'broken'],
  weight_lost: 'yes',
  weight_loss_amount: '0.5-5',
  eating_poorly: 'yes',
  areas_checked: ['sacrum', 'heels', 'hips', 'elbows', 'under-devices'],
  skin_today:
    'Category 2 pressure ulcer on the left heel from lying on the floor (dressed by the ward, see Pressure ulcers). Large bruise on the right hip. Skin under the wrist cast edges checked: intact. Sacrum intact.',
  mattress: 'alternating-mattress',
  cushion: 'gel-foam',
  repositioning: 'four-hourly',
  district_nurse_involved: true,
  tissue_viability_referral: true,
  plan_notes:
    'Reassessed on the ward before discharge with the ward nurse. For home: the district nurse has ordered an alternating-pressure mattress and a gel cushion to arrive before discharge; heels floated on a pillow in bed; help to change position at least every 4 hours while awake, and the bedtime call settles her on her side. District nurse to dress the heel at home.',
  assessed_by: byOliver(5, '15:00'),
};

const ireneSkinBefore = {
  checked_on: onDay(60),
  skin_overall: 'intact',
  body_map: [],
  marks: [],
  district_nurse_informed: null,
  district_nurse: '',
  photo_consent: null,
  photos: '',
  unexplained_marks: false,
  what_the_person_said: '',
  safeguarding_raised: false,
  care_actions: 'Check sacrum, hips and heels at personal care; emollient on legs; report redness that does not fade.',
  checked_by: byOliver(60, '11:00'),
};

const ireneSkinNow = {
  ...ireneSkinBefore,
  checked_on: onDay(5),
  skin_overall: 'marks',
  body_map: [
    point('back', 43, 97, 'pressure-damage', 'Left heel: category 2 pressure ulcer, 2.0 × 1.5 cm, from the long lie.'),
    point('front', 30, 50, 'bruise', 'Right hip: bruise 10 × 8 cm from the fall.'),
    point('front', 20, 52, 'other', 'Right wrist in a plaster cast (fracture): cast edges checked.'),
  ],
  marks: [
    {
      location: 'Left heel',
      type: 'pressure-ulcer',
      category: 'category-2',
      first_noted: onDay(10),
      length_cm: 2,
      width_cm: 1.5,
      description: 'Shallow open area with a pink wound bed, from lying on the bathroom floor for about five hours. Dressed by the ward; healing.',
      status: 'improving',
      nurse_informed: true,
      photo_taken: true,
    },
    {
      location: 'Right hip',
      type: 'bruise',
      category: 'not-applicable',
      first_noted: onDay(10),
      length_cm: 10,
      width_cm: 8,
      description: 'Purple and yellow bruise from the fall; X-ray showed no hip fracture.',
      status: 'improving',
      nurse_informed: true,
      photo_taken: false,
    },
  ],
  district_nurse_informed: true,
  district_nurse: 'Kentish Town district nurses (referral from the ward tissue viability nurse for dressings at home)',
  photo_consent: true,
  photos: 'Heel photographed by the ward tissue viability nurse; copies go to the district nurses with the discharge letter.',
  care_actions:
    'Heel: dressings by the district nurse only; keep the heel off the mattress on a pillow; check the dressing is intact at each call and report if it is wet, smells or the skin around is red. Hip bruise: look at it at personal care. Cast: check fingers are warm and pink, and no rubbing at the edges.',
  checked_by: byOliver(5, '15:10'),
};

const ireneMust = {
  height_source: 'recalled',
  height_cm: 155,
  weight_source: 'measured',
  weight_kg: 47.5,
  muac_cm: null,
  bmi_judged: '',
  lower_bmi_thresholds: false,
  previous_weight_known: true,
  previous_weight_kg: 48.3,
  previous_weight_date: onDay(300),
  weight_loss_planned: false,
  weight_loss_judged: '',
  acutely_ill_no_intake: false,
  appetite: 'fair',
  diet: ['usual', 'fortified'],
  supplements: '',
  help_to_eat: 'set-up',
  food_first: 'Soup (żurek, barszcz, chicken soup) with bread and butter; small meals often, sitting upright because of her breathing. Full-fat milk; a custard or rice pudding mid-afternoon.',
  intake_chart: false,
  dietitian_referral: false,
  screened_by: byOliver(150, '11:30'),
};

const ireneMustInHospital = {
  ...ireneMust,
  height_source: 'recalled',
  weight_source: 'measured',
  weight_kg: 43.7,
  previous_weight_kg: 47.5,
  previous_weight_date: onDay(150),
  appetite: 'poor',
  supplements: 'Fortisip Compact Protein, two a day between meals (started by the ward dietitian)',
  help_to_eat: 'set-up',
  food_first: `${ireneMust.food_first} Her right hand is in a cast: cut food up and open packets; plate guard and a lightweight cup. Agnieszka brings her soups.`,
  intake_chart: true,
  dietitian_referral: true,
  screened_by: byOliver(5, '15:20'),
};

const ireneWeights = weightRows([
  [300, 48.3, 'chair'],
  [240, 48, 'chair'],
  [180, 47.8, 'chair'],
  [150, 47.5, 'chair'],
  [120, 47.1, 'chair'],
  [60, 46.2, 'chair', 'Eating less; breathless with a chest infection'],
  [5, 43.7, 'hoist', 'Royal Free ward scales, after the fall'],
]);

const ireneWeightPlan = {
  height_cm: 155,
  lower_bmi_thresholds: false,
  weights: ireneWeights,
  weigh_every: 'fortnightly',
  goal: 'gain',
  goal_weight_kg: 47,
  goal_plan: 'Back to her usual weight slowly: small meals and snacks she likes, two supplements a day, soups from Agnieszka. Weigh every two weeks on the district nurse’s chair scales once home.',
  report_when: 'Any further loss, or leaving the supplements.',
  involved: ['gp', 'dietitian', 'district-nurse'],
  person_agrees: true,
  reviewed_by: byOliver(5, '15:30'),
};

const ireneFluidChart = [
  ...chartDay(17, [
    ['08:05', 'Black tea with lemon', 200],
    ['10:30', 'Water', 150, 'left'],
    ['12:35', 'Chicken soup', 200, 'independent'],
    ['15:00', 'Kompot', 200, 'independent', 'Agnieszka visiting'],
    ['17:35', 'Black tea with lemon', 200],
    ['21:00', 'Water', 200, 'left'],
  ]),
  ...chartDay(16, [
    ['08:05', 'Black tea with lemon', 200],
    ['12:30', 'Barszcz', 200, 'independent'],
    ['13:00', 'Water', 150],
    ['17:30', 'Black tea with lemon', 200],
    ['21:05', 'Water', 250, 'left'],
  ]),
  ...chartDay(15, [
    ['08:00', 'Black tea with lemon', 200],
    ['10:00', 'Water', 200, 'left'],
    ['12:30', 'Chicken soup', 250, 'independent'],
    ['15:30', 'Kompot', 200, 'independent'],
    ['17:30', 'Black tea with lemon', 200],
    ['21:00', 'Water', 200, 'left'],
  ]),
  ...chartDay(14, [
    ['08:10', 'Black tea with lemon', 150, 'prompted', 'Breathless this morning'],
    ['12:40', 'Soup', 200, 'assisted'],
    ['17:40', 'Black tea with lemon', 200],
    ['21:00', 'Water', 150, 'left'],
    ['21:05', 'Warm milk', 200],
  ]),
  ...chartDay(13, [
    ['08:00', 'Black tea with lemon', 200],
    ['12:30', 'Barszcz', 200, 'independent'],
    ['15:00', 'Kompot', 250, 'independent'],
    ['17:30', 'Black tea with lemon', 200],
    ['21:00', 'Water', 200, 'left'],
  ]),
  ...chartDay(12, [
    ['08:15', 'Black tea with lemon', 150, 'prompted', 'Says she drinks less so she does not have to get up at night'],
    ['12:40', 'Soup', 150, 'assisted'],
    ['17:45', 'Black tea with lemon', 200],
    ['21:00', 'Water', 150, 'left'],
  ]),
  ...chartDay(11, [
    ['08:05', 'Black tea with lemon', 200],
    ['12:35', 'Chicken soup', 200, 'independent'],
    ['17:30', 'Black tea with lemon', 200],
    ['21:00', 'Water', 200, 'left'],
  ]),
];

const ireneFluids = {
  daily_target_ml: 1600,
  target_set_by: 'guidance',
  fluid_limit: false,
  fluid_limit_ml: null,
  preferred_drinks: 'Black tea with lemon in a glass with a metal holder; water by her chair; kompot when Agnieszka makes it; soups.',
  thickened_fluids: false,
  iddsi_drink_level: '',
  thickener: '',
  intake: ireneFluidChart,
  dehydration_signs: ['dark-urine', 'dry-mouth', 'dizziness'],
  chart_notes:
    'Charted for a week after her urine looked dark: well below 1,600 ml every day. Irene said she drinks less in the evening so she does not have to get up at night; the GP was asked to review. She fell the next night (see Falls). Chart paused while she is in the Royal Free; restart on discharge with a commode by the bed so drinking in the evening does not mean a walk in the dark.',
};

const ireneChoking = {
  swallowing_difficulty: false,
  salt_involved: false,
  salt_name: '',
  salt_date: '',
  iddsi_food: 'easy-to-chew',
  iddsi_drink: 'thin',
  thickener: '',
  risk_factors: ['dentition', 'breathless', 'eats-alone'],
  foods_to_avoid: 'Tough meat and hard crusts (loose lower denture); she chooses soft foods herself.',
  warning_signs: ['coughing', 'chest-infections', 'slow-meals'],
  chest_infections_past_year: 2,
  positioning: 'Upright in her chair with a pillow behind her back, feet flat; rest before eating if breathless; small mouthfuls between breaths.',
  support: 'supervised',
  mouth_care: 'Lower denture loose: the dentist is relining it. Dentures out and cleaned at the bedtime call; rinse after her steroid inhaler.',
  if_choking: 'Encourage her to cough. If she cannot cough, speak or breathe: up to 5 back blows, then up to 5 abdominal thrusts; call 999 if it does not clear. She refuses intubation (advance decision): tell the paramedics.',
  staff_trained: true,
  assessed_by: byOliver(150, '11:40'),
};

const ireneChokingNow = {
  ...ireneChoking,
  risk_factors: ['dentition', 'breathless', 'eats-alone', 'drowsy'],
  support: 'pacing',
  positioning: `${ireneChoking.positioning} While her right wrist is in the cast she eats left-handed: cut food into small pieces, lightweight cup with two handles.`,
  assessed_by: byOliver(5, '15:40'),
};

const ireneDiabetes = {
  ...peggyDiabetes,
  diabetes_status: 'pre-diabetes',
  status_notes: 'Non-diabetic hyperglycaemia: HbA1c 44 mmol/mol in 2025; the GP rechecks it every year. No treatment; no glucose monitoring at home.',
  assessed_by: byOliver(150, '11:50'),
};

const ireneCapacityDraft = {
  decision: 'Where Irene lives after discharge from the Royal Free: home to Prowse Place with four calls a day, or a care home as the ward first suggested.',
  why_assess: 'On admission she was confused (delirium with a urine infection) and the ward asked whether she could decide about discharge.',
  urgency: 'weeks',
  relevant_information:
    'The options: home with four calls a day, a commode, a falls detector and equipment, or a care home (interim or permanent); the risks at home (another fall, a long lie, managing one-handed) and what a care home would mean (leaving her home of fifty years, safety at night); the cost of each.',
  support_steps: ['interpreter', 'glasses-hearing', 'reversible-causes'],
  support_details: 'First attempt on the ward, day 3: still delirious; a Polish interpreter by telephone. Stopped and agreed to wait until the infection was treated.',
  all_steps_taken: false,
  impairment: true,
  impairment_details: 'Delirium with a urinary infection on admission, improving on antibiotics.',
  can_understand: null,
  understand_evidence: '',
  can_retain: null,
  retain_evidence: '',
  can_use_weigh: null,
  use_weigh_evidence: '',
  can_communicate: true,
  communicate_evidence: 'In Polish through the interpreter: says she wants to go home.',
  caused_by_impairment: null,
  fluctuates: true,
  assessor_reasons: '',
  person_told: null,
  assessed_on: onDay(7),
  assessor: null,
  best_interests_needed: null,
  authority: '',
  decision_maker: '',
  consulted: [],
  imca: null,
  participation: '',
  wishes_feelings: '',
  beliefs_values: '',
  regain_capacity: '',
  options_considered: [],
  least_restrictive: '',
  not_on_appearance: null,
  best_interests_decision: '',
  decision_signed: null,
};

const ireneCapacity = {
  ...ireneCapacityDraft,
  support_steps: ['best-time', 'interpreter', 'glasses-hearing', 'trusted-person', 'more-than-once', 'reversible-causes', 'one-option-at-a-time'],
  support_details: `${ireneCapacityDraft.support_details} Second conversation on day 8, late morning (her best time), infection treated, hearing aid in, a face-to-face Polish interpreter (not her daughter, so the words were the interpreter’s), Agnieszka present for support; with Mark Taylor (social worker) and the ward OT.`,
  all_steps_taken: true,
  impairment_details: 'Delirium with a urinary infection on admission, now resolved (AMTS 8, then 9).',
  can_understand: true,
  understand_evidence: 'Explained back, through the interpreter, what each option would mean, including that she could fall again at home.',
  can_retain: true,
  retain_evidence: 'Remembered the options and the OT’s equipment list the next day.',
  can_use_weigh: true,
  use_weigh_evidence: 'Weighed the risk of falling against leaving her home: "I may fall again. I would rather fall in my own home than sit safe in a strange one." Agreed to the commode and falls detector to lower the risk.',
  can_communicate: true,
  assessor_reasons:
    'With the delirium treated and a professional interpreter, Irene understood, retained and weighed the information and told us her decision. She has capacity to decide to go home; the risks are planned for in the best-interests risk assessment tab (her own decision).',
  person_told: true,
  assessed_on: onDay(2),
  assessor: byMaya(2, '12:30'),
  best_interests_needed: false,
};

const ireneOwnDecisionRisk = {
  decision: 'Irene’s own decision to go home to Prowse Place after the Royal Free, rather than to a care home.',
  basis: 'own-decision',
  capacity_assessed_on: onDay(2),
  decision_maker: 'Irene Kowalczyk',
  what_was_decided: 'Home with four calls a day, equipment from the OT before discharge, an automatic falls detector and a commode for the night. Reviewed after two weeks at home.',
  risks: [
    {
      risk: 'Another fall at home, likely to break a bone (osteoporosis)',
      to_whom: 'Irene',
      controls: 'Commode at night, night lights, perching stool and second rail, physiotherapy, four calls a day, drinks at every call.',
      likelihood: '3',
      consequence: '4',
    },
    { risk: 'A long lie: not found for hours after a fall', to_whom: 'Irene', controls: 'Automatic falls detector worn day and night, linked to Careline; bedtime and morning calls check it.', likelihood: '2', consequence: '4' },
    { risk: 'Not eating or drinking enough one-handed', to_whom: 'Irene', controls: 'Food cut up, lightweight two-handled cup, supplements, fluid chart restarted, soups from Agnieszka.', likelihood: '3', consequence: '2' },
  ],
  restrictions: 'None: her own choice, with equipment she agreed to.',
  less_restrictive_tried: 'Not applicable: no restriction is proposed.',
  continuous_supervision: false,
  not_free_to_leave: false,
  authorisation: 'not-needed',
  authorisation_details: '',
  review_triggers: 'Any fall at home; a hospital readmission; Irene or Agnieszka asks; two weeks after discharge.',
  shared_with: 'Irene (through Agnieszka), Agnieszka, Mark Taylor (Camden discharge team), the ward, Dr Anand.',
  assessed_by: byMaya(2, '13:00'),
};

// ——— 5. Jordan Pickering: supported living in Leeds, moderate learning disability, epilepsy.

const jordanEpilepsy = {
  seizure_status: 'epilepsy',
  diagnosis: 'Generalised epilepsy with learning disability (neurology, Leeds General Infirmary).',
  seizure_types: [
    {
      type: 'tonic-clonic',
      looks_like: 'May cry out, goes stiff and falls, then jerks all over; lips can go blue; may bite his tongue or wet himself. Most often early morning or in his sleep.',
      usual_length: '1 to 3 minutes',
      recovery: 'Confused and sleepy for one to two hours; headache and sore muscles. Wants quiet and a drink.',
    },
    {
      type: 'focal-impaired',
      looks_like: 'Stops and stares, smacks his lips and fiddles with his clothes; does not answer. Sometimes before a tonic-clonic seizure.',
      usual_length: '30 seconds to a minute',
      recovery: 'Back to himself in a few minutes; does not remember it.',
    },
  ],
  frequency: 'few-months',
  last_seizure: onDay(80),
  night_seizures: true,
  triggers: ['missed-medicine', 'sleep', 'illness', 'stress'],
  warning_signs: 'Irritable and tired the day before; sometimes says his tummy feels "funny" just before.',
  antiseizure_medicines: 'Levetiracetam 750 mg and lamotrigine 100 mg, both at 08:00 and 20:00, from the medicines cabinet.',
  rescue_medication: true,
  rescue_medicine: 'Buccal midazolam 10 mg (Buccolam prefilled syringe)',
  rescue_protocol:
    'If a tonic-clonic seizure lasts 5 minutes, or he has three seizures in an hour: a trained staff member gives 10 mg midazolam between his gum and cheek (half each side). Call 999 straight away if it is the first time it is given today, or if he is struggling to breathe. No second dose unless the paramedics say. Afterwards: recovery position, stay with him, watch his breathing; record the time, dose and who gave it on the MAR and the seizure chart.',
  rescue_protocol_by: `Joanne Firth, epilepsy specialist nurse, Leeds Teaching Hospitals, ${onDay(260)}`,
  rescue_kept: 'In the red seizure bag on the kitchen hook; the bag goes with him to college, on the bus and on trips.',
  rescue_trained_only: true,
  bathing: 'Showers only, no baths (Jordan agrees). Shower seat; thermostatic valve at 41 °C. Door closed but unlocked with his "busy" sign; staff stay in the hallway and ask every few minutes if he is OK.',
  night_monitoring: 'listening',
  other_risks: ['cooking', 'hot-drinks', 'going-out', 'swimming'],
  risk_plan:
    'Cooks with staff beside him, back rings only; kettle tipper for hot drinks. Goes out with staff (the bus to college, town); to the corner shop alone with his phone, in the daytime, after a seizure-free week. Swimming one-to-one with a trained staff member in the shallow end, and the lifeguard told.',
  during:
    'Stay calm and stay with him. Time it. Move hard things away, cushion his head, loosen anything tight at his neck. Do not hold him down or put anything in his mouth. When the jerking stops, roll him into the recovery position. If he is out, keep people back and give him privacy.',
  call_999:
    'A tonic-clonic seizure lasting 5 minutes (give midazolam as the protocol says, and call 999 if it is the first dose today); a seizure 10 minutes after midazolam; one seizure after another without coming round; he is injured, struggling to breathe or turns blue and stays blue; a seizure in water.',
  after:
    'Recovery position; stay until he is fully awake (usually sleeps 1–2 hours). Check for injuries and his tongue. Offer a shower later with staff nearby. Record it on the seizure chart and in the care notes; tell the team leader; tell Carol the same day (Jordan agrees).',
  epilepsy_nurse: 'Joanne Firth, epilepsy specialist nurse, Leeds Teaching Hospitals, 0113 392 0000 (ext. 4471)',
  assessed_by: byCallum(240, '14:00'),
};

const jordanEpilepsyNow = {
  ...jordanEpilepsy,
  frequency: 'monthly',
  last_seizure: onDay(9),
  night_monitoring: 'sensor',
  antiseizure_medicines: 'Levetiracetam 1,000 mg (increased by the epilepsy nurse) and lamotrigine 100 mg, both at 08:00 and 20:00, from the medicines cabinet.',
  warning_signs: `${jordanEpilepsy.warning_signs} More seizures since the summer, mostly early morning.`,
  assessed_by: byCallum(45, '15:00'),
};

const jordanCapacity = {
  decision:
    'Whether Jordan accepts his support arrangements at Kirkstall Road: staff with him 24 hours a day in the shared house, staff nearby when he showers, a seizure monitor at night, and staff going with him into town and to college.',
  why_assess: 'Jordan has a moderate learning disability and sometimes says he wants to "do everything on my own". The arrangements restrict him, so whether he can consent to them must be assessed.',
  urgency: 'can-wait',
  relevant_information:
    'What support he has now and why (his seizures); what could happen in a seizure in the shower, alone at night or alone in town; the option of less support, and of more; that he can say what he wants and it will be listened to.',
  support_steps: ['best-time', 'familiar-place', 'communication-aids', 'trusted-person', 'easy-read', 'more-than-once', 'one-option-at-a-time'],
  support_details:
    'Three short conversations in his flat, after breakfast, with Callum (his keyworker) and Ravi Gill (advocate). Easy-read pages with photos of his shower, his monitor and the bus; Makaton signs for "safe", "help" and "alone".',
  all_steps_taken: true,
  impairment: true,
  impairment_details: 'Moderate learning disability (Leeds learning disability team).',
  can_understand: false,
  understand_evidence: 'He knows he has seizures and that they "make me poorly", but could not understand that a seizure in the shower or alone could kill him, even with the pictures.',
  can_retain: true,
  retain_evidence: 'Remembered the pictures and what staff do when he showers, at the next conversation.',
  can_use_weigh: false,
  use_weigh_evidence: 'Chose "no staff" and "more staff" with equal ease, and could not weigh the risks of either.',
  can_communicate: true,
  communicate_evidence: 'Spoke and signed his choices clearly.',
  caused_by_impairment: true,
  fluctuates: false,
  assessor_reasons: 'Because of his learning disability, Jordan cannot understand the risks of his seizures or weigh them, even with easy-read, Makaton, his keyworker and his advocate. He lacks capacity to consent to these arrangements.',
  person_told: true,
  assessed_on: onDay(250),
  assessor: signature('Sarah Holroyd', 'Social worker, Leeds City Council', 250, '11:00'),
  best_interests_needed: true,
  authority: 'decision-maker',
  decision_maker: 'Sarah Holroyd, social worker, Leeds City Council learning disability team (commissioner of his support)',
  consulted: [
    { name: 'Carol Pickering', relationship: 'family', views: 'Terrified of him having a seizure alone; wants staff with him in town but agrees he should have some time on his own.', date: onDay(251) },
    { name: 'Ravi Gill', relationship: 'advocate', views: 'Asks that Jordan has time alone he can count on, and that restrictions are reviewed as he learns.', date: onDay(250) },
    { name: 'Joanne Firth', relationship: 'nurse', views: 'Supports showers only with staff close by and a night monitor; rescue medication must be with him outdoors.', date: onDay(250) },
    { name: 'Callum McLeod', relationship: 'carer', views: 'Jordan manages the corner shop alone well; gets upset when staff stand outside the bathroom door.', date: onDay(250) },
  ],
  imca: false,
  participation: 'Jordan was at every conversation and at the best-interests meeting, with Ravi speaking up for what he said. He told us he wants to go into town "like everyone", likes the staff, and does not like being checked in the shower.',
  wishes_feelings: 'Wants more time on his own, to see Chloe without staff, and to go to Leeds United with his mum.',
  beliefs_values: 'Proud of his flat and his independence; wants to be treated "like a grown-up".',
  regain_capacity: 'Not likely for this decision; his understanding can grow, so it is reassessed yearly and when things change.',
  options_considered: [
    { option: 'No staff support at home or out', benefits: 'The freedom he asks for.', burdens: 'A seizure in the shower, at night or in the street with no one to help or give midazolam: risk of injury or death.' },
    {
      option: 'Staff nearby but not in the room: shower door unlocked, a monitor at night, staff with him in town, the corner shop alone',
      benefits: 'Safety in the places seizures are most dangerous; time alone he can count on.',
      burdens: 'Some loss of privacy and freedom; he dislikes the shower checks.',
    },
    { option: 'Staff with him at all times, including in the bathroom', benefits: 'Most supervision.', burdens: 'Humiliating for him; more restriction than the risk needs.' },
  ],
  least_restrictive: 'The second option: staff close by, not in the room; the corner shop alone with his phone in the daytime; time with Chloe at college without staff beside him.',
  not_on_appearance: true,
  best_interests_decision:
    'Continue 24-hour support with staff nearby for showers (door unlocked, staff in the hallway), a night monitor, staff with him on the bus and in town, and the corner shop alone. Reviewed in a year or after any change in his seizures.',
  decision_signed: signature('Sarah Holroyd', 'Social worker, Leeds City Council', 248, '15:00'),
};

const jordanCapacityNow = {
  ...jordanCapacity,
  decision: `${jordanCapacity.decision} Reviewed when his seizures became more frequent and a bed sensor replaced the listening monitor.`,
  best_interests_decision: `${jordanCapacity.best_interests_decision} From ${onDay(45)}: a bed sensor alarm instead of the listening monitor, so night staff are woken only by a seizure and do not listen at his door.`,
  assessed_on: onDay(48),
  assessor: signature('Sarah Holroyd', 'Social worker, Leeds City Council', 48, '11:00'),
  decision_signed: signature('Sarah Holroyd', 'Social worker, Leeds City Council', 46, '16:00'),
};

const jordanRisk = {
  decision: 'Jordan’s support arrangements at Kirkstall Road, decided in his best interests (see Mental capacity).',
  basis: 'best-interests',
  capacity_assessed_on: onDay(250),
  decision_maker: 'Sarah Holroyd, social worker, Leeds City Council',
  what_was_decided: '24-hour support with staff nearby for showers, a night monitor, staff with him in town; the corner shop alone.',
  risks: [
    { risk: 'Seizure in the shower: drowning, scalds, head injury', to_whom: 'Jordan', controls: 'Showers only, seat, thermostatic valve, door unlocked, staff in the hallway.', likelihood: '2', consequence: '5' },
    { risk: 'Seizure at night, not noticed (SUDEP)', to_whom: 'Jordan', controls: 'Listening monitor; staff check at midnight and 04:00.', likelihood: '2', consequence: '5' },
    { risk: 'Seizure alone at the corner shop', to_whom: 'Jordan', controls: 'Daytime only, after a seizure-free week; phone with location sharing; shopkeeper knows him.', likelihood: '2', consequence: '3' },
    { risk: 'Jordan frustrated by the restrictions: banging doors, refusing support', to_whom: 'Jordan and staff', controls: 'Time alone he can count on; explained with his easy-read pages; Ravi reviews with him.', likelihood: '3', consequence: '2' },
  ],
  restrictions: 'Staff present 24 hours; not out alone beyond the corner shop; staff nearby when he showers; monitored at night.',
  less_restrictive_tried: 'Out alone to the bus stop with his phone: had a seizure at the stop last year and was found by a stranger. The corner shop alone works well.',
  continuous_supervision: true,
  not_free_to_leave: true,
  authorisation: 'applied',
  authorisation_details: 'Leeds City Council applied to the Court of Protection (streamlined procedure), reference COP 1498273, submitted by Sarah Holroyd',
  review_triggers: 'A change in his seizures; Jordan, Carol or Ravi asks; the court’s decision; yearly.',
  shared_with: 'Jordan (easy-read), Carol, Ravi Gill, Sarah Holroyd, the Kirkstall Road team.',
  assessed_by: byCallum(245, '14:00'),
};

const jordanRiskNow = {
  ...jordanRisk,
  risks: jordanRisk.risks.map((risk) =>
    risk.risk.startsWith('Seizure at night')
      ? { ...risk, controls: 'Bed sensor alarm wakes the sleep-in staff at a seizure; staff no longer listen at his door.', likelihood: '1' }
      : risk,
  ),
  authorisation: 'court-order',
  authorisation_details: 'Court of Protection order authorising the deprivation of liberty, reference COP 1498273; reviewed a year from the order. Leeds City Council (Sarah Holroyd) monitors it.',
  assessed_by: byMaya(44, '11:30'),
};

const version = (content: DocumentValues, daysAgo: number, by: 'office' | 'manager' | 'admin', note?: string, status?: 'draft' | 'active') => ({
  content,
  daysAgo,
  by,
  ...(note ? { note } : {}),
  ...(status ? { status } : {}),
});

export const RISKS_DEMO_DOCUMENTS: readonly DemoDocument[] = [
  // 1. Peggy
  {
    client: 1,
    document: 'falls-risk-assessment',
    versions: [version(peggyFrat, 240, 'office', 'Falls risk screen at her six-monthly review.'), version(peggyFratAfterFall, 60, 'office', 'Reassessed after her fall at night: FRAT 12, falls service referral.')],
    reviewInDays: 30,
    signedOff: { role: 'Registered manager', daysAgo: 58 },
  },
  { client: 1, document: 'falls-risk', versions: [version(peggyFallsHistory, 60, 'office', 'Fall at night recorded; bed sensor and night lights added.')], reviewInDays: 30 },
  {
    client: 1,
    document: 'pressure-area-assessment',
    versions: [version(peggyWaterlow, 180, 'office'), version(peggyWaterlowNow, 25, 'office', 'Monthly Waterlow: 14, weight down and skin thinner; district nurse to check her mattress.')],
    reviewInDays: 5,
    signedOff: { role: 'Registered manager', daysAgo: 24 },
  },
  {
    client: 1,
    document: 'pressure-ulcer-bruise',
    versions: [version(peggySkin, 30, 'office', 'Bruise on the right forearm: explained, on warfarin.'), version(peggySkinNow, 3, 'office', 'Bruise fading; blanching redness on the sacrum.')],
    reviewInDays: 27,
  },
  {
    client: 1,
    document: 'nutrition',
    versions: [version(peggyMust, 180, 'office'), version(peggyMustNow, 25, 'office', 'MUST 0, but weight drifting down: food-first snacks and a fluid chart.')],
    reviewInDays: 5,
  },
  { client: 1, document: 'weight-management', versions: [version(peggyWeightPlan, 25, 'office', 'Monthly weight added.')], reviewInDays: 5 },
  { client: 1, document: 'fluid-intake', versions: [version(peggyFluids, 0, 'office', 'A week of her fluid chart.')], reviewInDays: 28 },
  { client: 1, document: 'choking', versions: [version(peggyChoking, 185, 'office')], reviewInDays: -5 },
  { client: 1, document: 'diabetes-assessment', versions: [version(peggyDiabetes, 185, 'office')], reviewInDays: -5 },
  {
    client: 1,
    document: 'epilepsy-risk-assessment',
    versions: [version(noSeizures('No history of seizures (GP summary, Camden Road Surgery, checked at her review).', byOliver(185, '11:45')), 185, 'office')],
    reviewInDays: -5,
  },
  {
    client: 1,
    document: 'mental-capacity',
    versions: [
      version(peggyCapacityDraft, 45, 'manager', 'First conversation: not finished; Dr Anand to rule out an infection first.', 'draft'),
      version(peggyCapacity, 38, 'manager', 'Second conversation: lacks capacity for this decision; Susan decided as attorney.'),
    ],
    reviewInDays: 52,
    signedOff: { role: 'Registered manager', daysAgo: 37 },
  },
  { client: 1, document: 'mental-capacity-risk-assessment', versions: [version(peggyBestInterestsRisk, 38, 'manager')], reviewInDays: 52 },

  // 2. Desmond
  { client: 2, document: 'falls-risk-assessment', versions: [version(desmondFrat, 90, 'office')], reviewInDays: 0 },
  { client: 2, document: 'falls-risk', versions: [version(desmondFalls, 90, 'office')], reviewInDays: 0 },
  {
    client: 2,
    document: 'pressure-area-assessment',
    versions: [version(desmondWaterlow, 200, 'office'), version(desmondWaterlowNow, 20, 'office', 'Waterlow 13: now 81, and the healed blister under his toe.')],
    reviewInDays: 10,
  },
  { client: 2, document: 'pressure-ulcer-bruise', versions: [version(desmondSkin, 2, 'office', 'Toe blister healed.')], reviewInDays: 28 },
  { client: 2, document: 'nutrition', versions: [version(desmondMust, 20, 'office')], reviewInDays: 10, signedOff: { role: 'Registered manager', daysAgo: 19 } },
  { client: 2, document: 'weight-management', versions: [version(desmondWeightPlan, 20, 'office', 'Monthly weight: on track to his goal.')], reviewInDays: 10 },
  { client: 2, document: 'fluid-intake', versions: [version(desmondFluids, 0, 'office', 'Four days charted for the diabetes nurse.')], reviewInDays: 30 },
  { client: 2, document: 'choking', versions: [version(desmondChoking, 300, 'office')], reviewInDays: -120 },
  {
    client: 2,
    document: 'diabetes-assessment',
    versions: [version(desmondDiabetes, 180, 'office'), version(desmondDiabetesNow, 30, 'office', 'HbA1c 58 (from 64); target range now 6–10 from the diabetes nurse.')],
    reviewInDays: -10,
    signedOff: { role: 'Registered manager', daysAgo: 29 },
  },
  {
    client: 2,
    document: 'epilepsy-risk-assessment',
    versions: [version(noSeizures('No history of seizures (Somers Town Medical Centre summary).', byOliver(300, '08:40')), 300, 'office')],
    reviewInDays: -120,
  },
  { client: 2, document: 'mental-capacity', versions: [version(desmondCapacity, 120, 'manager', 'Concern raised by his nephew: capacity confirmed.')], reviewInDays: 60 },
  { client: 2, document: 'mental-capacity-risk-assessment', versions: [version(desmondOwnDecisionRisk, 85, 'office')], reviewInDays: 5 },

  // 3. Irene
  {
    client: 3,
    document: 'falls-risk-assessment',
    versions: [
      version(ireneFrat, 150, 'office'),
      version(ireneFratAfterTrip, 90, 'office', 'Tripped on the hall rug: FRAT 10; rug removed.'),
      version(ireneFratInHospital, 5, 'office', 'On the ward after her fall and fracture: automatic high risk (recent change, postural hypotension).'),
    ],
    reviewInDays: 14,
    signedOff: { role: 'Registered manager', daysAgo: 4 },
  },
  {
    client: 3,
    document: 'falls-risk',
    versions: [version(ireneFallsHistory, 90, 'office'), version(ireneFallsHistoryNow, 5, 'office', 'Fall with fracture and a long lie; the kitchen fall Agnieszka told us about added; plan for discharge.')],
    reviewInDays: 14,
  },
  {
    client: 3,
    document: 'pressure-area-assessment',
    versions: [version(ireneWaterlow, 150, 'office'), version(ireneWaterlowInHospital, 5, 'office', 'Reassessed on the ward: Waterlow 19, category 2 heel ulcer; equipment for discharge.')],
    reviewInDays: 14,
    signedOff: { role: 'Registered manager', daysAgo: 4 },
  },
  {
    client: 3,
    document: 'pressure-ulcer-bruise',
    versions: [version(ireneSkinBefore, 60, 'office'), version(ireneSkinNow, 5, 'office', 'Heel ulcer from the long lie and hip bruise, seen on the ward.')],
    reviewInDays: 14,
  },
  {
    client: 3,
    document: 'nutrition',
    versions: [version(ireneMust, 150, 'office'), version(ireneMustInHospital, 5, 'office', 'MUST 3 on the ward: dietitian and supplements.')],
    reviewInDays: 25,
  },
  { client: 3, document: 'weight-management', versions: [version(ireneWeightPlan, 5, 'office', 'Ward weight added: 43.7 kg.')], reviewInDays: 9 },
  { client: 3, document: 'fluid-intake', versions: [version(ireneFluids, 10, 'office', 'Chart closed on admission.')], reviewInDays: -2 },
  {
    client: 3,
    document: 'choking',
    versions: [version(ireneChoking, 150, 'office'), version(ireneChokingNow, 5, 'office', 'Eating left-handed while the wrist heals.')],
    reviewInDays: 30,
  },
  { client: 3, document: 'diabetes-assessment', versions: [version(ireneDiabetes, 150, 'office')], reviewInDays: 30 },
  {
    client: 3,
    document: 'epilepsy-risk-assessment',
    versions: [version(noSeizures('No history of seizures (Camden Road Surgery summary).', byOliver(150, '11:55')), 150, 'office')],
    reviewInDays: 30,
  },
  {
    client: 3,
    document: 'mental-capacity',
    versions: [
      version(ireneCapacityDraft, 7, 'manager', 'Deferred: delirium on admission.', 'draft'),
      version(ireneCapacity, 2, 'manager', 'Reassessed with a Polish interpreter once the infection was treated: has capacity to decide to go home.'),
    ],
    reviewInDays: 30,
    signedOff: { role: 'Registered manager', daysAgo: 2 },
  },
  { client: 3, document: 'mental-capacity-risk-assessment', versions: [version(ireneOwnDecisionRisk, 2, 'manager')], reviewInDays: 14 },

  // 5. Jordan
  {
    client: 5,
    document: 'epilepsy-risk-assessment',
    versions: [version(jordanEpilepsy, 240, 'manager'), version(jordanEpilepsyNow, 45, 'manager', 'Seizures now monthly: levetiracetam increased, bed sensor alarm fitted.')],
    reviewInDays: 135,
    signedOff: { role: 'Registered manager', daysAgo: 44 },
  },
  {
    client: 5,
    document: 'mental-capacity',
    versions: [version(jordanCapacity, 248, 'manager'), version(jordanCapacityNow, 46, 'manager', 'Best-interests decision reviewed: bed sensor instead of the listening monitor.')],
    reviewInDays: 200,
    signedOff: { role: 'Registered manager', daysAgo: 45 },
  },
  {
    client: 5,
    document: 'mental-capacity-risk-assessment',
    versions: [version(jordanRisk, 245, 'manager'), version(jordanRiskNow, 44, 'manager', 'Court of Protection order made; bed sensor lowers the night risk.')],
    reviewInDays: 46,
  },
];
