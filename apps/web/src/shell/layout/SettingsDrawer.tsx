import { Button, Drawer, Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback';
import { type LayoutSettings, updateSettings, useSettings, useThemeMode } from '../settings';
import { useSaveTheme } from '../shell.api';

type Toggle = Exclude<keyof LayoutSettings, 'menuWidth'>;
const TOGGLES: Toggle[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer', 'colorWeak'];

/**
 * Every layout toggle of the settings drawer (docs/product/README.md), applied at once and kept in local storage, and
 * the dark mode, the user's own on the server.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const mode = useThemeMode();
  const saveTheme = useSaveTheme();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(JSON.stringify(settings, null, 2));
      feedback.message.success(t('shell.copied'));
    } catch {
      feedback.message.error(t('shell.copyUnsupported'));
    }
  };
  return (
    <Drawer title={t('shell.settings')} open={open} onClose={onClose} size={320}>
      <Form
        layout="horizontal"
        labelCol={{ span: 16 }}
        wrapperCol={{ span: 8 }}
        labelAlign="left"
        colon={false}
      >
        <Form.Item label={t('shell.settings.dark')} htmlFor="setting-dark">
          <Switch
            id="setting-dark"
            aria-label={t('shell.settings.dark')}
            checked={mode === 'dark'}
            onChange={(dark) => void saveTheme(dark ? 'dark' : 'light')}
          />
        </Form.Item>
        {TOGGLES.map((key) => (
          <Form.Item key={key} label={t(`shell.settings.${key}`)} htmlFor={`setting-${key}`}>
            <Switch
              id={`setting-${key}`}
              aria-label={t(`shell.settings.${key}`)}
              checked={settings[key]}
              onChange={(checked) => updateSettings({ [key]: checked })}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('shell.settings.menuWidth')} htmlFor="setting-menuWidth">
          <InputNumber
            id="setting-menuWidth"
            min={160}
            max={400}
            step={10}
            value={settings.menuWidth}
            onChange={(value) => value && updateSettings({ menuWidth: value })}
          />
        </Form.Item>
      </Form>
      <Button block onClick={copy}>
        {t('shell.settings.copy')}
      </Button>
    </Drawer>
  );
}
