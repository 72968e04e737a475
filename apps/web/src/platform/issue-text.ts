import type { z } from 'zod';

/** A translator: i18next's `t` in the app, the sign-in page's own before it (shell/login/login-text.ts). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const CATALOGUE_KEY = /^[a-z]+\.[A-Za-z.]+$/;

/** The translated message of a zod issue whose message is a catalogue key ('validation.tooShort'), as the server does. */
export function issueText(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.code === 'invalid_union' && !CATALOGUE_KEY.test(issue.message)) {
    const inner = issue.errors[0]?.[0];
    if (inner) return issueText(inner, t);
  }
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.min = String(issue.minimum);
  if ('maximum' in issue) params.max = String(issue.maximum);
  return t(CATALOGUE_KEY.test(issue.message) ? issue.message : 'validation.invalid', params);
}
