import { maskName } from '@app/contracts';
import { Typography } from 'antd';
import { createContext, useContext } from 'react';
import { useIsAdmin } from '../current-user';
import { navigateTo } from '../navigation';

export interface UserDetailApi {
  openUserDetail: (userId: number) => void;
}

/**
 * Opens the user detail of SPEC.md §2. The layout provides the dialog when one
 * is registered (app/pages.ts `userDetailModal`); the default goes to /description/:id.
 */
export const UserDetailContext = createContext<UserDetailApi>({
  openUserDetail: (userId) => navigateTo(`/description/${userId}`),
});

export const useUserDetail = () => useContext(UserDetailContext);

/**
 * Another person's name: full and clickable (opens the user detail) for admins,
 * masked (first 3 + *** + last 3) for members: <UserName user={row.user} />
 */
export function UserName({ user }: { user: { id: number; name: string } | null | undefined }) {
  const isAdmin = useIsAdmin();
  const { openUserDetail } = useUserDetail();
  if (!user) return <>-</>;
  if (!isAdmin) return <span>{maskName(user.name)}</span>;
  return <Typography.Link onClick={() => openUserDetail(user.id)}>{user.name}</Typography.Link>;
}
