import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_ENDPOINT_TAKEN } from '#shared/push.js';

const apiJson = vi.fn();
vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/request')>()),
  apiJson: (...args: unknown[]) => apiJson(...args) as unknown,
}));
const { ApiError } = await import('@/lib/request');
const { turnPushOn } = await import('./push');

const subscription = (endpoint: string) => ({
  endpoint,
  toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  unsubscribe: vi.fn(() => Promise.resolve(true)),
});

describe('turning push on', () => {
  let old: ReturnType<typeof subscription>;
  let fresh: ReturnType<typeof subscription>;
  let posted: unknown[];
  beforeEach(() => {
    old = subscription('https://push.example/old');
    fresh = subscription('https://push.example/fresh');
    posted = [];
    const registration = {
      pushManager: { getSubscription: vi.fn(() => Promise.resolve(old)), subscribe: vi.fn(() => Promise.resolve(fresh)) },
    };
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
    });
    vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    apiJson.mockReset();
  });

  const answer = (refusal?: InstanceType<typeof ApiError>) =>
    apiJson.mockImplementation((method: string, _url: string, body?: unknown) => {
      if (method === 'GET') return Promise.resolve({ publicKey: 'BBBB' });
      posted.push(body);
      return refusal && posted.length === 1 ? Promise.reject(refusal) : Promise.resolve({});
    });

  it("makes a new subscription when this browser's belongs to another account here", async () => {
    answer(new ApiError(409, JSON.stringify({ message: 'taken', code: PUSH_ENDPOINT_TAKEN }), 'Conflict'));
    await turnPushOn();
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(posted).toEqual([old.toJSON(), fresh.toJSON()]);
  });

  it('keeps the subscription and says so for any other refusal', async () => {
    answer(new ApiError(400, JSON.stringify({ message: 'not a push service this site sends to' }), 'Bad Request'));
    await expect(turnPushOn()).rejects.toThrow(/not a push service/);
    expect(old.unsubscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([old.toJSON()]);
  });

  it('sends the subscription there is when the server takes it', async () => {
    answer();
    await turnPushOn();
    expect(posted).toEqual([old.toJSON()]);
  });
});
