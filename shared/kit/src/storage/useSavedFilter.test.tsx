import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteCookie, readCookie, writeCookie } from '@hcm/kit';
import { useSavedFilter } from './useSavedFilter';

type ClientFilter = { search: string; status: string };

function ClientFilters() {
  const [filter, setFilter, clearFilter] = useSavedFilter<ClientFilter>('client', { search: '', status: 'active' });
  return (
    <form>
      <label>
        Search
        <input value={filter.search} onChange={(event) => setFilter((previous) => ({ ...previous, search: event.target.value }))} />
      </label>
      <label>
        Status
        <select value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value })}>
          <option value="active">Active</option>
          <option value="archived">Archived</option>
        </select>
      </label>
      <button type="button" onClick={clearFilter}>
        Clear filters
      </button>
    </form>
  );
}

describe('useSavedFilter (spec §3 saved filter slots)', () => {
  afterEach(() => deleteCookie('client'));

  it("keeps the filter JSON-encoded in the slot's cookie and restores it when the list is shown again", async () => {
    const user = userEvent.setup();
    const first = render(<ClientFilters />);
    await user.type(screen.getByLabelText('Search'), 'Khan');
    await user.selectOptions(screen.getByLabelText('Status'), 'archived');
    expect(JSON.parse(readCookie('client') ?? 'null')).toEqual({ search: 'Khan', status: 'archived' });
    first.unmount();

    render(<ClientFilters />);
    expect(screen.getByLabelText('Search')).toHaveValue('Khan');
    expect(screen.getByLabelText('Status')).toHaveValue('archived');
  });

  it('starts from the initial filter without a cookie, or with one it cannot read', () => {
    writeCookie('client', '{not json');
    render(<ClientFilters />);
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
  });

  it('lays a saved filter over the initial one, so new fields keep their default', () => {
    writeCookie('client', JSON.stringify({ search: 'Ali' }));
    render(<ClientFilters />);
    expect(screen.getByLabelText('Search')).toHaveValue('Ali');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
  });

  it('clears the cookie and the filter', async () => {
    const user = userEvent.setup();
    writeCookie('client', JSON.stringify({ search: 'Ali', status: 'archived' }));
    render(<ClientFilters />);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(readCookie('client')).toBeUndefined();
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });
});
