import type { MeProfile, WalletSummary } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO } from './harness';

/** Every demo member signs in with this password (apps/api/src/seed/demo.ts). */
export const MEMBER_PASSWORD = 'member123';

/** The API as one account, signed in through POST /api/login (not the browser's session). */
export class ApiAs {
  private constructor(
    private readonly page: Page,
    private readonly token: string,
  ) {}

  static async login(page: Page, account: string, password = MEMBER_PASSWORD): Promise<ApiAs> {
    const res = await page.request.post('/api/login', { data: { account, password } });
    const body = (await res.json()) as { data: { access_token: string } };
    return new ApiAs(page, body.data.access_token);
  }

  static admin = (page: Page) => ApiAs.login(page, ...DEMO.admin);

  /** The envelope's data; fails the test unless the call answered code 200. */
  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: object): Promise<T> {
    const res = await this.page.request.fetch(url, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      ...(method === 'GET' ? { params: data as Record<string, string> } : { data: data ?? {} }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
    return body.data;
  }

  /** A binary answer (a download) as bytes and content type. */
  async bytes(url: string): Promise<{ type: string; body: Buffer }> {
    const res = await this.page.request.get(url, { headers: { Authorization: `Bearer ${this.token}` } });
    expect(res.status(), url).toBe(200);
    return { type: res.headers()['content-type'] ?? '', body: await res.body() };
  }

  get = <T>(url: string, params?: Record<string, string | number>) => this.call<T>('GET', url, params);
  post = <T>(url: string, body?: object) => this.call<T>('POST', url, body);
  put = <T>(url: string, body?: object) => this.call<T>('PUT', url, body);
  delete = <T>(url: string) => this.call<T>('DELETE', url);
}

/** A demo member's profile, signed in as them. */
export async function demoMember(page: Page, account: string) {
  const api = await ApiAs.login(page, account);
  return { api, me: await api.get<MeProfile>('/api/me') };
}

/** Credits a member through a recharge an administrator creates and completes; returns its id. */
export async function credit(admin: ApiAs, userId: number, amount: string): Promise<number> {
  const { id } = await admin.post<{ id: number }>('/api/recharge/create', { user_id: userId, amount });
  await admin.post(`/api/recharge/complete/${id}`);
  return id;
}

export const walletOf = (api: ApiAs, userId: number) => api.get<WalletSummary>(`/api/wallet/${userId}`);

/** The text of the `.ant-statistic` titled `title` (the balance figures). */
export const statisticText = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content')
    .textContent();

/** The ID column's cell: the row's first, or the one after the selection checkbox of a list with bulk actions. */
const ID_CELL = 'td:first-child:not(.ant-table-selection-column), td.ant-table-selection-column + td';

/** The table row whose ID cell is `id`. */
export const rowWithId = (page: Page, id: number) =>
  page
    .locator('tr.ant-table-row')
    .filter({ has: page.locator(ID_CELL).getByText(String(id), { exact: true }) });

/**
 * Clicks `trigger` until `shown` appears (at most three clicks, 5 s apart): on a loaded machine a click can land while
 * a popover or dialog is still opening and do nothing.
 */
export async function clickUntilShown(trigger: Locator, shown: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3 && !(await shown.isVisible()); attempt++) {
    await trigger.click();
    await shown.waitFor({ timeout: 5_000 }).catch(() => {});
  }
  await shown.waitFor();
}

/**
 * An antd popup not moving: none of its motion's classes (zoom, slide) on. A click during the motion can miss its
 * target on a loaded machine, land on the page below and close the popup.
 */
const STILL = ':not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])';

/** The open popover (a popconfirm is one too) once its motion has ended. */
export const openPopover = (page: Page) => page.locator(`.ant-popover:not(.ant-popover-hidden)${STILL}`);

/** The open dropdown of a select once its motion has ended. */
export const openSelectDropdown = (page: Page) =>
  page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden)${STILL}`);

/** The open popconfirm, once its motion has ended (openPopover). */
export const openPopconfirm = (page: Page) => openPopover(page).and(page.locator('.ant-popconfirm'));

/** Answers OK in the open popconfirm asking `question` (ConfirmButton). */
export const confirmPopup = (page: Page, question: string) =>
  openPopconfirm(page).filter({ hasText: question }).getByRole('button', { name: 'OK' }).click();

/** The validation messages shown under the form field labelled `label` within `scope`. */
export function fieldError(scope: Page | Locator, label: string): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label').getByText(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
}

/** Opens the select labelled `label` and picks the option titled `option`. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await openSelectDropdown(page).locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** Picks the option whose text has `option` in the filter bar's select of field `name`, typing `search` first when given. */
export async function pickFilter(page: Page, name: string, option: string | RegExp, search?: string) {
  const select = page.locator('.ant-select').filter({ has: page.locator(`#filters_${name}`) });
  await select.click();
  if (search) await page.locator(`#filters_${name}`).fill(search);
  await openSelectDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).click();
}

/** "Total 12 items" of the table's pagination, as a number. */
export const paginationTotal = async (page: Page) =>
  Number(/(\d+)/.exec(await page.locator('.ant-pagination-total-text').innerText())![1]);
