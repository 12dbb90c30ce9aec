import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ username: z.string().min(1, 'Username is required') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const schemaResolver = () => zodResolver(schema);

describe('lazyResolver', () => {
  it('loads the schema once, at the first validation or prefetch, and validates with it', async () => {
    const load = vi.fn(() => Promise.resolve(schemaResolver()));
    const { resolver, prefetch } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    prefetch();
    prefetch();
    const bad = await resolver({ username: '' }, undefined, options);
    const good = await resolver({ username: 'maria' }, undefined, options);

    expect(load).toHaveBeenCalledTimes(1);
    expect(bad.errors.username?.message).toBe('Username is required');
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ username: 'maria' });
  });

  it('tries the load again after a failure (the network came back)', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof schemaResolver>>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(schemaResolver());
    const { resolver, prefetch } = lazyResolver(load);

    prefetch(); // fails quietly
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    await expect(resolver({ username: '' }, undefined, options)).resolves.toMatchObject({
      errors: { username: { message: 'Username is required' } },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
