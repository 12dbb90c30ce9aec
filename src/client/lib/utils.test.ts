import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('lets a later class override an earlier one of the same kind', () => {
    expect(cn('h-11 px-5 text-sm', 'px-3')).toBe('h-11 text-sm px-3');
    expect(cn('size-4', 'size-10')).toBe('size-10');
    expect(cn('inline-flex items-center', 'grid')).toBe('items-center grid');
    expect(cn('border border-border', 'border-destructive/40')).toBe('border border-destructive/40');
  });

  it('keeps classes under different variants apart, and merges the same variants in any order', () => {
    expect(cn('p-6', 'p-4 sm:p-6')).toBe('p-4 sm:p-6');
    expect(cn('hover:sm:bg-muted', 'sm:hover:bg-card')).toBe('sm:hover:bg-card');
    expect(cn('[&_svg]:size-4 sm:[&_svg]:size-4', '[&_svg]:size-5')).toBe('sm:[&_svg]:size-4 [&_svg]:size-5');
    expect(cn('px-2!', 'px-3', '!px-4')).toBe('px-3 !px-4');
  });

  it('takes what clsx takes, and keeps classes that are not Tailwind’s', () => {
    expect(cn('my-widget px-2', false, null, undefined, { 'px-4': true, hidden: false }, ['leaflet-container'])).toBe(
      'my-widget px-4 leaflet-container',
    );
    expect(cn('  ', '')).toBe('');
  });
});
