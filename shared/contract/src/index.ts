// The light half of the contract, loaded with the login screen. Schemas (and valibot) live in
// '@hcm/contract/schemas', a separate shared module, so the first screen does not pay for them.
export * from './permissions.js';
export * from './navigation.js';
export * from './alerts.js';
export * from './title.js';
export * from './envelope.js';
export * from './user.js';
export * from './registry.js';
export * from './operations.js';
export * from './filters.js';
export * from './chat.js';
export * from './time-tracker.js';
