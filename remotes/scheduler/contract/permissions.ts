import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The scheduler area's permissions, read by its screens (src/) and its API module (server/module.ts), which the
 * API composes into the catalogue; with the standard roles that receive each when an install starts.
 */
export const SCHEDULER_PERMISSIONS = defineAreaPermissions({
  prefixes: ['scheduler.', 'visits.'],
  permissions: {
    // The rota: visits, templates and assignment. Other areas' read routes for the rota answer scheduler.view.
    'scheduler.view': { description: 'See the scheduler: rota, timelines, templates and the map', roles: ['office_staff', 'registered_manager'], published: true },
    'scheduler.edit': {
      description: "Plan the rota: clients' visit templates, generating visits, assigning and moving carers, auto-assign",
      roles: ['office_staff', 'registered_manager'],
    },
    'visits.view': { description: 'See visits and their history', roles: ['office_staff', 'registered_manager'], published: true },
    'visits.edit': { description: 'Add, edit and cancel visits, and import visits from CSV', roles: ['office_staff', 'registered_manager'], published: true },
    // Corrections of past visits are the manager's: they change what is paid and invoiced (finance's billed visits).
    'visits.correct': {
      description: 'Correct past visits (times, status, funder and NPC codes) with a reason, one by one or in bulk',
      roles: ['registered_manager'],
      published: true,
    },
  },
  uses: [
    // The live view names clients as care-records' own list would show them to the viewer (its read model).
    'clients.view',
    // Live operations' menus (carers' devices, push notifications, office staff's locations) and carers' devices.
    'carers.view',
    'carers.edit',
    'employees.view',
    // Its published visit billing answers finance.
    'finance.view',
    'payroll.view',
  ],
});

export type SchedulerPermission = PermissionOf<typeof SCHEDULER_PERMISSIONS>;

/** What the scheduler area's code may name: its own permissions, those it uses, and the platform's. */
export type SchedulerUsablePermission = UsablePermission<typeof SCHEDULER_PERMISSIONS>;
