import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CollapsibleCard } from './CollapsibleCard';

describe('CollapsibleCard (spec §2.4)', () => {
  it('toggles its body from the header button, with aria-expanded, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    render(
      <CollapsibleCard title="Medication">
        <p>Paracetamol 500 mg</p>
      </CollapsibleCard>,
    );
    const toggle = screen.getByRole('button', { name: 'Medication' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Medication' })).toHaveTextContent('Paracetamol 500 mg');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Paracetamol 500 mg')).not.toBeVisible();

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Paracetamol 500 mg')).toBeVisible();
  });

  it('can start collapsed, and be controlled', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <CollapsibleCard
          title="Risks"
          open={open}
          onToggle={(next) => {
            onToggle(next);
            setOpen(next);
          }}
        >
          <p>Falls</p>
        </CollapsibleCard>
      );
    }
    render(<Controlled />);
    expect(screen.getByText('Falls')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Risks' }));
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.getByText('Falls')).toBeVisible();
  });

  it('lets its body scroll beyond 700px (spec §9)', () => {
    const css = readFileSync(path.join(__dirname, 'CollapsibleCard.module.css'), 'utf8');
    const body = /\.body\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(body).toMatch(/max-height:\s*700px/);
    expect(body).toMatch(/overflow:\s*auto/);
  });
});
