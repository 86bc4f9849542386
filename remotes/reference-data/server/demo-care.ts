// Demo rows for the care reference data and the staff-communication screens (batch-care.ts). Reference
// fields hold the 1-based position of the referenced resource's row here; rows are seeded in CARE_RESOURCES
// order into empty tables.
import type { DemoRows } from '@hcm/contract/engine';

const surveyQuestions = (survey: number, questions: [string, 'rating' | 'yes-no' | 'free-text', boolean][]) =>
  questions.map(([question, answer_type, required], index) => ({ survey_id: survey, position: index + 1, question, answer_type, required }));

export const CARE_DEMO_ROWS: DemoRows = {
  'disability-codes': [
    { code: 'PHYS', name: 'Physical disability', support_reason: 'physical', description: 'Limited mobility or dexterity needing help with personal care or moving around.', active: true },
    { code: 'VIS', name: 'Visual impairment', support_reason: 'sensory', description: 'Sight loss, registered or not; check lighting, layout and large-print MARs.', active: true },
    { code: 'HEAR', name: 'Hearing impairment', support_reason: 'sensory', description: 'Deaf or hard of hearing; note hearing-aid care and preferred communication.', active: true },
    { code: 'DEM', name: 'Dementia', support_reason: 'memory-cognition', description: 'Including Alzheimer’s disease and vascular dementia.', active: true },
    { code: 'ABI', name: 'Acquired brain injury', support_reason: 'memory-cognition', description: '', active: true },
    { code: 'LD', name: 'Learning disability', support_reason: 'learning-disability', description: '', active: true },
    { code: 'MH', name: 'Mental health condition', support_reason: 'mental-health', description: 'e.g. depression, bipolar disorder, schizophrenia.', active: true },
  ],
  reactive_strategies: [
    { name: 'Distraction and redirection', stage: 'de-escalation', description: 'Offer a favourite activity, drink or topic of conversation to move attention away from the trigger.', restrictive: false, active: true },
    { name: 'Calm reassurance and offering choices', stage: 'de-escalation', description: 'Low, slow voice; short sentences; two simple choices; no demands.', restrictive: false, active: true },
    { name: 'Give space and observe from a safe distance', stage: 'crisis', description: 'Step back out of reach, keep the exit clear, remove objects that could harm, and watch.', restrictive: false, active: true },
    { name: 'Call the on-call manager', stage: 'crisis', description: 'Phone on-call for advice or a second member of staff; call 999 if anyone is in danger.', restrictive: false, active: true },
    { name: 'Guided holding (trained staff only)', stage: 'crisis', description: 'Only as written in the person’s plan, for the shortest time, by staff trained in it.', restrictive: true, active: true },
    { name: 'Post-incident debrief and reassurance', stage: 'recovery', description: 'Reassure the person, check for injuries, record the incident and debrief staff.', restrictive: false, active: true },
  ],
  assessors: [
    { name: 'Sarah Whitfield', role: 'Registered manager', email: 'sarah.whitfield@example.org', phone: '01632 960418', active: true },
    { name: 'Daniel Okafor', role: 'Care coordinator (Level 5 Diploma)', email: 'daniel.okafor@example.org', phone: '07700 900231', active: true },
    { name: 'Priya Shah', role: 'Occupational therapist', email: 'priya.shah@example.org', phone: '', active: true },
    { name: 'Margaret Hughes', role: 'Field care supervisor', email: '', phone: '07700 900874', active: false },
  ],
  'document-upload-types': [
    { name: 'Enhanced DBS certificate', applies_to: 'carer', required: true, expires: true, reminder_days: 30, description: 'With the adult barred-list check. The DBS Update Service is checked yearly (common practice).', active: true },
    { name: 'Right to work', applies_to: 'carer', required: true, expires: true, reminder_days: 60, description: 'Passport, share code check or visa; time-limited permission must be rechecked before it ends.', active: true },
    { name: 'Photo ID', applies_to: 'carer', required: true, expires: true, reminder_days: 30, description: 'Passport or photocard driving licence.', active: true },
    { name: 'Reference', applies_to: 'carer', required: true, expires: false, reminder_days: null, description: 'Two are needed, one from the last care employer where there was one.', active: true },
    { name: 'Car insurance for business use', applies_to: 'carer', required: false, expires: true, reminder_days: 14, description: '', active: true },
    { name: 'Care plan', applies_to: 'client', required: true, expires: false, reminder_days: null, description: 'The signed support plan agreed with the client.', active: true },
    { name: 'Lasting power of attorney', applies_to: 'client', required: false, expires: false, reminder_days: null, description: 'Health and welfare, or property and financial affairs.', active: true },
    { name: 'Contract of employment', applies_to: 'employee', required: true, expires: false, reminder_days: null, description: '', active: true },
  ],
  equipments: [
    { name: 'Mobile hoist', category: 'moving-handling', requires_servicing: true, service_interval_months: 6, description: 'LOLER thorough examination every six months. Check the sling label and the service sticker before use.', active: true },
    { name: 'Ceiling track hoist', category: 'moving-handling', requires_servicing: true, service_interval_months: 6, description: 'LOLER thorough examination every six months.', active: true },
    { name: 'Hoist sling', category: 'moving-handling', requires_servicing: true, service_interval_months: 6, description: 'Named to the client; check size, stitching and label before each use.', active: true },
    { name: 'Stand aid (powered)', category: 'moving-handling', requires_servicing: true, service_interval_months: 6, description: 'Lifts the person, so LOLER applies.', active: true },
    { name: 'Slide sheet', category: 'moving-handling', requires_servicing: false, service_interval_months: null, description: 'Check for wear before each use.', active: true },
    { name: 'Profiling bed', category: 'bed-pressure-care', requires_servicing: true, service_interval_months: 12, description: 'Check bed rails and the bumpers are fitted as assessed.', active: true },
    { name: 'Dynamic pressure mattress', category: 'bed-pressure-care', requires_servicing: true, service_interval_months: 12, description: 'Check the pump is on and the setting matches the client’s weight.', active: true },
    { name: 'Commode', category: 'toileting-continence', requires_servicing: false, service_interval_months: null, description: 'Check brakes and the pan before use.', active: true },
    { name: 'Bath lift', category: 'bathing', requires_servicing: true, service_interval_months: 6, description: 'Lifts the person, so LOLER applies. Charge the handset.', active: true },
  ],
  'reablement-equipments': [
    { name: 'Perching stool', category: 'kitchen', returnable: true, description: 'For tasks at the worktop or sink while seated.', active: true },
    { name: 'Toilet frame', category: 'bathing-toileting', returnable: true, description: '', active: true },
    { name: 'Raised toilet seat', category: 'bathing-toileting', returnable: true, description: '', active: true },
    { name: 'Long-handled sponge', category: 'personal-care', returnable: false, description: '', active: true },
    { name: 'Sock aid', category: 'personal-care', returnable: false, description: '', active: true },
    { name: 'Kitchen trolley', category: 'mobility', returnable: true, description: 'Carries food and drinks while walking with support.', active: true },
    { name: 'Grab rail', category: 'other', returnable: false, description: 'Fitted by the handyperson service.', active: true },
  ],
  'event-categories': [
    { name: 'Mandatory training', colour: 'red', training: true, description: 'Yearly refreshers: moving and handling, first aid, medication, safeguarding, fire safety.', active: true },
    { name: 'Care Certificate induction', colour: 'blue', training: true, description: 'The 15 standards for new carers.', active: true },
    { name: 'Recruitment open day', colour: 'green', training: false, description: '', active: true },
    { name: 'Staff celebration', colour: 'purple', training: false, description: 'Awards, summer barbecue, Christmas party.', active: true },
  ],
  holidays: [
    { name: 'Office closed: staff training day', date: '2026-03-18', branch: '', office_closed: true, notes: 'On-call covers the office line from 08:00.' },
    { name: 'Christmas party (office closes at 13:00)', date: '2026-12-11', branch: '', office_closed: true, notes: '' },
    { name: 'Christmas Eve (office closes at 12:00)', date: '2026-12-24', branch: '', office_closed: true, notes: '' },
    { name: 'Leeds office move', date: '2026-06-05', branch: 'Leeds', office_closed: true, notes: 'Phones divert to the Harrogate office.' },
  ],
  // England and Wales, from the gov.uk list. Ids follow this order.
  'organization-bank-holidays': [
    { name: 'New Year’s Day', date: '2026-01-01', region: 'england-wales', substitute_day: false },
    { name: 'Good Friday', date: '2026-04-03', region: 'england-wales', substitute_day: false },
    { name: 'Easter Monday', date: '2026-04-06', region: 'england-wales', substitute_day: false },
    { name: 'Early May bank holiday', date: '2026-05-04', region: 'england-wales', substitute_day: false },
    { name: 'Spring bank holiday', date: '2026-05-25', region: 'england-wales', substitute_day: false },
    { name: 'Summer bank holiday', date: '2026-08-31', region: 'england-wales', substitute_day: false },
    { name: 'Christmas Day', date: '2026-12-25', region: 'england-wales', substitute_day: false },
    { name: 'Boxing Day (substitute day)', date: '2026-12-28', region: 'england-wales', substitute_day: true },
    { name: 'New Year’s Day', date: '2027-01-01', region: 'england-wales', substitute_day: false },
    { name: 'Good Friday', date: '2027-03-26', region: 'england-wales', substitute_day: false },
    { name: 'Easter Monday', date: '2027-03-29', region: 'england-wales', substitute_day: false },
    { name: 'Early May bank holiday', date: '2027-05-03', region: 'england-wales', substitute_day: false },
    { name: 'Spring bank holiday', date: '2027-05-31', region: 'england-wales', substitute_day: false },
    { name: 'Summer bank holiday', date: '2027-08-30', region: 'england-wales', substitute_day: false },
    { name: 'Christmas Day (substitute day)', date: '2027-12-27', region: 'england-wales', substitute_day: true },
    { name: 'Boxing Day (substitute day)', date: '2027-12-28', region: 'england-wales', substitute_day: true },
  ],
  'carer-surveys': [
    { title: 'Carer satisfaction survey 2026', description: 'Tell us how supported you feel. It takes five minutes.', status: 'open', opens_on: '2026-04-01', closes_on: '2026-04-30', anonymous: false },
    { title: 'Rota and travel time feedback', description: 'Help us plan fairer runs.', status: 'draft', opens_on: '2026-06-01', closes_on: '', anonymous: true },
  ],
  'carer-survey-questions': [
    ...surveyQuestions(1, [
      ['How well supported do you feel by the office?', 'rating', true],
      ['Do you get enough travel time between visits?', 'yes-no', true],
      ['How useful was your last supervision?', 'rating', true],
      ['Do you feel confident supporting clients with their medication?', 'yes-no', true],
      ['How likely are you to recommend us as an employer?', 'rating', true],
      ['What one thing would make your job better?', 'free-text', false],
    ]),
    ...surveyQuestions(2, [
      ['How realistic are your rotas?', 'rating', true],
      ['Do your runs keep you in one area?', 'yes-no', true],
      ['Which visits are hardest to reach on time?', 'free-text', false],
      ['Anything else about travel?', 'free-text', false],
    ]),
  ],
  // Respondents in text: there is no carer resource yet.
  'carer-survey-submissions': [
    { survey_id: 1, respondent_name: 'Amira Haddad', submitted_on: '2026-04-03', score: 85, comments: 'More notice of rota changes, please.' },
    { survey_id: 1, respondent_name: 'Tom Price', submitted_on: '2026-04-07', score: 70, comments: 'Travel time between Kirkstall and Headingley is too tight.' },
    { survey_id: 1, respondent_name: 'Grace Mensah', submitted_on: '2026-04-12', score: 95, comments: '' },
  ],
  'office-employee-surveys': [
    { title: 'Office wellbeing check-in 2026', description: 'Anonymous: answers are not linked to names.', status: 'open', opens_on: '2026-05-01', closes_on: '2026-05-22', anonymous: true },
    { title: 'New starter induction feedback', description: 'For office staff at the end of their probation.', status: 'closed', opens_on: '2025-09-01', closes_on: '2026-02-28', anonymous: false },
  ],
  'office-employee-survey-questions': [
    ...surveyQuestions(1, [
      ['How manageable is your workload?', 'rating', true],
      ['Is the on-call rota shared fairly?', 'yes-no', true],
      ['Do you have the systems training you need?', 'yes-no', true],
      ['How well does the team communicate?', 'rating', true],
      ['What should we start, stop or keep doing?', 'free-text', false],
    ]),
    ...surveyQuestions(2, [
      ['How well did your induction prepare you for the role?', 'rating', true],
      ['Did you shadow an experienced colleague in your first week?', 'yes-no', true],
      ['Did you get your equipment and logins on day one?', 'yes-no', true],
      ['What was missing from your induction?', 'free-text', false],
    ]),
  ],
  // Respondents in text: there is no office-employee resource yet ('Anonymous' for the anonymous survey).
  'office-employee-survey-submissions': [
    { survey_id: 1, respondent_name: '', submitted_on: '2026-05-04', score: 60, comments: 'On-call weekends come round too often.' },
    { survey_id: 1, respondent_name: '', submitted_on: '2026-05-06', score: 80, comments: '' },
    { survey_id: 2, respondent_name: 'Lucy Barnes', submitted_on: '2026-01-16', score: 90, comments: 'A checklist of who to meet in the first month would help.' },
  ],
  'staff-meetings': [
    {
      title: 'Monthly team meeting: April',
      meeting_type: 'team',
      meeting_date: '2026-04-14',
      start_time: '14:00',
      location: 'Leeds office, meeting room 1',
      organiser: 'Sarah Whitfield',
      agenda: '1. Actions from March\n2. CQC inspection readiness\n3. Medication audit results\n4. Rota changes for Easter',
      minutes: 'MAR audit: two gaps in signatures, both followed up. Action: Daniel to re-run medication competency checks for new starters by 30 April.',
      attendees: 'Sarah Whitfield\nDaniel Okafor\nAmira Haddad\nTom Price',
    },
    {
      title: "Carers' forum: spring",
      meeting_type: 'carers-forum',
      meeting_date: '2026-05-06',
      start_time: '10:30',
      location: 'Online (Teams)',
      organiser: 'Daniel Okafor',
      agenda: 'Travel time, the new carer app, PPE stock.',
      minutes: '',
      attendees: '',
    },
    {
      title: 'Quality and governance review: Q1',
      meeting_type: 'clinical-governance',
      meeting_date: '2026-04-02',
      start_time: '09:30',
      location: 'Leeds office, manager’s office',
      organiser: 'Sarah Whitfield',
      agenda: 'Incidents, complaints, safeguarding referrals and missed visits for January to March.',
      minutes: 'Missed visits down from 6 to 2. One safeguarding referral, closed. Falls: review falls-risk assessments for three clients.',
      attendees: 'Sarah Whitfield\nDaniel Okafor\nMargaret Hughes',
    },
  ],
  'news-feed': [
    { headline: 'Pay rise from April', body: 'From 1 April every carer’s hourly rate goes up by 45p, and mileage stays at 45p a mile.', publish_on: '2026-03-20', audience: 'all', pinned: true },
    { headline: 'New carer app: check in with one tap', body: 'The new app is live. If GPS fails indoors, give a reason: the visit is never blocked.', publish_on: '2026-04-08', audience: 'carers', pinned: false },
    { headline: 'Welcome to our new care coordinator', body: 'Daniel joins the Leeds office to look after rotas in north Leeds.', publish_on: '2026-02-02', audience: 'office', pinned: false },
  ],
  'event-managements': [
    { name: 'Moving and handling refresher', event_category_id: 1, event_date: '2026-05-12', start_time: '09:30', end_time: '16:00', location: 'Leeds office, training room', capacity: 12, description: 'Practical session: hoists, slide sheets and stand aids. Bring your ID badge.' },
    { name: 'Care Certificate induction (week 1)', event_category_id: 2, event_date: '2026-05-18', start_time: '09:00', end_time: '17:00', location: 'Leeds office, training room', capacity: 8, description: 'Standards 1 to 5.' },
    { name: 'Recruitment open day', event_category_id: 3, event_date: '2026-06-13', start_time: '10:00', end_time: '14:00', location: 'Kirkgate community centre', capacity: null, description: 'Drop-in: meet the team, interviews on the day.' },
    { name: 'Carer awards evening', event_category_id: 4, event_date: '2026-09-25', start_time: '18:30', end_time: '22:00', location: 'The Queens Hotel, Leeds', capacity: 80, description: '' },
  ],
  notifications: [
    { title: 'Bank holiday rota', message: 'Your rota for the Easter bank holidays is in the app. Bank holiday hours are paid at time and a half.', audience: 'carers', channel: 'push', send_on: '2026-03-27', send_time: '08:00', status: 'sent' },
    { title: 'Training reminder', message: 'Moving and handling refresher on 12 May at 09:30. Reply in the app if you cannot attend.', audience: 'carers', channel: 'in-app', send_on: '2026-05-05', send_time: '09:00', status: 'scheduled' },
    { title: 'Office wellbeing survey', message: 'Please answer the anonymous wellbeing check-in by 22 May.', audience: 'office', channel: 'email', send_on: '2026-05-01', send_time: '10:00', status: 'draft' },
  ],
  // DOMAIN.md: thresholds and intervals that are common practice, not rules, are settings.
  settings: [
    { key: 'agency_name', label: 'Agency name', value: 'Bluebell Home Care Ltd', value_type: 'text', description: 'Shown on invoices, letters and the carer app.' },
    { key: 'agency_email', label: 'Agency email', value: 'office@bluebellhomecare.example.org', value_type: 'email', description: 'Replies to emailed notifications and invoices go here.' },
    { key: 'time_zone', label: 'Time zone', value: 'Europe/London', value_type: 'text', description: 'Visit times, alerts and notifications use UK time, with British Summer Time.' },
    { key: 'late_visit_alert_minutes', label: 'Late visit alert (minutes)', value: '15', value_type: 'number', description: 'Alert the office when no carer has checked in this many minutes after the planned start.' },
    { key: 'missed_visit_alert_minutes', label: 'Missed visit alert (minutes)', value: '30', value_type: 'number', description: 'Treat a visit as missed (no-show) this many minutes after the planned start.' },
    { key: 'check_in_window_minutes', label: 'Check-in punctuality window (minutes)', value: '120', value_type: 'number', description: 'A check-in is accepted up to this many minutes either side of the planned start.' },
    { key: 'gps_check_in_warning_only', label: 'GPS check-in warns only', value: 'true', value_type: 'boolean', description: 'GPS fails indoors: warn and ask for a reason, never block care.' },
    { key: 'mileage_rate_pence', label: 'Mileage rate (pence a mile)', value: '45', value_type: 'number', description: 'Paid to carers for business miles between visits (the HMRC approved rate for the first 10,000 miles).' },
    { key: 'minimum_call_minutes', label: 'Minimum call length (minutes)', value: '30', value_type: 'number', description: 'NICE NG21: calls under 30 minutes only as part of a wider package.' },
    { key: 'supervision_interval_weeks', label: 'Supervision interval (weeks)', value: '8', value_type: 'number', description: 'Industry practice is every 6 to 8 weeks; sets the next-due date.' },
    { key: 'records_retention_years', label: 'Records kept for (years after care ends)', value: '8', value_type: 'number', description: 'The agency’s retention policy (sources differ: 3 to 8 years).' },
    { key: 'office_opens_at', label: 'Office opens at', value: '09:00', value_type: 'time', description: 'Outside office hours calls go to on-call.' },
    // Read by the platform's sign-in (server/src/auth/devices.ts).
    { key: 'otp_new_device_login', label: 'Emailed code when signing in on a new device', value: 'false', value_type: 'boolean', description: 'When on, signing in from a device the account has not used before also asks for a 6-digit code sent by email.' },
  ],
};
