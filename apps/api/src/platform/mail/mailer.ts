import { createTransport } from 'nodemailer';

/** One e-mail to one recipient: plain text, and an HTML version when the sender has one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail; `send` rejects with a MailError when the SMTP server could not be reached or refused the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP_URL and MAIL_FROM (config.ts); absent when SMTP_URL is unset, and then the server sends no mail. */
export interface MailSettings {
  /** smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS from the start). */
  smtpUrl: string;
  /** The From of every message: `noreply@example.com` or `Back Office <noreply@example.com>`. */
  from: string;
}

/** A message the SMTP server did not take. Its text names the failure, never the server's credentials. */
export class MailError extends Error {
  constructor(cause: unknown) {
    super(`The mail was not sent: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'MailError';
  }
}

/**
 * Bounds on each step of a delivery, so a mail server that does not answer fails the send in seconds instead of
 * nodemailer's minutes (its defaults: 2 minutes to connect, 10 minutes of silence).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The mailer of these settings, or null when mail is off (no SMTP_URL). */
export function createMailer(settings: MailSettings | undefined): Mailer | null {
  if (!settings) return null;
  const transport = createTransport({ url: settings.smtpUrl, ...TIMEOUTS });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: settings.from, ...message });
      } catch (error) {
        throw new MailError(error);
      }
    },
  };
}
