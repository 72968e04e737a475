import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** The enabled/disabled choice of the three forms. */
export function StatusRadio() {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={t('access.ui.status')}>
      <Radio.Group
        options={[
          { value: 1, label: t('access.ui.enabled') },
          { value: 2, label: t('access.ui.disabled') },
        ]}
      />
    </Form.Item>
  );
}
