import { RecordAction, RecordStatus } from './wallet.schema';

/**
 * The ledger's SQL functions, declared once, here. A migration that (re)defines one carries exactly this text
 * (ledger.sql.unit.test.ts compares each with the latest migration defining it): to change a function, change it
 * here and add a migration with the new text. `ledger.ts` calls `ledger_post` for every single posting and
 * `transfers.service.ts` calls `wallet_transfer`; set-based bonus credits are `CREDIT_CTES` and `creditByCopy`.
 */

/**
 * One posting: the wallet's conditional change (refused, returning null, when a bucket would go negative) and
 * its record, in one call. The move (action, status, deltas) is the caller's: ledger.ts `MOVES`.
 */
export const LEDGER_POST = `create function ledger_post(p_user_id int, p_amount bigint, p_action smallint, p_status smallint, p_kind text,
    p_bonus_type smallint, p_reference_type text, p_reference_id text, p_month text, p_day date, p_remark text,
    p_available_delta bigint, p_frozen_delta bigint) returns wallet_records language plpgsql as $fn$
declare
  a bigint;
  f bigint;
  r wallet_records;
begin
  if p_available_delta >= 0 and p_frozen_delta >= 0 then
    insert into wallets as w (user_id, available_cents, frozen_cents)
    values (p_user_id, p_available_delta, p_frozen_delta)
    on conflict (user_id) do update set available_cents = w.available_cents + p_available_delta,
      frozen_cents = w.frozen_cents + p_frozen_delta, updated_at = now()
    returning w.available_cents, w.frozen_cents into a, f;
  else
    update wallets w set available_cents = w.available_cents + p_available_delta,
      frozen_cents = w.frozen_cents + p_frozen_delta, updated_at = now()
    where w.user_id = p_user_id and w.available_cents + p_available_delta >= 0
      and w.frozen_cents + p_frozen_delta >= 0
    returning w.available_cents, w.frozen_cents into a, f;
    if not found then
      return null;
    end if;
  end if;
  insert into wallet_records (user_id, amount_cents, action, status, kind, bonus_type, reference_type,
    reference_id, month, day, remark, available_delta_cents, frozen_delta_cents, available_after_cents,
    frozen_after_cents, to_balance_at)
  values (p_user_id, p_amount, p_action, p_status, p_kind, p_bonus_type, p_reference_type, p_reference_id,
    p_month, p_day, p_remark, p_available_delta, p_frozen_delta, a, f,
    case when p_status = 1 then now() end)
  returning * into r;
  return r;
end
$fn$;`;

/**
 * A transfer between two members: both wallets locked in id order, the sender's debit (refused when it cannot
 * afford it), the recipient's credit and the transfer row, with the same moves as postEntry's 'debit' and
 * 'credit'. The records count for the day of the business time zone (business_settings; UTC when unset).
 */
export const WALLET_TRANSFER = `create function wallet_transfer(p_from int, p_to int, p_amount bigint, p_remark text) returns table (transfer_id bigint, outcome text) language plpgsql as $fn$
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
  r := ledger_post(p_from, p_amount, ${RecordAction.reduce}::smallint, ${RecordStatus.complete}::smallint, 'transfer_out', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    -1 * p_amount, 0 * p_amount);
  if r.id is null then
    return query select null::bigint, 'insufficient';
    return;
  end if;
  perform ledger_post(p_to, p_amount, ${RecordAction.add}::smallint, ${RecordStatus.complete}::smallint, 'transfer_in', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    1 * p_amount, 0 * p_amount);
  insert into transfers (id, from_user_id, to_user_id, amount_cents, remark)
  values (v_id, p_from, p_to, p_amount, p_remark);
  return query select v_id, 'ok';
end
$fn$;`;

/** Every function of the ledger, by name. */
export const LEDGER_FUNCTIONS = { ledger_post: LEDGER_POST, wallet_transfer: WALLET_TRANSFER };
