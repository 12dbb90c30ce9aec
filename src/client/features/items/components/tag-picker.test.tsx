// The post form's tag picker as a user meets it: the common tags are one listbox (one Tab stop,
// arrows, Home and End, Space and Enter), custom tags come and go, and the limits are told.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { TagPicker } from './tag-picker';

/** The picker in a form, as on /post-item, keeping its own tags; `onSubmit` tells whether a key sent the form. */
function PickerInForm({ initial = [], onSubmit }: { initial?: string[]; onSubmit: () => void }) {
  const [tags, setTags] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TagPicker tags={tags} onChange={setTags} />
      <button type="submit">Post</button>
    </form>
  );
}

function renderPicker(initial: string[] = []) {
  const onSubmit = vi.fn();
  const view = renderApp(<PickerInForm initial={initial} onSubmit={onSubmit} />);
  return { ...view, onSubmit };
}

const option = (name: string) => screen.getByRole('option', { name });
const chosenTags = () => {
  const list = screen.queryByRole('list', { name: 'Chosen tags' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
};

describe('TagPicker', () => {
  it('makes the common tags one Tab stop: Tab enters the list on one option and the next Tab leaves it', async () => {
    const { user } = renderPicker();
    const listbox = screen.getByRole('listbox', { name: 'Common tags' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');

    await user.click(screen.getByRole('searchbox', { name: 'Search common tags' }));
    await user.tab();
    expect(option('Furniture')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Add a custom tag' })).toHaveFocus();

    // Of all the options exactly one is in the Tab order.
    const tabbable = within(listbox)
      .getAllByRole('option')
      .filter((el) => el.tabIndex === 0);
    expect(tabbable.map((el) => el.textContent)).toEqual(['Furniture']);
  });

  it('moves the active option with the arrow keys, Home and End, across the groups, and Tab comes back to it', async () => {
    const { user } = renderPicker();
    await user.click(screen.getByRole('searchbox', { name: 'Search common tags' }));
    await user.tab();

    // Each step: the keys pressed, the option that has focus after them (Up on the first one stays).
    const steps = [
      ['{ArrowRight}', 'Electronics'],
      ['{ArrowDown}', 'Clothing'],
      ['{ArrowUp}{ArrowLeft}', 'Furniture'],
      ['{ArrowUp}', 'Furniture'],
      ['{End}', 'Restaurant'],
      ['{Home}', 'Furniture'],
    ] as const;
    for (const [keys, focused] of steps) {
      await user.keyboard(keys);
      expect(option(focused), keys).toHaveFocus();
    }

    // From the last tag of 'Item Type' the next arrow goes on to the first of 'Condition'.
    option('Food').focus();
    await user.keyboard('{ArrowRight}');
    expect(option('New')).toHaveFocus();

    // The Tab stop followed: leaving and coming back lands on 'New'.
    await user.tab();
    await user.tab({ shift: true });
    expect(option('New')).toHaveFocus();
  });

  it('toggles the active option with Space and Enter, says so with aria-selected, and never sends the form', async () => {
    const { user, onSubmit } = renderPicker();
    await user.click(screen.getByRole('searchbox', { name: 'Search common tags' }));
    await user.tab();
    await user.keyboard('{ArrowRight}');

    expect(option('Electronics')).toHaveAttribute('aria-selected', 'false');
    await user.keyboard(' ');
    expect(option('Electronics')).toHaveAttribute('aria-selected', 'true');
    expect(chosenTags()).toEqual(['Electronics']);
    expect(screen.getByText('1 of 10 tags')).toBeInTheDocument();

    await user.keyboard('{End}{Enter}');
    expect(option('Restaurant')).toHaveAttribute('aria-selected', 'true');
    expect(chosenTags()).toEqual(['Electronics', 'Restaurant']);

    await user.keyboard('{Home}{ArrowRight}{Enter}');
    expect(option('Electronics')).toHaveAttribute('aria-selected', 'false');
    expect(option('Electronics')).toHaveFocus();
    expect(chosenTags()).toEqual(['Restaurant']);
    expect(screen.getByText('1 of 10 tags')).toBeInTheDocument();

    // A click toggles too.
    await user.click(option('Books'));
    expect(option('Books')).toHaveAttribute('aria-selected', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a custom tag with Enter (not sending the form) or Add, and removes it with its Remove button', async () => {
    const { user, onSubmit } = renderPicker();
    const custom = screen.getByRole('textbox', { name: 'Add a custom tag' });

    await user.type(custom, '  Garden   tools {Enter}');
    expect(chosenTags()).toEqual(['Garden tools']);
    expect(custom).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(custom, 'Bikes');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(chosenTags()).toEqual(['Garden tools', 'Bikes']);
    expect(screen.getByText('2 of 10 tags')).toBeInTheDocument();

    // A custom tag that is a common one in other letters marks that option chosen.
    await user.type(custom, 'books{Enter}');
    expect(option('Books')).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove tag Garden tools' }));
    expect(chosenTags()).toEqual(['Bikes', 'books']);
    // Choosing the option again drops the tag in whatever case it was added.
    await user.click(option('Books'));
    expect(chosenTags()).toEqual(['Bikes']);
    expect(screen.getByText('1 of 10 tags')).toBeInTheDocument();
  });

  it('refuses a tag already there (any letter case) and one too long, with their messages', async () => {
    const { user } = renderPicker(['Garden']);
    const custom = screen.getByRole('textbox', { name: 'Add a custom tag' });

    await user.type(custom, 'GARDEN{Enter}');
    expect(await screen.findByText("You've already added this tag")).toBeInTheDocument();
    expect(screen.getByText('Tag already added')).toBeInTheDocument();
    expect(chosenTags()).toEqual(['Garden']);
    // The text stays for the user to correct.
    expect(custom).toHaveValue('GARDEN');

    await user.clear(custom);
    await user.type(custom, `${'x'.repeat(41)}{Enter}`);
    expect(await screen.findByText('A tag can be at most 40 characters')).toBeInTheDocument();
    expect(chosenTags()).toEqual(['Garden']);
  });

  it('stops at 10 tags with "You can add up to 10 tags", from the custom field and from the list', async () => {
    const ten = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10'];
    const { user } = renderPicker(ten);
    expect(screen.getByText('10 of 10 tags')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Add a custom tag' }), 'one more{Enter}');
    expect(await screen.findByText('You can add up to 10 tags')).toBeInTheDocument();
    expect(screen.getByText('Tag limit reached')).toBeInTheDocument();
    expect(chosenTags()).toEqual(ten);

    await user.click(option('Toys'));
    expect(option('Toys')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('10 of 10 tags')).toBeInTheDocument();
  });

  it('filters the common tags by the search, and says when none match', async () => {
    const { user } = renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search common tags' });

    await user.type(search, 'OUT');
    expect(screen.getAllByRole('option').map((el) => el.textContent)).toEqual(['Outdoor']);
    expect(screen.getByRole('group', { name: 'Location' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Item Type' })).not.toBeInTheDocument();

    await user.type(search, 'zzz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByText('No matching tags. Add it as a custom tag below.')).toBeInTheDocument();
  });
});
