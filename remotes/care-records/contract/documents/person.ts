import { defineDocument, type DocumentPermissions, type DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "person" group of the client record (../record-tabs.ts): who the person is, how
// they like to live, communicate and be supported, and what they have agreed to. They follow the forms UK
// agencies use: the one-page profile, the NHS hospital passport and the Alzheimer's Society's "This is me", the
// Accessible Information Standard (DCB1605), CQC's guidance on relationships and sexuality in adult social care,
// ReSPECT and advance decisions under the Mental Capacity Act 2005, and consent under the MCA with LPAs.

const PERMISSIONS: DocumentPermissions = { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' };

const RECORDED_BY = {
  key: 'recorded_by',
  label: 'Recorded by',
  kind: 'signature',
  hint: 'The member of staff who wrote this with the person.',
  required: true,
} as const;

const WHO_CONTRIBUTED = [
  { value: 'person', label: 'The person' },
  { value: 'family', label: 'Family or friends' },
  { value: 'attorney', label: 'Attorney or deputy' },
  { value: 'advocate', label: 'Advocate' },
  { value: 'care-staff', label: 'Care staff who know the person' },
  { value: 'professionals', label: 'Social worker or health professionals' },
] as const;

const PLACES_OF_CARE = [
  { value: 'home', label: 'At home' },
  { value: 'hospice', label: 'In a hospice' },
  { value: 'hospital', label: 'In hospital' },
  { value: 'care-home', label: 'In a care or nursing home' },
  { value: 'family-home', label: "At a relative's home" },
  { value: 'not-decided', label: 'Not decided yet' },
] as const;

const personalProfile = defineDocument({
  name: 'personal-profile',
  title: 'Personal profile',
  description: 'A one-page picture of the person: what people admire about them, what matters to them and how best to support them, with their life story.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'about_me',
      title: 'About me',
      intro: 'Write it with the person, in their words where you can ("I like…").',
      fields: [
        { key: 'admired_for', label: 'What people like and admire about me', kind: 'long-text', required: true },
        { key: 'important_to_me', label: 'What is important to me', kind: 'long-text', required: true, hint: 'People, routines, places, belongings, being in control of…' },
        { key: 'how_to_support_me', label: 'How best to support me', kind: 'long-text', required: true, hint: 'What good support looks like from my side: pace, tone, what to do and not do.' },
        { key: 'what_i_can_do', label: 'What I can do for myself', kind: 'long-text', hint: 'So that staff do not take over.' },
      ],
    },
    {
      key: 'life_story',
      title: 'My life story',
      fields: [
        { key: 'life_history', label: 'My life so far', kind: 'long-text', required: true, hint: 'Where I grew up, family, moves, big events.' },
        { key: 'work_and_roles', label: 'Work and roles I have had', kind: 'long-text' },
        {
          key: 'important_people',
          label: 'People who are important to me',
          kind: 'rows',
          required: true,
          hint: 'Include people who have died if they still matter to the person.',
          columns: [
            { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120 },
            { key: 'relationship', label: 'Who they are to me', kind: 'text', required: true, maxLength: 120 },
            { key: 'contact', label: 'How often we are in touch', kind: 'text', maxLength: 200 },
          ],
        },
        { key: 'dates_that_matter', label: 'Dates, places and events that matter to me', kind: 'long-text', hint: 'Birthdays, anniversaries, the date someone died: staff should know before the day.' },
      ],
    },
    {
      key: 'home_and_interests',
      title: 'Home and interests',
      fields: [
        {
          key: 'lives_with',
          label: 'I live',
          kind: 'choice',
          required: true,
          options: [
            { value: 'alone', label: 'Alone' },
            { value: 'partner', label: 'With my partner or spouse' },
            { value: 'family', label: 'With family' },
            { value: 'shared', label: 'In a shared house with support' },
            { value: 'other', label: 'Other' },
          ],
        },
        { key: 'pets', label: 'Pets', kind: 'text', maxLength: 300 },
        { key: 'interests', label: 'My interests and what I enjoy', kind: 'long-text', required: true },
        { key: 'worries', label: 'Things that upset or worry me, and what helps', kind: 'long-text' },
      ],
    },
    {
      key: 'how_written',
      title: 'How this profile was written',
      fields: [
        { key: 'contributors', label: 'Who helped to write it', kind: 'multi-choice', required: true, options: WHO_CONTRIBUTED },
        { key: 'person_agrees', label: 'I have read or heard this profile and agree with it', kind: 'yes-no', required: true },
        { key: 'not_agreed_why', label: 'Why not, and what the person would change', kind: 'long-text', required: true, showWhen: { field: 'person_agrees', equals: [false] } },
        { key: 'person_signature', label: 'Signed by the person', kind: 'signature', hint: 'Leave empty if the person cannot or prefers not to sign.' },
        RECORDED_BY,
      ],
    },
  ],
});

const pleasantDay = defineDocument({
  name: 'pleasent-day',
  title: 'A pleasant day',
  description: 'What makes a good day and a bad day for the person, and their day and week as they like them to run.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'good_and_bad_days',
      title: 'Good days and bad days',
      fields: [
        { key: 'good_day', label: 'A good day for me looks like', kind: 'long-text', required: true },
        { key: 'bad_day', label: 'A bad day for me looks like', kind: 'long-text', required: true },
        { key: 'bad_day_signs', label: 'How you can tell I am having a bad day', kind: 'long-text', required: true },
        { key: 'what_helps', label: 'What helps to turn a bad day around', kind: 'long-text', required: true },
        { key: 'small_pleasures', label: 'Small things that make my day', kind: 'long-text', hint: 'A favourite chair, a radio programme, a phone call, the curtains open.' },
      ],
    },
    {
      key: 'my_day',
      title: 'My day',
      intro: 'The day as the person likes it, in time order. Visits should fit around it, not the other way round.',
      fields: [
        { key: 'wake_time', label: 'I usually wake at', kind: 'time' },
        { key: 'bed_time', label: 'I usually go to bed at', kind: 'time' },
        {
          key: 'routine',
          label: 'My day, hour by hour',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'time', label: 'Time', kind: 'time', required: true },
            { key: 'activity', label: 'What I do', kind: 'text', required: true, maxLength: 300 },
            { key: 'support', label: 'How to support me', kind: 'long-text', maxLength: 1000 },
            { key: 'on_my_own', label: 'I do this on my own', kind: 'yes-no' },
          ],
        },
      ],
    },
    {
      key: 'my_week',
      title: 'My week',
      fields: [
        {
          key: 'weekly_pattern',
          label: 'Regular things in my week',
          kind: 'rows',
          columns: [
            {
              key: 'day',
              label: 'Day',
              kind: 'choice',
              required: true,
              options: [
                { value: 'monday', label: 'Monday' },
                { value: 'tuesday', label: 'Tuesday' },
                { value: 'wednesday', label: 'Wednesday' },
                { value: 'thursday', label: 'Thursday' },
                { value: 'friday', label: 'Friday' },
                { value: 'saturday', label: 'Saturday' },
                { value: 'sunday', label: 'Sunday' },
                { value: 'every-day', label: 'Every day' },
              ],
            },
            { key: 'what', label: 'What happens', kind: 'text', required: true, maxLength: 300 },
            { key: 'who', label: 'Who with', kind: 'text', maxLength: 200 },
          ],
        },
      ],
    },
    {
      key: 'night',
      title: 'Evenings and nights',
      fields: [
        { key: 'settling', label: 'How I like to settle for the night', kind: 'long-text', required: true },
        { key: 'wakes_at_night', label: 'I often wake in the night', kind: 'yes-no' },
        { key: 'night_support', label: 'What I do when I wake, and what helps me back to sleep', kind: 'long-text', showWhen: { field: 'wakes_at_night', equals: [true] } },
        RECORDED_BY,
      ],
    },
  ],
});

const hospitalPassport = defineDocument({
  name: 'hospital-passport',
  title: 'Hospital passport',
  description: 'What hospital staff must know if the person goes into hospital, in the NHS hospital passport\'s three parts: things you must know, things that are important to me, my likes and dislikes. Print it and send it with the person.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'must_know',
      title: 'Things you must know about me',
      fields: [
        { key: 'known_as', label: 'I like to be called', kind: 'text', required: true, maxLength: 120 },
        { key: 'next_of_kin', label: 'Next of kin (name, relationship, phone)', kind: 'text', required: true, maxLength: 300 },
        {
          key: 'decision_maker',
          label: 'Who can make health decisions for me if I cannot',
          kind: 'choice',
          required: true,
          options: [
            { value: 'self', label: 'I make my own decisions' },
            { value: 'lpa-health', label: 'An attorney under a registered health and welfare LPA' },
            { value: 'deputy', label: 'A deputy appointed by the Court of Protection' },
            { value: 'none', label: 'No one: decisions are made in my best interests' },
          ],
        },
        { key: 'decision_maker_name', label: 'Attorney or deputy (name and phone)', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'decision_maker', equals: ['lpa-health', 'deputy'] } },
        { key: 'allergies', label: 'Allergies and what happens', kind: 'long-text', required: true, sensitivity: 'clinical', hint: 'Write "None known" if there are none.' },
        { key: 'conditions', label: 'My health conditions', kind: 'long-text', required: true, sensitivity: 'clinical' },
        { key: 'medicines', label: 'Medicines I take and how', kind: 'long-text', required: true, sensitivity: 'clinical', hint: 'Send the MAR chart or the pharmacy list with me; say how I take tablets (whole, with yoghurt, liquid).' },
        {
          key: 'resuscitation',
          label: 'Resuscitation',
          kind: 'choice',
          required: true,
          sensitivity: 'clinical',
          options: [
            { value: 'for-cpr', label: 'For CPR: no DNACPR decision in place' },
            { value: 'dnacpr', label: 'DNACPR decision in place (ReSPECT or DNACPR form at home)' },
            { value: 'not-discussed', label: 'Not discussed yet' },
          ],
        },
        { key: 'capacity_and_consent', label: 'My capacity and how to get my consent', kind: 'long-text', sensitivity: 'clinical' },
      ],
    },
    {
      key: 'important',
      title: 'Things that are important to me',
      fields: [
        { key: 'communication', label: 'How I communicate and how to talk with me', kind: 'long-text', required: true },
        {
          key: 'aids',
          label: 'Aids I use (bring them with me)',
          kind: 'multi-choice',
          options: [
            { value: 'glasses', label: 'Glasses' },
            { value: 'hearing-aid', label: 'Hearing aid' },
            { value: 'dentures', label: 'Dentures' },
            { value: 'walking-aid', label: 'Walking stick or frame' },
            { value: 'wheelchair', label: 'Wheelchair' },
            { value: 'continence-products', label: 'Continence products' },
            { value: 'communication-aid', label: 'Communication aid or pictures' },
          ],
        },
        { key: 'mobility', label: 'Moving around, transfers and falls', kind: 'long-text', required: true },
        { key: 'eating_drinking', label: 'Eating and drinking', kind: 'long-text', required: true, sensitivity: 'clinical', hint: 'Diet, texture (IDDSI level), thickened fluids, help needed, risk of choking.' },
        { key: 'personal_care', label: 'Washing, dressing, toilet and continence', kind: 'long-text', sensitivity: 'clinical' },
        { key: 'pain', label: 'How I show pain or distress', kind: 'long-text', required: true, sensitivity: 'clinical' },
        { key: 'sleep', label: 'Sleep', kind: 'text', maxLength: 500 },
        { key: 'keeping_safe', label: 'Keeping me safe (wandering, leaving the ward, things I might pull out)', kind: 'long-text' },
      ],
    },
    {
      key: 'likes',
      title: 'My likes and dislikes',
      fields: [
        { key: 'likes', label: 'Things I like', kind: 'long-text', required: true, hint: 'What calms me, what I like to talk about, food, music.' },
        { key: 'dislikes', label: "Things I don't like", kind: 'long-text', required: true },
        { key: 'person_involved', label: 'The person helped to write this passport', kind: 'yes-no', required: true },
        RECORDED_BY,
      ],
    },
  ],
});

const HEARING = [
  { value: 'no-difficulty', label: 'No difficulty' },
  { value: 'hard-of-hearing', label: 'Hard of hearing, no aid' },
  { value: 'hearing-aids', label: 'Wears hearing aids' },
  { value: 'deaf', label: 'Deaf' },
] as const;

const SIGHT = [
  { value: 'no-difficulty', label: 'No difficulty' },
  { value: 'glasses', label: 'Wears glasses' },
  { value: 'partially-sighted', label: 'Sight impaired (partially sighted)' },
  { value: 'blind', label: 'Severely sight impaired (blind)' },
] as const;

const communications = defineDocument({
  name: 'communications',
  title: 'Communication',
  description: 'How the person communicates and the information and communication support they need, recorded as the Accessible Information Standard asks: identified, recorded, flagged, shared and met.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'language',
      title: 'Language',
      fields: [
        { key: 'first_language', label: 'First language', kind: 'text', required: true, maxLength: 100 },
        {
          key: 'english',
          label: 'Spoken English',
          kind: 'choice',
          required: true,
          options: [
            { value: 'fluent', label: 'Fluent' },
            { value: 'everyday', label: 'Everyday conversation, not complex matters' },
            { value: 'little', label: 'A little' },
            { value: 'none', label: 'None' },
          ],
        },
        {
          key: 'interpreter',
          label: 'Interpreter needed for important conversations',
          kind: 'choice',
          required: true,
          options: [
            { value: 'not-needed', label: 'Not needed' },
            { value: 'family', label: 'A family member, by the person\'s choice' },
            { value: 'professional', label: 'A professional interpreter' },
            { value: 'bsl', label: 'A BSL interpreter' },
          ],
          hint: 'For health decisions and consent a professional interpreter is best practice, even when family help day to day.',
        },
        { key: 'interpreter_details', label: 'Interpreter: who, language, how to book', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'interpreter', equals: ['family', 'professional', 'bsl'] } },
      ],
    },
    {
      key: 'how_i_communicate',
      title: 'How I communicate',
      fields: [
        {
          key: 'methods',
          label: 'Ways I communicate',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'speech', label: 'Speech' },
            { value: 'bsl', label: 'British Sign Language' },
            { value: 'makaton', label: 'Makaton' },
            { value: 'gestures', label: 'Gestures and pointing' },
            { value: 'pictures', label: 'Pictures, symbols or objects' },
            { value: 'writing', label: 'Writing' },
            { value: 'device', label: 'A communication aid or app' },
            { value: 'behaviour', label: 'Facial expression, sounds and behaviour' },
          ],
        },
        { key: 'understanding', label: 'How I understand you best', kind: 'long-text', required: true },
        { key: 'expressing', label: 'How I tell you what I want, and how I say yes and no', kind: 'long-text', required: true },
        { key: 'best_time', label: 'When and where to talk about important things', kind: 'text', maxLength: 500 },
      ],
    },
    {
      key: 'senses',
      title: 'Hearing and sight',
      fields: [
        { key: 'hearing', label: 'Hearing', kind: 'choice', required: true, options: HEARING },
        { key: 'hearing_support', label: 'Hearing: what helps', kind: 'long-text', required: true, showWhen: { field: 'hearing', equals: ['hard-of-hearing', 'hearing-aids', 'deaf'] } },
        { key: 'sight', label: 'Sight', kind: 'choice', required: true, options: SIGHT },
        { key: 'sight_support', label: 'Sight: what helps', kind: 'long-text', required: true, showWhen: { field: 'sight', equals: ['glasses', 'partially-sighted', 'blind'] } },
        {
          key: 'aids',
          label: 'Communication aids and their care',
          kind: 'rows',
          columns: [
            { key: 'aid', label: 'Aid', kind: 'text', required: true, maxLength: 200 },
            { key: 'kept', label: 'Where it is kept', kind: 'text', maxLength: 200 },
            { key: 'care', label: 'Care and checks', kind: 'text', maxLength: 500, hint: 'Batteries, cleaning, charging.' },
          ],
        },
      ],
    },
    {
      key: 'accessible_information',
      title: 'Accessible information',
      intro: 'Letters, invoices, care plans and appointments in the format the person can use (Accessible Information Standard).',
      fields: [
        {
          key: 'formats',
          label: 'Information given to me as',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'standard-print', label: 'Standard print' },
            { value: 'large-print', label: 'Large print' },
            { value: 'easy-read', label: 'Easy read' },
            { value: 'braille', label: 'Braille' },
            { value: 'audio', label: 'Audio' },
            { value: 'translated', label: 'Translated into my language' },
            { value: 'read-aloud', label: 'Read and explained to me' },
            { value: 'email', label: 'Email' },
          ],
        },
        {
          key: 'contact_by',
          label: 'Contact me by',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'phone', label: 'Phone call' },
            { value: 'text', label: 'Text message' },
            { value: 'letter', label: 'Letter' },
            { value: 'email', label: 'Email' },
            { value: 'named-contact', label: 'Through a named contact' },
          ],
        },
        { key: 'named_contact', label: 'Named contact for information', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'contact_by', equals: ['named-contact'] } },
        { key: 'share_needs', label: 'I agree these needs are shared with services that support me (GP, hospital, council)', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'tips',
      title: 'Tips for staff',
      fields: [
        { key: 'do', label: 'Do', kind: 'long-text', required: true },
        { key: 'dont', label: "Don't", kind: 'long-text' },
        RECORDED_BY,
      ],
    },
  ],
});

const preferences = defineDocument({
  name: 'preferences',
  title: 'Preferences',
  description: 'How the person likes things done: food and drink, personal care, clothes and their home.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'food',
      title: 'Food and drink',
      fields: [
        {
          key: 'diet',
          label: 'Diet',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'no-special', label: 'No special diet' },
            { value: 'diabetic', label: 'Diabetic (low sugar, regular carbohydrate)' },
            { value: 'vegetarian', label: 'Vegetarian' },
            { value: 'vegan', label: 'Vegan' },
            { value: 'halal', label: 'Halal' },
            { value: 'kosher', label: 'Kosher' },
            { value: 'soft', label: 'Soft or modified texture' },
            { value: 'low-salt', label: 'Low salt' },
            { value: 'gluten-free', label: 'Gluten free' },
            { value: 'allergy', label: 'Food allergy (see allergies)' },
          ],
        },
        { key: 'food_likes', label: 'Food I enjoy', kind: 'long-text', required: true },
        { key: 'food_dislikes', label: "Food I don't eat", kind: 'long-text', required: true },
        { key: 'drinks', label: 'Drinks, and how I take them', kind: 'long-text', required: true, hint: 'Tea: strength, milk, sugar; cup or mug; how many a day.' },
        { key: 'mealtimes', label: 'Meal times and where I like to eat', kind: 'text', maxLength: 500 },
      ],
    },
    {
      key: 'personal_care',
      title: 'Personal care and appearance',
      fields: [
        {
          key: 'washing',
          label: 'I prefer',
          kind: 'choice',
          required: true,
          options: [
            { value: 'shower', label: 'A shower' },
            { value: 'bath', label: 'A bath' },
            { value: 'strip-wash', label: 'A strip wash at the sink' },
            { value: 'bed-bath', label: 'A wash in bed' },
          ],
        },
        { key: 'washing_when', label: 'When and how I like to wash', kind: 'long-text', required: true },
        { key: 'toiletries', label: 'Toiletries and products I use', kind: 'text', maxLength: 500 },
        { key: 'appearance', label: 'Hair, shaving, make-up, nails and jewellery', kind: 'long-text' },
        { key: 'clothes', label: 'Clothes I like to wear', kind: 'long-text' },
      ],
    },
    {
      key: 'home',
      title: 'My home',
      fields: [
        { key: 'home_ways', label: 'How I like my home kept', kind: 'long-text', required: true, hint: 'Heating, curtains, where things go, what not to move.' },
        { key: 'shoes_off', label: 'Staff should take their shoes off or wear shoe covers', kind: 'yes-no' },
        { key: 'tv_radio_music', label: 'Television, radio and music', kind: 'text', maxLength: 500 },
        { key: 'never_do', label: 'Things I never want done', kind: 'long-text' },
        { key: 'contributors', label: 'Who told us these preferences', kind: 'multi-choice', required: true, options: WHO_CONTRIBUTED },
        RECORDED_BY,
      ],
    },
  ],
});

const staffPreference = defineDocument({
  name: 'staff-preference',
  title: 'Staff preference',
  description: 'Who the person wants, and does not want, to support them: for the rota. A carer declined here is never scheduled without asking the person again.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'gender',
      title: 'Gender of carers',
      fields: [
        {
          key: 'gender_preference',
          label: 'Gender preference',
          kind: 'choice',
          required: true,
          options: [
            { value: 'none', label: 'No preference' },
            { value: 'female', label: 'Women only' },
            { value: 'male', label: 'Men only' },
            { value: 'female-personal-care', label: 'Women for personal care, anyone for other tasks' },
            { value: 'male-personal-care', label: 'Men for personal care, anyone for other tasks' },
          ],
        },
        { key: 'gender_reason', label: 'Why this matters to me', kind: 'long-text', showWhen: { field: 'gender_preference', equals: ['female', 'male', 'female-personal-care', 'male-personal-care'] } },
      ],
    },
    {
      key: 'named_carers',
      title: 'Named carers',
      intro: 'Do not record allegations here: raise a safeguarding concern and tell the manager.',
      fields: [
        {
          key: 'preferred_carers',
          label: 'Carers I would like',
          kind: 'rows',
          columns: [
            { key: 'name', label: 'Carer', kind: 'text', required: true, maxLength: 120 },
            { key: 'reason', label: 'Why', kind: 'text', maxLength: 500 },
          ],
        },
        {
          key: 'declined_carers',
          label: 'Carers I do not want',
          kind: 'rows',
          columns: [
            { key: 'name', label: 'Carer', kind: 'text', required: true, maxLength: 120 },
            { key: 'reason', label: 'Reason given', kind: 'text', maxLength: 500 },
            { key: 'since', label: 'Since', kind: 'date' },
          ],
        },
        {
          key: 'continuity',
          label: 'Seeing the same carers',
          kind: 'choice',
          required: true,
          options: [
            { value: 'essential', label: 'Essential: a small regular team only' },
            { value: 'important', label: 'Important, but new carers are fine if introduced' },
            { value: 'not-important', label: 'Not important to me' },
          ],
        },
        {
          key: 'new_carers',
          label: 'When a new carer comes',
          kind: 'choice',
          required: true,
          options: [
            { value: 'shadow', label: 'They first come with a carer I know' },
            { value: 'tell-me', label: 'Tell me their name before the visit' },
            { value: 'no-need', label: 'No need to tell me' },
          ],
        },
      ],
    },
    {
      key: 'language_and_skills',
      title: 'Language, culture and skills',
      fields: [
        { key: 'languages', label: 'Languages carers should speak', kind: 'text', maxLength: 300 },
        { key: 'language_essential', label: 'Speaking that language is essential, not just helpful', kind: 'yes-no' },
        { key: 'cultural_requests', label: 'Cultural or religious requests of carers', kind: 'long-text', hint: 'Modest dress, shoes off, same faith, not on a holy day.' },
        {
          key: 'requirements',
          label: 'Carers must',
          kind: 'multi-choice',
          options: [
            { value: 'driver', label: 'Drive (for appointments or shopping)' },
            { value: 'non-smoker', label: 'Not smoke' },
            { value: 'pets', label: 'Be comfortable with pets in the home' },
            { value: 'dementia', label: 'Have dementia training' },
            { value: 'diabetes', label: 'Have diabetes training' },
            { value: 'epilepsy', label: 'Be trained in epilepsy and rescue medicine' },
            { value: 'hoist', label: 'Be trained to use a hoist' },
          ],
        },
        { key: 'good_carer', label: 'What I look for in a carer', kind: 'long-text', required: true },
        { key: 'rota_notes', label: 'Notes for the rota coordinator', kind: 'long-text' },
        RECORDED_BY,
      ],
    },
  ],
});

const religiousNeeds = defineDocument({
  name: 'religious-spiritual-cultural-needs',
  title: 'Religious, spiritual and cultural needs',
  description: 'The person\'s faith, beliefs and culture, and how staff support them day to day, at festivals and at the end of life.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'beliefs',
      title: 'Faith and beliefs',
      fields: [
        {
          key: 'religion',
          label: 'Religion or belief',
          kind: 'choice',
          required: true,
          options: [
            { value: 'none', label: 'No religion' },
            { value: 'christian', label: 'Christian' },
            { value: 'muslim', label: 'Muslim' },
            { value: 'jewish', label: 'Jewish' },
            { value: 'hindu', label: 'Hindu' },
            { value: 'sikh', label: 'Sikh' },
            { value: 'buddhist', label: 'Buddhist' },
            { value: 'other', label: 'Another religion or belief' },
            { value: 'not-said', label: 'Prefers not to say' },
          ],
        },
        { key: 'denomination', label: 'Denomination or tradition, in my words', kind: 'text', maxLength: 200 },
        {
          key: 'importance',
          label: 'How important it is to me',
          kind: 'choice',
          required: true,
          options: [
            { value: 'central', label: 'Central to my life: I practise actively' },
            { value: 'important', label: 'Important, though I practise less now' },
            { value: 'cultural', label: 'Part of my culture more than belief' },
            { value: 'not-important', label: 'Not important to me' },
          ],
        },
        { key: 'place_of_worship', label: 'Place of worship and faith contact (name, phone)', kind: 'text', maxLength: 500 },
        { key: 'attending_support', label: 'I need support to attend services or receive visits', kind: 'yes-no', required: true },
        { key: 'attending_details', label: 'What support, when', kind: 'long-text', required: true, showWhen: { field: 'attending_support', equals: [true] } },
      ],
    },
    {
      key: 'practice',
      title: 'Practice at home',
      fields: [
        { key: 'daily_practice', label: 'Prayer, worship or practices in my day', kind: 'long-text', hint: 'Times, facing a direction, quiet, broadcasts, a rosary or prayer mat within reach.' },
        {
          key: 'festivals',
          label: 'Festivals and holy days',
          kind: 'rows',
          columns: [
            { key: 'name', label: 'Festival or day', kind: 'text', required: true, maxLength: 200 },
            { key: 'when', label: 'When', kind: 'text', maxLength: 100 },
            { key: 'support', label: 'How I mark it, and support I need', kind: 'long-text', maxLength: 1000 },
          ],
        },
        { key: 'food_rules', label: 'Food and drink rules I keep', kind: 'long-text', hint: 'Halal, kosher, no pork or beef, alcohol, separate utensils.' },
        { key: 'fasting', label: 'I fast for religious reasons', kind: 'yes-no' },
        { key: 'fasting_plan', label: 'Fasting: when, and the plan agreed with my GP or nurse', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'fasting', equals: [true] } },
        { key: 'modesty', label: 'Modesty, washing and personal care', kind: 'long-text', hint: 'Same-gender carer, washing in running water, head covering, the left hand.' },
        { key: 'objects', label: 'Religious objects, clothing or jewellery, and how to handle them', kind: 'long-text' },
      ],
    },
    {
      key: 'culture',
      title: 'Culture and identity',
      fields: [
        { key: 'culture', label: 'My cultural background and traditions that matter to me', kind: 'long-text', required: true },
        { key: 'end_of_life_faith', label: 'Faith wishes if I am very ill or dying', kind: 'long-text', hint: 'Who to call (priest, imam, rabbi), rites, what happens after death. See Last wishes too.' },
        RECORDED_BY,
      ],
    },
  ],
});

const involvementSexuality = defineDocument({
  name: 'involvement-sexuality',
  title: 'Relationships and sexuality',
  description: 'The relationships that matter to the person, their identity, and the support and privacy they want, as CQC\'s guidance on relationships and sexuality in adult social care asks. Intimate and safeguarding answers are restricted.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'relationships',
      title: 'Relationships',
      fields: [
        {
          key: 'relationship_status',
          label: 'Relationship status',
          kind: 'choice',
          required: true,
          options: [
            { value: 'single', label: 'Single' },
            { value: 'relationship', label: 'In a relationship' },
            { value: 'married', label: 'Married or in a civil partnership' },
            { value: 'widowed', label: 'Widowed' },
            { value: 'separated', label: 'Separated or divorced' },
            { value: 'not-said', label: 'Prefers not to say' },
          ],
        },
        { key: 'partner', label: 'Partner', kind: 'text', maxLength: 200, showWhen: { field: 'relationship_status', equals: ['relationship', 'married'] } },
        { key: 'relationships_that_matter', label: 'Relationships that matter to me, and how staff can help me keep them', kind: 'long-text', required: true },
        { key: 'privacy', label: 'Privacy I need', kind: 'long-text', hint: 'Time alone with a partner or visitors, knocking, closed doors, phone calls.' },
        { key: 'wants_to_meet_people', label: 'I would like support to meet people or make friends', kind: 'yes-no' },
        { key: 'meeting_people_support', label: 'What support', kind: 'long-text', showWhen: { field: 'wants_to_meet_people', equals: [true] } },
      ],
    },
    {
      key: 'identity',
      title: 'Identity',
      fields: [
        { key: 'pronouns', label: 'Pronouns', kind: 'text', maxLength: 50 },
        { key: 'gender_identity', label: 'Gender identity, in my words', kind: 'text', maxLength: 200 },
        {
          key: 'sexual_orientation',
          label: 'Sexual orientation',
          kind: 'choice',
          sensitivity: 'safeguarding',
          hint: 'Only with the person\'s consent; restricted.',
          options: [
            { value: 'heterosexual', label: 'Heterosexual or straight' },
            { value: 'gay-lesbian', label: 'Gay or lesbian' },
            { value: 'bisexual', label: 'Bisexual' },
            { value: 'other', label: 'Another orientation' },
            { value: 'not-said', label: 'Prefers not to say' },
          ],
        },
      ],
    },
    {
      key: 'intimacy',
      title: 'Intimacy and sexual health',
      intro: 'Restricted. Under the Mental Capacity Act no one can consent to sexual relations on the person\'s behalf, or decide them in their best interests.',
      fields: [
        { key: 'intimacy_support', label: 'Support I want with intimacy and sexual expression', kind: 'long-text', sensitivity: 'safeguarding', hint: 'Privacy, information, equipment, access to services.' },
        { key: 'sexual_health', label: 'Sexual health, contraception and screening', kind: 'long-text', sensitivity: 'clinical' },
        {
          key: 'capacity_for_relationships',
          label: 'Capacity to consent to sexual relationships',
          kind: 'choice',
          required: true,
          sensitivity: 'safeguarding',
          options: [
            { value: 'presumed', label: 'Presumed to have capacity: no reason to doubt it' },
            { value: 'doubt', label: 'Reason to doubt: a capacity assessment is needed' },
            { value: 'assessed-lacks', label: 'Assessed as lacking capacity (see Mental capacity)' },
            { value: 'not-applicable', label: 'Not relevant now' },
          ],
        },
      ],
    },
    {
      key: 'keeping_safe',
      title: 'Keeping safe',
      fields: [
        { key: 'concerns', label: 'There are concerns of exploitation, abuse or coercion in relationships', kind: 'yes-no', required: true, sensitivity: 'safeguarding' },
        { key: 'safeguarding_plan', label: 'The concern and the safeguarding plan (with the council\'s reference)', kind: 'long-text', required: true, sensitivity: 'safeguarding', showWhen: { field: 'concerns', equals: [true] } },
        { key: 'staff_boundaries', label: 'Boundaries for staff', kind: 'long-text', hint: 'How to respond to flirting, touch or questions about staff\'s private lives.' },
        { key: 'discussed_with_person', label: 'This was discussed with the person', kind: 'yes-no', required: true },
        { key: 'not_discussed_why', label: 'Why not', kind: 'long-text', required: true, showWhen: { field: 'discussed_with_person', equals: [false] } },
        RECORDED_BY,
      ],
    },
  ],
});

const lastWishes = defineDocument({
  name: 'last-wishes',
  title: 'Last wishes',
  description: 'The person\'s advance care plan: decisions about treatment (ReSPECT, DNACPR, an advance decision, LPA), where and how they want to be cared for at the end of life, and their wishes after death.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'conversation',
      title: 'Talking about the future',
      fields: [
        {
          key: 'willing_to_discuss',
          label: 'The person and planning ahead',
          kind: 'choice',
          required: true,
          options: [
            { value: 'discussed', label: 'Has talked about their wishes' },
            { value: 'later', label: 'Not yet: would like to talk later' },
            { value: 'declined', label: 'Does not want to talk about it: respect this' },
          ],
        },
        { key: 'who_was_involved', label: 'Who was part of the conversation', kind: 'text', maxLength: 500 },
      ],
    },
    {
      key: 'treatment',
      title: 'Decisions about treatment',
      intro: 'Copy from the forms themselves; the original ReSPECT or DNACPR form stays in the home where ambulance crews will look.',
      fields: [
        {
          key: 'treatment_plan',
          label: 'Emergency care plan in place',
          kind: 'choice',
          required: true,
          sensitivity: 'clinical',
          options: [
            { value: 'respect', label: 'ReSPECT form' },
            { value: 'dnacpr', label: 'DNACPR form only' },
            { value: 'none', label: 'None' },
            { value: 'not-known', label: 'Not known: ask the GP' },
          ],
        },
        {
          key: 'cpr',
          label: 'CPR decision',
          kind: 'choice',
          required: true,
          sensitivity: 'clinical',
          showWhen: { field: 'treatment_plan', equals: ['respect', 'dnacpr'] },
          options: [
            { value: 'for-cpr', label: 'For CPR' },
            { value: 'not-for-cpr', label: 'Not for CPR (DNACPR)' },
          ],
        },
        { key: 'plan_date', label: 'Date of the form', kind: 'date', required: true, sensitivity: 'clinical', showWhen: { field: 'treatment_plan', equals: ['respect', 'dnacpr'] } },
        { key: 'plan_location', label: 'Where the original form is kept', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'treatment_plan', equals: ['respect', 'dnacpr'] } },
        { key: 'treatment_priorities', label: 'What the form says about the focus of care', kind: 'long-text', sensitivity: 'clinical', showWhen: { field: 'treatment_plan', equals: ['respect'] } },
        { key: 'advance_decision', label: 'Advance decision to refuse treatment (ADRT)', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        { key: 'advance_decision_details', label: 'Treatments refused, in which circumstances, and where the document is', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'advance_decision', equals: [true] } },
        { key: 'health_lpa', label: 'Registered LPA for health and welfare', kind: 'yes-no', required: true },
        { key: 'health_lpa_attorney', label: 'Attorney (name and phone)', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'health_lpa', equals: [true] } },
        { key: 'lpa_life_sustaining', label: 'The LPA gives authority over life-sustaining treatment', kind: 'yes-no', showWhen: { field: 'health_lpa', equals: [true] } },
      ],
    },
    {
      key: 'end_of_life',
      title: 'Care at the end of life',
      fields: [
        { key: 'preferred_place_of_care', label: 'Where I would like to be cared for', kind: 'choice', options: PLACES_OF_CARE },
        { key: 'preferred_place_of_death', label: 'Where I would like to die', kind: 'choice', options: PLACES_OF_CARE },
        { key: 'wishes', label: 'My wishes and what would comfort me', kind: 'long-text', hint: 'An advance statement: people, music, faith, being kept clean and comfortable, not being alone.' },
        {
          key: 'organ_donation',
          label: 'Organ and tissue donation',
          kind: 'choice',
          options: [
            { value: 'registered-yes', label: 'Registered to donate' },
            { value: 'registered-no', label: 'Registered not to donate' },
            { value: 'not-decided', label: 'Not decided' },
          ],
        },
      ],
    },
    {
      key: 'after_death',
      title: 'After my death',
      fields: [
        { key: 'funeral', label: 'Funeral, burial or cremation wishes', kind: 'long-text' },
        { key: 'funeral_plan', label: 'Funeral plan or funeral director', kind: 'text', maxLength: 300 },
        {
          key: 'will',
          label: 'Will',
          kind: 'choice',
          options: [
            { value: 'has-will', label: 'Has made a will' },
            { value: 'no-will', label: 'Has not made a will' },
            { value: 'not-said', label: 'Prefers not to say' },
          ],
        },
        { key: 'will_held_by', label: 'Where the will is kept, or the solicitor', kind: 'text', maxLength: 300, showWhen: { field: 'will', equals: ['has-will'] } },
        {
          key: 'who_to_tell',
          label: 'Who to tell, in order',
          kind: 'rows',
          columns: [
            { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120 },
            { key: 'relationship', label: 'Relationship', kind: 'text', maxLength: 120 },
            { key: 'phone', label: 'Phone', kind: 'text', maxLength: 40 },
            { key: 'any_time', label: 'Call at any hour', kind: 'yes-no' },
          ],
        },
        RECORDED_BY,
      ],
    },
  ],
});

const consent = defineDocument({
  name: 'consent',
  title: 'Consent',
  description: 'The person\'s consent to care, to information sharing, to medication support and to photographs, with who gave it and on what authority (Mental Capacity Act 2005).',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'capacity',
      title: 'Capacity and authority',
      intro: 'Assume capacity unless it has been shown otherwise. Consent is decision-specific: record here the decisions below.',
      fields: [
        {
          key: 'capacity',
          label: 'Capacity to consent to the decisions on this form',
          kind: 'choice',
          required: true,
          options: [
            { value: 'has-capacity', label: 'Has capacity' },
            { value: 'fluctuating', label: 'Fluctuating: consent taken at a good time and checked at each visit' },
            { value: 'lacks-some', label: 'Lacks capacity for some of these decisions (assessment on the Mental capacity tab)' },
            { value: 'lacks-all', label: 'Lacks capacity for these decisions (assessment on the Mental capacity tab)' },
          ],
        },
        { key: 'capacity_notes', label: 'Which decisions, and what the assessment found', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'capacity', equals: ['fluctuating', 'lacks-some', 'lacks-all'] } },
        {
          key: 'authority',
          label: 'Legal authority held by someone else',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'none', label: 'None' },
            { value: 'lpa-health', label: 'LPA for health and welfare' },
            { value: 'lpa-property', label: 'LPA for property and financial affairs' },
            { value: 'epa', label: 'Enduring power of attorney (before 2007)' },
            { value: 'deputy', label: 'Court of Protection deputy' },
            { value: 'appointee', label: 'DWP appointee (benefits only)' },
          ],
        },
        { key: 'authority_holder', label: 'Who holds it (name, relationship, phone)', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'authority', equals: ['lpa-health', 'lpa-property', 'epa', 'deputy', 'appointee'] } },
        { key: 'authority_checked', label: 'Registration checked (the sealed LPA or order seen, or the OPG register searched)', kind: 'yes-no', required: true, showWhen: { field: 'authority', equals: ['lpa-health', 'lpa-property', 'epa', 'deputy'] } },
      ],
    },
    {
      key: 'consents',
      title: 'What is consented to',
      fields: [
        { key: 'consent_to_care', label: 'To receive care and support as set out in the support plan', kind: 'yes-no', required: true },
        { key: 'consent_to_share', label: 'To share information with professionals involved in my care (GP, district nurses, hospital, social care) when needed', kind: 'yes-no', required: true },
        { key: 'consent_to_share_family', label: 'To share information about my care with named family or friends', kind: 'yes-no', required: true },
        { key: 'family_to_share_with', label: 'Who, and what may be shared', kind: 'long-text', required: true, showWhen: { field: 'consent_to_share_family', equals: [true] } },
        { key: 'not_to_share_with', label: 'People or organisations not to share with', kind: 'long-text' },
        { key: 'consent_to_medication', label: 'To support with my medicines at the level in my medication plan', kind: 'yes-no', required: true },
        { key: 'consent_to_keys', label: 'For staff to use the key safe or hold keys to my home', kind: 'yes-no', required: true },
        { key: 'consent_to_money', label: 'For staff to handle small amounts of my money for shopping, with receipts', kind: 'yes-no', required: true },
        {
          key: 'photographs',
          label: 'Photographs',
          kind: 'choice',
          required: true,
          options: [
            { value: 'none', label: 'No photographs' },
            { value: 'identification', label: 'A photo for my record, to identify me' },
            { value: 'care-record', label: 'For my record: identification, skin, wounds and equipment' },
            { value: 'care-and-publicity', label: 'For my record, and in the agency\'s newsletters or social media' },
          ],
        },
        { key: 'electronic_records', label: 'To my records being kept electronically and staff using the care app in my home', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'given_by',
      title: 'Who gave consent',
      fields: [
        {
          key: 'given_by',
          label: 'Consent given by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'attorney', label: 'Their attorney, within the LPA' },
            { value: 'deputy', label: 'Their deputy, within the court order' },
            { value: 'best-interests', label: 'No one can consent: best-interests decision' },
          ],
        },
        { key: 'best_interests_record', label: 'Where the best-interests decision is recorded, and who took part', kind: 'long-text', required: true, showWhen: { field: 'given_by', equals: ['best-interests'] } },
        { key: 'withdrawal_explained', label: 'Told that consent can be withdrawn at any time, and how', kind: 'yes-no', required: true },
        { key: 'person_signature', label: 'Signed by the person', kind: 'signature', required: true, showWhen: { field: 'given_by', equals: ['person'] } },
        { key: 'representative_signature', label: 'Signed by the attorney or deputy', kind: 'signature', required: true, showWhen: { field: 'given_by', equals: ['attorney', 'deputy'] } },
        { key: 'staff_signature', label: 'Signed for the agency', kind: 'signature', required: true },
      ],
    },
  ],
});

export const PERSON_DOCUMENTS: readonly DocumentSpec[] = [
  personalProfile,
  pleasantDay,
  hospitalPassport,
  communications,
  preferences,
  staffPreference,
  religiousNeeds,
  involvementSexuality,
  lastWishes,
  consent,
];
