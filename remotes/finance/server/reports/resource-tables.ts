import type { ResourceTable } from '@hcm/server/schema';

/** The tables of the expense resources, by resource name (none yet). */
export const expenseResourceTables: Record<string, ResourceTable> = {};
