import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@app/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, storedLocale, switchLocale } from '../../platform/locale-choice';
import { usePhone } from '../../platform/ui/phone';

/** Stores the chosen language and reloads the page (docs/product/README.md). On a phone only the globe shows. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const phone = usePhone();
  const current = storedLocale();
  return (
    <Dropdown
      menu={{
        items: LOCALES.map((locale) => ({ key: locale, label: LANGUAGE_NAMES[locale] })),
        selectedKeys: [current],
        onClick: ({ key }) => switchLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.language')}>
        {!phone && LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
