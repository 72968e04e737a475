import type { TreeAnswer, TreeNode } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

async function apiAs<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

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
    const tree = await apiAs<TreeAnswer>(page, '/api/users/tree');
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
    const tree = await apiAs<TreeAnswer>(page, '/api/users/tree');
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
    const tree = await apiAs<TreeAnswer>(page, '/api/users/iblommeTree');
    expect(tree.roots.length).toBeGreaterThan(1); // a forest under the "Top sponsors" holder
    await nodeBox(page, 'top').getByText('Top sponsors').waitFor();
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
});

describe('sponsor tree (member)', () => {
  it('shows a member their own downline with other names masked, in their language', async () => {
    const page = await harness.newPage({ locale: 'zh-HK' });
    await harness.login(page, ...DEMO.member);
    await page.goto('/organization/index');
    await page.getByText('推薦樹').first().waitFor();
    const tree = await apiAs<TreeAnswer>(page, '/api/users/tree');
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
