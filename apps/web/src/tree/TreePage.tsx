import { Perm, TREE_NODE_CAP, type TreeNode } from '@app/contracts';
import { Alert, Button, Card, Empty, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAdminCan } from '../members/permissions';
import { useIsAdmin } from '../platform/current-user';
import { feedback } from '../platform/feedback';
import { formatCount } from '../platform/format';
import { useUserDetail } from '../platform/ui/UserName';
import type { MenuCommand } from './OrgChart/ContextMenu';
import { OrgChart } from './OrgChart/OrgChart';
import {
  exportDownline as exportSheet,
  fetchChildren,
  type TreeKind as Kind,
  useMoveMember,
  useRootOptions,
  useTree,
} from './tree.api';
import { chartRoot, FOREST_ROOT, type MemberNode, matchesMember } from './tree-nodes';
import { useChildrenLoader } from './use-children-loader';

const TITLES: Record<Kind, string> = { sponsor: 'treePage.genealogy', iblommer: 'treePage.iblommeTree' };
/** The holder of an admin's forest of top members, and the confirmation of a move, per tree. */
const FOREST: Record<Kind, string> = { sponsor: 'treePage.topSponsors', iblommer: 'treePage.iblommerRoot' };
const MOVE_TITLES: Record<Kind, string> = {
  sponsor: 'treePage.moveTitle',
  iblommer: 'treePage.moveIblommerTitle',
};

/** Admin's choice of the root member: a search over the member list. */
function RootPicker({ onPick }: { onPick: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useRootOptions(keyword);
  return (
    <Select
      showSearch
      allowClear
      style={{ width: 280 }}
      placeholder={t('treePage.rootMember')}
      filterOption={false}
      onSearch={setKeyword}
      onChange={(v) => onPick(v ?? null)}
      notFoundContent={isFetching ? <Spin size="small" /> : null}
      options={(data?.list ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.user_no})` }))}
    />
  );
}

function NodeContent({ node }: { node: MemberNode }) {
  const d = node.data;
  if (!d) return <Typography.Text strong>{node.label}</Typography.Text>;
  return (
    <>
      <div>
        <Typography.Text strong>{d.full_name}</Typography.Text>
      </div>
      <div>
        {d.user_no} · {d.level.name}
      </div>
    </>
  );
}

/**
 * A referral tree as an org chart: members see their own downline ("Sponsor
 * Tree", masked names); admins the genealogy from any member or the top
 * sponsors, and the iBloomer tree. 10 levels come at once, deeper ones load
 * per node. `?user_id=` opens a given member (bonus type 9 links here).
 */
export function TreePage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const { openUserDetail } = useUserDetail();
  const [params, setParams] = useSearchParams();
  const userId = params.get('user_id') ? Number(params.get('user_id')) : undefined;
  const [filter, setFilter] = useState('');
  const { data, isLoading } = useTree(kind, userId);
  const moveMember = useMoveMember(kind);
  // Lazy loading of a node: the sponsor tree's direct children, or the next levels of the iBloomer tree.
  const loadChildren = useChildrenLoader((id) => fetchChildren(kind, id));
  const canMove = useAdminCan(Perm.userList);
  const root = useMemo(() => (data ? chartRoot(data.roots, t(FOREST[kind])) : null), [data, kind, t]);
  const title = kind === 'sponsor' && !isAdmin ? t('treePage.sponsorTree') : t(TITLES[kind]);
  const member = (node: MemberNode) => node.data;

  const pick = (id: number | null) => setParams(id ? { user_id: String(id) } : {});

  // The whole downline; a refusal (too large for one spreadsheet) is toasted by the http layer.
  const exportDownline = (node: MemberNode) =>
    exportSheet(node.id, member(node)?.user_no).catch(() => undefined);

  // Whether the member moved (the success toasted by useWrite). A refusal is toasted once by the http layer and
  // closes the dialog too (a rejected onOk would keep it open, offering the same refused move again).
  const move = (node: MemberNode, target: MemberNode) =>
    new Promise<boolean>((resolve) => {
      if (!member(node) || !member(target)) return resolve(false);
      feedback.modal.confirm({
        title: t(MOVE_TITLES[kind]),
        content: t('treePage.moveConfirm', { name: node.label, parent: target.label }),
        onOk: () =>
          moveMember.mutateAsync({ userId: node.id, parentId: target.id }).then(
            () => resolve(true),
            () => resolve(false),
          ),
        onCancel: () => resolve(false),
      });
    });

  const commands = (node: MemberNode): MenuCommand[] => {
    if (!member(node)) return [];
    const list: MenuCommand[] = [];
    if (isAdmin)
      list.push({ key: 'details', label: t('treePage.details'), run: () => openUserDetail(Number(node.id)) });
    if (kind === 'sponsor')
      list.push({ key: 'export', label: t('treePage.export'), run: () => void exportDownline(node) });
    return list;
  };

  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {isAdmin && <RootPicker onPick={pick} />}
          {isAdmin && userId !== undefined && <Button onClick={() => pick(null)}>{t(FOREST[kind])}</Button>}
          <Input.Search
            allowClear
            style={{ width: 220 }}
            placeholder={t('treePage.filter')}
            onSearch={setFilter}
            data-testid="tree-filter"
          />
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {data?.downline_count != null && (
          <Tag>{t('treePage.downline', { count: formatCount(data.downline_count) })}</Tag>
        )}
        {data?.truncated && (
          <Alert
            type="info"
            showIcon
            message={t('treePage.truncated', { count: formatCount(TREE_NODE_CAP) })}
          />
        )}
        {isLoading && <Spin />}
        {data && !root && <Empty description={t('treePage.empty')} />}
        {root && (
          <div style={{ height: 'calc(100vh - 260px)', minHeight: 480 }}>
            <OrgChart<TreeNode>
              data={root}
              disabled
              lazy
              load={loadChildren}
              defaultExpandLevel={root.id === FOREST_ROOT ? 1 : 2}
              filterValue={filter}
              filterMethod={matchesMember}
              renderContent={(node) => <NodeContent node={node} />}
              copyText={(node) => (member(node) ? `${node.label} (${member(node)!.user_no})` : node.label)}
              menuCommands={commands}
              nodeDraggable={canMove}
              onNodeDrop={move}
              onNodeClick={(node) => isAdmin && member(node) && openUserDetail(Number(node.id))}
            />
          </div>
        )}
      </Space>
    </Card>
  );
}

export const SponsorTreePage = () => <TreePage kind="sponsor" />;
export const IblommeTreePage = () => <TreePage kind="iblommer" />;
