// The cost curve's merging of repeated passes (--repeat): each size's numbers are the median of its passes.
import { describe, expect, it } from 'vitest';
import { mergePasses, summarise } from './curve.mjs';

/** One bench result as bench.mjs writes it, with the numbers that matter here. */
const result = (items, pass, { list, errors = 0, memory = 250, signInPass = true }) => ({
  items,
  machine: { cores: 2 },
  connections: 32,
  durationSeconds: 10,
  serverPeakMemoryMB: memory,
  hashBoundSignInsPerSecond: 40 + pass,
  scenarios: [
    { name: 'nearest first, page 1', p50: list / 4, p99: list, requestsPerSecond: 1000 / list, errors, non2xx: 0, bytesPerAnswer: 900 },
    { name: 'sign-in', p50: 40, p99: 90, requestsPerSecond: 40, errors: 0, non2xx: 0 },
  ],
  bareSql: [{ name: 'list alone', p50: 1, p99: list / 2, perSecond: 2000, errors: 0 }],
  bars: [{ bar: 'sign-in: at least 0.8 of the hash-bound limit', value: `pass ${pass}`, pass: signInPass }],
});

describe('mergePasses', () => {
  it('takes the median of every number over the passes and keeps each pass p99', () => {
    const merged = mergePasses([
      result(100_000, 1, { list: 30 }),
      result(100_000, 2, { list: 90, errors: 2, memory: 280 }),
      result(100_000, 3, { list: 40, signInPass: false }),
    ]);
    const nearest = merged.scenarios.find((s) => s.name === 'nearest first, page 1');
    expect(nearest).toMatchObject({ p99: 40, p50: 10, errors: 2, bytesPerAnswer: 900, p99Passes: [30, 90, 40] });
    expect(merged.bareSql[0]).toMatchObject({ p99: 20, p99Passes: [15, 45, 20] });
    expect(merged.passes).toBe(3);
    // The worst memory of any pass, not the median: the bar is a ceiling.
    expect(merged.serverPeakMemoryMB).toBe(280);
    expect(merged.hashBoundSignInsPerSecond).toBe(42);
    expect(merged.bars.map((b) => [b.bar, b.pass])).toEqual([
      ['sign-in: at least 0.8 of the hash-bound limit (pass 1 of 3)', true],
      ['sign-in: at least 0.8 of the hash-bound limit (pass 2 of 3)', true],
      ['sign-in: at least 0.8 of the hash-bound limit (pass 3 of 3)', false],
    ]);
  });

  it('an even number of passes takes the mean of the middle two; one pass is left as it is', () => {
    const two = mergePasses([result(10_000, 1, { list: 10 }), result(10_000, 2, { list: 20 })]);
    expect(two.scenarios[0].p99).toBe(15);
    const one = result(10_000, 1, { list: 10 });
    expect(mergePasses([one])).toBe(one);
  });

  it('the growth bars are judged on the medians, so one slow pass does not fail a size', () => {
    const small = mergePasses([result(100_000, 1, { list: 20 }), result(100_000, 2, { list: 22 }), result(100_000, 3, { list: 21 })]);
    // One noisy pass of 80 ms at ten million: the median is 28 ms, 1.33× the 21 ms at 100,000.
    const big = mergePasses([
      result(10_000_000, 1, { list: 26 }),
      result(10_000_000, 2, { list: 80 }),
      result(10_000_000, 3, { list: 28 }),
    ]);
    const curve = summarise([big, small]);
    const bar = curve.bars.find((b) => b.bar.startsWith('nearest first, page 1'));
    expect(bar).toMatchObject({ pass: true, value: '28 ms vs 21 ms (1.33×)' });
    expect(curve.scenarios.find((s) => s.name === 'nearest first, page 1').points.map((p) => p.p99Passes)).toEqual([
      [20, 22, 21],
      [26, 80, 28],
    ]);
    expect(curve.sizes.map((s) => s.passes)).toEqual([3, 3]);
  });
});
