// What the care-records area declares, read by its screens (src/) and its API module (server/).
export { CLIENT_STATUSES, CLIENT_RESOURCES, clientContacts, clientMedications, clients, healthProfessionals, isValidNhsNumber } from './resources.js';
export * from './record-tabs.js';
export { CLIENT_DOCUMENTS, clientDocument } from './documents/index.js';
export * from './daily.js';
export * from './mar.js';
export * from './access.js';
export * from './live-medication.js';
export * from './live-incidents.js';
export * from './live-reviews.js';
export * from './reablement.js';
export * from './permissions.js';
