import {
  type Endpoint,
  type Envelope,
  type FieldError,
  type LoginAnswer,
  type LoginBody,
  type LoginCodeBody,
  type LoginResult,
  ResultCode,
  sessionEndpoints,
  UI,
} from '@app/contracts';
import type { Translate } from '../../platform/issue-text';
import { storedLocale } from '../../platform/locale-choice';

/** A sign-in refused: the text to toast, and a 422's per-field reasons. */
export interface SignInRefusal {
  notice: string;
  fieldErrors: FieldError[];
}

/** The password step: a session, or the challenge for a code when the account has two-factor sign-in. */
export const signIn = (values: LoginBody, t: Translate) =>
  post<LoginAnswer>(sessionEndpoints.login, values, t);

/** The code step of a sign-in with two-factor sign-in: the challenge and a code of the app (or a recovery code). */
export const signInWithCode = (values: LoginCodeBody, t: Translate) =>
  post<LoginResult>(sessionEndpoints.loginCode, values, t);

/**
 * A sign-in call with the browser's fetch, so the sign-in page loads without axios (docs/performance/web.md).
 * The same headers and outcomes as `platform/http.ts`: the server's translated `msg` for a refusal, "service
 * error" when no envelope came back.
 */
async function post<T>(target: Endpoint, values: object, t: Translate): Promise<T | SignInRefusal> {
  const { method, path } = target;
  const envelope = await fetch(path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Locale: storedLocale(),
      'Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    body: JSON.stringify(values),
    signal: AbortSignal.timeout(UI.requestTimeoutMs),
  })
    .then((response) => response.json() as Promise<Envelope<unknown>>)
    .catch(() => null);
  if (!envelope || typeof envelope.code !== 'number')
    return { notice: t('platform.serviceError'), fieldErrors: [] };
  if (envelope.code === ResultCode.OK) return envelope.data as T;
  const errors = (envelope.data as { errors?: FieldError[] } | null)?.errors;
  return { notice: envelope.msg || t('platform.error'), fieldErrors: errors ?? [] };
}

export const isRefusal = <T extends object>(outcome: T | SignInRefusal): outcome is SignInRefusal =>
  'notice' in outcome;
