import type { BankInfo } from '@app/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRules } from './zod-rules';

/**
 * The account number's field: `bank_account_no` in the saved details, `bank_card_number` in a withdrawal (the
 * API's older name, kept for its callers).
 */
export type BankNumberField = 'bank_account_no' | 'bank_card_number';

type BankSchema = z.ZodObject<
  Record<'bank_account_name' | 'bank_country' | 'bank_name' | 'bank_code', z.ZodType> &
    Partial<Record<BankNumberField, z.ZodType>>
>;

/**
 * The one set of bank fields (docs/product/withdrawals.md): the personal center saves them, the withdrawal form asks
 * them again prefilled from what was saved (`bankValues`), each checked by its own contract schema.
 */
export function BankFields({ schema, numberField }: { schema: BankSchema; numberField: BankNumberField }) {
  const { t } = useTranslation();
  const field = (name: string, label: string) => (
    <Form.Item name={name} label={t(label)} rules={zodRules(schema, name as never)}>
      <Input />
    </Form.Item>
  );
  return (
    <>
      {field('bank_account_name', 'me.bankAccountName')}
      {field('bank_country', 'me.bankCountry')}
      {field('bank_name', 'walletUi.bankName')}
      {field('bank_code', 'walletUi.bankCode')}
      {field(numberField, 'me.bankAccountNo')}
    </>
  );
}

/** The saved bank details as a form's values, the number under `numberField`. */
export const bankValues = (saved: BankInfo | undefined, numberField: BankNumberField) => ({
  bank_account_name: saved?.bank_account_name ?? '',
  bank_country: saved?.bank_country ?? '',
  bank_name: saved?.bank_name ?? '',
  bank_code: saved?.bank_code ?? '',
  [numberField]: saved?.bank_account_no ?? '',
});
