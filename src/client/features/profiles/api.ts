// Public profile calls (docs/product.md, API): GET /api/users/profile/{username}, cached under
// [PROFILE_QUERY_KEY, username].
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../shared/people.js';

export const PROFILE_QUERY_KEY = '/api/users/profile';

export function useProfile(username: string) {
  return useQuery<Profile>({
    queryKey: [PROFILE_QUERY_KEY, username],
    enabled: username.length > 0,
  });
}
