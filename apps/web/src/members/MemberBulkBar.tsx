import type { BulkResult } from '@app/contracts';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkResultDialog } from '../platform/ui/BulkResultDialog';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { useMemberBulkStatus } from './members.api';

/**
 * Enables or disables the selected members, each as the edit form would (docs/product/members.md, "Bulk
 * actions"), after a confirmation; the result table tells each row's outcome.
 */
export function MemberBulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useMemberBulkStatus();
  const [result, setResult] = useState<BulkResult | null>(null);
  const actions = [
    { status: 1, label: t('members.ui.enable') },
    { status: 2, label: t('members.ui.disable') },
  ] as const;
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="bulk-bar">
      <Typography.Text>{t('platform.bulk.selected', { count: ids.length })}</Typography.Text>
      {actions.map(({ status, label }) => (
        <ConfirmButton
          key={status}
          size="small"
          danger={status === 2}
          disabled={ids.length === 0}
          confirm={t('platform.bulk.confirm', { count: ids.length, action: label })}
          onConfirm={async () => {
            setResult(await bulk.mutateAsync({ ids, status }));
            onDone();
          }}
        >
          {label}
        </ConfirmButton>
      ))}
      <BulkResultDialog result={result} label={(id) => `#${id}`} onClose={() => setResult(null)} />
    </Space>
  );
}
