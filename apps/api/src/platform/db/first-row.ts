import type { MessageKey } from '@app/contracts';
import { fieldError } from '../http/errors';

/** The first row of a look-up by a public number or id; a miss is a 422 on `field`. */
export async function firstRowOr<T>(rows: Promise<T[]>, field: string, key: MessageKey): Promise<T> {
  const [row] = await rows;
  if (!row) throw fieldError(field, key);
  return row;
}
