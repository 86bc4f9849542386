export { ListTable, type Column } from './ListTable';
export { useResourceList, type ListState } from './useResourceList';
