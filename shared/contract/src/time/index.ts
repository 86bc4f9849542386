// `@hcm/contract/time`: the product's clock and its UK calendar, one module for server and screens (a shared
// singleton in the browser, so the host's setting reaches every area).
export * from './clock.js';
export * from './uk.js';
