import { CirclePlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/** The primary 'Share Something' call to action, leading to /post-item. */
export function ShareSomethingButton({ className }: { className?: string }) {
  const t = useT();
  return (
    <Button asChild className={className}>
      <Link href="/post-item">
        <CirclePlus aria-hidden="true" />
        {t('core.nav.shareSomething')}
      </Link>
    </Button>
  );
}
