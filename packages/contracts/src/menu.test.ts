import { describe, expect, it } from 'vitest';
import { canOpen, MENU, menuFor } from './menu';

const entry = (path: string) => MENU.find((e) => e.path === path)!;
const admin = { isAdmin: true, roleIds: ['*'] };
const member = { isAdmin: false, roleIds: ['*'] };

describe('menu', () => {
  it('lets administrators open the members-only announcement list by its path, outside their menu', () => {
    expect(canOpen(entry('/user-annoucement/list'), admin)).toBe(true);
    expect(menuFor(admin, { staging: false }).map((e) => e.path)).not.toContain('/user-annoucement/list');
    expect(menuFor(member, { staging: false }).map((e) => e.path)).toContain('/user-annoucement/list');
  });

  it('keeps other members-only entries closed to administrators and admin entries closed to members', () => {
    expect(canOpen(entry('/user-information-center/list'), admin)).toBe(false);
    expect(canOpen(entry('/annoucement/list'), member)).toBe(false);
    expect(canOpen(entry('/user-annoucement/list'), { isAdmin: false, roleIds: [] })).toBe(false);
  });
});
