/** Non-admins see other people's names as first 3 characters + *** + last 3 (docs/product/README.md). */
export function maskName(name: string | null | undefined): string {
  if (!name) return '';
  const chars = Array.from(name);
  if (chars.length <= 6) return `${chars.slice(0, Math.min(3, Math.ceil(chars.length / 2))).join('')}***`;
  return `${chars.slice(0, 3).join('')}***${chars.slice(-3).join('')}`;
}

/** A bank account or card number as logs and other people may see it: only its last 4 characters. */
export function maskAccountNumber(number: string | null | undefined): string | null {
  if (!number) return number ?? null;
  const compact = number.replace(/[\s-]/g, '');
  return `****${compact.length > 4 ? compact.slice(-4) : ''}`;
}
