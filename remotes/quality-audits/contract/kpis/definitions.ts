// How each KPI is counted, in words: shown beside each figure ("How is this counted?") and stored with every
// saved report (DEFINITIONS_VERSION), so a report read later says which definitions made it. README.kpis.md
// holds the same text. Change a definition → bump the version.

export const DEFINITIONS_VERSION = 'kpis-2026.1';

export type KpiDefinition = {
  key: string;
  label: string;
  formula: string;
  source: string;
};

const VISITS = 'The scheduler’s visits (visits, visit_carers) whose planned end has passed (a current period is measured to date), in the period (by the visit’s day) and branch.';

export const HDS_DEFINITIONS: readonly KpiDefinition[] = [
  { key: 'commissioned_hours', label: 'Hours commissioned', formula: 'Sum of planned minutes of visits not cancelled by the agency ÷ 60. Visits the client cancelled count (they were commissioned).', source: VISITS },
  { key: 'delivered_hours', label: 'Hours delivered', formula: 'Sum of check-in to check-out minutes of confirmed visits (confirmed by the office or by themselves) ÷ 60.', source: VISITS },
  { key: 'delivery_percent', label: 'Delivery %', formula: 'Hours delivered ÷ hours commissioned × 100.', source: VISITS },
  { key: 'lost_client_hours', label: 'Lost: client cancelled', formula: 'Planned hours of visits cancelled for any reason but the agency’s (client, family, hospital, funder…).', source: VISITS },
  { key: 'lost_missed_hours', label: 'Lost: missed', formula: 'Planned hours of visits not cancelled and never checked in.', source: VISITS },
  { key: 'lost_agency_hours', label: 'Lost: agency cancelled', formula: 'Planned hours of visits cancelled with the reason “Cancelled by the agency” (not commissioned).', source: VISITS },
  { key: 'bands', label: 'Visits by call length', formula: 'Visits not cancelled by planned length: up to 22 min = 15-minute call, 23–37 = 30, 38–52 = 45, 53 or more = 60+.', source: VISITS },
];

export const CQM_DEFINITIONS: readonly KpiDefinition[] = [
  { key: 'punctuality_percent', label: 'Punctuality', formula: 'Checked-in visits whose check-in was no later than the branch’s punctuality window after the planned start (scheduler live settings; 15 minutes by default) ÷ checked-in visits × 100.', source: VISITS },
  { key: 'missed_per_1000', label: 'Missed visits (per 1,000)', formula: 'Visits not cancelled without a check-in; per 1,000 visits not cancelled.', source: VISITS },
  { key: 'short_percent', label: 'Short visits', formula: 'Visits with check-in and check-out lasting less than 75 % of the planned length ÷ such visits × 100.', source: VISITS },
  { key: 'carers_per_client_week', label: 'Continuity: carers per client a week', formula: 'Average number of different carers who checked in at a client’s visits in an ISO week (lower is better; 1.0 = one carer).', source: VISITS },
  { key: 'mar_compliance_percent', label: 'MAR compliance', formula: 'Checked-in visits needing medication with at least one administration recorded on the client’s MAR chart that day ÷ checked-in visits needing medication × 100.', source: 'visits (requires_medication) and the care records’ mar_administrations (current records).' },
  { key: 'incidents_per_1000_hours', label: 'Incidents per 1,000 hours', formula: 'Incidents reported from visits (falls, injuries, hazards…) that happened in the period ÷ hours delivered × 1,000.', source: 'care_incidents of the branch’s clients.' },
  { key: 'safeguarding_concerns', label: 'Safeguarding concerns', formula: 'Incidents of kind “safeguarding concern” that happened in the period.', source: 'care_incidents of the branch’s clients.' },
  { key: 'complaints_per_100_clients', label: 'Complaints per 100 clients', formula: 'Complaints families made to carers in the period ÷ clients receiving care in the period (started on or before its end, not ended before its start) × 100. The quality register’s formal complaints are not read here.', source: 'family_feedback (kind complaint) and clients.' },
  { key: 'training_compliance_percent', label: 'Training compliance', formula: 'For active carers × courses required of all carers: pairs with a completed record not expired at the period’s end ÷ all pairs × 100.', source: 'carers, training_records and reference data’s training_courses.' },
  { key: 'supervision_compliance_percent', label: 'Supervision compliance', formula: 'Active carers with a supervision dated within the supervision interval (setting supervision_interval_weeks, 8 by default) before the period’s end, or who started within it ÷ active carers × 100.', source: 'carers and carer_documents (supervisions).' },
  { key: 'turnover_percent', label: 'Staff turnover (12 months)', formula: 'Carers whose leaving date falls in the 12 months to the period’s end ÷ average headcount (carers employed at the start and at the end of those 12 months, halved) × 100.', source: 'carers (start and leaving dates).' },
];

export const RECRUITMENT_DEFINITIONS: readonly KpiDefinition[] = [
  { key: 'applicants', label: 'Applicants', formula: 'Carer records of the branch whose application date falls in the period (the cohort; each is followed to where they got, whenever).', source: 'workforce carers (applied_on, source, recruitment_stage) and recruitment_stage_history.' },
  { key: 'stages', label: 'Screened, interviewed, offered, hired', formula: 'Applicants of the cohort who ever reached that stage or a later one (stage history and current stage).', source: 'recruitment_stage_history.' },
  { key: 'conversion_percent', label: 'Conversion', formula: 'Each stage ÷ the stage before × 100; overall: hired ÷ applicants × 100.', source: 'as above' },
  { key: 'median_days_to_hire', label: 'Time to hire', formula: 'Median days from the application date to the move to “hired”.', source: 'recruitment_stage_history' },
  { key: 'sources', label: 'Where applicants came from', formula: 'Applicants and hires by the source on their record.', source: 'carers.source' },
];

export const BUR_DEFINITIONS: readonly KpiDefinition[] = [
  { key: 'contracted_hours', label: 'Contracted carer hours', formula: 'Sum of active carers’ contracted hours a week × days in the month ÷ 7 (zero-hours carers count 0).', source: 'workforce carers.' },
  { key: 'rostered_hours', label: 'Rostered hours', formula: 'Planned minutes of the month’s visits not cancelled, once per carer on them (a double-up counts twice) ÷ 60.', source: 'visits and visit_carers.' },
  { key: 'utilisation_percent', label: 'Utilisation', formula: 'Rostered hours ÷ contracted hours × 100 (above 100 % means bank and overtime).', source: 'as above' },
  { key: 'delivered_hours', label: 'Hours delivered', formula: 'As the hours delivered summary: confirmed check-in to check-out hours.', source: 'visits' },
  { key: 'unfilled_visits', label: 'Unfilled visits', formula: 'Visits not cancelled with fewer carers on them than they need.', source: 'visits and visit_carers.' },
  { key: 'travel_share_percent', label: 'Travel share', formula: 'Time between consecutive visits of a carer’s day (gaps over 60 minutes are breaks, not travel) ÷ (that time + rostered time) × 100.', source: 'visits and visit_carers.' },
];
