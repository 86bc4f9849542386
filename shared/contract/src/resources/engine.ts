// The resource engine's vocabulary, without any declaration: what a declaration is (define.ts), the field
// building blocks (fields*.ts) and the validation helpers they use. The kit (a shared singleton) and every
// area's declarations (remotes/<area>/contract/) import from here, `@hcm/contract/engine`; the declarations
// themselves are bundled into the area's own remote, never shared.
export * from './define.js';
export * from './fields.js';
export * from './fields-care.js';
export * from './fields-extra.js';
export * from './audit.js';
export { fieldErrorsOf, isIdNumber, MAX_ID, objectMessage } from '../validation.js';
