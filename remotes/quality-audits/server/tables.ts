// The quality-audits area's tables. drizzle-kit generates the area's migrations (./migrations) from the named
// exports of this file only (`pnpm db:generate` in this area). Each part keeps its tables beside its code.
export * from './registers/tables.js';
export * from './kpis/tables.js';
export * from './assistant/tables.js';
