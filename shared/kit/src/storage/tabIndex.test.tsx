import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TabIndexKey } from '@hcm/contract';
import { readTabIndex, useStoredTabIndex } from './tabIndex';

function Tabs({ storageKey, scope }: { storageKey: TabIndexKey; scope?: string }) {
  const [index, setIndex] = useStoredTabIndex(storageKey, scope);
  return (
    <div role="tablist" aria-label="Client record">
      {['Details', 'Visits', 'Documents'].map((name, tab) => (
        <button key={name} type="button" role="tab" aria-selected={tab === index} onClick={() => setIndex(tab)}>
          {name}
        </button>
      ))}
    </div>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('stored tab indexes (spec §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps tab_index and header_tab_index in localStorage, restored on return', async () => {
    const user = userEvent.setup();
    const first = render(<Tabs storageKey="tab_index" />);
    expect(selectedTab()).toHaveTextContent('Details');
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(localStorage.getItem('tab_index')).toBe('2');
    expect(sessionStorage.getItem('tab_index')).toBeNull();
    first.unmount();
    render(<Tabs storageKey="tab_index" />);
    expect(selectedTab()).toHaveTextContent('Documents');

    localStorage.setItem('header_tab_index', '1');
    expect(readTabIndex('header_tab_index')).toBe(1);
  });

  it('keeps anchor_tab_index in sessionStorage', async () => {
    const user = userEvent.setup();
    render(<Tabs storageKey="anchor_tab_index" />);
    await user.click(screen.getByRole('tab', { name: 'Visits' }));
    expect(sessionStorage.getItem('anchor_tab_index')).toBe('1');
    expect(localStorage.getItem('anchor_tab_index')).toBeNull();
  });

  it('scopes an index to one screen when asked, and ignores a stored value that is not an index', async () => {
    const user = userEvent.setup();
    localStorage.setItem('tab_index', 'two');
    render(<Tabs storageKey="tab_index" scope="client-record" />);
    expect(selectedTab()).toHaveTextContent('Details');
    await user.click(screen.getByRole('tab', { name: 'Visits' }));
    expect(localStorage.getItem('tab_index:client-record')).toBe('1');
    expect(localStorage.getItem('tab_index')).toBe('two');
    expect(readTabIndex('tab_index')).toBeUndefined();
  });
});
