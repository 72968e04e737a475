import { bpToPercent, type SettingsChange } from '@app/contracts';
import { Button, Drawer, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../platform/format';
import { PagedTable } from '../platform/ui/PagedTable';
import { levelHistoryList, typeHistoryList } from './bonus.api';

type Kind = 'types' | 'levels';

/** Labels of the stored fields an administrator changes (bonus_types and levels rows); ratios stored in bp. */
const FIELD_LABELS: Record<string, string> = {
  nameEn: 'bonus.nameEn',
  nameZhHk: 'bonus.nameZhHk',
  nameZhCn: 'bonus.nameZhCn',
  name: 'bonus.nameEn',
  enabled: 'bonus.enabled',
  columns: 'bonus.columns',
  kind: 'bonus.kind',
  params: 'bonus.params',
  invitationRatioBp: 'bonus.level.invitation',
  secondGenRatioBp: 'bonus.level.secondGen',
  thirdGenRatioBp: 'bonus.level.thirdGen',
  shareCap: 'bonus.level.shareCap',
};
const PERCENT_FIELDS = new Set(['invitationRatioBp', 'secondGenRatioBp', 'thirdGenRatioBp']);
/** Row fields that are no setting (keys, times). */
const HIDDEN_FIELDS = new Set(['key', 'id', 'createdAt', 'updatedAt']);

/** Nested settings (a type's params) as one line per leaf: `params.ratio.bpByLevel` → `[50,50,50,50]`. */
function leaves(value: unknown, path: string, out: Map<string, unknown>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) leaves(v, path ? `${path}.${key}` : key, out);
  } else out.set(path, value);
  return out;
}

const shown = (field: string, value: unknown) => {
  if (value === undefined) return '–';
  if (PERCENT_FIELDS.has(field) && typeof value === 'number') return `${bpToPercent(value)}%`;
  if (typeof value === 'boolean') return value ? '✓' : '✕';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** What one change set: each field before → after (a type's params leaf by leaf). */
function Changes({ change }: { change: SettingsChange }) {
  const { t } = useTranslation();
  const before = leaves(change.before ?? {}, '', new Map());
  const after = leaves(change.after ?? {}, '', new Map());
  const fields = [...new Set([...before.keys(), ...after.keys()])].filter(
    (f) => !HIDDEN_FIELDS.has(f) && JSON.stringify(before.get(f)) !== JSON.stringify(after.get(f)),
  );
  const label = (field: string) => {
    const [head, ...rest] = field.split('.');
    const known = FIELD_LABELS[head!];
    return known ? [t(known), ...rest].join(' · ') : field;
  };
  return (
    <Space direction="vertical" size={0}>
      {fields.map((f) => (
        <span key={f}>
          <Typography.Text type="secondary">{label(f)}:</Typography.Text>{' '}
          {change.action === 'create' ? '' : `${shown(f.split('.')[0]!, before.get(f))} → `}
          <Typography.Text strong>{shown(f.split('.')[0]!, after.get(f))}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/**
 * "History" on the bonus types tab and the levels page: who changed which setting, when, before and after, from
 * the audit log, newest first, paged; optionally of one type or level.
 */
export function SettingsHistoryButton({
  kind,
  items,
}: {
  kind: Kind;
  /** The types or levels to narrow the history to. */
  items: Array<{ id: number; name: string }>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [only, setOnly] = useState<number | null>(null);
  const filter = only === null ? {} : kind === 'types' ? { key: only } : { id: only };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={`settings-history-${kind}`}>
        {t('bonus.history.action')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t(kind === 'types' ? 'bonus.history.typesTitle' : 'bonus.history.levelsTitle')}
        size="large"
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select<number | null>
            style={{ width: '100%', maxWidth: 320 }}
            value={only}
            onChange={setOnly}
            options={[
              {
                value: null,
                label: t(kind === 'types' ? 'bonus.history.allTypes' : 'bonus.history.allLevels'),
              },
              ...items.map((i) => ({
                value: i.id,
                label: kind === 'types' ? `${i.id} · ${i.name}` : i.name,
              })),
            ]}
          />
          <PagedTable<SettingsChange>
            list={kind === 'types' ? typeHistoryList : levelHistoryList}
            filters={filter}
            options={{ pageSize: 10 }}
            rowKey="id"
            size="small"
            data-testid="settings-history"
            columns={[
              { title: t('bonus.history.at'), key: 'at', render: (_, c) => formatDateTime(c.created_at) },
              {
                title: t('bonus.history.who'),
                key: 'who',
                render: (_, c) => c.actor.name ?? t('bonus.history.system'),
              },
              {
                title: t('bonus.history.item'),
                key: 'item',
                render: (_, c) => (
                  <>
                    {c.entity_name}
                    {c.action === 'create' && (
                      <Typography.Text type="secondary"> ({t('bonus.history.created')})</Typography.Text>
                    )}
                  </>
                ),
              },
              { title: t('bonus.history.change'), key: 'change', render: (_, c) => <Changes change={c} /> },
            ]}
          />
        </Space>
      </Drawer>
    </>
  );
}
