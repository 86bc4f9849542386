// Demo rows for the area's resources, seeded into an empty database by the area's API module (seed.ts).
// Server-only: no browser bundle imports this folder. Rows are seeded in REFERENCE_DATA_RESOURCES order into
// empty tables, so ids follow the order of the rows here (see DemoRows for how references are written).
import type { DemoRows } from '@hcm/contract/engine';
import { CARE_DEMO_ROWS } from './demo-care.js';
import { WORKFORCE_DEMO_ROWS } from './demo-workforce.js';

/** Demo rows by resource name, for the resources declared in batches (the first four seed on their own). */
export const REFERENCE_DATA_DEMO_ROWS: DemoRows = { ...WORKFORCE_DEMO_ROWS, ...CARE_DEMO_ROWS };
