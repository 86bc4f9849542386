// What the scheduler area declares, read by its screens (src/) and its API module (server/).
export * from './visits.js';
export * from './timeline.js';
export * from './map.js';
