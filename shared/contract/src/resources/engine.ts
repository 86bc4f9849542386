// The resource engine's vocabulary, without any declaration: what a declaration is (define.ts) and the field
// building blocks (fields.ts). The kit (a shared singleton) imports from here, `@hcm/contract/engine`, so the
// singleton never carries an area's declarations; those come from `@hcm/contract/resources`, bundled into each
// remote that uses them.
export * from './define.js';
export * from './fields.js';
