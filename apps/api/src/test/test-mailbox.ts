import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailSettings } from '../platform/mail/mailer';

const USER = 'mailer';
const PASSWORD = 'mailbox-secret';

/**
 * A real SMTP server inside the test process, on a free local port, keeping every mail it is sent (parsed), so a
 * test reads what a recipient would. It asks for the user and password of `settings.smtpUrl`, over plain SMTP.
 */
export class TestMailbox {
  private readonly mails: ParsedMail[] = [];
  private readonly waiting: Array<() => void> = [];
  /** Refuse every message with this SMTP reply text instead of keeping it. */
  refuseWith: string | undefined;

  private constructor(
    private readonly server: SMTPServer,
    readonly settings: MailSettings,
  ) {}

  static async start(): Promise<TestMailbox> {
    let box: TestMailbox | undefined;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, done) =>
        auth.username === USER && auth.password === PASSWORD
          ? done(null, { user: USER })
          : done(new Error('Invalid username or password')),
      onData: (stream, _session, done) => {
        simpleParser(stream).then(
          (mail) => {
            if (box?.refuseWith) return done(Object.assign(new Error(box.refuseWith), { responseCode: 550 }));
            box?.keep(mail);
            done();
          },
          (error: Error) => done(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    box = new TestMailbox(server, {
      smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
      from: 'Back Office <noreply@backoffice.test>',
    });
    return box;
  }

  /** Every mail received so far, oldest first. */
  get received(): readonly ParsedMail[] {
    return this.mails;
  }

  /** The mails received by this address. */
  to(address: string): ParsedMail[] {
    return this.mails.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  }

  /** The first mail to `address` after the `seen` it already has; waits until it arrives. */
  async next(address: string, seen = 0): Promise<ParsedMail> {
    for (;;) {
      const mail = this.to(address)[seen];
      if (mail) return mail;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(resolve));
  }

  private keep(mail: ParsedMail): void {
    this.mails.push(mail);
    for (const wake of this.waiting.splice(0)) wake();
  }
}

function recipients(mail: ParsedMail): string[] {
  const to = [mail.to ?? []].flat();
  return to.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}
