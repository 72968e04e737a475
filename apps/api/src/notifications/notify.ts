import {
  DEFAULT_MAIL_KINDS,
  type MailKind,
  type MessageKey,
  type PermId,
  type StoredNotificationKind,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import type { NotificationParams } from './notifications.schema';

/**
 * Whether this process sends e-mail (SMTP_URL set: app.ts). Without it no outbox row is written, so turning mail
 * on later does not send a backlog of old news (docs/product/notifications.md, "E-mail").
 */
let mailOn = false;
export const useMail = (on: boolean) => {
  mailOn = on;
};
export const mailIsOn = () => mailOn;

/** The message key of a stored notification's title (and its e-mail's subject). */
export const titleKey = (kind: StoredNotificationKind, params: NotificationParams): MessageKey =>
  (kind === 'withdrawal_status'
    ? `notifications.withdrawal.${params.status}`
    : `notifications.${kind}`) as MessageKey;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The kinds a user (`u`) mails: their choice, else the defaults of their kind of account. */
const mailKinds = sql`coalesce(p.mail_kinds, case when u.is_admin then ${textArray(DEFAULT_MAIL_KINDS.admin)}
  else ${textArray(DEFAULT_MAIL_KINDS.member)} end)`;

/**
 * Outbox rows for the recipients of `ins` (user_id, params, link) who chose `kind` by e-mail and have an address,
 * in their language, as the statement's last part; nothing when mail is off.
 */
function mailPart(kind: MailKind, key: MessageKey): SQL {
  if (!mailOn) return sql`select count(*) from ins`;
  return sql`insert into mail_outbox (user_id, to_address, locale, subject_key, params, link)
    select ins.user_id, u.email, coalesce(p.locale, 'en-US'), ${key}, ins.params, ins.link
    from ins join users u on u.id = ins.user_id
    left join notification_preferences p on p.user_id = ins.user_id
    where coalesce(u.email, '') <> '' and ${kind} = any(${mailKinds})`;
}

/**
 * Notifies every user `source` selects (columns user_id, params jsonb, link) of `kind` in one statement, with
 * their e-mails: set-based, in the caller's transaction (a payout run's range writes one row per member it paid).
 */
export async function notifyAll(tx: DbOrTx, kind: StoredNotificationKind, source: SQL): Promise<void> {
  const key = `notifications.${kind}` as MessageKey;
  await queryRows(
    tx,
    sql`with src as (${source}),
      ins as (insert into notifications (user_id, kind, params, link)
        select user_id, ${kind}, params, link from src returning user_id, params, link)
      ${mailPart(kind as MailKind, key)}`,
  );
}

export interface Notice {
  userId: number;
  kind: StoredNotificationKind;
  params: NotificationParams;
  link: string | null;
}

/** Notifies one user, with the e-mail they chose, in the caller's transaction. */
export async function notify(tx: DbOrTx, n: Notice): Promise<void> {
  await queryRows(
    tx,
    sql`with ins as (insert into notifications (user_id, kind, params, link)
        values (${n.userId}::int, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.link})
        returning user_id, params, link)
      ${mailPart(n.kind as MailKind, titleKey(n.kind, n.params))}`,
  );
}

/**
 * E-mails the administrators holding `perm` (or every permission), but `except`, who chose `kind`, about work now
 * waiting for them; in the panel the same work is a live count (docs/product/notifications.md, "Administrators").
 */
export async function mailAdmins(
  tx: DbOrTx,
  kind: MailKind,
  perm: PermId,
  key: MessageKey,
  params: NotificationParams,
  link: string,
  except: number | null = null,
): Promise<void> {
  if (!mailOn) return;
  await queryRows(
    tx,
    sql`with ins as (select u.id as user_id, ${JSON.stringify(params)}::jsonb as params, ${link}::text as link
        from users u where u.is_admin and u.status = 1 and u.id is distinct from ${except}::int
        and (u.is_super or exists (
          select 1 from user_roles ur join roles r on r.id = ur.role_id and r.status = 1
          join role_permissions rp on rp.role_id = r.id
          join permissions pm on pm.id = rp.permission_id and pm.status = 1 where ur.user_id = u.id and rp.permission_id = ${perm})))
      ${mailPart(kind, key)}`,
  );
}
