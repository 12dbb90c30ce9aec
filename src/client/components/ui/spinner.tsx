import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useT } from '@/lib/i18n';

type SpinnerProps = {
  className?: string;
  /** Read by screen readers; leave out for a purely decorative spinner (e.g. inside a button). */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle className={cn('size-4 animate-spin', className)} aria-hidden="true" />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner filling the content area while a page or the session loads. */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="flex min-h-[50dvh] w-full items-center justify-center">
      <Spinner label={label ?? t('core.common.loading')} className="size-10 text-primary" />
    </div>
  );
}
