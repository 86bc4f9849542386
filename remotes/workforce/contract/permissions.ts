import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The workforce area's permissions, read by its screens (src/) and its API module (server/module.ts), which the
 * API composes into the catalogue; with the standard roles that receive each when an install starts.
 */
export const WORKFORCE_PERMISSIONS = defineAreaPermissions({
  prefixes: ['carers.', 'employees.', 'workforce.', 'holidays.', 'recruitment.', 'notices.', 'carer-messages.', 'chat.monitor'],
  permissions: {
    // Carers' files and recruitment are office work; office employees' files and staff health and disclosures are
    // the manager's. The scheduler's menus and the quality registers name carers.view and employees.view, the
    // platform's carers' devices carers.view and carers.edit.
    'carers.view': { description: 'See carers and their files', roles: ['office_staff', 'registered_manager'], published: true },
    'carers.create': { description: 'Add carers and applicants', roles: ['office_staff', 'registered_manager'] },
    'carers.edit': { description: "Edit carers' files: details, documents, training, availability, holidays", roles: ['office_staff', 'registered_manager'], published: true },
    'carers.approve': { description: "Approve carers' files and sign off their documents (management approval)", roles: ['registered_manager'] },
    'employees.view': { description: 'See office employees and their files', roles: ['registered_manager'], published: true },
    'employees.create': { description: 'Add office employees', roles: ['registered_manager'] },
    'employees.edit': { description: "Edit office employees' files", roles: ['registered_manager'] },
    'workforce.health.view': { description: "Read staff's health declarations and medical history", roles: ['registered_manager'] },
    'workforce.disclosures.view': { description: 'Read DBS disclosures, DBS risk assessments and conduct records of staff', roles: ['registered_manager'] },
    'holidays.approve': { description: 'Approve or refuse holiday requests', roles: ['registered_manager'] },
    'recruitment.view': { description: 'See applicants, interviews and the recruitment pipeline', roles: ['office_staff', 'registered_manager'] },
    'recruitment.edit': { description: 'Move applicants through recruitment, send reference requests, hire', roles: ['office_staff', 'registered_manager'] },
    // The communication area: notices and messages with carers (families' messages are care-records').
    'notices.view': { description: 'See office notices and who has read them', roles: ['office_staff', 'registered_manager'] },
    'notices.send': { description: 'Publish notices to carers and staff', roles: ['office_staff', 'registered_manager'] },
    'carer-messages.view': { description: 'See messages to and from carers', roles: ['office_staff', 'registered_manager'] },
    'carer-messages.send': { description: 'Send and log messages to and from carers', roles: ['office_staff', 'registered_manager'] },
    // Chat monitoring is this area's route (the platform's chat.use is chatting itself).
    'chat.monitor': {
      description: "Read the chats that include someone of one's own branches (a super admin: every chat); every read is audited",
      roles: ['registered_manager'],
    },
  },
  uses: [
    // Its published read routes answer the scheduler (scheduler.view) and pay (payroll.view); its communication
    // screens show the families' messages of care-records.
    'scheduler.view',
    'payroll.view',
    'family-messages.view',
    'family-messages.send',
  ],
});

export type WorkforcePermission = PermissionOf<typeof WORKFORCE_PERMISSIONS>;

/** What the workforce area's code may name: its own permissions, those it uses, and the platform's. */
export type WorkforceUsablePermission = UsablePermission<typeof WORKFORCE_PERMISSIONS>;
