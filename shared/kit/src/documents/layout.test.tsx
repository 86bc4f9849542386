import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentForm } from './DocumentForm';
import { renderRouted, signIn, skinCheck, SENSITIVE } from './test-fixtures';

// The record document editor takes the width it is given, and a wide repeating question (the wounds table of a
// skin check is some 2,650 px) scrolls inside its own box. jsdom lays nothing out, so the rules are read from the
// stylesheet: the ones that decide it, each named by what it prevents.

const css = readFileSync(join(__dirname, 'documents.module.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of `.name` outside any at-rule (the first block whose selector list is exactly it). */
function rule(name: string): string {
  const found = new RegExp(`(^|\\n)\\.${name}\\s*\\{([^}]*)\\}`).exec(css);
  if (!found) throw new Error(`.${name} has no rule of its own`);
  return found[2]!.replace(/\s+/g, ' ');
}

describe('the document form’s layout', () => {
  it('puts the questions beside the results by the form’s own width (a container query), never the window’s', () => {
    expect(rule('formFrame')).toMatch(/container-type: inline-size/);
    const twoColumns = /@(media|container)[^{]*\{\s*\.formLayout\s*\{[^}]*grid-template-columns:\s*minmax\(0, 1fr\) 320px/.exec(css);
    expect(twoColumns?.[1]).toBe('container');
    // One column below that: the questions take the whole width.
    expect(rule('formLayout')).toMatch(/grid-template-columns: minmax\(0, 1fr\);/);
  });

  it('keeps a wide rows table inside its own scrolling box: no grid track or fieldset grows to its width', () => {
    expect(rule('tableScroll')).toMatch(/overflow-x: auto/);
    for (const name of ['tab', 'view', 'form', 'formLayout', 'section']) expect(rule(name)).toMatch(/grid-template-columns: minmax\(0, 1fr\)/);
    // Fieldsets default to min-inline-size: min-content, which is the table's full width.
    expect(rule('section')).toMatch(/min-width: 0/);
    expect(rule('group')).toMatch(/min-width: 0/);
  });

  it('renders the form inside its measured frame, and a rows question inside its scrolling box', async () => {
    signIn();
    renderRouted(<DocumentForm sensitive={SENSITIVE} spec={skinCheck} basePath="clients/12/documents" />);
    const form = screen.getByRole('form', { name: 'Start Skin and pressure-area check' });
    expect(form.closest('.formFrame')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add row to Meals today' }));
    const meals = screen.getByRole('table', { name: 'Meals today' });
    expect(meals.parentElement).toHaveClass('tableScroll');
    expect(within(meals).getByRole('textbox', { name: 'Food, row 1' })).toBeInTheDocument();
    expect(meals.closest('fieldset.section')).not.toBeNull();
  });
});
