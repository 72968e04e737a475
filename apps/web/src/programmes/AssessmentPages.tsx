import { ASSESSMENT } from '@app/contracts';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../platform/current-user';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { AssessmentView } from './AssessmentView';
import { useAssessment, useJoinAssessment, useStartAssessment } from './programmes.api';

/** A member's assessment with Join / Start for the member itself. */
function Assessment({ userId, self }: { userId: number; self: boolean }) {
  const { t } = useTranslation();
  const query = useAssessment(userId);
  const join = useJoinAssessment();
  const start = useStartAssessment();
  if (query.isLoading) return <Spin />;
  const assessment = query.data;
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="info"
          message={t('programmes.requirements')}
          description={t('programmes.autoComplete', { minutes: ASSESSMENT.autoCompleteEveryMinutes })}
        />
        {!assessment && self && (
          <Space>
            <span>{t('programmes.notJoined')}</span>
            <Button type="primary" onClick={() => join.mutateAsync(undefined).catch(() => undefined)}>
              {t('programmes.join')}
            </Button>
          </Space>
        )}
        {assessment?.status === 'joined' && self && (
          <ConfirmButton
            type="primary"
            confirm={t('programmes.startConfirm')}
            onConfirm={() => start.mutateAsync(userId)}
          >
            {t('programmes.start')}
          </ConfirmButton>
        )}
        {assessment && <AssessmentView assessment={assessment} />}
      </Space>
    </Card>
  );
}

/** /wep: the signed-in member's own assessment. */
export function WepPage() {
  const { user } = useCurrentUser();
  return user ? <Assessment userId={user.id} self={!user.is_admin} /> : <Spin />;
}

/** /user/wep/:id: one member's assessment (admins; members only their own). */
export function UserWepPage() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  return <Assessment userId={Number(id)} self={user?.id === Number(id) && !user.is_admin} />;
}
