// Loaded with the first press of Alert me on Browse (Radix Dialog); fetches the `app` texts it needs.
import { BellPlus } from 'lucide-react';
import { use, useId, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { ALERT_RADIUS_CHOICES_KM, ALERT_RADIUS_DEFAULT_KM } from '#shared/constants.js';
import { radiusMessage } from '#shared/item-format.js';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { Position } from '@/lib/geolocation';
import { loadBundle, T, useT } from '@/lib/i18n';
import { useDistanceUnit } from '@/lib/distance-unit';
import { getErrorMessage } from '@/lib/request';
import { useCreateAlert } from '../alert-api';
import type { Viewer } from '../lib/item-rules';
import type { ItemListState } from '../use-item-list-state';

type AlertMeDialogProps = {
  /** The text in the search box, trimmed ('' for none). */
  search: string;
  /** The place the list is sorted by, when the person shared it. */
  location: Position | null;
  /** The list's radius, if one is chosen: the alert's radius starts there. */
  radiusKm?: number | null;
  onClose: () => void;
};

const texts = loadBundle('app');

/**
 * Alert me on Browse (its default export, for React.lazy): signed out, the login page (which then goes
 * to /home, docs/product.md, Saved alerts); signed in, the dialog.
 */
export default function AlertMe({ state, viewer, onClose }: { state: ItemListState; viewer: Viewer; onClose: () => void }) {
  use(texts);
  return viewer ? (
    <AlertMeDialog search={state.search.trim()} location={state.location} radiusKm={state.radiusKm} onClose={onClose} />
  ) : (
    <Redirect to="/auth" />
  );
}

/** Saves the current search of Browse as an alert: its text, and the place with a chosen radius. */
export function AlertMeDialog({ search, location, radiusKm: listRadiusKm, onClose }: AlertMeDialogProps) {
  const t = useT();
  const unit = useDistanceUnit();
  // Focus goes back to the Alert me button, which had it when the dialog opened.
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const id = useId();
  const create = useCreateAlert();
  const [radiusKm, setRadiusKm] = useState<number>(
    listRadiusKm && (ALERT_RADIUS_CHOICES_KM as readonly number[]).includes(listRadiusKm) ? listRadiusKm : ALERT_RADIUS_DEFAULT_KM,
  );
  const nothing = !search && !location;

  const onSave = () => {
    create.mutate(
      { ...(search ? { query: search } : {}), ...(location ? { latitude: location.lat, longitude: location.lng, radiusKm } : {}) },
      {
        onSuccess: () => {
          toast({
            title: t('alerts.me.savedTitle'),
            description: (
              <T
                id="alerts.me.savedText"
                components={{ 0: <Link href="/settings#alerts" className="font-semibold underline underline-offset-4" /> }}
              />
            ),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
    >
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-md gap-5">
        <div className="grid gap-1.5 pr-10">
          <DialogTitle className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <BellPlus className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {t('alerts.me.title')}
          </DialogTitle>
          <DialogDescription className="text-sm text-pretty text-muted-foreground">
            {nothing ? t('alerts.me.nothing') : t('alerts.me.description')}
          </DialogDescription>
        </div>

        {nothing ? null : (
          <div className="grid gap-4">
            {search ? (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words">
                <T id="alerts.me.text" values={{ text: search }} components={{ 0: <span className="font-semibold" /> }} />
              </p>
            ) : null}
            {location ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-radius`}>{t('alerts.me.radius')}</Label>
                <NativeSelect id={`${id}-radius`} value={radiusKm} onChange={(event) => setRadiusKm(Number(event.target.value))}>
                  {ALERT_RADIUS_CHOICES_KM.map((km) => (
                    <option key={km} value={km}>
                      {t(radiusMessage(km, unit))}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            {create.isError ? (
              <p
                role="alert"
                className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-danger-text"
              >
                {getErrorMessage(create.error)}
              </p>
            ) : null}
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={create.isPending}>
              {nothing ? t('core.common.close') : t('core.common.cancel')}
            </Button>
          </DialogClose>
          {nothing ? null : (
            <Button onClick={onSave} disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? <Spinner /> : <BellPlus aria-hidden="true" />}
              {t('alerts.me.save')}
            </Button>
          )}
        </div>
        <DialogCloseButton disabled={create.isPending} />
      </DialogContent>
    </Dialog>
  );
}
