/** Characters that make a spreadsheet treat text as a formula (plus tab/CR, per OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CellValue = string | number | null | undefined;

/** Text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function neutralise(value: CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Reverses `neutralise` on import so an export round-trips to the same data. */
export function unneutralise(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
