import type { LoginResult } from '@app/contracts';
import { CURRENT_USER_KEY } from '../platform/current-user';
import { navigateTo } from '../platform/navigation';
import { queryClient } from '../platform/query-client';
import { storeSession } from '../platform/session';

/** A sign-in accepted: keeps the session, gives the app its user, and opens the target in place of /login. */
export function enterApp(result: LoginResult, target: string): void {
  storeSession(result.access_token, result.user);
  queryClient.setQueryData(CURRENT_USER_KEY, result.user);
  navigateTo(target, { replace: true });
}
