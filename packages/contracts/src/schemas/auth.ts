import { z } from 'zod';
import { requiredText } from '../fields';
import type { RoleIds } from '../permissions';

export const loginBody = z.object({
  /** Account name or email. */
  account: requiredText(255),
  password: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(200, 'validation.tooLong'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A sign-in accepted: the session's token and the user. */
export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: CurrentUser;
}

/** The password was right and the account signs in with a second factor: a code is asked next. */
export interface TwoFactorChallenge {
  two_factor: true;
  /** Signed and short-lived; sent back with the code (`POST /api/login/two-factor`). */
  challenge: string;
  expires_in: number;
}

/** `POST /api/login` answers a session, or a challenge when the account has two-factor sign-in. */
export type LoginAnswer = LoginResult | TwoFactorChallenge;

/** A code of the authenticator app (6 digits) or one of the account's recovery codes. */
const secondFactorCode = requiredText(32);

export const loginCodeBody = z.object({
  challenge: requiredText(2000),
  code: secondFactorCode,
});
export type LoginCodeBody = z.infer<typeof loginCodeBody>;

export const twoFactorConfirmBody = z.object({ code: secondFactorCode });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBody>;

export const twoFactorDisableBody = z.object({
  password: z.string({ message: 'validation.required' }).min(1, 'validation.required').max(200),
  code: secondFactorCode,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/** `GET /api/me/two-factor`. `required`: ADMIN_2FA=required applies to this account. */
export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
}

/** A set-up begun: the secret as text, its otpauth:// URI and that URI as a QR image (a data: URL). */
export interface TwoFactorSetup {
  secret: string;
  otpauth_uri: string;
  qr_image: string;
}

/** Shown once, when two-factor sign-in is turned on: each code signs in once instead of an app's code. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** The kind of device a session's browser runs on, from its user agent. */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'other';

/** One signed-in session of the caller's account (`GET /api/me/sessions`). */
export interface SessionView {
  id: string;
  /** e.g. "Chrome 126"; null when the user agent says nothing known. */
  browser: string | null;
  /** e.g. "Windows 10", "iOS 17.5". */
  os: string | null;
  device: DeviceKind;
  /** The client address last seen. */
  address: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session of this very request. */
  current: boolean;
}

/** The colour theme of the web app (antd's light or dark algorithm): each person's own, kept on the server. */
export const themeMode = z.enum(['light', 'dark'], { message: 'validation.choice' });
export type ThemeMode = z.infer<typeof themeMode>;

/** `PUT /api/me/theme`: the caller's colour theme; the answer is the theme saved. */
export const themeBody = z.object({ theme: themeMode });
export type ThemeBody = z.infer<typeof themeBody>;

export interface LevelRef {
  id: number;
  name: string;
}

/** What the shell knows of the signed-in user (`GET /api/user/info`, stored locally). */
export interface CurrentUser {
  id: number;
  name: string;
  display_name: string | null;
  email: string | null;
  phone: string | null;
  user_no: string;
  is_admin: boolean;
  is_super: boolean;
  avatar: string | null;
  level_id: number;
  level: LevelRef | null;
  role_ids: RoleIds;
  role_names: string[];
  /**
   * The company's business time zone (IANA name): date filters, their shortcuts and reports count its days and
   * months, whatever the viewer's clock (business-time.ts).
   */
  business_time_zone: string;
  /** The account signs in with a second factor (an authenticator app's code). */
  two_factor_enabled: boolean;
  /**
   * ADMIN_2FA=required applies to this account (an administrator): without two-factor sign-in it must set it up
   * before any other call is answered.
   */
  two_factor_required: boolean;
  /** The colour theme the user chose (settings drawer), on every device they sign in from. */
  theme: ThemeMode;
}

/** A member's saved bank details: the fields the withdrawal form asks too, and prefills from them. */
export interface BankInfo {
  bank_account_name: string | null;
  bank_country: string | null;
  bank_name: string | null;
  bank_code: string | null;
  bank_account_no: string | null;
}

/** Personal center (`GET /api/me`). */
export interface MeProfile extends CurrentUser, BankInfo {
  created_at: string;
  platform_id: string | null;
  tree_level: number;
  parent_user: { id: number; name: string; user_no: string } | null;
}

/** Answer of `POST /api/me`: the profile. A password change ends the account's other sessions; this one goes on. */
export type MeUpdateResult = MeProfile;

/** `POST /api/me`: profile, bank details and optional password change in one form. */
export const updateMeBody = z
  .object({
    display_name: z.string().trim().max(60, 'validation.tooLong').optional(),
    phone: z.string().trim().max(30, 'validation.tooLong').optional(),
    avatar: z.string().trim().max(500, 'validation.tooLong').optional(),
    bank_account_name: z.string().trim().max(100, 'validation.tooLong').optional(),
    bank_country: z.string().trim().max(60, 'validation.tooLong').optional(),
    bank_name: z.string().trim().max(100, 'validation.tooLong').optional(),
    bank_code: z.string().trim().max(20, 'validation.tooLong').optional(),
    bank_account_no: z
      .string()
      .trim()
      .max(40, 'validation.tooLong')
      .regex(/^[0-9 -]*$/, 'validation.invalid')
      .optional(),
    old_password: z.string().max(200).optional(),
    password: z
      .string()
      .min(6, 'validation.tooShort')
      .max(18, 'validation.tooLong')
      .optional()
      .or(z.literal('')),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((b) => !b.password || b.password === b.password_confirmation, {
    message: 'access.passwordsInconsistent',
    path: ['password_confirmation'],
  })
  .refine((b) => !b.password || !!b.old_password, { message: 'validation.required', path: ['old_password'] });
export type UpdateMeBody = z.infer<typeof updateMeBody>;
