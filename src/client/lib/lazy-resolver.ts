import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema, and zod with it (about 25 KB gzipped), arrives only when the form
 * is first used: the page paints and runs sooner, and the visitor who only looks never loads it.
 * `prefetch` starts the load early (call it when the form is focused); validation waits for it.
 * A failed load is tried again at the next validation rather than kept.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): { resolver: Resolver<Input, Context, Output>; prefetch: () => void } {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    prefetch: () => void get().catch(() => undefined),
  };
}
