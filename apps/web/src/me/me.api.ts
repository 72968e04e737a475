import type { MeProfile, MeUpdateResult, UpdateMeBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../platform/current-user';
import { http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import { storeToken } from '../platform/session';

/** The personal center's endpoint (docs/product/access.md). */
export const ME_URL = '/api/me';

export const meKeys = { all: queryRoots.me };

export const useMe = () => useQuery({ queryKey: meKeys.all, queryFn: () => http.get<MeProfile>(ME_URL) });

/** Saves profile, password or bank details: the answer is the new profile; the signed-in user refreshes. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateMeBody) => http.post<MeUpdateResult>(ME_URL, values),
    onSuccess: async ({ access_token: freshToken, ...profile }) => {
      // A new password ended every session, this one included: carry on with the token it handed back.
      if (freshToken) storeToken(freshToken);
      client.setQueryData<MeProfile>(meKeys.all, profile);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
