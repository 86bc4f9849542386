// The carer record's and the office employee's record's tabs (spec §2.2, "Carer record" and "Employee record"):
// every segment of the spec, spelled as the spec spells it (`shadowing/competency_checks` included), grouped the
// way an office reads a staff file. The record at /app/carers/:id/edit/<segment> (/app/employees/:id/edit/<segment>)
// shows one tab at a time. What a tab shows:
// - 'document': the record document of the same name (contract/documents/), versioned by the platform's engine;
// - 'screen': a screen of this area (src/record/screens.tsx maps the segment to it).

export const STAFF_RECORD_GROUPS = [
  { key: 'details', title: 'Details' },
  { key: 'recruitment', title: 'Recruitment' },
  { key: 'compliance', title: 'Compliance' },
  { key: 'training', title: 'Training and competence' },
  { key: 'employment', title: 'Supervision and conduct' },
  { key: 'time', title: 'Availability and holidays' },
  { key: 'records', title: 'Records' },
  { key: 'settings', title: 'Settings and leaving' },
] as const;

export type StaffRecordGroup = (typeof STAFF_RECORD_GROUPS)[number]['key'];

export type StaffRecordTab = { segment: string; title: string; group: StaffRecordGroup; kind: 'document' | 'screen' };

/**
 * Who may read staff's sensitive answers: health declarations and medical history are 'clinical'; DBS disclosures,
 * DBS risk assessments and conduct are 'safeguarding'. Passed to the document engine, the kit and the PDF.
 */
export const STAFF_SENSITIVE_PERMISSIONS = { clinical: 'workforce.health.view', safeguarding: 'workforce.disclosures.view' } as const;

const doc = (segment: string, title: string, group: StaffRecordGroup): StaffRecordTab => ({ segment, title, group, kind: 'document' });
const screen = (segment: string, title: string, group: StaffRecordGroup): StaffRecordTab => ({ segment, title, group, kind: 'screen' });

export const CARER_TABS: readonly StaffRecordTab[] = [
  // Details
  screen('csw-details', 'Care worker details', 'details'),
  screen('checklist', 'File checklist', 'details'),
  doc('additional-info', 'Additional information', 'details'),
  doc('medical-history', 'Health declaration', 'details'),
  doc('covid-vaccine-details', 'COVID-19 vaccination', 'details'),
  doc('covid-vaccine-details/booster-vaccine', 'COVID-19 boosters', 'details'),
  // Recruitment
  screen('recruitment-info', 'Recruitment', 'recruitment'),
  doc('application-form', 'Application form', 'recruitment'),
  doc('equal-opportunities', 'Equal opportunities monitoring', 'recruitment'),
  doc('screening', 'Telephone screening', 'recruitment'),
  doc('questionnaire', 'Values questionnaire', 'recruitment'),
  doc('interview', 'Interview', 'recruitment'),
  screen('reference-form', 'References', 'recruitment'),
  doc('pre-employment-form', 'Pre-employment checks', 'recruitment'),
  doc('management-approval', 'Management approval', 'recruitment'),
  // Compliance
  screen('references-documents', 'Compliance documents', 'compliance'),
  screen('references-documents/dbs-documents', 'DBS checks', 'compliance'),
  screen('references-documents/student-visa-terms', 'Right to work and visa', 'compliance'),
  doc('references-documents/address-history', 'Address history', 'compliance'),
  doc('references-documents/work-history', 'Work history', 'compliance'),
  doc('dbs-risk-assessment', 'DBS risk assessment', 'compliance'),
  doc('risk-assessment', 'Worker risk assessment', 'compliance'),
  // Training and competence
  screen('training', 'Training', 'training'),
  screen('training-stats', 'Training statistics', 'training'),
  screen('refresher-training', 'Refresher training', 'training'),
  screen('specialist-training', 'Specialist training', 'training'),
  doc('shadowing/competency_checks', 'Shadowing', 'training'),
  doc('competency-checks-new', 'Medication competency', 'training'),
  doc('competency-checks-additional', 'Additional competency checks', 'training'),
  doc('competency-checks-catheter', 'Catheter care competency', 'training'),
  // Supervision and conduct
  doc('supervisions', 'Supervisions', 'employment'),
  doc('spot-check', 'Spot checks', 'employment'),
  doc('annual-appraisal', 'Annual appraisals', 'employment'),
  doc('return-to-work', 'Return to work', 'employment'),
  doc('discussion-notes', 'Discussion notes', 'employment'),
  doc('complaints', 'Complaints', 'employment'),
  doc('compliments', 'Compliments', 'employment'),
  // Availability and holidays
  screen('duty-days', 'Duty days', 'time'),
  screen('duty-temporary-days', 'Temporary changes', 'time'),
  screen('holidays', 'Holidays', 'time'),
  // Records
  screen('uploads', 'Uploads', 'records'),
  screen('call-logs', 'Call logs', 'records'),
  doc('app-experience', 'Carer app feedback', 'records'),
  // Settings and leaving
  screen('settings', 'Settings', 'settings'),
  screen('term-conditions', 'Terms and conditions', 'settings'),
  screen('file-transfer', 'Branch transfer', 'settings'),
  doc('exit-interview', 'Exit interview', 'settings'),
];

export const EMPLOYEE_TABS: readonly StaffRecordTab[] = [
  screen('details', 'Details', 'details'),
  doc('additional-info', 'Additional information', 'details'),
  doc('medical-history', 'Health declaration', 'details'),
  doc('references-documents', 'References and checks', 'compliance'),
  doc('probation-reviews', 'Probation reviews', 'employment'),
  doc('supervisions', 'Supervisions', 'employment'),
  doc('supervisions-new', 'Supervisions (new format)', 'employment'),
  doc('annual-appraisal', 'Annual appraisals', 'employment'),
  doc('return-to-work', 'Return to work', 'employment'),
  doc('discussion-notes', 'Discussion notes', 'employment'),
  screen('holidays', 'Holidays', 'time'),
  screen('uploads', 'Uploads', 'records'),
  screen('call-logs', 'Call logs', 'records'),
];

/** The document a tab's segment stores (a nested segment joined with dashes: `shadowing-competency-checks`). */
export const documentNameOf = (segment: string) => segment.replaceAll('/', '-').replaceAll('_', '-');
