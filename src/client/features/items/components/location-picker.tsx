import { LocateFixed, MapPin } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '#shared/constants.js';
import type { MessageId } from '#shared/i18n.js';
import { MapView } from '@/components/map/map-view';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { Position } from '@/lib/geolocation';
import { useT } from '@/lib/i18n';

type LocationPickerProps = {
  /** The chosen position, or null while none (or an invalid one) is entered. */
  position: Position | null;
  onPick: (position: Position) => void;
  onUseCurrentLocation: () => void;
  locating: boolean;
  /** Changing it moves the map to the position (photo, device location, reset). */
  viewKey: number;
  error?: string;
  latitudeInput: ComponentProps<'input'>;
  longitudeInput: ComponentProps<'input'>;
};

type CoordinateInputProps = {
  label: MessageId;
  /** The value runs from -limit to limit. */
  limit: number;
  invalid: true | undefined;
  describedBy: string;
  input: ComponentProps<'input'>;
};

/** One typed coordinate, so keyboard users can place an item without the map. */
function CoordinateInput({ label, limit, invalid, describedBy, input }: CoordinateInputProps) {
  const id = useId();
  const t = useT();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t(label)}</Label>
      <Input
        id={id}
        type="number"
        step="any"
        min={-limit}
        max={limit}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...input}
      />
    </div>
  );
}

/** Click the map, use the device's location, or type the coordinates. */
export function LocationPicker({
  position,
  onPick,
  onUseCurrentLocation,
  locating,
  viewKey,
  error,
  latitudeInput,
  longitudeInput,
}: LocationPickerProps) {
  const t = useT();
  const errorId = useId();
  const hintId = useId();
  const invalid = error ? true : undefined;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('items.location.legend')}</legend>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('items.location.hint')}
        </p>
        <Button type="button" variant="outline" onClick={onUseCurrentLocation} disabled={locating} aria-busy={locating}>
          {locating ? <Spinner /> : <LocateFixed aria-hidden="true" />}
          {t('items.location.useCurrent')}
        </Button>
      </div>
      <MapView
        center={position ?? DEFAULT_MAP_CENTER}
        zoom={DEFAULT_MAP_ZOOM}
        marker={position}
        markerLabel={t('items.location.chosen')}
        onPick={onPick}
        viewKey={viewKey}
      />
      <div className="grid grid-cols-2 gap-3">
        <CoordinateInput label="items.location.latitude" limit={90} invalid={invalid} describedBy={describedBy} input={latitudeInput} />
        <CoordinateInput label="items.location.longitude" limit={180} invalid={invalid} describedBy={describedBy} input={longitudeInput} />
      </div>
      {position ? (
        <p className="inline-flex items-center gap-2 text-sm font-medium text-primary-soft-foreground" aria-live="polite">
          <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t('items.location.positionSet', { lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) })}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
