import type { Locale } from '@app/contracts';

/** Picks the name column of a row for the request's locale. */
export const localName = (
  row: { nameEn?: string; name?: string; nameZhHk: string; nameZhCn: string },
  locale: Locale,
) => (locale === 'zh-HK' ? row.nameZhHk : locale === 'zh-CN' ? row.nameZhCn : (row.nameEn ?? row.name ?? ''));
