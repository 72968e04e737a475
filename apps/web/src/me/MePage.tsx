import { type UpdateMeBody, updateMeBody } from '@app/contracts';
import { Button, Card, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailPreferences } from '../notifications/MailPreferences';
import { BankFields, bankValues } from '../platform/ui/BankFields';
import { confirmationRule } from '../platform/ui/confirmation-rule';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { usePhone } from '../platform/ui/phone';
import { zodRules } from '../platform/ui/zod-rules';
import { useMe, useUpdateMe } from './me.api';
import { ReferralCard } from './ReferralCard';
import { SecurityCards } from './SecurityCards';

/**
 * One card's form: posts its fields to POST /api/me (the write toasts the server's text) and shows field errors of
 * a 422 in place.
 */
function MeForm({
  title,
  initial,
  children,
  resetAfterSave,
}: {
  title: string;
  initial?: Partial<UpdateMeBody>;
  children: React.ReactNode;
  resetAfterSave?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpdateMeBody>();
  const [busy, setBusy] = useState(false);
  const update = useUpdateMe();
  const save = async (values: UpdateMeBody) => {
    setBusy(true);
    try {
      await update.mutateAsync(values);
      if (resetAfterSave) form.resetFields();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={title}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        {children}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('me.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /me: the member's personal center - profile, bank details, referral link and password. */
export default function MePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const phone = usePhone();
  if (!me) return <Skeleton active />;
  const rules = (field: keyof UpdateMeBody) => zodRules(updateMeBody, field);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <MeForm
          title={t('me.profile')}
          initial={{ display_name: me.display_name ?? '', phone: me.phone ?? '' }}
        >
          <Descriptions
            column={1}
            size="small"
            layout={phone ? 'vertical' : 'horizontal'}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'no', label: t('me.memberId'), children: me.user_no },
              { key: 'account', label: t('me.account'), children: me.name },
              { key: 'email', label: t('me.email'), children: me.email ?? '-' },
              { key: 'level', label: t('me.level'), children: me.level?.name ?? '-' },
            ]}
          />
          <Form.Item name="display_name" label={t('me.displayName')} rules={rules('display_name')}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('me.phone')} rules={rules('phone')}>
            <Input />
          </Form.Item>
        </MeForm>
      </Col>
      <Col xs={24} xl={12}>
        <MeForm title={t('me.bank')} initial={bankValues(me, 'bank_account_no')}>
          <BankFields schema={updateMeBody} numberField="bank_account_no" />
        </MeForm>
      </Col>
      <Col xs={24} xl={12}>
        <ReferralCard />
      </Col>
      <Col xs={24} xl={12}>
        <MeForm title={t('me.changePassword')} resetAfterSave>
          <Form.Item
            name="old_password"
            label={t('me.oldPassword')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('me.newPassword')}
            rules={[{ required: true, message: t('validation.required') }, ...rules('password')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password_confirmation"
            label={t('me.confirmPassword')}
            dependencies={['password']}
            rules={confirmationRule(t)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </MeForm>
      </Col>
      <Col xs={24} xl={12}>
        <MailPreferences />
      </Col>
      <SecurityCards />
    </Row>
  );
}
