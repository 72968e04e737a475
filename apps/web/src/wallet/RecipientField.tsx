import { UserOutlined } from '@ant-design/icons';
import { sendTransferBody } from '@app/contracts';
import { Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../platform/http';
import { t } from '../platform/locales';
import { zodRules } from '../platform/ui/zod-rules';
import { lookUpRecipient, normalizeUserNo as normalize, useLookedUpRecipient } from './wallet.api';

/** An unknown member id or one's own is refused under the field, which blocks the submit. */
const recipientRule: Rule = {
  validator: async (_rule, value) => {
    if (!normalize(value)) return;
    try {
      await lookUpRecipient(value);
    } catch (error) {
      if (!(error instanceof ApiError)) throw new Error(t('platform.serviceError'));
      throw new Error(error.fieldErrors[0]?.message ?? error.message);
    }
  },
};

/**
 * The recipient's member id (form field `user_no`), looked up as it is typed: the member it reaches
 * (masked name, member id) shows under the field; an unknown id or oneself is refused there.
 */
export function RecipientField() {
  const { t } = useTranslation();
  const userNo = normalize(Form.useWatch('user_no', Form.useFormInstance()));
  const recipient = useLookedUpRecipient(userNo);
  return (
    <Form.Item
      name="user_no"
      label={t('walletUi.transferTo')}
      rules={[...zodRules(sendTransferBody, 'user_no'), recipientRule]}
      validateFirst
      validateDebounce={400}
      hasFeedback
      extra={
        recipient && (
          <Typography.Text type="success" data-testid="transfer-recipient">
            <UserOutlined /> {t('walletUi.recipient', { name: recipient.name, userNo: recipient.user_no })}
          </Typography.Text>
        )
      }
    >
      <Input placeholder="M1000001" autoComplete="off" allowClear />
    </Form.Item>
  );
}
