// The installable app's notices as a person meets them: "You are offline" while the browser is
// offline or the last request found no network, gone when it is back; "A new version is
// available" with a Reload button only once a new version waits, and Reload switches to it.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkFailure, reportResponse } from '@/lib/connectivity';
import { renderApp, serveApi } from '@/test/render';
import { OfflineBanner, UpdatePrompt } from './pwa-notices';
import { offerUpdate } from './update-state';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('says "You are offline" while the browser is offline, and nothing once it is back', () => {
    serveApi({});
    renderApp(<OfflineBanner />);
    expect(screen.queryByText('You are offline')).toBeNull();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    setOnline(true);
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('shows when a request found no network or was answered from the saved copy, and goes with a real answer', () => {
    serveApi({});
    renderApp(<OfflineBanner />);
    act(() => reportNetworkFailure());
    expect(screen.getByText('You are offline')).toBeVisible();
    act(() => reportResponse(new Response('{}', { status: 200 })));
    expect(screen.queryByText('You are offline')).toBeNull();
    act(() => reportResponse(new Response('{}', { status: 200, headers: { 'x-offline-copy': '1' } })));
    expect(screen.getByText('You are offline')).toBeVisible();
    act(() => reportResponse(new Response('{}', { status: 500 })));
    expect(screen.queryByText('You are offline')).toBeNull();
  });
});

describe('UpdatePrompt', () => {
  it('offers a reload only when a new version waits, and Reload applies it once', async () => {
    serveApi({});
    renderApp(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    const apply = vi.fn(() => new Promise<void>(() => undefined));
    act(() => offerUpdate(apply));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    // While the new version takes over, a second click does nothing.
    expect(reload).toBeDisabled();
  });
});
