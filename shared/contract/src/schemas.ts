// Validation schemas (valibot): one rule for the browser form and the server.
export * from './validation.js';
export * from './branches.js';
export * from './passwords.js';
export * from './health-professionals.js';
export * from './two-factor.js';
export * from './account.js';
export * from './users.js';
export * from './time-tracker-schema.js';
export * from './communication.js';
export * from './chat-schemas.js';
export * from './areas-schemas.js';
