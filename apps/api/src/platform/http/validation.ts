import { type FieldError, type Locale, ResultCode, translate } from '@app/contracts';
import type { ZodError, ZodType } from 'zod';
import { AppError } from './errors';
import { refuseUnstorableText } from './storable-text';

const ISSUE_FALLBACK: Record<string, string> = {
  invalid_type: 'validation.invalid',
  too_small: 'validation.min',
  too_big: 'validation.max',
  invalid_format: 'validation.invalid',
  invalid_value: 'validation.choice',
  unrecognized_keys: 'validation.unknownField',
};

/** Zod issues become field errors whose messages are catalogue keys (translated later). */
export interface RawFieldError extends FieldError {
  params?: Record<string, string | number>;
}

export function fieldErrors(error: ZodError): RawFieldError[] {
  return error.issues.map((issue) => {
    const key =
      issue.message && /^[a-z]+\.[A-Za-z.]+$/.test(issue.message)
        ? issue.message
        : ISSUE_FALLBACK[issue.code];
    const params: Record<string, string | number> = {};
    if ('minimum' in issue) params.min = String(issue.minimum);
    if ('maximum' in issue) params.max = String(issue.maximum);
    return { field: issue.path.join('.') || '_', message: key ?? 'validation.invalid', params };
  });
}

/** Parses an input with its schema; text PostgreSQL would refuse is refused first, whatever the schema. */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(refuseUnstorableText(value));
  if (result.success) return result.data;
  throw new AppError(ResultCode.VALIDATION, 'common.validationFailed', undefined, {
    errors: fieldErrors(result.error),
  });
}

/** Translates the field errors of a 422 and puts the first one in the message. */
export function translateFieldErrors(errors: RawFieldError[], locale: Locale): FieldError[] {
  return errors.map((e) => ({ field: e.field, message: translate(e.message, locale, e.params) }));
}

/** An AppError as one text for a console (the operator command line, start-up settings), in English. */
export function appErrorText(error: AppError, fieldLabel: (field: string) => string = (f) => f): string {
  const errors = (error.data as { errors?: RawFieldError[] } | null)?.errors;
  if (!errors) return translate(error.key, 'en-US', error.params);
  return translateFieldErrors(errors, 'en-US')
    .map((e) => `${fieldLabel(e.field)}: ${e.message}`)
    .join('; ');
}
