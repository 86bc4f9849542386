// `@hcm/server/schema`: what an area's tables.ts builds on — the platform's tables (branches, users, the
// outbox...) that area tables refer to, and the builder of declared resources' tables. Only drizzle and the
// contract's engine behind it, so drizzle-kit can load an area's tables without starting anything.
export * from './db/schema.js';
export { buildResourceTables, declaredColumns, type DeclaredColumns, type ResourceTable } from './resources/tables.js';
export { messageColumns, messageDirectionCheck, type MessageChannel } from './messages/columns.js';
export { buildDocumentTables, type DocumentTables } from './documents/tables.js';
