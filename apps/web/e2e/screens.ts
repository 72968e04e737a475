/**
 * `npm run screens`: writes the screenshots README.md shows (docs/screens/*.png) from the built web app and the
 * demo data, through the browser-test harness. Run it again after a visible change and commit the pictures.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TreeAnswer, TreeNode } from '@app/contracts';
import type { Page } from 'playwright-core';
import { treeUiMessages } from '../src/tree/tree.messages';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';
import { PHONE, saveBankDetails, settled } from './phone';

const OUT = resolve(import.meta.dirname, '../../../docs/screens');
const DESKTOP = { width: 1440, height: 900 };

/** Opens `path`, lets `prepare` press what the picture needs, and saves the whole page as `file`. */
async function shoot(page: Page, path: string, file: string, prepare?: () => Promise<void>): Promise<void> {
  await page.goto(path);
  await settled(page);
  if (prepare) {
    await prepare();
    await settled(page);
  }
  await page.screenshot({ path: resolve(OUT, file), fullPage: true });
  console.log(`docs/screens/${file}`);
}

/** The org chart's "fit to screen" button, when the chart has one (a label key naming "fit"). */
const fitLabel = Object.entries(treeUiMessages['en-US']).find(([key]) => /^orgChart\..*fit/i.test(key))?.[1];

mkdirSync(OUT, { recursive: true });
const harness = await Harness.start();
try {
  const member = await harness.newPage({ viewport: PHONE });
  await harness.login(member, ...DEMO.member);
  await saveBankDetails(member);
  await shoot(member, '/wallet', 'member-wallet-390.png');
  await shoot(member, '/dashboard/workplace', 'member-dashboard-390.png', async () => {
    await member.getByTestId('chart-downline').locator('svg').first().waitFor();
    await member.waitForTimeout(1000); // the charts' bars grow in
  });

  const admin = await harness.newPage({ viewport: DESKTOP });
  await harness.login(admin, ...DEMO.admin);
  await shoot(admin, '/orders/orders', 'admin-orders-1440.png');
  await shoot(admin, '/dashboard/workplace', 'admin-dashboard-1440.png', async () => {
    await admin.getByTestId('chart-members').locator('svg').first().waitFor();
    await admin.getByTestId('chart-withdrawals').locator('svg').first().waitFor();
    await admin.waitForTimeout(1000); // the charts' bars grow in
  });
  // The largest downline under the demo member that fits a screen readably once expanded (the whole tree would be
  // dots at that scale).
  const { id: memberId } = await apiAs<{ id: number }>(member, 'GET', '/api/me');
  const { roots } = await apiAs<TreeAnswer>(admin, 'GET', `/api/users/tree?user_id=${memberId}`);
  const size = (node: TreeNode): number => 1 + node.children.reduce((n, c) => n + size(c), 0);
  const nodes = (node: TreeNode): TreeNode[] => [node, ...node.children.flatMap(nodes)];
  const fitting = nodes(roots[0]!).filter((node) => size(node) <= 25);
  const id = fitting.reduce((best, node) => (size(node) > size(best) ? node : best), fitting[0]!).id;
  await shoot(admin, `/organization/index?user_id=${id}`, 'admin-org-chart.png', async () => {
    await admin.getByRole('button', { name: 'Expand all' }).click();
    if (fitLabel) await admin.getByRole('button', { name: fitLabel, exact: true }).click();
    await admin.mouse.move(0, 0); // no tooltip on the picture
    await admin.waitForTimeout(500); // the chart's zoom and pan ease in
  });
} finally {
  await harness.close();
}
