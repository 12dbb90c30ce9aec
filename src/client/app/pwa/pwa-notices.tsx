// The installable app's two notices, just under the navigation bar (docs/product.md, Installable
// app and offline): "You are offline" while the server cannot be reached, and "A new version is
// available — Reload" when a new version of the app waits. Both are polite status messages.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOffline } from '@/lib/connectivity';
import { useT } from '@/lib/i18n';
import { useWaitingUpdate } from './update-state';

export function OfflineBanner() {
  const offline = useOffline();
  const t = useT();
  return (
    <div role="status" className="contents">
      {offline ? (
        <div className="border-b border-border bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <p className="mx-auto max-w-6xl px-4 py-2 text-sm sm:px-6">
            <strong className="font-semibold">{t('core.offline.banner')}</strong> {t('core.offline.bannerDetail')}
          </p>
        </div>
      ) : null}
    </div>
  );
}

export function UpdatePrompt() {
  const apply = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  const t = useT();
  return (
    <div role="status" className="contents">
      {apply ? (
        <div className="border-b border-border bg-primary-soft text-primary-soft-foreground">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
            <p>{t('core.update.available')}</p>
            <Button
              disabled={reloading}
              aria-busy={reloading}
              onClick={() => {
                setReloading(true);
                void apply();
              }}
            >
              {t('core.update.reload')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
