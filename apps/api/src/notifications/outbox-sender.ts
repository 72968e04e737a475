import { type Locale, translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../platform/db/client';
import type { Log } from '../platform/log/log';
import { mailHtml } from '../platform/mail/mail-html';
import type { Mailer } from '../platform/mail/mailer';
import { repeatEvery } from '../platform/repeat';
import { notificationText } from './notification-text';
import type { NotificationParams } from './notifications.schema';

export interface OutboxTiming {
  /** How often a process looks for e-mails due. */
  pollMs: number;
  /** The wait after a first failed attempt; each later failure doubles it (up to `maxDelayMs`). */
  retryBaseMs: number;
  maxDelayMs: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts: number;
  /** A message claimed longer ago than this by a sender that never recorded the outcome is failed, not re-sent. */
  staleAfterMs: number;
  /** Messages claimed per round trip. */
  batch: number;
}

/** About 2 days of attempts (30 s, 1 min, 2 min … then every 6 hours) before a message is given up. */
export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  pollMs: 10_000,
  retryBaseMs: 30_000,
  maxDelayMs: 6 * 3_600_000,
  maxAttempts: 16,
  staleAfterMs: 10 * 60_000,
  batch: 20,
};

/** Sent messages are kept this long (to answer "was it sent?"), then deleted. */
const KEEP_SENT_DAYS = 30;

interface Claimed extends Record<string, unknown> {
  id: string;
  to_address: string;
  locale: Locale;
  subject_key: string;
  params: NotificationParams;
  link: string | null;
  attempts: number;
}

/**
 * Sends the e-mail outbox (docs/operations.md, "E-mail outbox"). Any number of processes may run one: a message
 * is claimed by one sender (pending → sending, `FOR UPDATE SKIP LOCKED`), sent, and recorded sent once the SMTP
 * server accepted it; a failure puts it back with an exponentially later attempt. A message whose sender died
 * between claiming and recording is failed after `staleAfterMs` rather than sent again: it may have gone out, and
 * its notification is in the app anyway (at most once).
 */
export class OutboxSender {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: Log,
    /** PUBLIC_URL: where the links of the mail point. */
    private readonly publicUrl: string | undefined,
    private readonly timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
  ) {}

  /** Sends now and every `pollMs`; answers the stop, which waits for the pass under way. */
  start(): () => Promise<void> {
    return repeatEvery(
      this.timing.pollMs,
      async (stopped) => {
        while (!stopped() && (await this.sendDue()) === this.timing.batch);
      },
      (error) => this.log.error({ err: error }, 'e-mail outbox pass failed'),
    );
  }

  /** One batch: the stale claims failed, then up to `batch` due messages claimed and sent; answers how many were claimed. */
  async sendDue(): Promise<number> {
    await this.failStaleClaims();
    const claimed = await this.claim();
    for (const message of claimed) await this.deliver(message);
    return claimed.length;
  }

  private claim(): Promise<Claimed[]> {
    return queryRows<Claimed>(
      this.db,
      sql`update mail_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
        where id in (select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id limit ${this.timing.batch} for update skip locked)
        returning id, to_address, locale, subject_key, params, link, attempts`,
    );
  }

  private async deliver(m: Claimed): Promise<void> {
    try {
      const { subject, text } = this.compose(m);
      await this.mailer.send({ to: m.to_address, subject, text, html: mailHtml(text) });
    } catch (error) {
      await this.failed(m, error);
      return;
    }
    await queryRows(
      this.db,
      sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null
        where id = ${m.id} and status = 'sending'`,
    );
  }

  private compose(m: Claimed): { subject: string; text: string } {
    const subject = notificationText(m.subject_key, m.params, m.locale);
    const open =
      m.link && this.publicUrl
        ? [translate('notifications.mail.open', m.locale, { url: this.publicUrl + m.link })]
        : [];
    return { subject, text: [subject, ...open, translate('notifications.mail.why', m.locale)].join('\n\n') };
  }

  /** Back to pending, due after retryBaseMs · 2^(attempts − 1) (at most maxDelayMs); failed after the last attempt. */
  private async failed(m: Claimed, error: unknown): Promise<void> {
    const { retryBaseMs, maxDelayMs, maxAttempts } = this.timing;
    const last = m.attempts >= maxAttempts;
    const delayMs = Math.min(maxDelayMs, retryBaseMs * 2 ** (m.attempts - 1));
    const reason = String((error as Error)?.message ?? error).slice(0, 500);
    this.log.warn({ outboxId: m.id, attempts: m.attempts, err: error }, 'e-mail not sent');
    await queryRows(
      this.db,
      sql`update mail_outbox set status = ${last ? 'failed' : 'pending'}, last_error = ${reason}, claimed_at = null,
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}::float8)
        where id = ${m.id} and status = 'sending'`,
    );
  }

  private async failStaleClaims(): Promise<void> {
    await queryRows(
      this.db,
      sql`update mail_outbox set status = 'failed',
          last_error = 'the sender stopped before recording whether the server accepted it; not sent again'
        where status = 'sending' and claimed_at < now() - make_interval(secs => ${this.timing.staleAfterMs / 1000}::float8)`,
    );
    await queryRows(
      this.db,
      sql`delete from mail_outbox where status = 'sent' and sent_at < now() - make_interval(days => ${KEEP_SENT_DAYS})`,
    );
  }
}
