import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { UserDetailContext } from '../platform/ui/UserName';
import { userDetailModal as UserDetailModal } from './pages';

/** Opens the registered user detail dialog for a clicked name; without one, the context's default page link applies. */
export function UserDetailProvider({ children }: { children: ReactNode }) {
  const [userId, setUserId] = useState<number | null>(null);
  const value = useMemo(() => ({ openUserDetail: setUserId }), []);
  if (!UserDetailModal) return <>{children}</>;
  return (
    <UserDetailContext.Provider value={value}>
      {children}
      {userId !== null && (
        <Suspense fallback={null}>
          <UserDetailModal userId={userId} onClose={() => setUserId(null)} />
        </Suspense>
      )}
    </UserDetailContext.Provider>
  );
}
