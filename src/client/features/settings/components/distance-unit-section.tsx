import { Ruler } from 'lucide-react';
import { useId } from 'react';
import { DISTANCE_UNITS, distanceUnitOf } from '#shared/distance-unit.js';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useDistanceUnit, useSetDistanceUnit } from '@/lib/distance-unit';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { SettingsSection } from './settings-section';

/** Settings: the unit every distance is shown in (km by default; or miles). */
export function DistanceUnitSection() {
  const t = useT();
  const id = useId();
  const unit = useDistanceUnit();
  const setUnit = useSetDistanceUnit();
  return (
    <SettingsSection icon={Ruler} title={t('settings.distanceUnit.title')} description={t('settings.distanceUnit.description')}>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={id}>{t('settings.distanceUnit.label')}</Label>
        <NativeSelect
          id={id}
          value={setUnit.isPending ? setUnit.variables : unit}
          disabled={setUnit.isPending}
          onChange={(event) =>
            setUnit.mutate(distanceUnitOf(event.target.value), {
              onSuccess: () => toast({ title: t('settings.distanceUnit.saved') }),
              onError: (error) =>
                toast({ variant: 'destructive', title: t('settings.distanceUnit.failed'), description: getErrorMessage(error) }),
            })
          }
        >
          {DISTANCE_UNITS.map((u) => (
            <option key={u} value={u}>
              {t(u === 'km' ? 'settings.distanceUnit.km' : 'settings.distanceUnit.mi')}
            </option>
          ))}
        </NativeSelect>
      </div>
    </SettingsSection>
  );
}
