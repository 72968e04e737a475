import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../platform/mail/mailer';
import { TestApi } from '../test/test-app';
import { fundedMember, idemKey, type SignedIn } from '../wallet/wallet-fixtures';
import { mailOutbox, notificationPreferences } from './notifications.schema';
import { useMail } from './notify';
import { DEFAULT_OUTBOX_TIMING, OutboxSender } from './outbox-sender';

/** A port nothing listens on yet: the SMTP server is "down" until `startSmtp` listens there. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A real SMTP server in the test process on `port`, keeping what it accepts. */
async function startSmtp(port: number) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, done) => {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let api: TestApi;
let port: number;
let mailer: Mailer;
let sender: SignedIn;
const PUBLIC_URL = 'https://backoffice.example.com';
const RETRY_MS = 60_000;
const senderProcess = () =>
  new OutboxSender(api.db, mailer, api.app.log, PUBLIC_URL, {
    ...DEFAULT_OUTBOX_TIMING,
    retryBaseMs: RETRY_MS,
    batch: 3,
  });

beforeAll(async () => {
  api = await TestApi.start();
  useMail(true);
  port = await freePort();
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Back Office <noreply@example.com>' })!;
  sender = await fundedMember(api, 1_000_000);
});
afterAll(async () => {
  useMail(false);
  await api.close();
});

const outboxOf = (userId: number) => api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
/** Time passes: the messages waiting for their next attempt are due now. */
const dueNow = () =>
  api.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
const transferTo = (to: SignedIn, amount: string) =>
  api.post(
    '/api/wallet/sendTransfer',
    { user_no: to.user.userNo, amount },
    { token: sender.token, headers: idemKey() },
  );

describe('the e-mail outbox', () => {
  it('a message is sent once after the SMTP server comes back, even with two senders running', async () => {
    const recipient = await fundedMember(api, 0);
    await api.db
      .insert(notificationPreferences)
      .values({ userId: recipient.user.id, locale: 'zh-HK', mailKinds: ['transfer_received'] });

    // The server is down: the money moves all the same, and the message waits in the outbox.
    expect((await transferTo(recipient, '25.00')).status).toBe(200);
    const [waiting] = await outboxOf(recipient.user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    const a = senderProcess();
    const b = senderProcess();
    await a.sendDue();
    const [afterOne] = await outboxOf(recipient.user.id);
    expect(afterOne).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterOne!.lastError).toMatch(/not sent/);
    expect(afterOne!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(RETRY_MS - 10_000);
    // Not due yet: a sender leaves it alone.
    expect(await b.sendDue()).toBe(0);
    await dueNow();
    await b.sendDue();
    const [afterTwo] = await outboxOf(recipient.user.id);
    expect(afterTwo).toMatchObject({ status: 'pending', attempts: 2 });
    // The wait doubles after each failure.
    expect(afterTwo!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(2 * RETRY_MS - 10_000);

    const smtp = await startSmtp(port);
    try {
      await dueNow();
      await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.subject).toMatch(/^您收到 .* 轉來的 25\.00$/);
      expect(mail!.text).toContain(`${PUBLIC_URL}/transfer`);
      expect(mail!.html).toContain(`href="${PUBLIC_URL}/transfer"`);
      expect([mail!.to].flat()[0]!.text).toBe(`${recipient.user.name}@test.local`);
      const [sent] = await outboxOf(recipient.user.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      await Promise.all([a.sendDue(), b.sendDue()]);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('senders running side by side share the due messages and send each exactly once', async () => {
    const recipients = await Promise.all(Array.from({ length: 8 }, () => fundedMember(api, 0)));
    for (const r of recipients) expect((await transferTo(r, '1.00')).status).toBe(200);
    const smtp = await startSmtp(port);
    try {
      const senders = [senderProcess(), senderProcess()];
      while ((await Promise.all(senders.map((s) => s.sendDue()))).some((n) => n > 0));
      const to = smtp.received.map((m) => [m.to].flat()[0]!.text).sort();
      expect(to).toEqual(recipients.map((r) => `${r.user.name}@test.local`).sort());
      expect(smtp.received[0]!.subject).toMatch(/^You received 1\.00 from /);
    } finally {
      await smtp.close();
    }
  });

  it('a message whose sender stopped while sending is failed, never sent a second time', async () => {
    const recipient = await fundedMember(api, 0);
    await transferTo(recipient, '2.00');
    await api.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedAt: sql`now() - interval '11 minutes'` })
      .where(eq(mailOutbox.userId, recipient.user.id));
    const smtp = await startSmtp(port);
    try {
      await senderProcess().sendDue();
      expect(smtp.received).toHaveLength(0);
      expect((await outboxOf(recipient.user.id))[0]).toMatchObject({ status: 'failed' });
    } finally {
      await smtp.close();
    }
  });

  it('is given up as failed after its last attempt', async () => {
    const recipient = await fundedMember(api, 0);
    await transferTo(recipient, '3.00');
    const lastTry = new OutboxSender(api.db, mailer, api.app.log, PUBLIC_URL, {
      ...DEFAULT_OUTBOX_TIMING,
      maxAttempts: 2,
    });
    await api.db.update(mailOutbox).set({ attempts: 1 }).where(eq(mailOutbox.userId, recipient.user.id));
    await lastTry.sendDue();
    expect((await outboxOf(recipient.user.id))[0]).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
