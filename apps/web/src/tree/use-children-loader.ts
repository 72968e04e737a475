import type { TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../platform/feedback';
import { formatCount } from '../platform/format';
import { cappedChildren, type MemberNode, toChartNode } from './tree-nodes';

/**
 * Lazy loading of a member node's children from `fetchChildren`, as chart nodes. The server sends at most
 * TREE_NODE_CAP members at once: when that leaves some of the node's direct members out, the user is told how many
 * are shown of how many, instead of seeing part of a downline as the whole of it.
 */
export function useChildrenLoader(
  fetchChildren: (nodeId: number | string) => Promise<TreeNode[]>,
): (node: MemberNode) => Promise<MemberNode[]> {
  const { t } = useTranslation();
  return async (node) => {
    const children = await fetchChildren(node.id);
    const capped = cappedChildren(node, children.length);
    if (capped)
      feedback.message.info(
        t('treePage.childrenCapped', {
          shown: formatCount(capped.shown),
          total: formatCount(capped.total),
          name: node.label,
        }),
      );
    return children.map((c) => toChartNode(c, node.id));
  };
}
