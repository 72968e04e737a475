import { LOCALES, type Locale, type MailKind } from '@app/contracts';
import { Alert, Button, Card, Form, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../platform/locale-choice';
import { usePreferences, useSavePreferences } from './notifications.api';

interface Values {
  locale: Locale;
  kinds: Record<MailKind, boolean>;
}

/** Which notifications also go out by e-mail, and in which language (in the app every one is shown). */
export function MailPreferences() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const save = useSavePreferences();
  const p = prefs.data;
  if (!p) return <Card title={t('notifications.ui.prefs.title')}>{<Skeleton active />}</Card>;
  const off = !p.mail_enabled || !p.email;
  const initial: Values = {
    locale: p.locale,
    kinds: Object.fromEntries(p.kinds.map((k) => [k.kind, k.email])) as Record<MailKind, boolean>,
  };
  const submit = (values: Values) =>
    save
      .mutateAsync({
        locale: values.locale,
        email_kinds: p.kinds.map((k) => k.kind).filter((kind) => values.kinds[kind]),
      })
      .catch(() => undefined);
  return (
    <Card title={t('notifications.ui.prefs.title')} data-testid="mail-preferences">
      {!p.mail_enabled ? (
        <Alert type="info" showIcon message={t('notifications.ui.prefs.mailOff')} data-testid="mail-off" />
      ) : !p.email ? (
        <Alert type="info" showIcon message={t('notifications.ui.prefs.noAddress')} />
      ) : (
        <Alert type="info" showIcon message={t('notifications.ui.prefs.address', { email: p.email })} />
      )}
      <p style={{ marginTop: 12 }}>{t('notifications.ui.prefs.hint')}</p>
      <Form<Values> layout="horizontal" initialValues={initial} onFinish={submit} disabled={off}>
        {p.kinds.map((k) => (
          <Form.Item
            key={k.kind}
            name={['kinds', k.kind]}
            label={t(`notifications.ui.kind.${k.kind}`)}
            valuePropName="checked"
            colon={false}
          >
            <Switch data-testid={`mail-kind-${k.kind}`} />
          </Form.Item>
        ))}
        <Form.Item name="locale" label={t('notifications.ui.prefs.language')}>
          <Select
            style={{ maxWidth: 200 }}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('notifications.ui.prefs.save')}
        </Button>
      </Form>
    </Card>
  );
}
