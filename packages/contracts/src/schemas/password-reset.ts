import { z } from 'zod';
import { adminPassword, requiredText } from '../fields';
import { userPassword } from './members';

/** Minutes a password reset link works after it was sent. */
export const RESET_LINK_MINUTES = 30;

/** The web app's path a reset link opens, with the token as `?token=`. */
export const RESET_PAGE_PATH = '/reset-password';

/** `GET /api/config/public`: what the pages shown before sign-in need to know. */
export interface PublicSettings {
  /** The server sends mail (SMTP_URL is set): a forgotten password can be reset by e-mail. */
  mail: boolean;
}

/** The rules of an account's password: administrators 6–16 characters, members 6–18. */
export const passwordFor = (isAdmin: boolean) => (isAdmin ? adminPassword : userPassword);

/** `POST /api/password-reset`: the account name or e-mail whose password was forgotten. */
export const passwordResetRequestBody = z.object({ account: requiredText(255) });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

/** A new password and its confirmation, under the account's rules. */
const newPasswordFields = (password: z.ZodType<string>) =>
  z.object({ password, password_confirmation: z.string().max(200) });
const confirmed = <T extends { password: string; password_confirmation: string }>(body: T) =>
  body.password === body.password_confirmation;
const inconsistent = { message: 'access.passwordsInconsistent', path: ['password_confirmation'] };

/**
 * `POST /api/password-reset/confirm`: the link's token and the new password. The page does not know the account,
 * so it checks the members' rules; the server checks the administrators' too (`newPasswordFor`).
 */
export const passwordResetBody = newPasswordFields(userPassword)
  .extend({ token: requiredText(100) })
  .refine(confirmed, inconsistent);
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** A new password as an account of this kind may have it, confirmed. */
export const newPasswordFor = (isAdmin: boolean) =>
  newPasswordFields(passwordFor(isAdmin)).refine(confirmed, inconsistent);

/** The avatar menu's "Change password": the old password, the new one under the account's rules, confirmed. */
export const changePasswordForm = (isAdmin: boolean) =>
  newPasswordFields(passwordFor(isAdmin))
    .extend({
      old_password: z.string({ message: 'validation.required' }).min(1, 'validation.required').max(200),
    })
    .refine(confirmed, inconsistent);
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordForm>>;
