import { cn } from '@/lib/utils';

/** The product's house mark (same drawing as the favicon), decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" fill="#15803d" />
      <path d="M18 34l14-14 14 14v14a2 2 0 0 1-2 2H36V38h-8v12h-8a2 2 0 0 1-2-2z" fill="#fff" />
    </svg>
  );
}
