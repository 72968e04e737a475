import { z } from 'zod';
import { LIMITS } from './constants';

/** Field rules (docs/product/, per domain), shared by server validation and web forms. */
export const requiredText = (max = 255) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');

export const optionalText = (max = 255) => z.string().trim().max(max, 'validation.tooLong').optional();

export const username = requiredText(LIMITS.usernameMax);
export const mobile = requiredText(30);
export const email = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(255, 'validation.tooLong')
  .email('validation.email')
  .transform((v) => v.toLowerCase());

/** Admin form password: 6-16 characters. */
export const adminPassword = z
  .string({ message: 'validation.required' })
  .min(LIMITS.adminPasswordMin, 'validation.tooShort')
  .max(LIMITS.adminPasswordMax, 'validation.tooLong');

/** Blank means "not modified" on edit forms. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
