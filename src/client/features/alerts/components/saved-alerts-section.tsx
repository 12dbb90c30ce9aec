import { zodResolver } from '@hookform/resolvers/zod';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { Alert } from '#shared/alerts.js';
import { SEARCH_TEXT_MAX } from '#shared/constants.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fieldOf, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDistanceUnit } from '@/lib/distance-unit';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useAlerts, useDeleteAlert, useUpdateAlert } from '../api';
import { alertEditBody, alertEditDefaults, alertEditFormSchema, radiusChoices } from '../lib/alert-form';
import { alertPlace, alertSummary } from '../lib/alert-summary';

/** The anchor of the section: Alert me's "saved" toast links to /settings#alerts. */
export const ALERTS_ANCHOR = 'alerts';

function AlertEditForm({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const t = useT();
  const unit = useDistanceUnit();
  const id = useId();
  const update = useUpdateAlert();
  const form = useForm({ resolver: zodResolver(alertEditFormSchema), defaultValues: alertEditDefaults(alert) });
  const place = alert.latitude !== null && alert.longitude !== null;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { id: alert.id, body: alertEditBody(values) },
      {
        onSuccess: () => {
          toast({ title: t('alerts.settings.savedTitle') });
          onDone();
        },
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('alerts.settings.editTitle')}
      className="grid gap-4 rounded-xl bg-muted p-3 sm:p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-query`}
          label={t('alerts.settings.query')}
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on Edit: typing goes on where the person is
          autoFocus
          {...fieldOf(form, 'query')}
        />
        <TextField
          id={`${id}-tag`}
          label={t('alerts.settings.tag')}
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX}
          {...fieldOf(form, 'tag')}
        />
      </div>
      {place ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-radius`}>{t('alerts.settings.radius')}</Label>
          <NativeSelect id={`${id}-radius`} {...form.register('radiusKm')}>
            {radiusChoices(alert.radiusKm).map((km) => (
              <option key={km} value={String(km)}>
                {alertPlace(t, km, alert.latitude ?? 0, alert.longitude ?? 0, unit)}
              </option>
            ))}
            <option value="">{t('alerts.settings.noPlace')}</option>
          </NativeSelect>
        </div>
      ) : null}
      {update.isError ? (
        <p role="alert" className="text-sm font-medium text-danger-text">
          {getErrorMessage(update.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {t('alerts.settings.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('core.common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AlertRow({ alert }: { alert: Alert }) {
  const t = useT();
  const unit = useDistanceUnit();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const summary = alertSummary(t, alert, unit);

  const onPause = () =>
    update.mutate(
      { id: alert.id, body: { paused: !alert.paused } },
      {
        onSuccess: (changed) => toast({ title: t(changed.paused ? 'alerts.settings.pausedTitle' : 'alerts.settings.resumedTitle') }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('alerts.settings.changeFailed'), description: getErrorMessage(error) }),
      },
    );

  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('alerts.settings.deletedTitle') });
      },
      onError: (error) => toast({ variant: 'destructive', title: t('alerts.settings.deleteFailed'), description: getErrorMessage(error) }),
    });

  return (
    <li className="grid gap-3 rounded-xl border border-border p-3">
      <div className="flex flex-wrap items-start gap-3">
        <ul className="grid min-w-0 flex-1 basis-56 gap-1 text-sm break-words">
          {alert.query ? <li className="font-semibold">{t('alerts.criteria.text', { text: alert.query })}</li> : null}
          {alert.tag ? <li className="font-semibold">{t('alerts.criteria.tag', { tag: alert.tag })}</li> : null}
          {alert.latitude !== null && alert.longitude !== null && alert.radiusKm !== null ? (
            <li className="text-muted-foreground">{alertPlace(t, alert.radiusKm, alert.latitude, alert.longitude, unit)}</li>
          ) : null}
          {alert.paused ? (
            <li>
              <Badge variant="neutral">{t('alerts.settings.paused')}</Badge>
            </li>
          ) : null}
        </ul>
        <div className="flex flex-wrap gap-1">
          <Button
            ref={editButton}
            variant="ghost"
            onClick={() => setEditing((open) => !open)}
            aria-expanded={editing}
            aria-label={t('alerts.settings.editLabel', { alert: summary })}
          >
            <Pencil aria-hidden="true" />
            {t('alerts.settings.edit')}
          </Button>
          <Button
            variant="ghost"
            onClick={onPause}
            disabled={update.isPending}
            aria-busy={update.isPending}
            aria-label={t(alert.paused ? 'alerts.settings.resumeLabel' : 'alerts.settings.pauseLabel', { alert: summary })}
          >
            {update.isPending ? <Spinner /> : alert.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {t(alert.paused ? 'alerts.settings.resume' : 'alerts.settings.pause')}
          </Button>
          <Button
            ref={deleteButton}
            variant="ghost"
            size="icon"
            className="text-danger-text hover:bg-red-50 hover:text-danger-text dark:hover:bg-red-950/60"
            onClick={() => setConfirming(true)}
            aria-label={t('alerts.settings.deleteLabel', { alert: summary })}
            title={t('core.common.delete')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {editing ? (
        <AlertEditForm
          alert={alert}
          onDone={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('alerts.settings.deleteTitle')}
        description={t('alerts.settings.deleteText', { alert: summary })}
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
        returnFocusRef={deleteButton}
        fallbackFocusId={ALERTS_ANCHOR}
      />
    </li>
  );
}

/**
 * Settings, Saved alerts (the page puts it in its section card): what each alert matches, with edit,
 * pause/resume and delete; loading, failure and none each say so.
 */
export function SavedAlertsList() {
  const t = useT();
  const alerts = useAlerts();
  const loaded = Boolean(alerts.data);

  // Arriving from Alert me's toast (/settings#alerts): the section comes into view once it has its list.
  useEffect(() => {
    if (loaded && window.location.hash === `#${ALERTS_ANCHOR}`) document.getElementById(ALERTS_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  if (alerts.data) {
    return alerts.data.length > 0 ? (
      <ul className="grid gap-2" aria-label={t('alerts.settings.listLabel')}>
        {alerts.data.map((alert) => (
          <AlertRow key={alert.id} alert={alert} />
        ))}
      </ul>
    ) : (
      <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-pretty text-muted-foreground">
        <T
          id="alerts.settings.empty"
          components={{ 0: <Link href="/browse" className="font-semibold text-foreground underline underline-offset-4" /> }}
        />
      </p>
    );
  }
  return alerts.isPending ? (
    <div className="flex justify-center py-6">
      <Spinner label={t('alerts.settings.loading')} className="size-6 text-primary" />
    </div>
  ) : (
    <LoadError
      variant="inset"
      title={t('alerts.settings.loadFailed')}
      error={alerts.error}
      onRetry={() => void alerts.refetch()}
      retrying={alerts.isFetching}
    />
  );
}
