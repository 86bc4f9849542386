// The finance area's tables. drizzle-kit generates the area's migrations (./migrations) from the named exports of
// this file only (`pnpm db:generate` in this area). Each part keeps its tables beside its code.
export * from './invoicing/tables.js';
export * from './pay/tables.js';
export * from './clients/tables.js';
export * from './rates/resource-tables.js';
export * from './reports/resource-tables.js';
export * from './exports/tables.js';
