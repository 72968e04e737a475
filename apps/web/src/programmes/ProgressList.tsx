import { CheckCircleFilled } from '@ant-design/icons';
import { List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../platform/format';
import { useMyProgress } from './programmes.api';
import { percentOf, progressLines } from './progress-figures';

/**
 * The member's progress lines (docs/product/programmes.md, "Progress"): each figure, its target as a bar with the
 * numbers beside it (screen readers read the numbers), and what counts. `only` keeps the first lines (dashboard).
 */
export function ProgressList({ only }: { only?: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useMyProgress();
  const lines = data ? progressLines(data, t, formatCount) : [];
  return (
    <List
      loading={isLoading}
      dataSource={only ? lines.slice(0, only) : lines}
      locale={{ emptyText: t('platform.noData') }}
      renderItem={(line) => (
        <List.Item key={line.key} data-testid={`progress-${line.key}`}>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong>{line.title}</Typography.Text>
              <Typography.Text>
                {line.met && (
                  <CheckCircleFilled aria-label={t('progress.met')} style={{ marginInlineEnd: 6 }} />
                )}
                {line.value}
              </Typography.Text>
            </Space>
            {line.toward && (
              <Progress
                percent={percentOf(line.toward)}
                size="small"
                aria-label={`${line.title}: ${formatCount(line.toward.current)} / ${formatCount(line.toward.target)}`}
              />
            )}
            <Typography.Text type="secondary">{line.note}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
