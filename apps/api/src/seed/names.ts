import type { Random } from './random';

/** Names for generated people (demo and benchmark data). */
const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Cara',
  'Dan',
  'Eva',
  'Finn',
  'Gigi',
  'Hugo',
  'Iris',
  'Jack',
  'Kay',
  'Leo',
  'Mia',
  'Nate',
  'Olive',
  'Paul',
  'Queenie',
  'Ray',
  'Sam',
  'Tina',
];

const SURNAMES = [
  'Chan',
  'Wong',
  'Lee',
  'Cheung',
  'Lau',
  'Ng',
  'Leung',
  'Ho',
  'Tam',
  'Yip',
  'Lam',
  'Kwok',
  'Tse',
  'Fung',
  'Mak',
];

export const personName = (rng: Random) => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
