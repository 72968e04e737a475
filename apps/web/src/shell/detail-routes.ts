import { Perm } from '@app/contracts';

/** Routed pages outside the menu (auth required), with their title keys; each has its page in app/pages.ts. */
export const DETAIL_ROUTES = [
  { path: '/description/:id', titleKey: 'menu.userDetail' },
  { path: '/user/wep/:id', titleKey: 'menu.userWep' },
  // A settlement run's review: administrators who run settlements or approve them (the page refuses others).
  {
    path: '/config/settlements/:id',
    titleKey: 'menu.settlementReview',
    anyOf: [Perm.bonusConfig, Perm.approveSettlements],
  },
  { path: '/user/statement/:id', titleKey: 'menu.memberStatement' },
  // Everyone's notifications and e-mail preferences, opened from the bell.
  { path: '/notifications', titleKey: 'notifications.ui.title' },
  // An administrator's two-factor sign-in and sessions, from the avatar menu (members have them in /me).
  { path: '/account/security', titleKey: 'security.title' },
] as const;
