import { formatDate, formatDateTime, type Locale, type MessageKey, translate } from '@app/contracts';
import type { CellValue } from './cells';
import type { Column } from './export';

/** Whom an export is written for: the language and time zone of the request that asked for it. */
export interface SheetReader {
  locale: Locale;
  timeZone: string;
}

type Instant = Date | string | null | undefined;

/**
 * The columns of every export, written as the screens show them (contracts format.ts): headers and labels
 * translated from the catalogue, times as `2026-11-25 05:08` in the reader's time zone, money as number cells
 * with two decimals. `const f = sheetFormat(reader); [f.text('walletUi.recordNo', (r) => r.no), ...]`
 */
export function sheetFormat({ locale, timeZone }: SheetReader) {
  const t = (key: MessageKey) => translate(key, locale);
  return {
    t,
    text: <T>(key: MessageKey, value: (row: T) => CellValue, width?: number): Column<T> => ({
      header: t(key),
      value,
      width,
    }),
    /** A catalogue key per row (a status, a kind), written in the reader's language. */
    label: <T>(key: MessageKey, value: (row: T) => MessageKey | null, width?: number): Column<T> => ({
      header: t(key),
      value: (row) => {
        const label = value(row);
        return label && t(label);
      },
      width,
    }),
    /** An API amount (decimal string), as a number cell formatted with two decimals. */
    money: <T>(key: MessageKey, value: (row: T) => CellValue, width = 14): Column<T> => ({
      header: t(key),
      value,
      width,
      money: true,
    }),
    time: <T>(key: MessageKey, value: (row: T) => Instant, width = 18): Column<T> => ({
      header: t(key),
      value: (row) => formatDateTime(value(row), timeZone),
      width,
    }),
    date: <T>(key: MessageKey, value: (row: T) => Instant, width = 12): Column<T> => ({
      header: t(key),
      value: (row) => formatDate(value(row), timeZone),
      width,
    }),
  };
}
