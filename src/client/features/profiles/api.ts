// Public profile calls (docs/product.md, API): GET /api/users/profile/{username}, cached under
// [PROFILE_QUERY_KEY, username].
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { handOverThanksSchema, Profile } from '#shared/people.js';
import { apiJson } from '@/lib/request';

const PROFILE_QUERY_KEY = '/api/users/profile';

export function useProfile(username: string) {
  return useQuery<Profile>({
    queryKey: [PROFILE_QUERY_KEY, username],
    enabled: username.length > 0,
  });
}

/** GET /api/items/{id}/thanks (the two people of a hand-over), cached under [ITEM_THANKS_KEY, id]. */
const ITEM_THANKS_KEY = '/api/items/thanks';
export type HandOverThanks = z.infer<typeof handOverThanksSchema>;

export function useHandOverThanks(itemId: number) {
  return useQuery<HandOverThanks>({
    queryKey: [ITEM_THANKS_KEY, itemId],
    queryFn: () => apiJson<HandOverThanks>('GET', `/api/items/${itemId}/thanks`),
  });
}

/** POST /api/items/{id}/thanks: the answer replaces the cached state; the other person's profile is refreshed. */
export function useGiveThanks(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => apiJson<HandOverThanks>('POST', `/api/items/${itemId}/thanks`, { note: note.trim() || null }),
    onSuccess: async (state) => {
      queryClient.setQueryData([ITEM_THANKS_KEY, itemId], state);
      await queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_KEY] });
    },
  });
}
