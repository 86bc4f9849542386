import type { AreaName } from '@hcm/contract';

// The client record's tabs (spec §2.2, "Client record"): every segment of the spec, spelled as the spec spells it
// (`pleasent-day` included), grouped the way an office reads a record. The record at /app/clients/:id/<segment>
// shows one tab at a time. What a tab shows:
// - 'document': the record document of the same name (contract/documents/);
// - 'screen': a screen of this area (src/record/screens.tsx maps the segment to it);
// - 'contributed': a tab another area adds through the record's extension point ('client-record.tab' in its
//   area.json); until that area ships it, the tab says which area provides it.

export const RECORD_GROUPS = [
  { key: 'person', title: 'About the person' },
  { key: 'plans', title: 'Plans' },
  { key: 'risks', title: 'Risk assessments' },
  { key: 'medication', title: 'Medication' },
  { key: 'daily', title: 'Daily records' },
  { key: 'money', title: 'Money and contracts' },
  { key: 'documents', title: 'Documents' },
  { key: 'settings', title: 'Settings' },
] as const;

export type RecordGroup = (typeof RECORD_GROUPS)[number]['key'];

export type RecordTab =
  | { segment: string; title: string; group: RecordGroup; kind: 'document' }
  | { segment: string; title: string; group: RecordGroup; kind: 'screen' }
  | { segment: string; title: string; group: RecordGroup; kind: 'contributed'; providedBy: AreaName };

/** Who may read a client's sensitive answers: the permission each kind needs (the API, the export and the screens). */
export const CLIENT_SENSITIVE_PERMISSIONS = { clinical: 'clients.clinical.view', safeguarding: 'clients.safeguarding.view' } as const;

/** The extension point through which other areas add tabs to the client record. */
export const CLIENT_RECORD_TAB_POINT = 'client-record.tab';

const doc = (segment: string, title: string, group: RecordGroup): RecordTab => ({ segment, title, group, kind: 'document' });
const screen = (segment: string, title: string, group: RecordGroup): RecordTab => ({ segment, title, group, kind: 'screen' });
const contributed = (segment: string, title: string, group: RecordGroup, providedBy: AreaName): RecordTab => ({ segment, title, group, kind: 'contributed', providedBy });

export const RECORD_TABS: readonly RecordTab[] = [
  // About the person
  screen('profile-info', 'Profile', 'person'),
  screen('support-network', 'Support network', 'person'),
  doc('personal-profile', 'Personal profile', 'person'),
  doc('pleasent-day', 'A pleasant day', 'person'),
  doc('hospital-passport', 'Hospital passport', 'person'),
  doc('communications', 'Communication', 'person'),
  doc('preferences', 'Preferences', 'person'),
  doc('staff-preference', 'Staff preference', 'person'),
  doc('religious-spiritual-cultural-needs', 'Religious, spiritual and cultural needs', 'person'),
  doc('involvement-sexuality', 'Relationships and sexuality', 'person'),
  doc('last-wishes', 'Last wishes', 'person'),
  doc('consent', 'Consent', 'person'),
  // Plans
  doc('support-plan', 'Support plan', 'plans'),
  doc('provisional-careplan', 'Provisional care plan', 'plans'),
  doc('daily-activities', 'Daily activities', 'plans'),
  doc('promoting-independence', 'Promoting independence', 'plans'),
  doc('accessing-community', 'Accessing the community', 'plans'),
  doc('supported-living-calendar', 'Supported-living calendar', 'plans'),
  doc('therapy-interventions', 'Therapy interventions', 'plans'),
  doc('positive-behaviour-support-plan', 'Positive behaviour support plan', 'plans'),
  doc('crisis-management-plan', 'Crisis management plan', 'plans'),
  doc('personal-evacuation-plan', 'Personal emergency evacuation plan', 'plans'),
  doc('equipment', 'Equipment', 'plans'),
  doc('checklist-handling', 'Moving and handling checklist', 'plans'),
  doc('reablement', 'Reablement', 'plans'),
  doc('assessment-report', 'Assessment report', 'plans'),
  doc('review-form', 'Reviews', 'plans'),
  // Risk assessments
  doc('risk-assessment', 'General risk assessment', 'risks'),
  doc('environmental-risk', 'Environmental risk', 'risks'),
  doc('coshh-risk', 'COSHH risk', 'risks'),
  doc('falls-risk-assessment', 'Falls risk assessment', 'risks'),
  doc('falls-risk', 'Falls history and prevention', 'risks'),
  doc('pressure-area-assessment', 'Pressure area (Waterlow)', 'risks'),
  doc('pressure-ulcer-bruise', 'Pressure ulcers and bruises', 'risks'),
  doc('nutrition', 'Nutrition (MUST)', 'risks'),
  doc('weight-management', 'Weight management', 'risks'),
  doc('fluid-intake', 'Fluid intake', 'risks'),
  doc('choking', 'Choking', 'risks'),
  doc('food-poisoning', 'Food safety', 'risks'),
  doc('diabetes-assessment', 'Diabetes', 'risks'),
  doc('epilepsy-risk-assessment', 'Epilepsy', 'risks'),
  doc('mental-capacity', 'Mental capacity', 'risks'),
  doc('mental-capacity/risk-assessment', 'Best-interests risk assessment', 'risks'),
  doc('behaviour-risks', 'Behaviour risks', 'risks'),
  doc('self-harm', 'Self-harm', 'risks'),
  doc('suicide', 'Suicide risk', 'risks'),
  doc('knives', 'Knives and sharp objects', 'risks'),
  doc('restrictive-physical-intervention', 'Restrictive physical intervention', 'risks'),
  doc('injury-to-staff', 'Injury to staff', 'risks'),
  doc('covid-risk-assessment', 'COVID-19 risk', 'risks'),
  // Medication
  screen('medication', 'Medication', 'medication'),
  screen('marchart', 'MAR chart', 'medication'),
  screen('marchart-audit', 'MAR chart audit', 'medication'),
  doc('medication-assessment', 'Medication assessment', 'medication'),
  // Daily records
  screen('client-logs', 'Care notes', 'daily'),
  screen('daily-reporting', 'Daily reporting', 'daily'),
  screen('care-note-summary', 'Care note summary', 'daily'),
  screen('call-logs', 'Call log', 'daily'),
  screen('communication-log-book-audit', 'Communication log book', 'daily'),
  screen('financial-transaction', 'Money handled', 'daily'),
  screen('financial-transaction-audit', 'Money audit', 'daily'),
  // Money and contracts
  contributed('funder-code', 'Funder code', 'money', 'finance'),
  contributed('financials', 'Financials', 'money', 'finance'),
  doc('direct-debit-contract', 'Direct debit contract', 'money'),
  doc('pharmacy-contract', 'Pharmacy contract', 'money'),
  // Documents
  screen('uploads', 'Uploads', 'documents'),
  doc('exit-survey', 'Exit survey', 'documents'),
  // Settings
  screen('settings', 'Settings', 'settings'),
  contributed('client-slots', 'Client slots', 'settings', 'scheduler'),
  contributed('visit-templates', 'Visit templates', 'settings', 'scheduler'),
];

/** A document's name from its tab's segment: 'mental-capacity/risk-assessment' → 'mental-capacity-risk-assessment'. */
export const documentNameOf = (segment: string) => segment.replaceAll('/', '-');

/** The segments of the tabs that are record documents. */
export const DOCUMENT_TAB_SEGMENTS = RECORD_TABS.filter((tab) => tab.kind === 'document').map((tab) => tab.segment);
