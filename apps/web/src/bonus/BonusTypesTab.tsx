import type { BonusTypeDto } from '@app/contracts';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusTypeForm } from './BonusTypeForm';
import { useBonusTypes } from './bonus.api';
import { SettingsHistoryButton } from './SettingsHistory';

type Editing = { type: BonusTypeDto | null };

/** Bonus types 1–21: names, rule settings, columns; admins create 12–21 from a kind. */
export function BonusTypesTab() {
  const { t } = useTranslation();
  const types = useBonusTypes();
  const [editing, setEditing] = useState<Editing | null>(null);
  const used = new Set((types.data ?? []).map((x) => x.key));
  const freeKeys = Array.from({ length: 10 }, (_, i) => i + 12).filter((k) => !used.has(k));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" disabled={freeKeys.length === 0} onClick={() => setEditing({ type: null })}>
          {t('bonus.createType')}
        </Button>
        <SettingsHistoryButton
          kind="types"
          items={(types.data ?? []).map((type) => ({ id: type.key, name: type.name }))}
        />
      </Space>
      <Table<BonusTypeDto>
        rowKey="key"
        size="small"
        loading={types.isFetching}
        dataSource={types.data ?? []}
        pagination={false}
        columns={[
          { title: t('bonus.key'), dataIndex: 'key' },
          { title: t('bonus.name'), dataIndex: 'name' },
          { title: t('bonus.kind'), dataIndex: 'kind', render: (k: string) => t(`bonus.kind.${k}`) },
          { title: t('bonus.cadence'), dataIndex: 'cadence', render: (c: string) => t(`bonus.cadence.${c}`) },
          {
            title: t('bonus.enabled'),
            dataIndex: 'enabled',
            render: (e: boolean) => <Tag color={e ? 'green' : 'default'}>{e ? '✓' : '✕'}</Tag>,
          },
          {
            title: '',
            key: 'edit',
            render: (_, type) => (
              <Button size="small" onClick={() => setEditing({ type })}>
                {t('bonus.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <BonusTypeForm type={editing.type} freeKeys={freeKeys} onClose={() => setEditing(null)} />}
    </Space>
  );
}
