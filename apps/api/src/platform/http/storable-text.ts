import { ResultCode } from '@app/contracts';
import { AppError } from './errors';

/** NUL, or half of a UTF-16 surrogate pair standing alone: PostgreSQL stores neither in text or jsonb. */
const UNSTORABLE = /\0|\p{Surrogate}/u;

/**
 * The field path (like `items.0.name`; a key counts as its own field) of text PostgreSQL would refuse in a
 * parsed input — a body, query, path parameters, form fields or a spreadsheet row — or null when it holds
 * none. Walked without recursion: a JSON body nested thousands deep is only data.
 */
export function unstorableTextPath(input: unknown): string | null {
  const pending: Array<[value: unknown, path: string]> = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path || '_';
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Refuses an input holding text PostgreSQL would refuse, as the 422 of a schema naming the field. */
export function refuseUnstorableText<T>(input: T): T {
  const field = unstorableTextPath(input);
  if (field === null) return input;
  throw new AppError(ResultCode.VALIDATION, 'common.validationFailed', undefined, {
    errors: [{ field, message: 'validation.invalidCharacters' }],
  });
}
