import { canOpen, type MenuEntry } from '@app/contracts';
import { useCurrentUser } from '../platform/current-user';
import { ComingSoon } from '../platform/ui/ComingSoon';
import { ForbiddenPage, NotFoundPage } from '../platform/ui/StatusPages';
import { isStaging, titleKeyOf } from '../shell/menu';
import { pages } from './pages';

/** The registered page of a path, or the "coming soon" placeholder. */
export function RegisteredPage({ path, titleKey }: { path: string; titleKey: string }) {
  const Page = pages[path];
  return Page ? <Page /> : <ComingSoon titleKey={titleKey} />;
}

/** A menu route: 403 when the user's role or kind (admin/member) may not open it; staging-only pages 404 elsewhere. */
export function MenuPage({ entry }: { entry: MenuEntry }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (entry.stagingOnly && !isStaging()) return <NotFoundPage />;
  if (!canOpen(entry, { isAdmin: user.is_admin, roleIds: user.role_ids })) return <ForbiddenPage />;
  return <RegisteredPage path={entry.path} titleKey={titleKeyOf(entry, user.is_admin)} />;
}
