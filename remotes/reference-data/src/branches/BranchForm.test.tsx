import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BranchForm } from './BranchForm';
import { withData } from '@hcm/kit/testing';

function renderAddForm() {
  const router = createMemoryRouter([{ path: '/app/branches/add', element: <BranchForm /> }], { initialEntries: ['/app/branches/add'] });
  render(withData(<RouterProvider router={router} />));
}

describe('BranchForm', () => {
  it('marks invalid fields with their messages and keeps what was typed', async () => {
    renderAddForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Harrow');
    await userEvent.type(screen.getByLabelText('Postcode'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save branch' }));

    expect(await screen.findByText('Enter a UK postcode, like SW1A 1AA.')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Enter a UK postcode, like SW1A 1AA.');
    expect(screen.getByText('Code must be 2 to 10 letters, digits or dashes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Harrow');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('labels every input, so each can be found by its label', () => {
    renderAddForm();
    for (const label of ['Name', 'Code', 'Type of care', 'Address', 'Address line 2', 'Town', 'Postcode', 'Phone', 'Email', 'CQC location id', 'Registered manager', 'Active']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });
});
