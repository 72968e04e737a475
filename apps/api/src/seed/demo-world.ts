import type { UserRow } from '../members/members.schema';
import type { Random } from './random';

/** What the demo seeders of every domain share: the random source and the accounts made first. */
export interface DemoWorld {
  rng: Random;
  superAdmin: UserRow;
  demoMember: UserRow;
  members: UserRow[];
}
