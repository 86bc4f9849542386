import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The care-records area's permissions, read by its screens (src/) and its API module (server/module.ts), which
 * the API composes into the catalogue; with the standard roles that receive each when an install starts.
 */
export const CARE_RECORDS_PERMISSIONS = defineAreaPermissions({
  prefixes: ['clients.', 'medication.', 'health-professionals.', 'family-messages.'],
  permissions: {
    // The quality registers pick clients (quality-audits), as does its assistant.
    'clients.view': { description: 'See clients and their care records', roles: ['office_staff', 'registered_manager'], published: true },
    'clients.create': { description: 'Add clients', roles: ['office_staff', 'registered_manager'] },
    'clients.edit': { description: 'Edit clients and their care records', roles: ['office_staff', 'registered_manager'] },
    'clients.delete': { description: 'Remove clients', roles: [] },
    // Office staff read clinical content and key safes (they brief carers), and record medication given.
    'clients.clinical.view': { description: 'Read the clinical content of care records: health, medication, capacity', roles: ['office_staff', 'registered_manager'] },
    // Safeguarding content, signing care plans off, MAR audits and subject-access exports are the manager's.
    'clients.safeguarding.view': { description: 'Read the safeguarding content of care records: self-harm, abuse, risks to others', roles: ['registered_manager'] },
    'clients.key-safe.view': { description: "See clients' key-safe codes and access details", roles: ['office_staff', 'registered_manager'] },
    'clients.sign-off': { description: 'Sign off care plans and assessments', roles: ['registered_manager'] },
    'clients.export': { description: "Export a client's whole record (a subject access request)", roles: ['registered_manager'] },
    'medication.administer': { description: 'Record medication given, refused or missed on the MAR chart', roles: ['office_staff', 'registered_manager'] },
    'medication.audit': { description: 'Audit MAR charts', roles: ['registered_manager'] },
    'health-professionals.view': { description: 'See health professionals', roles: ['office_staff', 'registered_manager'] },
    'health-professionals.edit': { description: 'Add and edit health professionals', roles: ['office_staff', 'registered_manager'] },
    'health-professionals.share': { description: 'Share clients with health professionals and send them links', roles: ['office_staff', 'registered_manager'] },
    // Messages with clients' families: this area's routes; the workforce's communication screens show them.
    'family-messages.view': { description: "See messages to and from clients' families", roles: ['office_staff', 'registered_manager'], published: true },
    'family-messages.send': { description: "Send and log messages to and from clients' families", roles: ['office_staff', 'registered_manager'], published: true },
  },
  uses: [
    // Its published billing and rota profiles answer finance (finance.view, export.run, payroll.view) and the
    // scheduler (scheduler.view); care note categories and MAR outcome codes are reference data and settings.
    'finance.view',
    'export.run',
    'payroll.view',
    'scheduler.view',
    'datatables.edit',
    'settings.edit',
  ],
});

export type CareRecordsPermission = PermissionOf<typeof CARE_RECORDS_PERMISSIONS>;

/** What the care-records area's code may name: its own permissions, those it uses, and the platform's. */
export type CareRecordsUsablePermission = UsablePermission<typeof CARE_RECORDS_PERMISSIONS>;
