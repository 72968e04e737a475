import { instantIn, LOCALES, type MessageKey, translate } from '@app/contracts';
import type { SheetRow } from './read';

/**
 * How the cells of an import's columns may be written besides their codes: as the exports write them, in the
 * reader's language and time zone, so an export imports back (docs/product/README.md, "Rules that hold everywhere").
 */
export interface ImportCells {
  /** Columns of codes shown as labels: code → catalogue key. A sheet may carry the label in any language. */
  labels?: Record<string, Record<string, MessageKey>>;
  /** Columns of times, which a sheet may write as `2026-11-25 05:08` in the importer's time zone. */
  times?: readonly string[];
}

/** Rewrites a row's labels as their codes and its written times as ISO instants; other cells stay as they are. */
export function cellReader(
  { labels = {}, times = [] }: ImportCells,
  timeZone: string,
): (row: SheetRow) => SheetRow {
  const codes = Object.entries(labels).map(
    ([column, byCode]) =>
      [
        column,
        new Map(
          Object.entries(byCode).flatMap(([code, key]) =>
            LOCALES.map((locale) => [translate(key, locale).trim().toLowerCase(), code] as const),
          ),
        ),
      ] as const,
  );
  return (row) => {
    const read = { ...row };
    for (const [column, byLabel] of codes) {
      const text = read[column]?.trim().toLowerCase();
      const code = text === undefined ? undefined : byLabel.get(text);
      if (code !== undefined) read[column] = code;
    }
    for (const column of times) {
      const text = read[column];
      const instant = text ? instantIn(text, timeZone) : null;
      if (instant) read[column] = instant.toISOString();
    }
    return read;
  };
}
