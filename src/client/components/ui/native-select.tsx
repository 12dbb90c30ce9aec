import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native <select> with the look of the app's text inputs (see Input). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
