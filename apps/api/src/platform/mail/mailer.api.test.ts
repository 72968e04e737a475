import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestMailbox } from '../../test/test-mailbox';
import { createMailer, MailError } from './mailer';

let mailbox: TestMailbox;
beforeAll(async () => {
  mailbox = await TestMailbox.start();
});
afterAll(() => mailbox.close());

describe('the mailer', () => {
  it('is none without SMTP_URL', () => {
    expect(createMailer(undefined)).toBeNull();
  });

  it('delivers a message from MAIL_FROM through the SMTP server, signing in with the URL’s user and password', async () => {
    const mailer = createMailer(mailbox.settings);
    await mailer?.send({
      to: 'ada@example.com',
      subject: 'Réinitialiser 重設密碼',
      text: 'Plain 文字',
      html: '<p>Rich 文字</p>',
    });
    const mail = await mailbox.next('ada@example.com');
    expect(mail.from?.value).toEqual([{ name: 'Back Office', address: 'noreply@backoffice.test' }]);
    expect(mail.subject).toBe('Réinitialiser 重設密碼');
    expect(mail.text?.trim()).toBe('Plain 文字');
    expect(mail.html).toContain('<p>Rich 文字</p>');
  });

  it('fails the send with a MailError when the server refuses the message', async () => {
    mailbox.refuseWith = 'Mailbox unavailable';
    try {
      const sent = createMailer(mailbox.settings)?.send({ to: 'bob@example.com', subject: 's', text: 't' });
      await expect(sent).rejects.toBeInstanceOf(MailError);
      await expect(sent).rejects.toThrow(/Mailbox unavailable/);
    } finally {
      mailbox.refuseWith = undefined;
    }
  });

  it('fails the send with a MailError when the credentials are wrong, without repeating the password', async () => {
    const wrong = mailbox.settings.smtpUrl.replace('mailbox-secret', 'not-the-secret');
    const sent = createMailer({ ...mailbox.settings, smtpUrl: wrong })?.send({
      to: 'bob@example.com',
      subject: 's',
      text: 't',
    });
    await expect(sent).rejects.toBeInstanceOf(MailError);
    await expect(sent).rejects.not.toThrow(/not-the-secret/);
  });

  it('fails the send with a MailError when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'noreply@backoffice.test' });
    await expect(mailer?.send({ to: 'bob@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(
      MailError,
    );
  });
});
