import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The reference-data area's permissions, read by its screens (src/) and its API module (server/module.ts), which
 * the API composes into the catalogue. Branches, users, roles and sessions are the platform's (@hcm/contract's
 * PLATFORM_PERMISSIONS), though this area's screens show them.
 */
export const REFERENCE_DATA_PERMISSIONS = defineAreaPermissions({
  prefixes: ['datatables.', 'meetings.', 'news.', 'events.', 'notifications.', 'settings.'],
  permissions: {
    // Funder codes and scales, bank holidays, fiscal years, bands and carers' hourly rates are finance's rates' inputs.
    'datatables.view': { description: 'See reference data', roles: ['office_staff', 'registered_manager', 'finance_officer'] },
    // Care-records' care note categories are reference data too (POST/PUT /care-note-categories).
    'datatables.edit': { description: 'Add, edit and delete reference data', roles: ['office_staff', 'registered_manager'], published: true },
    'meetings.view': { description: 'See staff meetings', roles: ['office_staff', 'registered_manager'] },
    'meetings.edit': { description: 'Add and edit staff meetings', roles: ['office_staff', 'registered_manager'] },
    'news.view': { description: 'See the news feed', roles: ['office_staff', 'registered_manager'] },
    'news.edit': { description: 'Publish news', roles: ['office_staff', 'registered_manager'] },
    'events.view': { description: 'See agency events', roles: ['office_staff', 'registered_manager'] },
    'events.edit': { description: 'Add and edit agency events', roles: ['office_staff', 'registered_manager'] },
    'notifications.view': { description: 'See notifications', roles: ['office_staff', 'registered_manager'] },
    'notifications.edit': { description: 'Send and edit notifications', roles: ['office_staff', 'registered_manager'] },
    // No standard role but the super admin changes global settings; care-records' MAR outcome codes are settings too.
    'settings.edit': { description: 'Change global settings', roles: [], published: true },
  },
});

export type ReferenceDataPermission = PermissionOf<typeof REFERENCE_DATA_PERMISSIONS>;

/** What the reference-data area's code may name: its own permissions, those it uses, and the platform's. */
export type ReferenceDataUsablePermission = UsablePermission<typeof REFERENCE_DATA_PERMISSIONS>;
