import { Typography } from 'antd';
import { formatMoney } from '../format';

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
