import { ASSESSMENT, type WecAssessmentDto, type WecStatus } from '@app/contracts';
import { Alert, Button, Card, Form, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PickMemberAnd } from '../members/PickMemberAnd';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDate } from '../platform/format';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { DaysLeft, StatusTag } from './AssessmentView';
import {
  assessmentList,
  exportAssessments,
  useCompleteWep,
  useEnrol,
  useRemoveWep,
  type WecFilters,
  wecFilters,
} from './programmes.api';

const STATUSES: WecStatus[] = ['joined', 'running', 'completed', 'expired'];

/** The assessment list of /sa/sa (every member in it) and /m2b/m2b (those who completed it). */
function AssessmentList({ completedOnly }: { completedOnly: boolean }) {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(wecFilters);
  const { tableProps } = usePagedList<WecAssessmentDto>(assessmentList(completedOnly), filters);
  const complete = useCompleteWep();
  const remove = useRemoveWep();
  const enrolMember = useEnrol();
  const columns: ColumnsType<WecAssessmentDto> = [
    { title: t('programmes.memberNo'), key: 'no', render: (_, a) => a.user.user_no },
    { title: t('programmes.member'), key: 'name', render: (_, a) => <UserName user={a.user} /> },
    { title: t('programmes.status'), key: 'status', render: (_, a) => <StatusTag status={a.status} /> },
    {
      title: t('programmes.startedAt'),
      key: 'start',
      render: (_, a) => formatDate(a.started_at),
    },
    {
      title: t('programmes.daysLeft'),
      key: 'daysLeft',
      align: 'right',
      render: (_, a) => <DaysLeft assessment={a} />,
    },
    {
      title: t('programmes.progress'),
      key: 'progress',
      render: (_, a) => `${a.conditions.filter((c) => c.completed).length} / ${a.conditions.length}`,
    },
    {
      title: t('programmes.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space>
          <Link to={`/user/wep/${a.user.id}`}>{t('programmes.view')}</Link>
          {!completedOnly && a.status !== 'completed' && (
            <ConfirmButton size="small" onConfirm={() => complete.mutateAsync(a.user.id)}>
              {t('programmes.complete')}
            </ConfirmButton>
          )}
          <ConfirmButton size="small" danger onConfirm={() => remove.mutateAsync(a.user.id)}>
            {t('programmes.remove')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        {!completedOnly && (
          <Alert
            type="info"
            showIcon
            message={t('programmes.autoComplete', { minutes: ASSESSMENT.autoCompleteEveryMinutes })}
          />
        )}
        <FilterBar<WecFilters>
          filters={filters}
          onChange={setFilters}
          liveFields={['status']}
          extra={
            <Space wrap>
              <Button onClick={() => exportAssessments(completedOnly, filters)}>
                {t('programmes.export')}
              </Button>
              {!completedOnly && (
                <PickMemberAnd action={t('programmes.enrol')} onAct={(id) => enrolMember.mutateAsync(id)} />
              )}
            </Space>
          }
        >
          <SearchField name="keyword" placeholder={t('programmes.keyword')} width={240} />
          {!completedOnly && (
            <Form.Item name="status">
              <Select<WecStatus>
                allowClear
                placeholder={t('programmes.status')}
                style={{ width: 200 }}
                options={STATUSES.map((s) => ({ value: s, label: t(`programmes.status.${s}`) }))}
              />
            </Form.Item>
          )}
        </FilterBar>
        <Table<WecAssessmentDto> rowKey="id" columns={columns} {...tableProps} />
      </Space>
    </Card>
  );
}

/** /sa/sa: WEP (WEC) list with export. */
export function WepListPage() {
  return <AssessmentList completedOnly={false} />;
}

/** /m2b/m2b: M2B list — the members who completed the assessment. */
export function M2bPage() {
  return <AssessmentList completedOnly />;
}
