import { useState } from 'react';
import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

function ModalScreen({ slow = false, onClose = () => undefined }: { slow?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  function handleClose() {
    onClose();
    setOpen(false);
  }
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Edit visit
      </button>
      <Modal open={open} title="Edit visit" onClose={handleClose} slow={slow} footer={<button type="button">Save</button>}>
        <label>
          Notes <input />
        </label>
      </Modal>
    </main>
  );
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit visit' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit visit' }) };
}

describe('Modal (spec §2.4)', () => {
  it('is a modal dialog labelled by its title, in a portal, with header, body and footer', async () => {
    const { container } = render(<ModalScreen />);
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('heading', { name: 'Edit visit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('moves focus into the dialog, keeps Tab inside it, closes on Escape and gives focus back to the opener', async () => {
    const onClose = jest.fn();
    render(<ModalScreen onClose={onClose} />);
    const { user, dialog } = await openModal();
    expect(dialog).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Notes')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit visit' })).toHaveFocus();
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const onClose = jest.fn();
    render(<ModalScreen onClose={onClose} />);
    const { user, dialog } = await openModal();
    await user.click(screen.getByLabelText('Notes'));
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    // A press inside that ends on the backdrop (selecting text) keeps it open.
    await user.pointer([{ keys: '[MouseLeft>]', target: screen.getByLabelText('Notes') }, { target: dialog.parentElement as HTMLElement }, { keys: '[/MouseLeft]' }]);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on the close button; the slow variant stays for its longer exit animation', async () => {
    jest.useFakeTimers();
    try {
      render(<ModalScreen slow />);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Edit visit' }));
      expect(screen.getByRole('dialog').parentElement).toHaveClass('slow');
      await user.click(screen.getByRole('button', { name: 'Close' }));
      act(() => jest.advanceTimersByTime(399));
      expect(screen.getByRole('dialog', { hidden: true }).parentElement).toHaveClass('closing');
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
