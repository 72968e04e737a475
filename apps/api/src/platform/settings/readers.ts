import { isIP } from 'node:net';
import { isTimeZone } from '@app/contracts';

/** A PostgreSQL connection URL (postgres:// or postgresql://), or undefined. */
export function postgresUrl(text: string): string | undefined {
  const url = URL.parse(text);
  return url && ['postgres:', 'postgresql:'].includes(url.protocol) && url.hostname ? text : undefined;
}

/** One or more postgres:// URLs separated by commas, or undefined when any is not one. */
export function postgresUrls(text: string): string[] | undefined {
  const urls = text.split(',').map((part) => part.trim());
  return urls.every((url) => postgresUrl(url)) ? urls : undefined;
}

/** A URL as a refusal may show it: its password starred, and nothing of a text that is no URL. */
export function shownUrl(text: string): string {
  const url = URL.parse(text);
  if (!url) return 'a text that is no URL';
  if (url.password) url.password = '***';
  return JSON.stringify(url.toString());
}

/** An http:// or https:// URL, or undefined. */
export function webUrl(text: string): string | undefined {
  const url = URL.parse(text);
  return url && ['http:', 'https:'].includes(url.protocol) ? text : undefined;
}

/** An SMTP server's URL (smtp:// or smtps://, with a host), or undefined. */
export function smtpUrl(text: string): string | undefined {
  const url = URL.parse(text);
  return url && ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname ? text : undefined;
}

/** A sender as mail headers take it: `address` or `Name <address>`, or undefined. */
export function mailAddress(text: string): string | undefined {
  const address = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(text);
  return address && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address[1] ?? address[2] ?? '') ? text : undefined;
}

/**
 * An IANA time zone name the runtime knows, in its own spelling ('asia/hong_kong' is Asia/Hong_Kong, as the
 * database keeps it), or undefined. An offset ('+08:00') is none: PostgreSQL reads it the POSIX way round, east of
 * Greenwich as negative.
 */
export function timeZoneName(text: string): string | undefined {
  if (/^[+-]/.test(text) || !isTimeZone(text)) return undefined;
  return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a list of trusted proxies as proxy-addr takes it: a name, an address, address/prefix or /netmask. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d+$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4;
}
