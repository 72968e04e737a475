import {
  ORDER_STATES,
  ORDER_SUBTYPES,
  type OrderListAnswerMeta,
  type OrderSums,
  type OrderView,
  SALES_SWITCHES,
  type SalesSwitch,
  UI,
} from '@app/contracts';
import { Button, Card, DatePicker, Form, Input, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { UserPicker } from '../members/UserPicker';
import { businessToday } from '../platform/business-days';
import { useBusinessTimeZone, useIsAdmin } from '../platform/current-user';
import { FilterBar } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatCount, formatDateTime, formatMoney } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { BusinessDaysHintItem } from '../platform/ui/BusinessDaysHint';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { useProductTags } from '../products/products.api';
import { useProviderOptions } from '../providers/providers.api';
import { ListViews, useShownColumns } from '../views/ListViews';
import { dateShortcuts, rangeBounds, rangeOf } from './date-shortcuts';
import { OrderActions } from './OrderActions';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderStateTag } from './OrderStateTag';
import { exportOrders, type OrderFilters, orderFilters, ordersList } from './orders.api';

type Values = Record<string, unknown>;

/** Form values → list filters: the date range as the first and last completion day (business days). */
function toFilters({ range, ...values }: Values): OrderFilters {
  return { ...values, ...rangeBounds(range as [Dayjs, Dayjs] | undefined) } as OrderFilters;
}

/** List filters → form values: the completion days back as the picked range (`zone`: the business time zone). */
const valuesIn =
  (zone: string) =>
  ({ date_from, date_to, ...filters }: OrderFilters): Values => ({
    ...filters,
    range: rangeOf(date_from, date_to, zone),
  });

/** A labelled count and sums of the footer (OrderListMeta `done` or `refunded`). */
function OrderSumsText({ label, sums }: { label: string; sums: OrderSums | undefined }) {
  const { t } = useTranslation();
  const { count = 0, amount = '0.00', sales_point = 0 } = sums ?? {};
  return (
    <span>
      {label}:{' '}
      <Typography.Text strong>
        {t('orders.sums', {
          count,
          orders: formatCount(count),
          amount: formatMoney(amount),
          points: formatCount(sales_point),
        })}
      </Typography.Text>
    </span>
  );
}

/** The orders screen (docs/product/orders.md): filters, sortable list with totals, detail dialog, exports. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const zone = useBusinessTimeZone();
  const [form] = Form.useForm();
  const { filters, setFilters } = useUrlFilters(orderFilters);
  // `?open=<order no>` opens that order's detail (the header search's hits link here).
  const [detail, setDetail] = useState<string | null>(useSearchParams()[0].get('open'));
  const exportJob = useStartedJob();
  const providers = useProviderOptions();
  const tags = useProductTags();
  const { tableProps, meta } = usePagedList<OrderView, OrderListAnswerMeta>(ordersList, filters, {
    pageSize: UI.ordersPageSize,
    pageSizes: UI.ordersPageSizes,
  });

  /** Only one sales switch at a time: turning one on turns the others off. */
  const onSwitch = (name: SalesSwitch, on: boolean) => {
    if (on) form.setFieldsValue(Object.fromEntries(SALES_SWITCHES.map((s) => [s, s === name])));
  };

  // Fixed widths, the order id fixed on the left and a horizontal scroll: ids, names and figures stay on
  // one line (names and products cut with an ellipsis) and every column stays reachable on narrow screens.
  const columns: ColumnsType<OrderView> = [
    {
      title: t('orders.orderId'),
      key: 'order_no',
      dataIndex: 'order_no',
      sorter: true,
      width: 140,
      fixed: 'left',
      ellipsis: true,
      render: (no: string) => <Typography.Link onClick={() => setDetail(no)}>{no}</Typography.Link>,
    },
    {
      title: t('orders.status'),
      key: 'state',
      width: 110,
      render: (_, o) => <OrderStateTag state={o.state} />,
    },
    {
      title: t('orders.user'),
      key: 'user',
      width: 150,
      ellipsis: true,
      render: (_, o) => <UserName user={o.user} />,
    },
    {
      title: t('orders.orderReferer'),
      key: 'referer',
      sorter: true,
      width: 150,
      ellipsis: true,
      render: (_, o) => <UserName user={o.referer_user} />,
    },
    {
      title: t('orders.userReferer'),
      key: 'user_referer',
      width: 150,
      ellipsis: true,
      render: (_, o) => <UserName user={o.user_referer} />,
    },
    { title: t('orders.product'), dataIndex: 'product_name', key: 'product', width: 220, ellipsis: true },
    {
      title: t('orders.platformOrderId'),
      dataIndex: 'platform_order_no',
      key: 'platform_order_no',
      width: 170,
      ellipsis: true,
    },
    {
      title: t('orders.provider'),
      key: 'provider',
      width: 170,
      ellipsis: true,
      render: (_, o) => o.provider?.name ?? '-',
    },
    {
      title: t('orders.amount'),
      key: 'amount',
      className: 'orders-amount',
      sorter: true,
      align: 'right',
      width: 130,
      ellipsis: true,
      render: (_, o) => <MoneyText value={o.amount} />,
    },
    {
      title: t('orders.salesPoint'),
      key: 'sales_point',
      dataIndex: 'sales_point',
      sorter: true,
      align: 'right',
      width: 120,
      ellipsis: true,
    },
    {
      title: t('orders.completedAt'),
      key: 'completed_at',
      sorter: true,
      width: 170,
      ellipsis: true,
      render: (_, o) => formatDateTime(o.completed_at),
    },
  ];
  const shown = useShownColumns('orders', columns);
  const tableWidth = shown.reduce((sum, c) => sum + Number(c.width), 0);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <ListViews list="orders" columns={columns} />
        <FilterBar<OrderFilters>
          form={form}
          filters={filters}
          onChange={setFilters}
          toValues={valuesIn(zone)}
          toFilters={toFilters}
          searchText={t('orders.search')}
          resetText={t('orders.reset')}
          foldOnPhone
          extra={
            <Button onClick={() => exportJob.run(() => exportOrders(filters)).catch(() => {})}>
              {t('orders.export')}
            </Button>
          }
        >
          <Form.Item name="name" label={t('orders.name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="email" label={t('orders.email')}>
            <Input allowClear />
          </Form.Item>
          {isAdmin && (
            <Form.Item name="phone" label={t('orders.phone')}>
              <Input allowClear />
            </Form.Item>
          )}
          <Form.Item name="range" label={t('orders.dateRange')}>
            <DatePicker.RangePicker
              presets={dateShortcuts((key, params) => t(key, params), businessToday(zone))}
            />
          </Form.Item>
          <BusinessDaysHintItem />
          <Form.Item name="order_no" label={t('orders.orderId')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="platform_order_no" label={t('orders.platformOrderId')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="state" label={t('orders.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={ORDER_STATES.map((state) => ({ value: state, label: t(`orders.state.${state}`) }))}
            />
          </Form.Item>
          <Form.Item name="subtype" label={t('orders.subtype')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={ORDER_SUBTYPES.map((s) => ({ value: s, label: t(`orders.subtype.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="provider_id" label={t('orders.provider')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 180 }}
              options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="member_id" label={t('orders.memberId')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="wordpress_id" label={t('orders.wordpressId')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="source_type" label={t('orders.orderType')}>
            <Select
              allowClear
              style={{ width: 200 }}
              options={[1, 2, 3].map((v) => ({ value: v, label: t(`orders.source.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="user_id" label={t('orders.user')}>
            <UserPicker />
          </Form.Item>
          <Form.Item name="tags" label={t('orders.tags')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 200 }}
              options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))}
            />
          </Form.Item>
          {SALES_SWITCHES.map((s) => (
            <Form.Item key={s} name={s} label={t(`orders.switch.${s}`)} valuePropName="checked">
              <Switch onChange={(on) => onSwitch(s, on)} />
            </Form.Item>
          ))}
        </FilterBar>
      </Card>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <OrderActions />
          <Table<OrderView>
            rowKey="id"
            columns={shown}
            scroll={{ x: tableWidth }}
            {...tableProps}
            pagination={
              meta?.totalAtLeast
                ? { ...tableProps.pagination, showTotal: (total) => t('orders.totalAtLeast', { total }) }
                : tableProps.pagination
            }
            footer={() =>
              meta?.totalAtLeast ? (
                <Typography.Text type="secondary" data-testid="orders-totals">
                  {t('orders.totalsNotCounted', { total: meta.total })}
                </Typography.Text>
              ) : (
                <Space size="large" wrap data-testid="orders-totals">
                  <OrderSumsText label={t('orders.doneSales')} sums={meta?.done} />
                  <OrderSumsText label={t('orders.refundedSales')} sums={meta?.refunded} />
                  <Typography.Text type="secondary">{t('orders.totalsNote')}</Typography.Text>
                </Space>
              )
            }
          />
        </Space>
      </Card>
      <OrderDetailDialog orderNo={detail} onClose={() => setDetail(null)} />
      <StartedJobProgress job={exportJob} />
    </Space>
  );
}
