import { Eye } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useUpdateVisibility } from '../api';
import { SettingsSection } from './settings-section';

/** Profile visibility: whether the profile shows in search and can be opened by others (isVisible). */
export function VisibilitySection({ isVisible }: { isVisible: boolean }) {
  const update = useUpdateVisibility();
  // While the change is on its way the switch already shows it.
  const checked = update.isPending && update.variables !== undefined ? update.variables : isVisible;

  const onChange = (next: boolean) =>
    update.mutate(next, {
      onSuccess: (settings) =>
        toast({
          title: settings.isVisible ? 'Your profile is visible' : 'Your profile is hidden',
          description: settings.isVisible
            ? 'People can find you in search and open your profile.'
            : 'You no longer appear in search, and your profile page is closed to others.',
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not change your profile visibility', description: getErrorMessage(error) }),
    });

  return (
    <SettingsSection icon={Eye} title="Profile visibility" description="Choose whether neighbours can find you and see your payment links.">
      <div className="flex items-center justify-between gap-4 rounded-xl bg-muted p-4">
        <div className="grid gap-1">
          <Label htmlFor="settings-visible" className="text-base">
            Show my profile in search
          </Label>
          <p id="settings-visible-hint" className="text-sm text-pretty text-muted-foreground">
            When off, you are hidden from search and others see 'User not found' on your profile page.
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
