import {
  type Endpoint,
  exportLegendBody,
  moveIblommerBody,
  moveSponsorBody,
  Perm,
  ResultCode,
  translate,
  treeChildrenQuery,
  treeEndpoints,
  treeQuery,
} from '@app/contracts';
import { access, route } from '../platform/http/route';
import { streamXlsx } from '../platform/xlsx/export';
import { legendSheet } from './legend-export';
import { moveSubtree } from './move.service';
import { loadChildren, loadTree, scopedRoot } from './tree.service';
import type { TreeKind } from './tree-path';

/** The sponsor tree: a member's own downline, or an admin's genealogy from any member. */
const sponsorTree = route({
  endpoint: treeEndpoints.sponsor,
  reads: 'replica',
  access: access.holder(Perm.organization),
  query: treeQuery,
  handler: ({ app, caller, query, locale }) => loadTree(app.db, 'sponsor', caller, query, locale),
});

/** Lazy loading of one node's children (or its whole subtree with isAll), same scoping. */
const sponsorChildren = route({
  endpoint: treeEndpoints.member,
  reads: 'replica',
  access: access.holder(Perm.organization),
  query: treeChildrenQuery,
  handler: async ({ app, caller, query, locale, reply }) => {
    const children = await loadChildren(app.db, 'sponsor', caller, query, locale);
    if (children.length > 0) return children;
    // Success with an empty list: the chart marks the node as a leaf and says why.
    return reply.send({ code: ResultCode.OK, msg: translate('tree.notFoundChildren', locale), data: [] });
  },
});

const iblommerTree = route({
  endpoint: treeEndpoints.iblommer,
  reads: 'replica',
  access: access.admin(Perm.organization),
  query: treeQuery,
  handler: ({ app, caller, query, locale }) => loadTree(app.db, 'iblommer', caller, query, locale),
});

/** Moves in either tree: same rules and permission as the member list's edits (docs/product/tree.md). */
const moveIn = (tree: TreeKind, target: Endpoint, body: typeof moveSponsorBody | typeof moveIblommerBody) =>
  route({
    endpoint: target,
    access: access.admin(Perm.userList),
    body,
    message: 'tree.moved',
    handler: ({ app, body, caller }) => moveSubtree(app.db, caller, tree, body),
  });
const moveSponsor = moveIn('sponsor', treeEndpoints.moveSponsor, moveSponsorBody);
const moveIblommer = moveIn('iblommer', treeEndpoints.moveIblommer, moveIblommerBody);

const exportLegend = route({
  endpoint: treeEndpoints.exportLegend,
  reads: 'replica',
  access: access.holder(Perm.organization),
  body: exportLegendBody,
  handler: async ({ app, caller, body, locale, timeZone, reply }) => {
    const root = (await scopedRoot(app.db, 'sponsor', caller, body.user_id))!;
    const reader = { locale, timeZone };
    const sheet = await legendSheet(app.db, { root, levelsDeep: body.levels, viewer: caller, reader });
    return streamXlsx(reply, sheet.filename, sheet.columns, sheet.batches, sheet.sheetName);
  },
});

export const treeRoutes = [
  sponsorTree,
  sponsorChildren,
  iblommerTree,
  moveSponsor,
  moveIblommer,
  exportLegend,
];
