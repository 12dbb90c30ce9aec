import { Link } from 'wouter';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useT } from '@/lib/i18n';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-none',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-12 shadow-lg',
    'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
    'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
    'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitive.Root data-variant={variant ?? 'default'} className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const t = useT();
  return (
    <ToastPrimitive.Close
      aria-label={t('core.common.closeNotification')}
      className={cn(
        'absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-lg opacity-80 transition-opacity hover:opacity-100',
        'group-data-[variant=destructive]:focus-visible:outline-white',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-95', className)} {...props} />;
}

/** A link in a toast ("View item"): Radix's action, so screen readers are told of it (altText). */
export function ToastAction({ label, href }: { label: string; href: string }) {
  return (
    <ToastPrimitive.Action altText={label} asChild>
      <Link
        href={href}
        className="mt-1 inline-flex min-h-9 w-fit items-center rounded-lg border border-current/30 px-3 text-sm font-semibold underline-offset-4 hover:underline"
      >
        {label}
      </Link>
    </ToastPrimitive.Action>
  );
}
