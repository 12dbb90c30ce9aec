// The unit distances are shown in (docs/product.md, Distance unit): the account's choice when signed in,
// else this device's (localStorage, kept from the last choice made here), else km.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../shared/auth.js';
import { type DistanceUnit, distanceUnitOf } from '../../shared/distance-unit.js';
import { apiJson } from '@/lib/request';
import { USER_QUERY_KEY } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-provider';

const DEVICE_KEY = 'distance-unit';

function deviceUnit(): DistanceUnit {
  try {
    return distanceUnitOf(localStorage.getItem(DEVICE_KEY));
  } catch {
    return 'km';
  }
}

export function useDistanceUnit(): DistanceUnit {
  const { user } = useAuth();
  return user ? distanceUnitOf(user.distanceUnit) : deviceUnit();
}

/** Chooses the unit: on this device, and on the account (PUT /api/me/distance-unit). */
export function useSetDistanceUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (distanceUnit: DistanceUnit) => apiJson<{ distanceUnit: DistanceUnit }>('PUT', '/api/me/distance-unit', { distanceUnit }),
    onSuccess: ({ distanceUnit }) => {
      try {
        localStorage.setItem(DEVICE_KEY, distanceUnit);
      } catch {
        // A device that keeps nothing still has the account's choice.
      }
      queryClient.setQueryData<SessionUser | null>(USER_QUERY_KEY, (user) => (user ? { ...user, distanceUnit } : user));
    },
  });
}
