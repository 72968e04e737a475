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

export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: CurrentUser;
}

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
}

export interface BankInfo {
  bank_account_name: string | null;
  bank_country: string | null;
  bank_account_no: string | null;
}

/** Personal center (`GET /api/me`). */
export interface MeProfile extends CurrentUser, BankInfo {
  created_at: string;
  platform_id: string | null;
  tree_level: number;
  parent_user: { id: number; name: string; user_no: string } | null;
}

/**
 * Answer of `POST /api/me`: the profile, and after a password change a fresh `access_token` —
 * the change ends every session of the user, this one included, so the caller stores the new token.
 */
export interface MeUpdateResult extends MeProfile {
  access_token?: string;
}

/** `POST /api/me`: profile, bank details and optional password change in one form. */
export const updateMeBody = z
  .object({
    display_name: z.string().trim().max(60, 'validation.tooLong').optional(),
    phone: z.string().trim().max(30, 'validation.tooLong').optional(),
    avatar: z.string().trim().max(500, 'validation.tooLong').optional(),
    bank_account_name: z.string().trim().max(100, 'validation.tooLong').optional(),
    bank_country: z.string().trim().max(60, 'validation.tooLong').optional(),
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
