/**
 * At most `size` tasks at once; the others wait their turn, first come first served. For work that
 * holds much memory while it runs (a password hash, an image decode): a burst queues instead of
 * taking the server's memory.
 */
export function createSlots(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line (active stays counted), or is freed.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;
