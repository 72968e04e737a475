import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserDetailView } from './UserDetailView';

/** The user detail dialog opened by clicking a name (registered in app/pages.ts). */
export default function UserDetailModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={1100}
      footer={null}
      onCancel={onClose}
      title={
        <Link to={`/description/${userId}`} onClick={onClose}>
          {t('members.ui.openPage')}
        </Link>
      }
    >
      <UserDetailView userId={userId} onLeave={onClose} />
    </Modal>
  );
}
