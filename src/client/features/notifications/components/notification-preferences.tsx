import { useId } from 'react';
import type { PreferencesAnswer, UpdatePreferencesBody } from '#shared/notifications.js';
import { type Channel, CHANNEL_MODES } from '#shared/notification-rules.js';
import { LoadError } from '@/components/load-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { getErrorMessage } from '@/lib/request';
import { usePreferences, useUpdatePreferences } from '../api';
import { PushSwitch } from './push-switch';
import { CHANNEL_TEXT, MODE_TEXT, PREFERENCE_ROWS } from '../lib/notification-texts';

function Row({
  row,
  answer,
  onChange,
  disabled,
}: {
  row: (typeof PREFERENCE_ROWS)[number];
  answer: PreferencesAnswer;
  onChange: (channel: Channel, mode: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  const id = useId();
  const current = answer.preferences[row.types[0]!];
  return (
    <fieldset
      className={cn(
        'grid grid-cols-2 gap-3 rounded-xl bg-muted p-4 sm:items-end',
        answer.channels.length > 2 ? 'sm:grid-cols-[1fr_auto_auto_auto]' : 'sm:grid-cols-[1fr_auto_auto]',
      )}
    >
      <legend className="float-left col-span-2 mb-1 text-base font-medium text-pretty sm:col-span-1 sm:mb-0 sm:self-center">
        {t(row.label)}
      </legend>
      {answer.channels.map((channel) => (
        <div key={channel} className="grid min-w-0 gap-1 sm:w-40">
          <Label htmlFor={`${id}-${channel}`} className="text-sm text-muted-foreground">
            {t(CHANNEL_TEXT[channel])}
          </Label>
          <NativeSelect
            id={`${id}-${channel}`}
            value={current[channel]}
            disabled={disabled}
            onChange={(e) => onChange(channel, e.target.value)}
          >
            {CHANNEL_MODES[channel].map((mode) => (
              <option key={mode} value={mode}>
                {t(MODE_TEXT[mode])}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
    </fieldset>
  );
}

/** Settings: for each kind of news, in the app on or off, by e-mail right away, as a daily digest or off, by push (once a device has it on) right away or off. Saved on each change. */
export function NotificationPreferences() {
  const t = useT();
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  if (preferences.isPending) return <Spinner label={t('core.common.loading')} className="size-6 text-primary" />;
  if (preferences.isError) {
    return (
      <LoadError
        title={t('notifications.settings.loadFailed')}
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isRefetching}
      />
    );
  }
  const change = (types: readonly string[], channel: Channel, mode: string) => {
    const body: UpdatePreferencesBody = { preferences: Object.fromEntries(types.map((type) => [type, { [channel]: mode }])) };
    update.mutate(body, {
      onSuccess: () => toast({ title: t('notifications.settings.saved') }),
      onError: (error) => toast({ variant: 'destructive', title: t('notifications.settings.failed'), description: getErrorMessage(error) }),
    });
  };
  return (
    <div className="grid gap-3">
      <PushSwitch />
      {PREFERENCE_ROWS.map((row) => (
        <Row
          key={row.label}
          row={row}
          answer={preferences.data}
          disabled={update.isPending}
          onChange={(channel, mode) => change(row.types, channel, mode)}
        />
      ))}
    </div>
  );
}
