import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { SettingsSection } from './settings-section';

/** "Download my data": everything stored about the account, as one JSON file (GET /api/me/export). */
export function DataSection() {
  return (
    <SettingsSection
      icon={Download}
      title="Your data"
      description="Download everything we store about you: profile, payment links, items, notes, links and messages."
    >
      <div>
        <a href="/api/me/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          Download my data
        </a>
      </div>
    </SettingsSection>
  );
}
