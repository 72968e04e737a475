import { type MeProfile, type MeUpdateResult, sessionEndpoints, type UpdateMeBody } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../platform/current-user';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import { to, useWrite } from '../platform/write';

/** The personal center (docs/product/access.md): `sessionEndpoints.me` and `updateMe`. */
export const meKeys = { all: queryRoots.me };

export const useMe = () =>
  useQuery({ queryKey: meKeys.all, queryFn: () => request<MeProfile>(sessionEndpoints.me) });

/**
 * Saves profile, password or bank details: the answer is the new profile; the signed-in user refreshes. A new
 * password ends the account's other sessions; this one goes on.
 */
export function useUpdateMe() {
  const client = useQueryClient();
  return useWrite({
    send: (values: UpdateMeBody) => to(sessionEndpoints.updateMe, { body: values }),
    onAnswer: (profile: MeUpdateResult) => client.setQueryData<MeProfile>(meKeys.all, profile),
    invalidates: [CURRENT_USER_KEY],
  });
}
