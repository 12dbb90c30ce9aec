import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { apiRequest, getErrorMessage } from '@/lib/request';
import { currentSubscription, PushBlockedError, pushSupported, turnPushOff, turnPushOn } from '../push';

const SUBSCRIPTION_KEY = ['push-subscription'] as const;
const PREFERENCES_KEY = ['/api/me/notification-preferences'] as const;

/**
 * Settings: push notifications on this device. Shown where the site has push set up and the browser
 * can do it; the browser's permission is asked only when the person turns it on.
 */
export function PushSwitch() {
  const t = useT();
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const available = useQuery({
    queryKey: ['/api/push/key', 'available'],
    queryFn: async () => (await apiRequest('GET', '/api/push/key').catch(() => undefined))?.ok === true,
    enabled: supported,
    staleTime: Infinity,
  });
  const subscribed = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: async () => (await currentSubscription()) !== null,
    enabled: supported && available.data === true,
    retry: false,
  });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onSuccess: (_, on) => toast({ title: t(on ? 'notifications.push.on' : 'notifications.push.off') }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('notifications.push.failed'),
        description: error instanceof PushBlockedError ? t('notifications.push.blocked') : getErrorMessage(error),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
        queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
      ]),
  });

  if (!supported || available.data !== true || subscribed.isError) return null;
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl bg-muted p-4">
      <div className="grid gap-1">
        <Label htmlFor="settings-push" className="text-base">
          {t('notifications.push.label')}
        </Label>
        <p id="settings-push-hint" className="text-sm text-pretty text-muted-foreground">
          {t('notifications.push.hint')}
        </p>
      </div>
      <Switch
        id="settings-push"
        checked={subscribed.data === true}
        onCheckedChange={(on) => change.mutate(on)}
        disabled={subscribed.isPending || change.isPending}
        aria-describedby="settings-push-hint"
      />
    </div>
  );
}
