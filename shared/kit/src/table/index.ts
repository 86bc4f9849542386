export { ListTable, type Column } from './ListTable';
export { listQueryParams, useResourceList, type ListState } from './useResourceList';
