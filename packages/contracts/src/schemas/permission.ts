import { z } from 'zod';
import { pageQuery } from '../envelope';
import {
  adminPassword,
  blankToUndefined,
  email,
  mobile,
  optionalText,
  requiredText,
  username,
} from '../fields';
import { serialIdList } from '../integers';

/** Status of roles, permissions and administrators: 1 enabled, 2 disabled. */
export const STATUS = { enabled: 1, disabled: 2 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const statusValue = z.union([z.literal(1), z.literal(2)], { message: 'validation.choice' });
export const statusBody = z.object({ status: statusValue });

/** Paged list with a keyword search and a status filter (roles, permissions, administrators). */
export const listQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: z.coerce.number().pipe(statusValue).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const roleBody = z.object({
  name: requiredText(50),
  description: optionalText(255).nullable(),
  status: statusValue.default(1),
  permission_ids: serialIdList(500).default([]),
});
export type RoleBody = z.input<typeof roleBody>;

export interface RoleView {
  id: number;
  name: string;
  description: string | null;
  status: Status;
  is_system: boolean;
  permission_ids: number[];
  admin_count: number;
  created_at: string;
}

export const HTTP_METHODS = ['*', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export const permissionBody = z.object({
  name: requiredText(50),
  description: optionalText(255).nullable(),
  status: statusValue.default(1),
  is_menu: z.boolean({ message: 'validation.boolean' }).default(false),
  method: z.enum(HTTP_METHODS, { message: 'validation.choice' }).default('*'),
  path: requiredText(200),
  icon: optionalText(50).nullable(),
  classification: optionalText(50).nullable(),
});
export type PermissionBody = z.input<typeof permissionBody>;

/** Fields of a built-in permission that code relies on: they cannot be edited. */
export const LOCKED_PERMISSION_FIELDS = ['name', 'path', 'method', 'is_menu'] as const;

export interface PermissionView {
  id: number;
  name: string;
  description: string | null;
  status: Status;
  is_menu: boolean;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  icon: string | null;
  classification: string | null;
  is_system: boolean;
  created_at: string;
}

const adminFields = {
  name: username,
  phone: mobile,
  /** The sign-in email. */
  account: email,
  avatar: optionalText(500).nullable(),
  role_ids: serialIdList(50).default([]),
  is_super: z.boolean({ message: 'validation.boolean' }).default(false),
  status: statusValue.default(1),
};

const passwordsMatch = (b: { password?: string; password_confirmation?: string }) =>
  !b.password || b.password === b.password_confirmation;
const mismatch = {
  message: 'access.passwordsDoNotMatch',
  path: ['password_confirmation'],
  // Also reported when other fields are wrong, so a form shows every problem at once.
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};

/** Create: password required (6-16) and confirmed (docs/product/access.md). */
export const adminCreateBody = z
  .object({ ...adminFields, password: adminPassword, password_confirmation: z.string().optional() })
  .refine(passwordsMatch, mismatch);

/** Edit: a blank password means "not modified". */
export const adminUpdateBody = z
  .object({
    ...adminFields,
    password: z.preprocess(blankToUndefined, adminPassword.optional()),
    password_confirmation: z.preprocess(blankToUndefined, z.string().optional()),
  })
  .refine(passwordsMatch, mismatch);
export type AdminCreateBody = z.input<typeof adminCreateBody>;
export type AdminUpdateBody = z.input<typeof adminUpdateBody>;

export interface AdminView {
  id: number;
  name: string;
  phone: string | null;
  account: string;
  avatar: string | null;
  is_super: boolean;
  status: Status;
  role_ids: number[];
  role_names: string[];
  created_at: string;
  last_login_at: string | null;
}

/** Entities whose changes the audit log of the permission pages shows. */
export const AUDIT_ENTITIES = ['admin', 'role', 'permission'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
