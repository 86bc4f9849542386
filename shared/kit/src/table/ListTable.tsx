import type { ReactNode } from 'react';
import { PAGE_SIZE_CHOICES, type Page, type SortMode } from '@hcm/contract';
// Through the package name, not a relative path: each entry point is its own shared module, and state
// (the API client's runtime store) must come from the one '@hcm/kit' singleton.
import { Button, EmptyState, ErrorPanel, Loading } from '@hcm/kit';
import styles from './table.module.css';

export type Column<Row> = {
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  /**
   * Where the column's header and cells sit: `start` (default, text) or `end` (money, counts and other figures:
   * right-aligned with digits of one width, so a column of figures lines up under its header).
   */
  align?: 'start' | 'end';
};

const alignClass = (column: { align?: 'start' | 'end' }) => (column.align === 'end' ? styles.end : undefined);

type ListTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  page: Page<Row> | null;
  loading: boolean;
  error: string | null;
  sort?: string;
  mode?: SortMode;
  onSort: (column: string) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onRetry: () => void;
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
};

const ariaSort = (active: boolean, mode?: SortMode) =>
  active ? (mode === 'desc' ? 'descending' : 'ascending') : undefined;

/**
 * The list table of spec §2.4: headers sort on click (tooltip 'Click to sort'), each click toggles
 * ascending and descending and refetches the current page; paging with a page-size choice.
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const { caption, columns, page, loading, error, sort, mode } = props;
  if (error) return <ErrorPanel title={`${caption} could not be loaded`} onRetry={props.onRetry}>{error}</ErrorPanel>;
  if (!page) return <Loading label={`Loading ${caption.toLowerCase()}…`} />;
  const firstRow = page.total === 0 ? 0 : (page.page - 1) * page.page_size + 1;
  const lastRow = Math.min(page.page * page.page_size, page.total);
  return (
    <div className={styles.wrap} aria-busy={loading}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={alignClass(column)} aria-sort={column.sortable ? ariaSort(sort === column.key, mode) : undefined}>
                {column.sortable ? (
                  <button type="button" className={styles.sortButton} title="Click to sort" onClick={() => props.onSort(column.key)}>
                    {column.label}
                    <span aria-hidden="true">{sort === column.key ? (mode === 'desc' ? '▼' : '▲') : '↕'}</span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.data.map((row) => (
            <tr key={props.rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={alignClass(column)}>{column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {page.total === 0 ? <EmptyState>{props.empty ?? 'Nothing here yet.'}</EmptyState> : null}
      <div className={styles.pager}>
        <span role="status">
          {page.total === 0 ? 'No rows' : `Showing ${firstRow}–${lastRow} of ${page.more ? `more than ${page.total}: filter to narrow them down` : page.total}`}
        </span>
        <label>
          Rows per page
          <select value={page.page_size} onChange={(event) => props.onPageSize(Number(event.target.value))}>
            {PAGE_SIZE_CHOICES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span className={styles.pagerButtons}>
          <Button variant="secondary" disabled={page.page <= 1} onClick={() => props.onPage(page.page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page.page} of {page.last_page}
            {page.more ? ' or more' : ''}
          </span>
          <Button variant="secondary" disabled={page.page >= page.last_page} onClick={() => props.onPage(page.page + 1)}>
            Next page
          </Button>
        </span>
      </div>
    </div>
  );
}
