// What the finance area declares, read by its screens (src/) and its API module (server/).
export * from './rates/types.js';
export * from './resources.js';
export * from './permissions.js';
