import { Typography } from 'antd';

/** Groups the whole part of an API decimal string ("12345.60" → "12,345.60") without floating point. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const [whole = '0', fraction = '00'] = String(value).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** An amount from the API (decimal string), grouped, negative ones in red: <MoneyText value={row.amount} /> */
export function MoneyText({
  value,
  strong,
}: {
  value: string | number | null | undefined;
  strong?: boolean;
}) {
  const text = formatMoney(value);
  return (
    <Typography.Text strong={strong} type={text.startsWith('-') && text !== '-' ? 'danger' : undefined}>
      {text}
    </Typography.Text>
  );
}
