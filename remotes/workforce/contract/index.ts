// What the workforce area declares, read by its screens (src/) and its API module (server/).
export * from './people.js';
export * from './record-tabs.js';
export { CARER_DOCUMENTS, EMPLOYEE_DOCUMENTS, STAFF_DOCUMENTS, carerDocument, employeeDocument } from './documents/index.js';
export * from './compliance.js';
export * from './staff-api.js';
