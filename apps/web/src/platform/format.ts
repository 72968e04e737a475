import {
  formatCount as countIn,
  formatDate as dateIn,
  formatDateTime as dateTimeIn,
  formatMoney,
} from '@app/contracts';
import { storedLocale } from './locale-choice';

/**
 * What every table shows for a time, a date, a count or an amount (`@app/contracts` format.ts, shared with the
 * exports): `2026-11-25 05:08` in the browser's time zone, counts grouped in the chosen language, '-' for none.
 */
export const formatDateTime = (value: string | null | undefined) => dateTimeIn(value) ?? '-';
export const formatDate = (value: string | null | undefined) => dateIn(value) ?? '-';
export const formatCount = (value: number | null | undefined) => countIn(value, storedLocale());
export { formatMoney };
