/** Non-admins see other people's names as first 3 characters + *** + last 3 (SPEC.md §1). */
export function maskName(name: string | null | undefined): string {
  if (!name) return '';
  const chars = Array.from(name);
  if (chars.length <= 6) return `${chars.slice(0, Math.min(3, Math.ceil(chars.length / 2))).join('')}***`;
  return `${chars.slice(0, 3).join('')}***${chars.slice(-3).join('')}`;
}
