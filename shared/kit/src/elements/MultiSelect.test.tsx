import { useState } from 'react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect } from './MultiSelect';

const carers = [
  { value: '1', label: 'Amira Khan' },
  { value: '2', label: 'Ben Okafor' },
  { value: '3', label: 'Cara Jones' },
  { value: '4', label: 'Dan Jonas' },
];

function CarerPicker({ initial = [] as string[], onChange = jest.fn() }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelect
        label="Carers"
        options={carers}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <button type="button">Next</button>
    </>
  );
}

const optionNames = () => within(screen.getByRole('listbox', { name: 'Carers' })).getAllByRole('option').map((option) => option.textContent);
const tagNames = () => screen.queryAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label'));

describe('MultiSelect (spec §2.4)', () => {
  it('is a combobox with a multi-selectable listbox that typing filters', async () => {
    const user = userEvent.setup();
    render(<CarerPicker />);
    const combobox = screen.getByRole('combobox', { name: 'Carers' });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.type(combobox, 'jon');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Carers' })).toHaveAttribute('aria-multiselectable', 'true');
    expect(optionNames()).toEqual(['Cara Jones', 'Dan Jonas']);
    await user.clear(combobox);
    await user.type(combobox, 'zz');
    expect(optionNames()).toEqual(['No matches']);
  });

  it('selects with the keyboard and by click, showing choices as removable tags', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<CarerPicker onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Carers' });
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Amira Khan' }).id);
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Ben Okafor' }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['2']);
    expect(screen.getByRole('option', { name: 'Ben Okafor' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('option', { name: 'Amira Khan' }));
    expect(onChange).toHaveBeenLastCalledWith(['2', '1']);
    expect(combobox).toHaveFocus();
    expect(tagNames()).toEqual(['Remove Ben Okafor', 'Remove Amira Khan']);

    await user.click(screen.getByRole('option', { name: 'Ben Okafor' }));
    expect(tagNames()).toEqual(['Remove Amira Khan']);
  });

  it('removes a choice by its tag and with Backspace in the empty input, and closes on Escape and Tab', async () => {
    const user = userEvent.setup();
    render(<CarerPicker initial={['1', '3', '4']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Cara Jones' }));
    expect(tagNames()).toEqual(['Remove Amira Khan', 'Remove Dan Jonas']);
    const combobox = screen.getByRole('combobox', { name: 'Carers' });
    expect(combobox).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(tagNames()).toEqual(['Remove Amira Khan']);

    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the option list at most 320px high, scrolling (spec §9)', () => {
    const css = readFileSync(path.join(__dirname, 'MultiSelect.module.css'), 'utf8');
    const listbox = /\.listbox\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(listbox).toMatch(/max-height:\s*320px/);
    expect(listbox).toMatch(/overflow-y:\s*auto/);
  });
});
