import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@hcm/contract';
import { ListTable, type Column } from './ListTable';

type Row = { id: number; name: string; town: string };
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'town', label: 'Town' },
];
const page: Page<Row> = { data: [{ id: 1, name: 'Camden', town: 'London' }], total: 11, page: 1, page_size: 10, last_page: 2 };

function renderTable(overrides: Partial<Parameters<typeof ListTable<Row>>[0]> = {}) {
  const handlers = { onSort: jest.fn(), onPage: jest.fn(), onPageSize: jest.fn(), onRetry: jest.fn() };
  render(
    <ListTable<Row> caption="Branches" columns={columns} page={page} loading={false} error={null} rowKey={(row) => row.id} {...handlers} {...overrides} />,
  );
  return handlers;
}

describe('ListTable (spec §2.4)', () => {
  it('sorts by a sortable header on click, with the tooltip "Click to sort"', async () => {
    const { onSort } = renderTable({ sort: 'name', mode: 'asc' });
    const button = screen.getByRole('button', { name: /Name/ });
    expect(button).toHaveAttribute('title', 'Click to sort');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.queryByRole('button', { name: 'Town' })).not.toBeInTheDocument();
  });

  it('pages forward and offers page sizes', async () => {
    const { onPage, onPageSize } = renderTable();
    expect(screen.getByText('Showing 1–10 of 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(onPageSize).toHaveBeenCalledWith(25);
  });

  it('says "more than" when the count stopped short of the whole list', () => {
    renderTable({ page: { data: page.data, total: 10000, page: 400, page_size: 25, last_page: 400, more: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 9976–10000 of more than 10000: filter to narrow them down');
    expect(screen.getByText(/Page 400 of 400\s*or more/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows an error with a retry instead of rows', async () => {
    const { onRetry } = renderTable({ error: 'The server could not be reached.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Branches could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('says so when the list is empty, and shows loading before the first page', () => {
    renderTable({ page: { data: [], total: 0, page: 1, page_size: 10, last_page: 1 }, empty: 'No branches yet.' });
    expect(screen.getByText('No branches yet.')).toBeInTheDocument();
  });

  it('right-aligns a money column, header and cells, and leaves text columns at the start', () => {
    type Invoice = { id: number; number: string; total: string };
    render(
      <ListTable<Invoice>
        caption="Invoices"
        columns={[
          { key: 'number', label: 'Number', sortable: true },
          { key: 'total', label: 'Total', sortable: true, align: 'end' },
        ]}
        page={{ data: [{ id: 1, number: 'INV-1', total: '£1,200.00' }], total: 1, page: 1, page_size: 10, last_page: 1 }}
        loading={false}
        error={null}
        rowKey={(row) => row.id}
        onSort={jest.fn()}
        onPage={jest.fn()}
        onPageSize={jest.fn()}
        onRetry={jest.fn()}
      />,
    );
    // CSS modules are identity maps under jest: the class is the rule's name (text-align: right, tabular figures).
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveClass('end');
    expect(screen.getByRole('cell', { name: '£1,200.00' })).toHaveClass('end');
    expect(screen.getByRole('columnheader', { name: /Number/ })).not.toHaveClass('end');
    expect(screen.getByRole('cell', { name: 'INV-1' })).not.toHaveClass('end');
  });
});
