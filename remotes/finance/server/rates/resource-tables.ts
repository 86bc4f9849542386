import type { ResourceTable } from '@hcm/server/schema';

/** The tables of the rates part's declared resources, by resource name (none yet). */
export const rateResourceTables: Record<string, ResourceTable> = {};
