import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { SettingsSection } from './settings-section';

/** "Download my data": everything stored about the account, as one JSON file (GET /api/me/export). */
export function DataSection() {
  const t = useT();
  return (
    <SettingsSection icon={Download} title={t('settings.data.title')} description={t('settings.data.description')}>
      <div>
        <a href="/api/me/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          {t('settings.data.download')}
        </a>
      </div>
    </SettingsSection>
  );
}
