import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './Dropdown';

function renderDropdown() {
  const handlers = { edit: jest.fn(), archive: jest.fn(), remove: jest.fn() };
  render(
    <div>
      <Dropdown
        label="Actions"
        items={[
          { label: 'Edit', onSelect: handlers.edit },
          { label: 'Archive', onSelect: handlers.archive, disabled: true },
          { label: 'Delete', onSelect: handlers.remove },
        ]}
      />
      <p>Outside</p>
    </div>,
  );
  return handlers;
}

describe('Dropdown (spec §2.4)', () => {
  it('is a menu button that opens with Enter and moves through enabled items with the arrow keys', async () => {
    const user = userEvent.setup();
    const handlers = renderDropdown();
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();

    await user.keyboard('{End}{Enter}');
    expect(handlers.remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens on its last item with ArrowUp and closes on Escape, back on the button', async () => {
    const user = userEvent.setup();
    renderDropdown();
    const button = screen.getByRole('button', { name: 'Actions' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on a click outside, and ignores a disabled item', async () => {
    const user = userEvent.setup();
    const handlers = renderDropdown();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const archive = screen.getByRole('menuitem', { name: 'Archive' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    await user.click(archive);
    expect(handlers.archive).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
