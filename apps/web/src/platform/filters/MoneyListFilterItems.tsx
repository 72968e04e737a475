import { moneyListFilterFields } from '@app/contracts';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dayOf } from '../business-days';
import { BusinessDaysHintItem } from '../ui/BusinessDaysHint';

/**
 * The filters the withdrawal and recharge lists share, as the web app keeps them in the URL: the amounts stay the
 * decimal text typed (the server reads them as money), the days bare dates of the business time zone.
 */
export const moneyListFilters = z.object({
  user_id: moneyListFilterFields.user_id,
  date_from: moneyListFilterFields.date_from,
  date_to: moneyListFilterFields.date_to,
  amount_min: z.string().trim().max(20).optional(),
  amount_max: z.string().trim().max(20).optional(),
});
type MoneyListFilters = z.output<typeof moneyListFilters>;
type Values = Record<string, unknown>;

/** The filters → the bar's fields: the days as the picked range. */
export function moneyListValues<F extends MoneyListFilters>({ date_from, date_to, ...rest }: F): Values {
  return { ...rest, range: date_from && date_to ? [dayjs(date_from), dayjs(date_to)] : undefined };
}

/** The bar's fields → the filters: the picked range as its first and last day. */
export function moneyListFilterValues<F extends MoneyListFilters>({ range, ...rest }: Values): F {
  const days = range as [Dayjs, Dayjs] | null | undefined;
  return { ...rest, date_from: dayOf(days?.[0]), date_to: dayOf(days?.[1]) } as F;
}

/** The fields of the shared filters after the member: the days it was made, and its amount from and to. */
export function MoneyListFilterItems() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="range" label={t('platform.moneyFilters.days')}>
        <DatePicker.RangePicker />
      </Form.Item>
      <BusinessDaysHintItem />
      <Form.Item name="amount_min" label={t('platform.moneyFilters.amountFrom')}>
        <Input inputMode="decimal" allowClear style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="amount_max" label={t('platform.moneyFilters.amountTo')}>
        <Input inputMode="decimal" allowClear style={{ width: 110 }} />
      </Form.Item>
    </>
  );
}
