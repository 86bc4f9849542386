// The published scored tools, scored by the product: pure functions the record documents' `results` call
// (contract/documents/risks.ts), each giving a figure with its band and the actions the band calls for. The
// golden tests beside them hold the published values.
export * from './bmi.js';
export * from './must.js';
export * from './waterlow.js';
export * from './falls.js';
export * from './mental-capacity.js';
export * from './fluid-intake.js';
export * from './skin.js';
export * from './diabetes.js';
export * from './epilepsy.js';
export * from './risk-matrix.js';
