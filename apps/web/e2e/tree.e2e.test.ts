import type { TreeAnswer, TreeNode } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const chart = (page: Page) => page.getByTestId('org-chart');
const nodeBox = (page: Page, id: number | string) => chart(page).locator(`[data-node-id="${id}"]`);
/** The id of the first of these nodes lying wholly inside the chart's viewport (others are overscan). */
async function firstInView(page: Page, nodes: Locator): Promise<number> {
  const view = (await chart(page).locator('.org-chart-viewport').boundingBox())!;
  for (const node of await nodes.all()) {
    const box = await node.boundingBox();
    if (
      box &&
      box.x >= view.x &&
      box.x + box.width <= view.x + view.width &&
      box.y + box.height <= view.y + view.height
    )
      return Number(await node.getAttribute('data-node-id'));
  }
  throw new Error('no such node in view');
}
const nodeCount = (page: Page) => chart(page).locator('[data-node-id]').count();

describe('genealogy (admin)', () => {
  it('shows the top sponsors, expands and collapses, zooms and opens the context menu', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/organization/index');
    await page.getByText('Genealogy').first().waitFor();
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/tree');
    const founder = tree.roots.find((r) => r.name === 'founder')!;
    await nodeBox(page, founder.id).getByText(founder.full_name).waitFor();
    expect(tree.roots.length).toBe(3);

    // Expand the founder (its children appear around it, it keeps its place), then collapse it again.
    const before = await nodeCount(page);
    await nodeBox(page, founder.id).getByRole('button', { name: 'Expand' }).click();
    await expect.poll(() => nodeCount(page)).toBeGreaterThan(before);
    await nodeBox(page, founder.id).getByRole('button', { name: 'Collapse' }).click();
    await expect.poll(() => nodeCount(page)).toBe(before);

    // Toolbar zoom.
    const zoom = page.getByTestId('org-chart-zoom');
    await expect(zoom.textContent()).resolves.toBe('100%');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.textContent()).resolves.toBe('110%');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(zoom.textContent()).resolves.toBe('90%');
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(zoom.textContent()).resolves.toBe('100%');

    // Right-click menu: copy and the admin's commands; the genealogy is not editable.
    await nodeBox(page, founder.id).click({ button: 'right' });
    const menu = page.getByRole('menu').filter({ hasText: 'Copy text' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Copy text',
      'View details',
      'Export downline',
    ]);
    await chart(page)
      .locator('.org-chart-viewport')
      .click({ position: { x: 5, y: 5 } });
    await menu.waitFor({ state: 'detached' });
    // Expand all / collapse all.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => nodeCount(page)).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await nodeBox(page, founder.id).waitFor({ state: 'detached' });
  });

  /** The founder's genealogy loaded one level deep, and a frontier node on screen whose children load on demand. */
  async function openFrontier(page: Page) {
    await harness.login(page, ...DEMO.admin);
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/tree');
    const founder = tree.roots.find((r) => r.name === 'founder')!;
    await page.route(
      (url) => url.pathname === '/api/users/tree',
      (route) => route.continue({ url: `${route.request().url()}&levels=1` }),
    );
    await page.goto(`/organization/index?user_id=${founder.id}`);
    await nodeBox(page, founder.id).waitFor();
    const expandable = chart(page).locator('[data-depth="1"]', {
      has: page.getByRole('button', { name: 'Expand' }),
    });
    const parentId = await firstInView(page, expandable);
    const expected = founder.children.find((c) => c.id === parentId)!;
    expect(expected.has_children).toBe(true);
    return { parentId, expected };
  }

  it('lazy-loads the children of a node beyond the loaded levels', async () => {
    const page = await harness.newPage();
    const { parentId, expected } = await openFrontier(page);
    const lazy = page.waitForResponse((r) => r.url().includes(`/api/users/tree/user?user_id=${parentId}`));
    await nodeBox(page, parentId).getByRole('button', { name: 'Expand' }).click();
    const answer = (await (await lazy).json()) as { data: TreeNode[] };
    expect(answer.data.map((n) => n.id)).toEqual(expected.children.map((c) => c.id));
    // Centred on the opened node: it is open and its children are on screen.
    await nodeBox(page, parentId).getByRole('button', { name: 'Collapse' }).waitFor();
    await expect.poll(() => nodeBox(page, answer.data[0]!.id).count()).toBe(1);
  });

  it('says so when a lazy load fails, keeps the node closed, and loads a node once however often it is clicked', async () => {
    const page = await harness.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const { parentId, expected } = await openFrontier(page);
    const children = (url: URL) => url.pathname === '/api/users/tree/user';
    harness.expectFailedLoads('/api/users/tree/user', 502);
    await page.route(children, (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    const expand = nodeBox(page, parentId).getByRole('button', { name: 'Expand' });
    await expand.click();
    await page.getByText("Could not load this node's children; please try again.").waitFor();
    expect(await expand.getAttribute('aria-expanded')).toBe('false');

    await page.unroute(children);
    let calls = 0;
    await page.route(children, async (route) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await expand.click();
    await expand.click();
    await expand.click();
    await nodeBox(page, parentId).getByRole('button', { name: 'Collapse' }).waitFor();
    await expect.poll(() => nodeBox(page, expected.children[0]!.id).count()).toBe(1);
    expect(calls).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('iBloomer tree (admin)', () => {
  it('shows the iBloomer roots and expands one', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/iblommeTree');
    await page.locator('.ant-card-head-title', { hasText: 'iBloomer Tree' }).waitFor();
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/iblommeTree');
    expect(tree.roots.length).toBeGreaterThan(1); // a forest under the holder named for this tree
    await nodeBox(page, 'top').getByText('iBloomer tree root').waitFor();
    expect(await page.getByText('Top sponsors').count()).toBe(0);
    // The roots on screen (the chart renders what is in view) are the API's, with their names.
    await chart(page).locator('[data-depth="1"]').first().waitFor();
    const shown = await chart(page).locator('[data-depth="1"]').all();
    for (const box of shown) {
      const id = Number(await box.getAttribute('data-node-id'));
      const root = tree.roots.find((r) => r.id === id);
      expect(await box.innerText()).toContain(root!.full_name);
    }

    const expandable = chart(page).locator('[data-depth="1"]', {
      has: page.getByRole('button', { name: 'Expand' }),
    });
    const rootId = await firstInView(page, expandable);
    const root = tree.roots.find((r) => r.id === rootId)!;
    expect(root.has_children).toBe(true);
    const before = await nodeCount(page);
    await nodeBox(page, rootId).getByRole('button', { name: 'Expand' }).click();
    await nodeBox(page, rootId).getByRole('button', { name: 'Collapse' }).waitFor();
    await expect.poll(() => nodeCount(page)).toBeGreaterThan(before);
    await expect.poll(() => nodeBox(page, root.children[0]!.id).count()).toBe(1);
  });

  it('moves a member under another iBloomer upline by dragging its node, after a confirmation', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/iblommeTree');
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/iblommeTree');
    const expandable = chart(page).locator('[data-depth="1"]', {
      has: page.getByRole('button', { name: 'Expand' }),
    });
    await expandable.first().waitFor();
    const fromId = await firstInView(page, expandable);
    await nodeBox(page, fromId).getByRole('button', { name: 'Expand' }).click();
    await nodeBox(page, fromId).getByRole('button', { name: 'Collapse' }).waitFor();
    const child = tree.roots.find((r) => r.id === fromId)!.children[0]!;
    await nodeBox(page, child.id).waitFor();
    const targetId = await firstInView(
      page,
      chart(page).locator(`[data-depth="1"]:not([data-node-id="${fromId}"])`),
    );
    const centre = async (id: number) => {
      const box = (await nodeBox(page, id).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const [from, to] = [await centre(child.id), await centre(targetId)];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Change iBloomer upline' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Upline changed successfully').first().waitFor();
    const moved = await apiAs<TreeAnswer>(page, 'GET', `/api/users/iblommeTree?user_id=${targetId}`);
    expect(moved.roots[0]!.children.map((c) => c.id)).toContain(child.id);
  });
});

describe('sponsor tree (member)', () => {
  it('shows a member their own downline with other names masked, in their language', async () => {
    const page = await harness.newPage({ locale: 'zh-HK' });
    await harness.login(page, ...DEMO.member);
    await page.goto('/organization/index');
    await page.getByText('推薦樹').first().waitFor();
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/tree');
    const [me] = tree.roots;
    await nodeBox(page, me!.id).getByText('Demo Member').waitFor();
    // Every other member's name is masked by the server, and the chart shows it so.
    expect(me!.children.every((c) => c.full_name.includes('***') && c.name.includes('***'))).toBe(true);
    await chart(page).locator('[data-depth="1"]').first().waitFor();
    const firstShown = Number(
      await chart(page).locator('[data-depth="1"]').first().getAttribute('data-node-id'),
    );
    const child = me!.children.find((c) => c.id === firstShown)!;
    await nodeBox(page, child.id).getByText(child.full_name).waitFor();
    expect(await page.getByText('Top sponsors').count()).toBe(0);
  });
});

describe('genealogy viewport (admin)', () => {
  it('fits the expanded chart to the screen down to its smallest readable zoom, showing its top, with the overview while it does not fit', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/organization/index');
    await nodeBox(page, 'top').waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    const minimap = page.getByTestId('org-chart-minimap');
    await minimap.waitFor();
    const before = await nodeCount(page);

    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(() => nodeCount(page)).toBeGreaterThan(before);
    // The whole demo tree expanded would fit only far below 30 %, the smallest zoom a fit goes to: the chart shows
    // its top there, and the overview stays to reach the rest.
    const inView = async () => {
      const view = (await chart(page).locator('.org-chart-viewport').boundingBox())!;
      const top = (await nodeBox(page, 'top').boundingBox())!;
      return top.x >= view.x && top.y >= view.y && top.x + top.width <= view.x + view.width;
    };
    await expect.poll(inView).toBe(true);
    await minimap.waitFor();
  });

  it('says so when the filter matches no member', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/organization/index');
    await nodeBox(page, 'top').waitFor();
    expect(await page.getByTestId('org-chart-no-match').count()).toBe(0);
    await page.getByTestId('tree-filter').locator('input').fill('no-such-member-zz');
    await page.getByTestId('tree-filter').locator('input').press('Enter');
    await page.getByText('No member matches this search').waitFor();
  });
});

function* walkTree(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const child of node.children) yield* walkTree(child);
}

/**
 * A small subtree of the demo data for moves: its root `top`, a grandchild `open` with children (to expand) and a
 * leaf grandchild `moved` to drag onto `target`, a child of `top` other than its parent.
 */
function moveCase(roots: TreeNode[]) {
  for (const top of roots.flatMap((r) => [...walkTree(r)])) {
    if (top.children.length < 2 || top.children.length > 4) continue;
    const grandchildren = top.children.flatMap((c) => c.children);
    const open = grandchildren.find((g) => g.children.length > 0);
    const moved = grandchildren.find((g) => g !== open && g.children.length === 0);
    const target = top.children.find((c) => !c.children.includes(moved!));
    if (grandchildren.length <= 8 && open && moved && target) return { top, open, moved, target };
  }
  throw new Error('no subtree fit for a move in the demo data');
}

async function dragNode(page: Page, from: number, to: number) {
  const a = (await nodeBox(page, from).boundingBox())!;
  const b = (await nodeBox(page, to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 3);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 3, { steps: 6 });
  await page.mouse.up();
}

describe('moving a member by drag and drop (admin)', () => {
  async function openMoveCase(page: Page) {
    await harness.login(page, ...DEMO.admin);
    const tree = await apiAs<TreeAnswer>(page, 'GET', '/api/users/tree');
    const found = moveCase(tree.roots);
    await page.goto(`/organization/index?user_id=${found.top.id}`);
    await nodeBox(page, found.top.id).waitFor();
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    return found;
  }
  const confirmDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Change upline' });

  it('closes the dialog of a refused move with one error toast', async () => {
    const page = await harness.newPage();
    const { top, target } = await openMoveCase(page);
    await dragNode(page, top.id, target.id);
    harness.expectFailedLoads('/api/users/update/refererUser', 409); // the server's refusal of the move
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    const refusal = page.getByText('A member cannot be moved under itself or its own downline');
    await refusal.waitFor();
    await confirmDialog(page).waitFor({ state: 'detached' });
    expect(await refusal.count()).toBe(1);
    expect(await page.locator('.ant-message-notice').count()).toBe(1);
  });

  it('keeps what is open after a move and shows the member under the new sponsor', async () => {
    const page = await harness.newPage();
    const { top, open, moved, target } = await openMoveCase(page);
    await nodeBox(page, open.id).getByRole('button', { name: 'Expand' }).click();
    const openToggle = nodeBox(page, open.id).getByRole('button', { name: 'Collapse' });
    await openToggle.waitFor();
    await page.getByRole('button', { name: 'Fit to screen' }).click();

    await dragNode(page, moved.id, target.id);
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await confirmDialog(page).waitFor({ state: 'detached' });
    const after = await apiAs<TreeAnswer>(page, 'GET', `/api/users/tree?user_id=${top.id}`);
    const newParent = after.roots[0]!.children.find((c) => c.id === target.id)!;
    expect(newParent.children.map((c) => c.id)).toContain(moved.id);

    // The expanded node stays open; the target opened, with the moved member centred below it.
    await expect.poll(() => openToggle.getAttribute('aria-expanded')).toBe('true');
    await nodeBox(page, target.id).getByRole('button', { name: 'Collapse' }).waitFor();
    const view = (await chart(page).locator('.org-chart-viewport').boundingBox())!;
    await expect
      .poll(async () => {
        const box = await nodeBox(page, moved.id).boundingBox();
        return box ? Math.abs(box.x + box.width / 2 - (view.x + view.width / 2)) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(2);
    const targetBox = (await nodeBox(page, target.id).boundingBox())!;
    const movedBox = (await nodeBox(page, moved.id).boundingBox())!;
    expect(movedBox.y).toBeGreaterThan(targetBox.y + targetBox.height);
  });
});
