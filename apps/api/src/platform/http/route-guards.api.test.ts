import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';

/**
 * Walks every registered /api route: without a token it must answer 401 (unless
 * public), a member on an admin route and an admin on a member route must get 403,
 * and an admin without the route's permission must get 403.
 */
let api: TestApi;
let memberToken: string;
let adminToken: string;
let bareAdminToken: string;

beforeAll(async () => {
  api = await TestApi.start();
  const member = await api.factory.member();
  const admin = await api.factory.superAdmin();
  const bare = await api.factory.admin(); // an administrator holding no permission at all
  memberToken = await api.login(member.name, TEST_PASSWORD);
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  bareAdminToken = await api.login(bare.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

describe('route authorisation', () => {
  it('every route declares an access rule (enforced when the app is built)', () => {
    expect(api.app.apiRoutes.length).toBeGreaterThan(5);
    for (const r of api.app.apiRoutes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('refuses callers without a token on every non-public route', async () => {
    for (const r of api.app.apiRoutes.filter((r) => r.access.kind !== 'public')) {
      const res = await api.request(
        r.method,
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses the wrong role on every role-bound route', async () => {
    for (const r of api.app.apiRoutes) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      if (r.access.kind === 'admin') {
        const res = await api.request(r.method, concrete(r.url), body, { token: memberToken });
        expect(res.status, `member on ${r.method} ${r.url}`).toBe(403);
        if (r.access.perm !== undefined) {
          const bare = await api.request(r.method, concrete(r.url), body, { token: bareAdminToken });
          expect(bare.status, `admin without permission on ${r.method} ${r.url}`).toBe(403);
        }
      }
      if (r.access.kind === 'member') {
        const res = await api.request(r.method, concrete(r.url), body, { token: adminToken });
        expect(res.status, `admin on ${r.method} ${r.url}`).toBe(403);
      }
      if (r.access.kind === 'holder') {
        const bare = await api.request(r.method, concrete(r.url), body, { token: bareAdminToken });
        expect(bare.status, `admin without permission on ${r.method} ${r.url}`).toBe(403);
      }
    }
  });
});
