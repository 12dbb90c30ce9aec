// The navigation bar as a user meets it: Sign In when signed out; when signed in the account menu
// button (named by the username), Messages with its unread count and Logout; on a phone the menu
// button opens a panel, a modal dialog with the button, that keeps focus until Escape closes it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#shared/auth.js';
import { renderApp, serveApi } from '@/test/render';
import { NavBar } from './nav-bar';

const alice: SessionUser = { id: 7, username: 'alice', isAdmin: false, language: null, distanceUnit: 'km' };

/** The bar above some page content, so a Tab that leaves the menu has somewhere to go. */
function renderBar(user: SessionUser | null, path = '/home') {
  return renderApp(
    <>
      <NavBar />
      <main>
        <a href="#content">Page content</a>
      </main>
    </>,
    { user, path },
  );
}

/** Presses the phone menu's button; answers the panel of links once the menu (loaded on demand) is open. */
async function openPhoneMenu(user: ReturnType<typeof renderBar>['user']): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  const button = within(dialog).getByRole('button', { name: 'Close menu' });
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  await within(panel).findAllByRole('link');
  return panel;
}

describe('NavBar', () => {
  it('signed out: shows Sign In to /auth and no account button', async () => {
    serveApi({});
    const { user } = renderBar(null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // A visitor's way to the items: Home only asks them to sign in. On wide screens in the bar, on
    // phones in the menu (its panel loads when first opened).
    expect(within(nav).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/browse');
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    const panel = await openPhoneMenu(user);
    expect(within(panel).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/browse');
  });

  it('signed in: shows "alice, account menu", whose menu lists the account pages, and Messages with the unread count', async () => {
    const api = serveApi({ 'GET /api/conversations/unread-count': () => ({ unread: 2 }) });
    const { user } = renderBar(alice);

    const account = await screen.findByRole('button', { name: 'alice, account menu' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute('href', '/messages');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/conversations/unread-count');

    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('alice')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((el) => el.textContent),
    ).toEqual(['My items', 'Settings', 'My notes', 'Help & support']);
  });

  it('signed in: the bell links to /notifications and says how many wait, on wide screens and in the phone menu', async () => {
    const api = serveApi({
      'GET /api/conversations/unread-count': () => ({ unread: 0 }),
      'GET /api/notifications/unread-count': () => ({ unreadCount: 3 }),
    });
    const { user } = renderBar(alice);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent(/^3$/);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/notifications/unread-count');
    // The phone menu's button carries a dot while something waits inside.
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    const panel = await openPhoneMenu(user);
    expect(within(panel).getByRole('link', { name: 'Notifications, 3 unread' })).toHaveTextContent('Notifications3');
  });

  it('signed in: Logout ends the session on the server and leads to /auth, where Sign In is back', async () => {
    const api = serveApi({
      'GET /api/conversations/unread-count': () => ({ unread: 0 }),
      'GET /api/csrf-token': () => ({ token: 'csrf-1' }),
      'POST /api/logout': () => ({ message: 'Logged out' }),
    });
    const { user, location } = renderBar(alice);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/auth');
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
  });

  it('phone menu: opens, keeps Tab inside (last item to the menu button and back), Escape closes it with focus on the button', async () => {
    serveApi({ 'GET /api/conversations/unread-count': () => ({ unread: 0 }) });
    const { user } = renderBar(alice);

    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const button = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveFocus();

    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(dialog).toContainElement(panel);
    expect(await within(panel).findByText('alice')).toBeInTheDocument();
    const items = within(panel)
      .getAllByRole('link')
      .map((el) => el.textContent);
    expect(items).toEqual([
      'Home',
      'Search',
      'Share Something',
      'Messages',
      'Notifications',
      'My items',
      'Settings',
      'My notes',
      'Help & support',
    ]);
    const logout = within(panel).getByRole('button', { name: 'Logout' });
    const language = within(panel).getByRole('combobox', { name: 'Language' });

    // Tab walks the panel from the button; from the last item (the language) it goes round to the
    // button, never to the page behind.
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Home' })).toHaveFocus();
    logout.focus();
    await user.tab();
    expect(language).toHaveFocus();
    await user.tab();
    expect(button).toHaveFocus();
    await user.tab({ shift: true });
    expect(language).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const opener = screen.getByRole('button', { name: 'Open menu' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(opener).toHaveFocus());

    // Closed, Tab goes on to the page as usual.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Page content' })).toHaveFocus();
  });

  it('phone menu: signed out it offers Sign In; following a link closes it', async () => {
    serveApi({});
    const { user, location } = renderBar(null);
    const panel = await openPhoneMenu(user);
    expect(within(panel).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await user.click(within(panel).getByRole('link', { name: 'Search' }));
    expect(location.history.at(-1)).toBe('/search');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
