// Screens built from a resource declaration: list, add, a row read first then edited on request (with nested
// resources). A shared module of its own; it reaches the kit's state through '@hcm/kit'.
export { ResourceList } from './ResourceList';
export { ResourceForm } from './LazyResourceForm';
export type { ResourceFormProps } from './ResourceForm';
export { ResourceRoutes } from './ResourceRoutes';
export { displayValue, formValuesOf } from './values';
