import { hasPermission, type PermId } from '@app/contracts';
import { useCurrentUser } from '../platform/current-user';

/** Whether the signed-in user is an administrator whose role grants `perm` (buttons of the user detail). */
export function useAdminCan(perm: PermId): boolean {
  const { user } = useCurrentUser();
  return user?.is_admin === true && hasPermission(user.role_ids, perm);
}
