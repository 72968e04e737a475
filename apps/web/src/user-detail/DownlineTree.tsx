import { type TreeNode, UI } from '@app/contracts';
import { Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTreeChildren, useDownline } from '../members/members.api';
import { OrgChart } from '../tree/OrgChart/OrgChart';
import { toChartNode } from '../tree/tree-nodes';
import { useChildrenLoader } from '../tree/use-children-loader';

/** The member's downline in the org chart: 2 levels first (docs/product/tree.md), deeper levels on demand. */
export function DownlineTree({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const tree = useDownline(userId);
  const loadChildren = useChildrenLoader(fetchTreeChildren);
  const root = tree.data?.roots[0];
  return (
    <Card size="small" title={t('members.ui.section.downline')}>
      {tree.isLoading && <Spin />}
      {tree.data && !root && <Empty />}
      {root && (
        <div style={{ height: 420 }}>
          <OrgChart<TreeNode>
            data={toChartNode(root)}
            disabled
            lazy
            load={loadChildren}
            defaultExpandLevel={UI.treeModalLevels}
          />
        </div>
      )}
    </Card>
  );
}
