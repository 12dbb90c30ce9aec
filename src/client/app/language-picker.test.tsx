// The language picker as a signed-in person meets it: the choice is stored on the account, even
// when it is made before the page knows who is signed in.
import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SessionUser } from '#shared/auth.js';
import { renderApp, serveApi } from '@/test/render';
import { LanguagePicker } from './language-picker';

const alice: SessionUser = { id: 7, username: 'alice', isAdmin: false, language: null, distanceUnit: 'km' };

it('a choice made while the session is still on its way is stored on the account once it arrives', async () => {
  let answer!: (user: SessionUser) => void;
  const session = new Promise<SessionUser>((resolve) => (answer = resolve));
  const api = serveApi({
    'GET /api/user': () => session,
    'GET /api/csrf-token': () => ({ token: 'csrf-1' }),
    'PUT /api/me/language': () => ({ language: 'es' }),
  });
  const { user } = renderApp(<LanguagePicker />, { user: 'unknown' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
  answer(alice);
  await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('PUT /api/me/language'));
  expect(JSON.parse(api.calls.find((c) => c.method === 'PUT')!.body as string)).toEqual({ language: 'es' });
});
