/** Business constants and limits (docs/product/, per domain). */
export const LIMITS = {
  usernameMax: 30,
  adminPasswordMin: 6,
  adminPasswordMax: 16,
  userPasswordMax: 18,
  reportCountMin: -1,
  reportCountMax: 100,
  proportionMin: 0,
  proportionMax: 100,
} as const;

export const UI = {
  requestTimeoutMs: 240_000,
  toastMs: 3_000,
  treeToastMs: 5_000,
  menuWidth: 220,
  themeColor: '#165DFF',
  genealogyLevels: 10,
  treeModalLevels: 2,
  ordersPageSizes: [20, 30, 50],
  ordersPageSize: 20,
  bonusDetailPageSize: 11,
  walletRecordsPageSize: 10,
  pickerPageSize: 1000,
  userPickerPageSize: 10,
  progress: { minimum: 0.08, speed: 200, trickleSpeed: 800 },
} as const;

export const ORG_CHART = {
  zoomStart: 1,
  zoomStep: 0.1,
  zoomMin: 0.3,
  zoomMax: 3,
  clickDelayMs: 260,
  dragClickSuppressMs: 200,
} as const;

export const ASSESSMENT = {
  periodDays: 60,
  directReferrals: 8,
  directReferralsPioneerOrAbove: 5,
  secondGenerationSp: 17_500,
  thirdGenerationSp: 35_000,
  directProviders: 1,
  /**
   * How often the server completes the assessments whose conditions are all met (docs/product/programmes.md):
   * a member becomes WEC at most this many minutes after the last condition is met.
   */
  autoCompleteEveryMinutes: 5,
  /** An assessment whose period ended less than this many hours ago is still checked (a server that was down). */
  autoCompleteGraceHours: 24,
} as const;

/** Level ids (docs/product/members.md). */
export const Level = { Pathfinder: 1, Pioneer: 2, Special: 3, LifetimeScholar: 4 } as const;

export const STORAGE_KEYS = {
  token: 'token',
  user: 'userInfo',
  locale: 'locale',
  settings: 'app-settings',
} as const;
