import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAlerts } from '@hcm/kit';
import { Toaster } from './Toaster';

describe('Toaster (spec §4 Alerts)', () => {
  afterEach(() => act(() => useAlerts.setState({ alerts: [] })));

  it('announces success as a status and danger as an alert, with title and message', () => {
    render(<Toaster />);
    act(() => {
      useAlerts.getState().notify({ type: 'success', title: 'Saved', message: 'The branch was saved.' });
      useAlerts.getState().notify({ type: 'danger', title: 'Failed', message: 'It was not saved.' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('SavedThe branch was saved.');
    expect(screen.getByRole('alert')).toHaveTextContent('FailedIt was not saved.');
    expect(screen.getByLabelText('Notifications')).toHaveAttribute('aria-live', 'polite');
  });

  it('is a named region landmark, present and live before any toast (a label needs a role: axe aria-prohibited-attr)', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toBeEmptyDOMElement();
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      useAlerts.getState().notify({ type: 'success', title: 'Saved' });
    });
    expect(region).toContainElement(screen.getByRole('status'));
  });

  it('can be dismissed by the user', async () => {
    render(<Toaster />);
    act(() => {
      useAlerts.getState().notify({ type: 'warning', title: 'Careful' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });
});
