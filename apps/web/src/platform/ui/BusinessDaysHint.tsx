import { ClockCircleOutlined } from '@ant-design/icons';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, daysDiffer } from '../business-days';
import { useBusinessTimeZone } from '../current-user';

/**
 * "Dates are days in Asia/Hong_Kong", beside a date filter or a period picker; nothing where the business time
 * zone's days begin when the viewer's do (a date cannot be misread there).
 */
export function BusinessDaysHint() {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  if (!daysDiffer(zone, browserTimeZone())) return null;
  return (
    <Typography.Text type="secondary" data-testid="business-days-hint" style={{ fontSize: 12 }}>
      <ClockCircleOutlined /> {t('platform.businessDays', { zone })}
    </Typography.Text>
  );
}

/** The hint as a field of an inline form or filter bar, after its date picker; nothing where it is not needed. */
export function BusinessDaysHintItem() {
  const zone = useBusinessTimeZone();
  if (!daysDiffer(zone, browserTimeZone())) return null;
  return (
    <Form.Item>
      <BusinessDaysHint />
    </Form.Item>
  );
}
