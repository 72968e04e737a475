import { z } from 'zod';

/*
 * Whole numbers the API takes, each bounded by the column that stores or compares it: a number PostgreSQL could
 * not hold is refused as a 422 naming the field, never sent to the database to fail there.
 */

/** PostgreSQL's `integer` (and `serial`): nearly every id, sales points, counts. */
export const PG_INTEGER_MAX = 2_147_483_647;
/** A `bigint` read as a JavaScript number (`bigserial` ids, cents): as far as such a number is exact. */
export const PG_BIGINT_NUMBER_MAX = Number.MAX_SAFE_INTEGER;

/**
 * A whole number within [min, max], given as a number or as text (query strings and form fields carry numbers
 * as text). `refusal` replaces the message of a missing, non-numeric or too small value (a choice not made).
 */
export const intFromQuery = (min: number, max: number, refusal?: string) =>
  z.coerce
    .number({ message: refusal ?? 'validation.number' })
    .int(refusal ?? 'validation.integer')
    .min(min, refusal ?? 'validation.min')
    .max(max, 'validation.max');

/** A whole number within [min, max] of a JSON body, where text is not a number. */
export const int = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
    .int('validation.integer')
    .min(min, 'validation.min')
    .max(max, 'validation.max');

/** The id of a row of a `serial` table (nearly every table), as a number or text. */
export const serialId = intFromQuery(1, PG_INTEGER_MAX);
/** The id of a row of a `bigserial` table (ledger records, payouts), as a number or text. */
export const bigserialId = intFromQuery(1, PG_BIGINT_NUMBER_MAX);
/** A JSON list of at most `max` ids of a `serial` table. */
export const serialIdList = (max: number) =>
  z.array(int(1, PG_INTEGER_MAX), { message: 'validation.invalid' }).max(max, 'validation.max');

/** `/…/{id}` of a row of a `serial` table. */
export const idParam = z.object({ id: serialId });
