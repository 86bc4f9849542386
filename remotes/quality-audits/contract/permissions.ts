import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The quality-audits area's permissions, read by its screens (src/) and its API module (server/module.ts), which
 * the API composes into the catalogue; with the standard roles that receive each when an install starts.
 */
export const QUALITY_AUDITS_PERMISSIONS = defineAreaPermissions({
  prefixes: ['quality.', 'audits.', 'kpis.', 'assistant.'],
  permissions: {
    // The registers (incidents, safeguarding, complaints, compliments, medication errors), the audits of carers' and
    // clients' records, KPIs and dashboards, and the assistant are office work. CQC notifications are the manager's
    // (Registration Regulations 16 and 18), who also signs off KPI reports.
    'quality.view': {
      description: 'See quality-assurance records: incidents, safeguarding, complaints, compliments, medication errors and CQC notifications',
      roles: ['office_staff', 'registered_manager'],
    },
    'quality.edit': {
      description: 'Record and update incidents, safeguarding concerns, complaints, compliments and medication errors',
      roles: ['office_staff', 'registered_manager'],
    },
    'quality.cqc': { description: 'Prepare, submit and correct CQC notifications', roles: ['registered_manager'] },
    'audits.view': {
      description: 'See audits of carers and clients: supervisions, spot checks, appraisals, MAR charts, logbooks, reviews',
      roles: ['office_staff', 'registered_manager'],
    },
    'kpis.view': { description: 'See KPIs and the client and carer dashboards', roles: ['office_staff', 'registered_manager'] },
    'kpis.edit': { description: 'Save KPI reports and write branch utilisation reviews', roles: ['registered_manager'] },
    'assistant.use': {
      description: "Ask the assistant questions about the agency's data (answered from what the user may see)",
      roles: ['office_staff', 'registered_manager'],
    },
  },
  // The registers pick clients, carers and office employees; the assistant's tools answer from what the user may
  // see in each area.
  // settings.edit (reference data's, published): the assistant shows its set-up detail only to those who set it up.
  uses: ['clients.view', 'carers.view', 'employees.view', 'scheduler.view', 'visits.view', 'finance.view', 'settings.edit'],
});

export type QualityAuditsPermission = PermissionOf<typeof QUALITY_AUDITS_PERMISSIONS>;

/** What the quality-audits area's code may name: its own permissions, those it uses, and the platform's. */
export type QualityAuditsUsablePermission = UsablePermission<typeof QUALITY_AUDITS_PERMISSIONS>;
