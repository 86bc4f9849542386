// Four weeks of care notes for demo clients 1–5, written the way carers write them: what was done, what was
// eaten and drunk, how the person seemed. Each call draws its sentences from its own pools with a generator
// seeded by client, day and call, so the notes differ from day to day but the seed gives the same demo each time.
// A few days carry events (a bruise, signs of a urine infection, a hypo, a fall, a seizure) escalated as
// concerns; one note is corrected by a later one.

export type DemoCall = { time: string; category: string; carers: readonly string[] };

export type DemoNote = {
  time: string;
  category: string;
  author: string;
  note: string;
  mood: string;
  fluid_ml: number | null;
  food_portion: string;
  food_description: string;
  bowel: string;
  bladder: string;
  concern: boolean;
  escalated_to: string;
  body_map_reference: string;
};

/** A small deterministic generator (mulberry32). */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number, step = 25) => low + Math.round((random() * (high - low)) / step) * step;

const LUNCHES = ['cottage pie with peas', 'fish pie and green beans', 'chicken casserole with mash', 'macaroni cheese', 'leek and potato soup with a ham sandwich', 'jacket potato with tuna mayonnaise', 'sausages, mash and beans', 'a cheese omelette with toast', 'shepherd’s pie', 'salmon fillet with new potatoes'];
const TEAS = ['a ham sandwich and a yoghurt', 'beans on toast', 'two crumpets with butter and a banana', 'scrambled egg on toast', 'tomato soup and a bread roll', 'a cheese and pickle sandwich', 'a slice of quiche with salad', 'poached egg on toast and a fromage frais'];
const BREAKFASTS = ['porridge with honey', 'toast with marmalade', 'two Weetabix with warm milk', 'a boiled egg and soldiers', 'cornflakes and half a banana', 'toast with butter and jam'];
const DRINKS = ['a cup of tea', 'a mug of milky coffee', 'orange squash', 'a glass of water', 'a cup of hot chocolate', 'apple juice'];

/** The day's notes of one demo client; `day` counts back from today (0), `weekday` 0 is Sunday. */
export type DemoDay = { day: number; weekday: number };

function peggy({ day }: DemoDay, call: DemoCall, random: () => number): DemoNote {
  const author = pick(random, call.carers);
  const mood = pick(random, ['happy', 'settled', 'settled', 'quiet', 'confused']);
  const drink = pick(random, DRINKS);
  const base = { time: call.time, category: call.category, author, mood, food_portion: '', food_description: '', bowel: '', bladder: '', concern: false, escalated_to: '', body_map_reference: '' };
  // Two days before the infection was found she drank little: the totals show it.
  const lowFluids = day === 9 || day === 10;
  switch (call.time) {
    case '08:00': {
      const breakfast = pick(random, BREAKFASTS);
      const pad = pick(random, ['Pad wet, changed, skin intact.', 'Pad dry this morning; she used the commode in the night.', 'Pad wet, changed; no redness on her bottom.']);
      const dressed = pick(random, [
        'Washed at the sink with support for her back and feet; she chose the blue cardigan.',
        'Full strip wash at the sink, she did her face and arms herself. Dressed in her grey skirt and pink jumper.',
        'Helped into the shower chair today at her request; hair washed. Dressed in trousers and the green blouse.',
        'Washed and dressed; cream applied to both knees, which she said were stiff this morning.',
      ]);
      return {
        ...base,
        category: 'personal-care',
        note: `${pick(random, ['Peggy was awake and sitting on the edge of the bed when I arrived.', 'Peggy was still asleep; woke her gently at 08:10 and she was happy to get up.', 'Peggy had opened the curtains herself and was listening to the radio.'])} ${dressed} ${pad} Breakfast was ${breakfast} with ${drink}. Donepezil and her morning tablets prompted from the blister pack and taken.`,
        fluid_ml: lowFluids ? 100 : between(random, 250, 400),
        food_portion: pick(random, ['all', 'all', 'most', 'half']),
        food_description: breakfast,
        bladder: pad.startsWith('Pad wet') ? 'incontinent' : 'passed',
        bowel: random() < 0.35 ? 'opened-normal' : '',
      };
    }
    case '12:30': {
      const lunch = pick(random, LUNCHES);
      return {
        ...base,
        category: 'nutrition-hydration',
        note: `Heated ${lunch} from the freezer; ${pick(random, ['Peggy ate at the table and chatted about her sister in Margate.', 'she ate in her chair with the tray, watching the lunchtime news.', 'she said it was too much and left some; offered a yoghurt instead, which she ate.'])} ${pick(random, ['Filled the jug with squash and left it within reach.', 'Left a glass of water and a cup of tea beside her.', 'Reminded her to keep sipping; she had drunk half the jug since the morning.'])} ${pick(random, ['Washed up and wiped the sides.', 'Took the bins out, it is collection day tomorrow.', 'Checked the fridge: milk runs out on Thursday, added to the shopping list.'])}`,
        fluid_ml: lowFluids ? 150 : between(random, 250, 400),
        food_portion: pick(random, ['all', 'most', 'most', 'half']),
        food_description: lunch,
      };
    }
    case '17:30': {
      const tea = pick(random, TEAS);
      return {
        ...base,
        category: random() < 0.3 ? 'social' : 'nutrition-hydration',
        note: `Made ${tea} for tea. ${pick(random, ['Warfarin given as the yellow book says; INR book checked, next test on the 14th.', 'Warfarin given, dose as per the yellow book; no bruising or bleeding seen.', 'Warfarin given after tea. Peggy asked what it is for and I explained it thins the blood for her heart.'])} ${pick(random, ['We looked at her photo album together.', 'She phoned Susan while I was there and sounded cheerful.', 'She did the crossword with me for ten minutes.', 'Closed the curtains and put the big light on.'])}`,
        fluid_ml: lowFluids ? 150 : between(random, 200, 350),
        food_portion: pick(random, ['all', 'most', 'half', 'little']),
        food_description: tea,
      };
    }
    default:
      return {
        ...base,
        category: pick(random, ['personal-care', 'continence', 'mood-wellbeing']),
        note: `${pick(random, ['Helped Peggy into her nightie and to bed.', 'Peggy was tired and ready for bed; helped her undress and settle.', 'Peggy wanted to stay up for her programme; came back to her at the end of the call and she went to bed.', 'Peggy was dozing in her chair with the television on; woke her and helped her to bed.'])} ${pick(random, ['Night pad on.', 'Pad changed, it was dry.', 'Used the commode before bed; emptied and cleaned it.', 'Went to the toilet with her frame before bed.'])} ${pick(random, ['Pendant alarm on her wrist and tested with the control centre.', 'Pendant alarm on; she showed me the button herself.', 'Checked the pendant alarm is on her wrist, not on the bedside table.'])} ${pick(random, ['Left a glass of water on the bedside table.', 'Left the landing light on as she likes.', 'Back door locked and the key in the key safe.', 'Hot water bottle in the bed as she asked.'])} ${pick(random, ['She talked about her wedding day in 1961.', 'She asked after my children.', 'She was worried about her gas bill; told her Susan has paid it.', 'She said goodnight and thanked me.', ''])}`.trim(),
        fluid_ml: lowFluids ? 50 : between(random, 100, 250),
        bladder: random() < 0.5 ? 'passed' : 'incontinent',
      };
  }
}

function desmond(_day: DemoDay, call: DemoCall, random: () => number): DemoNote {
  const author = pick(random, call.carers);
  const morning = call.time < '12:00';
  const glucose = (morning ? between(random, 55, 95, 1) : between(random, 60, 110, 1)) / 10;
  const meal = morning ? pick(random, ['wholemeal toast with peanut butter', 'porridge made with semi-skimmed milk', 'two Weetabix and a small banana', 'a boiled egg and wholemeal toast']) : pick(random, ['grilled chicken with brown rice and vegetables', 'jollof rice with salad (his own recipe, less oil)', 'baked fish with new potatoes and broccoli', 'lentil soup and a wholemeal roll', 'turkey mince chilli with rice']);
  const feet = pick(random, ['Checked both feet: skin intact, no redness between the toes.', 'Feet checked, dry skin on the heels; moisturiser applied, not between the toes.', 'Foot check done with Desmond using the mirror: no sores.']);
  return {
    time: call.time,
    category: morning ? 'medication' : 'nutrition-hydration',
    author,
    note: `Blood glucose before ${morning ? 'breakfast' : 'tea'} ${glucose.toFixed(1)} mmol/L, written in his diary. ${morning ? 'Metformin prompted with breakfast and taken; the district nurse had been for the insulin.' : 'Evening metformin prompted with his meal.'} Made ${meal}. ${morning ? feet : pick(random, ['Abigail was home and we talked about his hospital appointment.', 'He walked to the shop and back with his stick this afternoon, he said.', 'Watched the football with him while he ate.'])}`,
    mood: pick(random, ['happy', 'settled', 'quiet']),
    fluid_ml: between(random, 250, 450),
    food_portion: pick(random, ['all', 'all', 'most']),
    food_description: meal,
    bowel: '',
    bladder: '',
    concern: false,
    escalated_to: '',
    body_map_reference: '',
  };
}

function irene(_day: DemoDay, call: DemoCall, random: () => number): DemoNote {
  const author = pick(random, call.carers);
  const meal = call.time === '08:30' ? pick(random, BREAKFASTS) : call.time === '13:00' ? pick(random, LUNCHES) : pick(random, TEAS);
  return {
    time: call.time,
    category: call.time === '08:30' ? 'personal-care' : call.time === '13:00' ? 'nutrition-hydration' : pick(random, ['mobility', 'household', 'mood-wellbeing']),
    author,
    note: `${pick(random, ['Renia was up and dressed when I came; she walked to the kitchen with her frame.', 'Renia was in her chair by the window with her rosary.', 'Renia answered the door herself, slowly, with the frame.'])} ${call.time === '08:30' ? 'Helped her wash her back and legs and put on her support stockings. Omeprazole taken with water before breakfast.' : `Made ${meal}; she ate at the kitchen table.`} ${pick(random, ['Breathing comfortable at rest; she used the inhaler once after the stairs.', 'She said her chest was tight in the cold; inhaler used, eased after a few minutes.', 'No breathlessness today.', 'Reminded her to use the frame, not the furniture, to get to the bathroom.'])} ${pick(random, ['Agnieszka phoned in Polish while I was there.', 'Put the washing on and hung it on the airer.', 'Swept the kitchen floor; the rug by the sink is rucked, tucked it flat.', 'Watered the geraniums on the windowsill with her.', 'She showed me photos of her grandson’s first communion.'])}`,
    mood: pick(random, ['settled', 'quiet', 'happy']),
    fluid_ml: between(random, 200, 350),
    food_portion: pick(random, ['most', 'half', 'all']),
    food_description: meal,
    bowel: '',
    bladder: '',
    concern: false,
    escalated_to: '',
    body_map_reference: '',
  };
}

function tom({ day }: DemoDay, call: DemoCall, random: () => number): DemoNote {
  const author = call.carers.join(' and ');
  const side = pick(random, ['left side', 'right side', 'back, 30 degrees tilt']);
  return {
    time: call.time,
    category: pick(random, ['personal-care', 'skin', 'mood-wellbeing']),
    author,
    note: `${pick(random, ['Tom was dozing; woke briefly and smiled at Eileen.', 'Tom awake and talking a little; said he was comfortable.', 'Tom restless at first, settled once repositioned.', 'Tom sleeping most of the call; responded to his name.'])} Mouth care with a moist sponge and lip balm. Repositioned onto his ${side} and recorded on the turn chart. ${pick(random, ['Sacrum and heels checked: skin intact.', 'Pressure areas checked, heels off the mattress on a pillow.', 'Pad changed, skin clean and intact.'])} ${pick(random, ['Took sips of water from a beaker.', 'Had a few spoons of ice cream.', 'Declined food; a few sips of lemonade.', 'Managed half a yoghurt.'])} ${pick(random, ['Sat with Eileen for ten minutes; she is coping but tired.', 'Eileen went for a walk while we were there.', 'Fentanyl patch in place on the left upper arm (checked).'])}`,
    mood: pick(random, ['settled', 'quiet', 'quiet', day < 4 ? 'agitated' : 'settled']),
    fluid_ml: between(random, 25, 150),
    food_portion: pick(random, ['little', 'none', 'declined']),
    food_description: '',
    bowel: '',
    bladder: random() < 0.5 ? 'incontinent' : '',
    concern: false,
    escalated_to: '',
    body_map_reference: '',
  };
}

const JORDAN_DAYS = ['Sunday: his mum Carol visits in the afternoon', 'Monday: swimming at Kirkstall leisure centre', 'Tuesday: college', 'Wednesday: cooking club at the community centre', 'Thursday: college', 'Friday: the disco at the Leeds Irish Centre', 'Saturday: football in Armley Park'];

function jordan({ weekday }: DemoDay, call: DemoCall, random: () => number): DemoNote {
  const author = pick(random, call.carers);
  const college = weekday === 2 || weekday === 4;
  const plan = JORDAN_DAYS[weekday]!;
  const notes: Record<string, () => Pick<DemoNote, 'category' | 'note' | 'food_description' | 'food_portion'>> = {
    '09:00': () => {
      const breakfast = pick(random, ['cereal with milk', 'toast and jam', 'a bagel with cream cheese', 'a boiled egg he timed himself', 'porridge in the microwave']);
      return {
        category: 'social',
        note: `${pick(random, ['Jordan got himself up with the picture timetable', 'Jordan was up before I arrived, dressed and ready', 'Jordan needed two prompts to get up; he said he stayed up late on his tablet', 'Jordan woke at 08:40 and showered with a prompt about the water temperature'])} and made ${breakfast}. Today is ${plan}. ${college ? pick(random, ['Checked the bus times on his phone together; walked to the stop and he caught the 50 on his own.', 'He packed his bag from the checklist (pass, lunch, phone, EpiPen) and got the bus.', 'Went over his route with the picture card; he texted me from college at 09:45.']) : pick(random, ['We wrote the plan on the whiteboard together.', 'He chose what to wear and packed his bag himself.', 'He wanted to change the plan; we agreed to do the shopping first.', 'He asked to phone his mum first, which he did.'])}`,
        food_description: breakfast,
        food_portion: pick(random, ['all', 'all', 'most']),
      };
    },
    '14:00': () => {
      const lunch = pick(random, ['beans on toast', 'a wrap with chicken', 'pasta salad', 'a sandwich he made', 'soup and bread', 'a jacket potato with cheese']);
      return {
        category: college ? 'social' : pick(random, ['household', 'social']),
        note: college
          ? `Jordan back from college at ${pick(random, ['13:35', '13:40', '13:50', '14:05'])}, ${pick(random, ['pleased: they made pizza in the catering class', 'tired but happy: he showed me the birdhouse he is making', 'proud: he passed his kitchen safety quiz', 'a bit flat: his friend Mo was off sick'])}. Lunch: ${lunch}. ${pick(random, ['He rested in his room for an hour.', 'We watched a quiz show together.', 'He helped unload the dishwasher.'])}`
          : `${pick(random, ['Budgeting session: he counted his £25 for the week into the envelopes.', 'Supported Jordan to hoover and put his washing away; he did most of it himself.', 'Went to Morrisons; he found everything on his list and paid at the till with the card.', 'Changed his bed together; he did the pillowcases on his own for the first time.', `Out for ${plan.split(': ')[1]}; he enjoyed it.`])} Lunch: ${lunch}. ${pick(random, ['He said he was happy with how the day went.', 'He asked when his mum is next coming.', 'He chose a film for this evening.', ''])}`.trim(),
        food_description: lunch,
        food_portion: pick(random, ['all', 'most']),
      };
    },
    '21:00': () => {
      const meal = pick(random, ['spaghetti bolognese', 'chicken fajitas', 'fish fingers, chips and peas', 'a stir fry', 'sausage casserole', 'homemade pizza', 'chilli con carne']);
      return {
        category: pick(random, ['mood-wellbeing', 'nutrition-hydration']),
        note: `Jordan cooked ${meal} with ${pick(random, ['support to use the hob safely', 'prompts about washing his hands after the raw meat', 'only a little help this time', 'help to read the recipe card'])}. ${pick(random, ['Evening medication prompted and taken.', 'Evening tablets taken with a prompt.'])} ${pick(random, ['He watched a film in the lounge with the other tenants.', 'Phoned his mum, Carol, and was happy after.', 'Played pool with Sam in the shared lounge.', 'Listened to music in his room.', 'Had a bath; water temperature checked first.'])} ${pick(random, ['In bed by 22:30.', 'Went to his room at 22:00 to play on his tablet.', 'Settled by 22:15; night staff told.', 'Said goodnight at 22:45.'])}`,
        food_description: meal,
        food_portion: pick(random, ['all', 'most']),
      };
    },
  };
  return {
    time: call.time,
    author,
    mood: pick(random, ['happy', 'happy', 'settled', 'anxious']),
    fluid_ml: between(random, 250, 500),
    bowel: '',
    bladder: '',
    concern: false,
    escalated_to: '',
    body_map_reference: '',
    ...notes[call.time]!(),
  };
}

export type DemoClientPlan = {
  /** 1-based position of the demo client (demo-rows.ts). */
  client: number;
  calls: readonly DemoCall[];
  write: (day: DemoDay, call: DemoCall, random: () => number) => DemoNote;
  /** Days (counting back) with no calls: Irene has been in hospital since her fall. */
  noCallsSince?: number;
};

const PEGGY_CARERS = ['Grace Okoro', 'Tendai Moyo', 'Lucy Hart'];

export const DEMO_NOTE_PLANS: readonly DemoClientPlan[] = [
  {
    client: 1,
    calls: [
      { time: '08:00', category: 'personal-care', carers: PEGGY_CARERS },
      { time: '12:30', category: 'nutrition-hydration', carers: PEGGY_CARERS },
      { time: '17:30', category: 'nutrition-hydration', carers: PEGGY_CARERS },
      { time: '20:30', category: 'personal-care', carers: ['Lucy Hart', 'Tendai Moyo'] },
    ],
    write: peggy,
  },
  {
    client: 2,
    calls: [
      { time: '08:15', category: 'medication', carers: ['Kofi Asante', 'Lucy Hart'] },
      { time: '17:00', category: 'nutrition-hydration', carers: ['Kofi Asante', 'Grace Okoro'] },
    ],
    write: desmond,
  },
  {
    client: 3,
    calls: [
      { time: '08:30', category: 'personal-care', carers: ['Grace Okoro', 'Ana Ribeiro'] },
      { time: '13:00', category: 'nutrition-hydration', carers: ['Ana Ribeiro'] },
      { time: '18:30', category: 'household', carers: ['Ana Ribeiro', 'Tendai Moyo'] },
    ],
    write: irene,
    noCallsSince: 11,
  },
  {
    client: 4,
    calls: ['07:45', '12:00', '16:30', '21:00'].map((time) => ({ time, category: 'personal-care', carers: ['Tendai Moyo', 'Ana Ribeiro'] })),
    write: tom,
  },
  {
    client: 5,
    calls: [
      { time: '09:00', category: 'social', carers: ['Daniel Reid', 'Priya Nair', 'Sam Holt'] },
      { time: '14:00', category: 'household', carers: ['Daniel Reid', 'Priya Nair'] },
      { time: '21:00', category: 'mood-wellbeing', carers: ['Sam Holt', 'Priya Nair'] },
    ],
    write: jordan,
  },
];

/** Events that replace the usual note of a call: the concerns of the month, each escalated. */
export const DEMO_EVENTS: readonly ({ client: number; day: number } & DemoNote)[] = [
  {
    client: 1,
    day: 19,
    time: '12:30',
    category: 'skin',
    author: 'Grace Okoro',
    note: 'Found a bruise about 3 cm across on Peggy’s left shin, purple, not swollen. She says she knocked it on the coffee table yesterday. She can stand and walk as usual and says it is not painful. Body map completed. She is on warfarin, so I phoned the office.',
    mood: 'settled',
    fluid_ml: 300,
    food_portion: 'most',
    food_description: 'fish pie and green beans',
    bowel: '',
    bladder: '',
    concern: true,
    escalated_to: 'Oliver Office, care coordinator (phoned 12:55); he told Susan Ellison and the anticoagulation clinic',
    body_map_reference: 'Body map 1: left shin, front',
  },
  {
    client: 1,
    day: 8,
    time: '08:00',
    category: 'continence',
    author: 'Tendai Moyo',
    note: 'Urine dark and strong-smelling in the pad this morning. Peggy more muddled than usual: she thought it was Sunday and asked for her late husband. Only about 600 ml drunk yesterday by the notes. No temperature (36.9). Encouraged a full glass of water and left the jug filled.',
    mood: 'confused',
    fluid_ml: 300,
    food_portion: 'half',
    food_description: 'porridge with honey',
    bowel: '',
    bladder: 'urine-concern',
    concern: true,
    escalated_to: 'Office (Maya Manager) who booked a GP call; Susan Ellison informed at 09:10',
    body_map_reference: '',
  },
  {
    client: 2,
    day: 12,
    time: '08:15',
    category: 'incident-concern',
    author: 'Kofi Asante',
    note: 'Blood glucose 3.6 mmol/L before breakfast; Desmond shaky and sweaty. Gave 150 ml of orange juice as his hypo plan says, rechecked after 15 minutes: 5.2 mmol/L. Then breakfast with toast. He had skipped supper last night. Stayed until he was well.',
    mood: 'anxious',
    fluid_ml: 400,
    food_portion: 'all',
    food_description: 'orange juice then wholemeal toast',
    bowel: '',
    bladder: '',
    concern: true,
    escalated_to: 'On-call manager (Maya Manager), who told the district nurse; Abigail Achebe informed',
    body_map_reference: '',
  },
  {
    client: 2,
    day: 5,
    time: '08:15',
    category: 'skin',
    author: 'Lucy Hart',
    note: 'Small blister (about 1 cm) on the back of the right heel during the foot check. Not broken. Desmond did not know it was there (neuropathy). Covered with a dry dressing from the first-aid box and asked him to wear his wide slippers.',
    mood: 'settled',
    fluid_ml: 300,
    food_portion: 'all',
    food_description: 'porridge made with semi-skimmed milk',
    bowel: '',
    bladder: '',
    concern: true,
    escalated_to: 'Office (Oliver Office) who referred him to the district nurse and the podiatrist',
    body_map_reference: 'Body map 2: right heel, back',
  },
  {
    client: 3,
    day: 11,
    time: '08:30',
    category: 'incident-concern',
    author: 'Grace Okoro',
    note: 'Found Renia on the kitchen floor when I let myself in at 08:32. She was awake and knew where she was; said she fell in the night going for water and could not get up. Right wrist swollen and painful, she could not move her fingers well. Did not move her; kept her warm with a blanket and pillow. Called 999 at 08:35, ambulance came at 09:20 and took her to the Royal Free.',
    mood: 'distressed',
    fluid_ml: 100,
    food_portion: '',
    food_description: '',
    bowel: '',
    bladder: '',
    concern: true,
    escalated_to: '999 ambulance (08:35); office (Oliver Office); Agnieszka Kowalczyk, daughter (08:50)',
    body_map_reference: 'Body map 3: right wrist',
  },
  {
    client: 4,
    day: 10,
    time: '16:30',
    category: 'skin',
    author: 'Tendai Moyo and Ana Ribeiro',
    note: 'Redness over the sacrum that did not fade when pressed (about 4 cm). Skin not broken. Tom repositioned onto his left side with the wedge; the mattress pump checked and on the right setting.',
    mood: 'quiet',
    fluid_ml: 75,
    food_portion: 'little',
    food_description: 'half a yoghurt',
    bowel: '',
    bladder: 'incontinent',
    concern: true,
    escalated_to: 'Camden district nurses (Sister Okafor) by phone at 16:50; office informed',
    body_map_reference: 'Body map 4: sacrum',
  },
  {
    client: 4,
    day: 3,
    time: '21:00',
    category: 'mood-wellbeing',
    author: 'Tendai Moyo and Ana Ribeiro',
    note: 'Tom more breathless than this morning and restless, pulling at the sheets. Eileen upset. He said he was not in pain when asked but grimaced when moved.',
    mood: 'agitated',
    fluid_ml: 50,
    food_portion: 'declined',
    food_description: '',
    bowel: '',
    bladder: '',
    concern: true,
    escalated_to: 'District nurse out-of-hours team, who visited at 22:15 and gave just-in-case medicine; on-call manager informed',
    body_map_reference: '',
  },
  {
    client: 5,
    day: 15,
    time: '21:00',
    category: 'incident-concern',
    author: 'Sam Holt',
    note: 'Jordan had a tonic-clonic seizure at 19:40 in the lounge, lasting about 2 minutes (timed). Cushioned his head, moved the coffee table, put him in the recovery position after. No injuries seen, tongue not bitten. He slept for an hour and was tired but himself after. Rescue medicine not needed (under 5 minutes). Seizure chart filled in.',
    mood: 'quiet',
    fluid_ml: 300,
    food_portion: 'half',
    food_description: 'toast after he woke',
    bowel: '',
    bladder: 'incontinent',
    concern: true,
    escalated_to: 'On-call manager (Maya Manager); Carol Pickering (mum) phoned at 20:30',
    body_map_reference: '',
  },
];

/** The note a carer corrected: typed 1500 ml instead of 150 ml. */
export const DEMO_CORRECTION = {
  client: 1,
  day: 6,
  time: '12:30',
  wrongFluidMl: 1500,
  fluidMl: 150,
  reason: 'Typed 1500 ml by mistake: Peggy drank one glass of squash (150 ml) at lunch.',
};
