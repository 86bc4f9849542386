/**
 * The permission catalogue: every permission the product knows, named `<area>.<action>`.
 * Declared once here; the navigation, the UI's `can()` and the server all read it.
 */
export const PERMISSIONS = {
  'dashboard.view': 'See the dashboard',
  'branches.view': 'See branches',
  'branches.create': 'Add branches',
  'branches.edit': 'Edit branches',
  'datatables.view': 'See reference data',
  'datatables.edit': 'Add, edit and delete reference data',
  'meetings.view': 'See staff meetings',
  'meetings.edit': 'Add and edit staff meetings',
  'news.view': 'See the news feed',
  'news.edit': 'Publish news',
  'events.view': 'See agency events',
  'events.edit': 'Add and edit agency events',
  'notifications.view': 'See notifications',
  'notifications.edit': 'Send and edit notifications',
  'settings.edit': 'Change global settings',
  'clients.view': 'See clients and their care records',
  'clients.create': 'Add clients',
  'clients.edit': 'Edit clients and their care records',
  'clients.delete': 'Remove clients',
  'clients.clinical.view': 'Read the clinical content of care records: health, medication, capacity',
  'clients.safeguarding.view': 'Read the safeguarding content of care records: self-harm, abuse, risks to others',
  'clients.key-safe.view': "See clients' key-safe codes and access details",
  'clients.sign-off': 'Sign off care plans and assessments',
  'clients.export': "Export a client's whole record (a subject access request)",
  'medication.administer': 'Record medication given, refused or missed on the MAR chart',
  'medication.audit': 'Audit MAR charts',
  'health-professionals.view': 'See health professionals',
  'health-professionals.edit': 'Add and edit health professionals',
  'health-professionals.share': 'Share clients with health professionals and send them links',
  'users.view': 'See users',
  'users.create': 'Add users',
  'users.edit': 'Edit users, their roles and branches, and disable them',
  'roles.view': 'See roles and permissions',
  'roles.edit': 'Change what a role may do',
  'account.switch': 'Switch to the accounts listed for them',
  'audit-trail.view': 'See the audit trail',
  'mail.outbox.view': 'See the outbox of emails the product sent',
  'sessions.manage': "End other users' sessions",
  'carers.view': "See carers and their files",
  'carers.create': 'Add carers and applicants',
  'carers.edit': "Edit carers' files: details, documents, training, availability, holidays",
  'carers.approve': "Approve carers' files and sign off their documents (management approval)",
  'employees.view': "See office employees and their files",
  'employees.create': 'Add office employees',
  'employees.edit': "Edit office employees' files",
  'workforce.health.view': "Read staff's health declarations and medical history",
  'workforce.disclosures.view': 'Read DBS disclosures, DBS risk assessments and conduct records of staff',
  'holidays.approve': 'Approve or refuse holiday requests',
  'recruitment.view': 'See applicants, interviews and the recruitment pipeline',
  'recruitment.edit': 'Move applicants through recruitment, send reference requests, hire',
  'scheduler.view': 'See the scheduler: rota, timelines, templates and the map',
  'scheduler.edit': "Plan the rota: clients' visit templates, generating visits, assigning and moving carers, auto-assign",
  'visits.view': 'See visits and their history',
  'visits.edit': 'Add, edit and cancel visits, and import visits from CSV',
  'visits.correct': "Correct past visits (times, status, funder and NPC codes) with a reason, one by one or in bulk",
  'carer-app.use': "Use the carers' app on a device: their visits, check-in and check-out, tasks, notes, medication and incidents",
  'finance.view': 'See finance',
  'finance.invoices.generate': 'Preview, generate, send and reset invoice runs',
  'finance.invoices.credit': 'Raise credit notes against invoices',
  'finance.payments': 'Record payments and allocate them to invoices',
  'finance.rates.edit': "Edit funders' rate cards and the minimum-wage rates",
  'finance.expenses.edit': 'Record expenses and keep their categories',
  'payroll.view': "See pay runs and carers' pay",
  'payroll.run': 'Run pay runs and export the wages file',
  'export.run': 'Export clients, carers, employees and finance data',
  'quality.view': 'See quality-assurance records: incidents, safeguarding, complaints, compliments, medication errors and CQC notifications',
  'quality.edit': 'Record and update incidents, safeguarding concerns, complaints, compliments and medication errors',
  'quality.cqc': 'Prepare, submit and correct CQC notifications',
  'audits.view': 'See audits of carers and clients: supervisions, spot checks, appraisals, MAR charts, logbooks, reviews',
  'kpis.view': 'See KPIs and the client and carer dashboards',
  'kpis.edit': 'Save KPI reports and write branch utilisation reviews',
  'assistant.use': "Ask the assistant questions about the agency's data (answered from what the user may see)",
  'chat.use': 'Chat with colleagues',
  'chat.monitor': "Read the chats that include someone of one's own branches (a super admin: every chat); every read is audited",
  'notices.view': 'See office notices and who has read them',
  'notices.send': 'Publish notices to carers and staff',
  'carer-messages.view': 'See messages to and from carers',
  'carer-messages.send': 'Send and log messages to and from carers',
  'family-messages.view': "See messages to and from clients' families",
  'family-messages.send': "Send and log messages to and from clients' families",
  'time-tracker.use': 'Time their own assessments, reviews, spot checks, supervisions and appraisals',
  'time-tracker.view': 'See the time tracked on a record by anyone',
  'areas.view': 'See the deployed versions of each area',
  'areas.rollback': 'Roll an area back to an earlier version',
} as const satisfies Record<string, string>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const SUPER_ADMIN = 'super_admin';

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

/** The subject of a permission check: the current user as §6 of the spec describes it. */
export type PermissionSubject = {
  userRole: string | null | undefined;
  userPermissions: readonly string[];
};

/** §6: super_admin has every permission; without a role nothing is granted; otherwise the list decides. */
export function can(subject: PermissionSubject | null | undefined, permission: string): boolean {
  if (!subject || !subject.userRole) return false;
  if (subject.userRole === SUPER_ADMIN) return true;
  return subject.userPermissions.includes(permission);
}

export function canAny(subject: PermissionSubject | null | undefined, permissions: readonly string[]): boolean {
  return permissions.some((permission) => can(subject, permission));
}
