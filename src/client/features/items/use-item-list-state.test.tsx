// The list's state as the search box drives it: a text applied with Enter is not applied again
// when the typing pause ends, so a page chosen in between (Next) stays.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIST_SEARCH_DEBOUNCE_MS } from '#shared/constants.js';
import { renderApp, serveApi } from '@/test/render';
import { useItemListState } from './use-item-list-state';

function ListState() {
  const s = useItemListState();
  return (
    <>
      <input aria-label="Search items" value={s.search} onChange={(e) => s.setSearch(e.target.value)} />
      <button onClick={s.applySearchNow}>Enter</button>
      <button onClick={() => s.goToPage(s.page + 1)}>Next</button>
      <p>
        page {s.page} of &quot;{s.debouncedSearch}&quot;
      </p>
    </>
  );
}

describe('useItemListState', () => {
  it('Enter, then Next before the typing pause ends: the pause does not take the list back to page 1', async () => {
    serveApi({ 'GET /api/items': () => ({ items: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 0 } }) });
    // The list writes the address only while the window is on its path: here, '/'.
    const { location } = renderApp(<ListState />, { path: '/' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search items' }), { target: { value: 'lamp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('page 2 of "lamp"')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DEBOUNCE_MS + 200)));
    expect(screen.getByText('page 2 of "lamp"')).toBeTruthy();
    expect(location.history?.at(-1)).toMatch(/page=2/);
  });
});
