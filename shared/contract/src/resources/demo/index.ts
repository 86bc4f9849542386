// Demo rows for the declared resources, seeded into an empty embedded database. Server-only: the browser
// never imports this module. Each resource's rows live in a file of their own, named after it.
//
// Rows are seeded in RESOURCES order into empty tables, so ids follow the order of the rows here: a
// reference field in a demo row holds the 1-based position of the referenced resource's demo row.
export type DemoRows = Record<string, Record<string, unknown>[]>;

export const DEMO_ROWS: DemoRows = {};
