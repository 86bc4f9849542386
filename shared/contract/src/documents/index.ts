// Record documents' vocabulary (`@hcm/contract/documents`): what a declaration is, its one validation rule,
// and its answers in words. The server's document engine and the kit's document form both work from these;
// an area's declarations (remotes/<area>/contract/documents/) are bundled into that area, never shared.
export * from './define.js';
export * from './schema.js';
export * from './display.js';
export { fieldErrorsOf } from '../validation.js';
export * from './api.js';
