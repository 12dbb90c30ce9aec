import { Eye } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useUpdateVisibility } from '../api';
import { SettingsSection } from './settings-section';

/** Profile visibility: whether the profile shows in search and can be opened by others (isVisible). */
export function VisibilitySection({ isVisible }: { isVisible: boolean }) {
  const t = useT();
  const update = useUpdateVisibility();
  // While the change is on its way the switch already shows it.
  const checked = update.isPending && update.variables !== undefined ? update.variables : isVisible;

  const onChange = (next: boolean) =>
    update.mutate(next, {
      onSuccess: (settings) =>
        toast({
          title: settings.isVisible ? t('settings.visibility.visibleTitle') : t('settings.visibility.hiddenTitle'),
          description: settings.isVisible ? t('settings.visibility.visibleText') : t('settings.visibility.hiddenText'),
        }),
      onError: (error) => toast({ variant: 'destructive', title: t('settings.visibility.failed'), description: getErrorMessage(error) }),
    });

  return (
    <SettingsSection icon={Eye} title={t('settings.visibility.title')} description={t('settings.visibility.description')}>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-muted p-4">
        <div className="grid gap-1">
          <Label htmlFor="settings-visible" className="text-base">
            {t('settings.visibility.label')}
          </Label>
          <p id="settings-visible-hint" className="text-sm text-pretty text-muted-foreground">
            {t('settings.visibility.hint')}
          </p>
        </div>
        <Switch
          id="settings-visible"
          checked={checked}
          onCheckedChange={onChange}
          disabled={update.isPending}
          aria-describedby="settings-visible-hint"
        />
      </div>
    </SettingsSection>
  );
}
