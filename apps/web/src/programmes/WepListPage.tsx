import { ASSESSMENT, type WecAssessmentDto, type WecStatus } from '@app/contracts';
import { Alert, Button, Card, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserPicker } from '../members/UserPicker';
import { download, http } from '../platform/http';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { StatusTag } from './AssessmentView';

const STATUSES: WecStatus[] = ['joined', 'running', 'completed', 'expired'];

/** The assessment list of /sa/sa (every member in it) and /m2b/m2b (those who completed it). */
function AssessmentList({ completedOnly }: { completedOnly: boolean }) {
  const { t } = useTranslation();
  const url = completedOnly ? '/api/members/completeWec/list' : '/api/members/list';
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<WecStatus | undefined>();
  const [enrol, setEnrol] = useState<number | undefined>();
  const filters = { ...(keyword ? { keyword } : {}), ...(status ? { status } : {}) };
  const { tableProps, reload } = usePagedList<WecAssessmentDto>(url, filters);
  const act = (call: Promise<unknown>) => call.then(reload);
  const columns: ColumnsType<WecAssessmentDto> = [
    { title: t('programmes.memberNo'), key: 'no', render: (_, a) => a.user.user_no },
    { title: t('programmes.member'), key: 'name', render: (_, a) => <UserName user={a.user} /> },
    { title: t('programmes.status'), key: 'status', render: (_, a) => <StatusTag status={a.status} /> },
    {
      title: t('programmes.startedAt'),
      key: 'start',
      render: (_, a) => (a.started_at ? dayjs(a.started_at).format('YYYY-MM-DD') : '-'),
    },
    { title: t('programmes.daysLeft'), dataIndex: 'days_left', align: 'right' },
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
            <ConfirmButton
              size="small"
              onConfirm={() => act(http.post('/api/members/addWepComplete', { id: a.user.id }))}
            >
              {t('programmes.complete')}
            </ConfirmButton>
          )}
          <ConfirmButton
            size="small"
            danger
            onConfirm={() => act(http.delete('/api/members/removeWep', { id: a.user.id }))}
          >
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
        <Space wrap>
          <Input.Search
            placeholder={t('programmes.keyword')}
            allowClear
            onSearch={setKeyword}
            style={{ width: 240 }}
          />
          {!completedOnly && (
            <Select
              allowClear
              placeholder={t('programmes.status')}
              style={{ width: 200 }}
              value={status}
              onChange={setStatus}
              options={STATUSES.map((s) => ({ value: s, label: t(`programmes.status.${s}`) }))}
            />
          )}
          <Button
            onClick={() =>
              download(url, { ...filters, export: true }, completedOnly ? 'm2b.xlsx' : 'wep.xlsx', 'GET')
            }
          >
            {t('programmes.export')}
          </Button>
          {!completedOnly && (
            <Space.Compact>
              <div style={{ width: 240 }}>
                <UserPicker value={enrol} onChange={setEnrol} />
              </div>
              <Button
                disabled={!enrol}
                onClick={() =>
                  act(http.post(`/api/members/addWecAssessment/${enrol}`)).catch(() => undefined)
                }
              >
                {t('programmes.enrol')}
              </Button>
            </Space.Compact>
          )}
        </Space>
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
