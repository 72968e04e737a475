import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../platform/current-user';
import { hasFeed, MEMBER_PAGE, useUnreadCount } from './content.api';

/** The navbar bell: unread announcements and articles of the signed-in member; opens the page with unread items. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const enabled = hasFeed(user);
  const { data } = useUnreadCount(enabled);
  if (!enabled) return null;
  const count = data?.total ?? 0;
  const target =
    data && data.announcement === 0 && data.article > 0 ? MEMBER_PAGE.article : MEMBER_PAGE.announcement;
  return (
    <Button
      type="text"
      aria-label={t('content.ui.unreadBadge', { count })}
      data-testid="unread-badge"
      onClick={() => navigate(target)}
    >
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </Button>
  );
}
