import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

type PageMessageProps = {
  /** Shown in the danger colour before the heading. */
  icon: LucideIcon;
  /** The page's heading (h1). */
  title: ReactNode;
  /** One sentence under the heading. */
  children: ReactNode;
  /** The way out: a button or a row of them. */
  actions: ReactNode;
};

/** A page that has only a message to show (not found, could not load): a card in the middle. */
export function PageMessage({ icon: Icon, title, children, actions }: PageMessageProps) {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-4">
          <div className="flex items-center gap-3">
            <Icon className="size-8 shrink-0 text-danger-text" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
          </div>
          <p className="text-muted-foreground">{children}</p>
          {actions}
        </CardContent>
      </Card>
    </div>
  );
}
