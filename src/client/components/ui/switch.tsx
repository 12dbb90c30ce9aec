import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * An on/off switch (role="switch"). The track is 44 x 24 px; an invisible pseudo-element grows
 * the touch target to 44 x 44 px without changing the layout.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        "before:absolute before:-inset-x-0.5 before:-inset-y-2.5 before:content-['']",
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-stone-500 dark:data-[state=unchecked]:bg-stone-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-white shadow-md ring-0 transition-transform',
          'data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
