import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type SettingsSectionProps = {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** A danger zone gets a red rim. */
  tone?: 'default' | 'danger';
};

/** One card of the settings page: an icon, an h2, a sentence, the controls. */
export function SettingsSection({ icon: Icon, title, description, children, tone = 'default' }: SettingsSectionProps) {
  return (
    // Not a labelled region: the headings are enough to find one's way, and fewer landmarks keep the
    // page's outline short.
    <Card className={tone === 'danger' ? 'border-destructive/40' : undefined}>
      <CardHeader className="flex-row items-start gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <span
          className={
            tone === 'danger'
              ? 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-red-50 text-danger-text dark:bg-red-950/60'
              : 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground'
          }
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription className="text-pretty">{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5 p-4 sm:p-6">{children}</CardContent>
    </Card>
  );
}
