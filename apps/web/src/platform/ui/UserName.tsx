import { Typography } from 'antd';
import { createContext, useContext } from 'react';
import { useIsAdmin } from '../current-user';
import { navigateTo } from '../navigation';

export interface UserDetailApi {
  openUserDetail: (userId: number) => void;
}

/**
 * Opens the user detail (docs/product/members.md). The app provides the dialog when one is
 * registered (app/pages.ts `userDetailModal`, app/UserDetailProvider.tsx); the default goes to /description/:id.
 */
export const UserDetailContext = createContext<UserDetailApi>({
  openUserDetail: (userId) => navigateTo(`/description/${userId}`),
});

export const useUserDetail = () => useContext(UserDetailContext);

/**
 * A person's name: clickable (opens the user detail) for admins, plain text for
 * members: <UserName user={row.user} />. The server already masks other
 * people's names for members (and leaves their own), so it is shown as it came.
 */
export function UserName({ user }: { user: { id: number; name: string } | null | undefined }) {
  const isAdmin = useIsAdmin();
  const { openUserDetail } = useUserDetail();
  if (!user) return <>-</>;
  if (!isAdmin) return <span>{user.name}</span>;
  return <Typography.Link onClick={() => openUserDetail(user.id)}>{user.name}</Typography.Link>;
}
