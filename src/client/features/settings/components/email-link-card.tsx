import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type EmailLinkCardProps = {
  icon: LucideIcon;
  tone: 'default' | 'success' | 'danger';
  /** The page's heading (h1). */
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
};

const TONES = {
  default: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-primary-soft text-primary-soft-foreground',
  danger: 'bg-red-50 text-danger-text dark:bg-red-950/60',
};

/** The pages a mailed link opens (verify an address, unsubscribe): one card in the middle, its outcome announced. */
export function EmailLinkCard({ icon: Icon, tone, title, children, actions }: EmailLinkCardProps) {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-4">
          <div className="flex items-center gap-3">
            <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          </div>
          {children ? (
            <div role="status" className="text-pretty text-muted-foreground">
              {children}
            </div>
          ) : null}
          {actions}
        </CardContent>
      </Card>
    </div>
  );
}
