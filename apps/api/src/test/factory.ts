import { randomBytes } from 'node:crypto';
import type { UserRow } from '../members/members.schema';
import { createAdmin, createMember } from '../members/members.service';
import type { Db } from '../platform/db/client';

export const TEST_PASSWORD = 'secret123';

const unique = () => randomBytes(4).toString('hex');

/** Builds users and trees through the same services the API uses (no SQL fixtures). */
export class TestFactory {
  constructor(private readonly db: Db) {}

  member(overrides: Partial<Parameters<typeof createMember>[1]> = {}): Promise<UserRow> {
    const name = overrides.name ?? `member_${unique()}`;
    return createMember(this.db, {
      name,
      email: `${name}@test.local`,
      password: TEST_PASSWORD,
      ...overrides,
    });
  }

  admin(overrides: Partial<Parameters<typeof createAdmin>[1]> = {}): Promise<UserRow> {
    const name = overrides.name ?? `admin_${unique()}`;
    return createAdmin(this.db, { name, email: `${name}@test.local`, password: TEST_PASSWORD, ...overrides });
  }

  superAdmin(overrides: Partial<Parameters<typeof createAdmin>[1]> = {}): Promise<UserRow> {
    return this.admin({ isSuper: true, ...overrides });
  }

  /** A chain root → child → grandchild … of `depth` members below `root`; returns them top-down. */
  async chain(depth: number, root?: UserRow): Promise<UserRow[]> {
    const chain: UserRow[] = [];
    let parent = root ?? (await this.member());
    chain.push(parent);
    for (let i = 0; i < depth; i++) {
      parent = await this.member({ parentUserId: parent.id });
      chain.push(parent);
    }
    return chain;
  }
}
