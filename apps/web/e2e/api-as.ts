import type { Page } from 'playwright-core';

/** Calls the API as the page's signed-in user (to compare what the page shows with what the server says). */
export async function apiAs<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}
