// The unit distances are shown in (docs/product.md, Distance unit): the account's choice when signed in,
// else this device's (localStorage, kept from the last choice made here), else km. The account is
// passed in by the app (app/providers.tsx), so this kit knows no feature.
import { useMutation } from '@tanstack/react-query';
import { createContext, type ReactNode, use } from 'react';
import { type DistanceUnit, distanceUnitOf } from '#shared/distance-unit.js';
import { apiJson } from '@/lib/request';

const DEVICE_KEY = 'distance-unit';

type AccountUnit = {
  /** The signed-in account's unit as stored (null or undefined when signed out or not known yet). */
  unit: string | null | undefined;
  /** Told when the account's unit has been changed (the app updates its copy of the session). */
  onChanged: (unit: DistanceUnit) => void;
};

const AccountUnitContext = createContext<AccountUnit>({ unit: undefined, onChanged: () => undefined });

/** Gives the components below the account's unit (app/providers.tsx). */
export function DistanceUnitProvider({ children, ...account }: AccountUnit & { children: ReactNode }) {
  return <AccountUnitContext value={account}>{children}</AccountUnitContext>;
}

function deviceUnit(): DistanceUnit {
  try {
    return distanceUnitOf(localStorage.getItem(DEVICE_KEY));
  } catch {
    return 'km';
  }
}

export function useDistanceUnit(): DistanceUnit {
  const { unit } = use(AccountUnitContext);
  return unit === null || unit === undefined ? deviceUnit() : distanceUnitOf(unit);
}

/** Chooses the unit: on this device, and on the account (PUT /api/me/distance-unit). */
export function useSetDistanceUnit() {
  const { onChanged } = use(AccountUnitContext);
  return useMutation({
    mutationFn: (distanceUnit: DistanceUnit) => apiJson<{ distanceUnit: DistanceUnit }>('PUT', '/api/me/distance-unit', { distanceUnit }),
    onSuccess: ({ distanceUnit }) => {
      try {
        localStorage.setItem(DEVICE_KEY, distanceUnit);
      } catch {
        // A device that keeps nothing still has the account's choice.
      }
      onChanged(distanceUnit);
    },
  });
}
