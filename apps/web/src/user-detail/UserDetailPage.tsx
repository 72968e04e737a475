import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { UserDetailView } from './UserDetailView';

/** /description/:id: the user detail as a page; back goes to the previous page, or home when opened directly. */
export default function UserDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const opened = useLocation().key === 'default';
  const back = (
    <Button type="primary" onClick={() => (opened ? navigate('/dashboard/workplace') : navigate(-1))}>
      {t('members.ui.back')}
    </Button>
  );
  return <UserDetailView key={id} userId={Number(id)} back={back} />;
}
