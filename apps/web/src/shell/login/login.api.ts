import {
  type Envelope,
  type FieldError,
  type LoginBody,
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

/**
 * `POST /api/login` with the browser's fetch, so the sign-in page loads without axios (docs/performance/web.md).
 * The same headers and outcomes as `platform/http.ts`: the server's translated `msg` for a refusal, "service
 * error" when no envelope came back.
 */
export async function signIn(values: LoginBody, t: Translate): Promise<LoginResult | SignInRefusal> {
  const { method, path } = sessionEndpoints.login;
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
  if (envelope.code === ResultCode.OK) return envelope.data as LoginResult;
  const errors = (envelope.data as { errors?: FieldError[] } | null)?.errors;
  return { notice: envelope.msg || t('platform.error'), fieldErrors: errors ?? [] };
}

export const isRefusal = (outcome: LoginResult | SignInRefusal): outcome is SignInRefusal =>
  'notice' in outcome;
