import { describe, expect, it } from 'vitest';
import { i18n } from './locales';

describe('the web dictionaries', () => {
  it('group counts in every language, plural forms still picked by the count', async () => {
    await i18n.changeLanguage('en-US');
    expect(i18n.t('platform.total', { count: 100000 })).toBe('Total 100,000 items');
    expect(i18n.t('platform.total', { count: 1 })).toBe('Total 1 item');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('platform.total', { count: 3020139 })).toBe('共 3,020,139 条');
  });
});
