// Demo rows for the declared resources, seeded into an empty embedded database. Server-only: the browser
// never imports this module. Each resource's rows live in a file of their own, named after it.
export type DemoRows = Record<string, Record<string, unknown>[]>;

export const DEMO_ROWS: DemoRows = {};
