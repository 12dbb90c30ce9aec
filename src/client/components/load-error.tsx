import { CircleAlert, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useT } from '@/lib/i18n';

type RetryButtonProps = {
  onRetry: () => void;
  /** The new attempt runs: the button is disabled and spins. */
  retrying?: boolean;
  size?: ButtonProps['size'];
  className?: string;
};

/** 'Try again' after a failed load. */
export function RetryButton({ onRetry, retrying = false, size, className }: RetryButtonProps) {
  const t = useT();
  return (
    <Button variant="outline" size={size} className={className} onClick={onRetry} disabled={retrying} aria-busy={retrying}>
      {retrying ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      {t('core.common.tryAgain')}
    </Button>
  );
}

type LoadErrorProps = Pick<RetryButtonProps, 'onRetry' | 'retrying'> & {
  /** What failed, e.g. 'Could not load your settings'. */
  title: ReactNode;
  /** The failure: its message is shown under the title. */
  error: unknown;
  /**
   * 'page': alone in the page's content; 'section': one part of a page among others;
   * 'inset': inside a card that already has the background.
   */
  variant?: 'page' | 'section' | 'inset';
};

/** Something could not be loaded: an alert with what failed, why, and a 'Try again' button. */
export function LoadError({ title, error, onRetry, retrying = false, variant = 'page' }: LoadErrorProps) {
  const large = variant === 'page';
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 border border-border px-6 text-center',
        variant === 'inset' ? 'rounded-xl' : 'rounded-card bg-card',
        large ? 'py-12' : 'py-10',
      )}
    >
      <CircleAlert className={cn('text-danger-text', large ? 'size-10' : 'size-8')} aria-hidden="true" />
      <p className={cn('font-semibold', large && 'text-lg')}>{title}</p>
      <p className={cn('max-w-md text-muted-foreground', !large && 'text-sm')}>{getErrorMessage(error)}</p>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}
