// What the scheduler area declares, read by its screens (src/) and its API module (server/).
export * from './visits.js';
export * from './attention.js';
export * from './visit-actions.js';
export * from './timeline.js';
export * from './templates.js';
export * from './autoassign.js';
export * from './postcodes.js';
export * from './map.js';
export * from './wizard.js';
export * from './imports.js';
export * from './utility.js';
export * from './assessments.js';
export * from './live.js';
export * from './live-engine.js';
export * from './live-device.js';
export * from './permissions.js';
