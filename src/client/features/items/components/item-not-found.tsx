import { PackageX, WifiOff } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/** Missing item or failed fetch (docs/product.md, Pages, Item detail). */
export function ItemNotFound() {
  const t = useT();
  return (
    <PageMessage
      icon={PackageX}
      title={t('items.notFound.title')}
      actions={
        <Button asChild variant="outline">
          <Link href="/">{t('items.notFound.backHome')}</Link>
        </Button>
      }
    >
      {t('items.notFound.body')}
    </PageMessage>
  );
}

/**
 * The item could not be asked for at all (no network, and not saved on this device): the page
 * needs a connection, which is not the same as the item missing (docs/product.md, Installable app
 * and offline).
 */
export function ItemNeedsConnection({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <PageMessage
      icon={WifiOff}
      title={t('items.needsConnection.title')}
      actions={
        <Button variant="outline" onClick={onRetry}>
          {t('core.common.tryAgain')}
        </Button>
      }
    >
      {t('items.needsConnection.body')}
    </PageMessage>
  );
}
