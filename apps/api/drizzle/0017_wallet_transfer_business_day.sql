-- Written by hand from apps/api/src/wallet/ledger.sql.ts (WALLET_TRANSFER): a transfer's records count for the
-- day of the business time zone (business_settings) instead of UTC's.
drop function if exists wallet_transfer cascade;
--> statement-breakpoint
create function wallet_transfer(p_from int, p_to int, p_amount bigint, p_remark text) returns table (transfer_id bigint, outcome text) language plpgsql as $fn$
declare
  v_id bigint;
  v_day date := (now() at time zone coalesce((select time_zone from business_settings where id = 1), 'UTC'))::date;
  r wallet_records;
begin
  if p_to is null or p_to = p_from then
    return query select null::bigint, case when p_to is null then 'not_found' else 'self' end;
    return;
  end if;
  perform 1 from wallets where user_id in (p_from, p_to) order by user_id for update;
  v_id := nextval(pg_get_serial_sequence('transfers', 'id'));
  r := ledger_post(p_from, p_amount, 2::smallint, 1::smallint, 'transfer_out', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    -1 * p_amount, 0 * p_amount);
  if r.id is null then
    return query select null::bigint, 'insufficient';
    return;
  end if;
  perform ledger_post(p_to, p_amount, 1::smallint, 1::smallint, 'transfer_in', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    1 * p_amount, 0 * p_amount);
  insert into transfers (id, from_user_id, to_user_id, amount_cents, remark)
  values (v_id, p_from, p_to, p_amount, p_remark);
  return query select v_id, 'ok';
end
$fn$;
