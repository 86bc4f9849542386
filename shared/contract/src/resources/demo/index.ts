// Demo rows for the declared resources, seeded into an empty embedded database. Server-only: the browser
// never imports this module. Each resource's rows live in a file of their own, named after it.
//
// Rows are seeded in RESOURCES order into empty tables, so ids follow the order of the rows here: a
// reference field in a demo row holds the 1-based position of the referenced resource's demo row (the
// medications seeded by the server count too), and a branch-scoped row's branch_id the position of the demo
// branch (seed.ts's DEMO_BRANCHES order).
import { CARE_DEMO_ROWS } from './care.js';
import { CLIENT_DEMO_ROWS } from './clients.js';
import { WORKFORCE_DEMO_ROWS } from './workforce.js';

export type DemoRows = Record<string, Record<string, unknown>[]>;

/** Demo rows by resource name, for the resources declared in batches (the first four seed on their own). */
export const DEMO_ROWS: DemoRows = { ...WORKFORCE_DEMO_ROWS, ...CARE_DEMO_ROWS, ...CLIENT_DEMO_ROWS };
