import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagInput } from './TagInput';

function TagScreen({ initial = [] as string[], onChange = jest.fn() }) {
  const [tags, setTags] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <TagInput
        label="Languages"
        value={tags}
        onChange={(next) => {
          onChange(next);
          setTags(next);
        }}
      />
    </form>
  );
}

const tagTexts = () => screen.queryAllByRole('listitem').map((item) => item.textContent?.replace('×', ''));

describe('TagInput (spec §2.4)', () => {
  it('adds a tag on Enter and on a comma, trimmed, ignoring empties and duplicates', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<TagScreen onChange={onChange} />);
    const input = screen.getByLabelText('Languages');
    await user.type(input, ' Welsh {Enter}');
    await user.type(input, 'Polish,');
    await user.type(input, '{Enter}   {Enter}');
    await user.type(input, 'Welsh{Enter}');
    expect(tagTexts()).toEqual(['Welsh', 'Polish']);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(['Welsh', 'Polish']);
    expect(input).toHaveValue('');
  });

  it('removes the last tag with Backspace in the empty input, and a tag by its Remove button', async () => {
    const user = userEvent.setup();
    render(<TagScreen initial={['Welsh', 'Polish', 'Urdu']} />);
    const input = screen.getByLabelText('Languages');
    await user.type(input, 'x{Backspace}');
    expect(tagTexts()).toEqual(['Welsh', 'Polish', 'Urdu']);
    await user.keyboard('{Backspace}');
    expect(tagTexts()).toEqual(['Welsh', 'Polish']);

    const list = screen.getByRole('list', { name: 'Languages: selected' });
    await user.click(within(list).getByRole('button', { name: 'Remove Welsh' }));
    expect(tagTexts()).toEqual(['Polish']);
  });

  it('reaches each Remove button with the keyboard', async () => {
    const user = userEvent.setup();
    render(<TagScreen initial={['Welsh']} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Welsh' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tagTexts()).toEqual([]);
    expect(screen.getByLabelText('Languages')).toHaveFocus();
  });

  it('shows an invalid message tied to the input', () => {
    render(<TagInput label="Languages" value={[]} onChange={jest.fn()} error="Add at least one language." />);
    const input = screen.getByLabelText('Languages');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Add at least one language.');
  });
});
