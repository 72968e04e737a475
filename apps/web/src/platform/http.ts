import {
  type Endpoint,
  type Envelope,
  type FieldError,
  type ParamNames,
  type PathParams,
  pathOf,
  ResultCode,
  SESSION_CODES,
  sessionEndpoints,
  UI,
} from '@app/contracts';
import axios, { type AxiosRequestConfig, type AxiosResponse, CanceledError } from 'axios';
import { feedback } from './feedback';
import { storedLocale } from './locale-choice';
import { t } from './locales';
import { navigateTo } from './navigation';
import { PendingCalls } from './pending-calls';
import { clearSession, getToken, loginPath } from './session';

/** A call the server answered with a code other than 200; `fieldErrors` holds a 422's per-field reasons. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }

  get fieldErrors(): FieldError[] {
    return (this.data as { errors?: FieldError[] } | null)?.errors ?? [];
  }
}

const client = axios.create({ baseURL: '/', timeout: UI.requestTimeoutMs, validateStatus: () => true });

client.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  config.headers.Locale = storedLocale();
  // Exports write times in the zone the screens show them in.
  config.headers['Time-Zone'] = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return config;
});

/** An identical call made while one is pending is cancelled (docs/product/access.md). */
const pending = new PendingCalls();

export const isCancel = (error: unknown) => axios.isCancel(error);

/** `quiet`: the caller shows a refusal itself (e.g. under a form field), so it is not toasted too. */
export type CallConfig = AxiosRequestConfig & { quiet?: boolean };

/** Sends one call and returns its envelope when code === 200; otherwise toasts and rejects with ApiError. */
async function send<T>({ quiet = false, ...config }: CallConfig): Promise<Envelope<T>> {
  const key = PendingCalls.keyOf(config);
  const controller = pending.begin(key);
  if (!controller) throw new CanceledError('duplicate request');
  const token = getToken();
  let response: AxiosResponse;
  try {
    response = await client.request({ ...config, signal: controller.signal });
  } catch (error) {
    if (!axios.isCancel(error)) feedback.message.error(t('platform.serviceError'));
    throw error;
  } finally {
    pending.end(key, controller);
  }
  const body = await envelopeOf(response);
  if (!body) {
    feedback.message.error(t('platform.serviceError'));
    throw new ApiError(ResultCode.SERVER_ERROR, t('platform.serviceError'), null);
  }
  if (body.code === ResultCode.OK) {
    acceptedToken = token;
    return body as Envelope<T>;
  }
  handleFailure(body, config.url ?? '', quiet, token);
  throw new ApiError(body.code, body.msg || t('platform.error'), body.data);
}

/** The envelope of a JSON answer (also when a binary download failed and the server answered JSON). */
async function envelopeOf(response: AxiosResponse): Promise<Envelope<unknown> | null> {
  let body: unknown = response.data;
  if (body instanceof Blob) {
    if (!String(response.headers['content-type'] ?? '').includes('json')) {
      return response.status < 300 ? { code: ResultCode.OK, msg: '', data: body } : null;
    }
    body = JSON.parse(await body.text());
  }
  const envelope = body as Envelope<unknown> | null;
  return envelope && typeof envelope === 'object' && typeof envelope.code === 'number' ? envelope : null;
}

/** The token the server has accepted in this page load: a refused token never accepted was a stale stored one. */
let acceptedToken: string | null = null;
let logoutDialogOpen = false;

function handleFailure(body: Envelope<unknown>, url: string, quiet: boolean, token: string | null): void {
  const notice = body.msg || t('platform.error');
  const sessionEnded = SESSION_CODES.includes(body.code);
  if (body.code !== ResultCode.UNAUTHORIZED && !sessionEnded) {
    if (!quiet) feedback.message.error(notice);
    return;
  }
  // Calls answered after the first refusal (in parallel, or after a new sign-in) say nothing more.
  if (token !== getToken() || logoutDialogOpen) return;
  if (body.code === ResultCode.UNAUTHORIZED) toLogin(t('session.loginRequired'));
  // The current-user call never opens the confirm-logout dialog (docs/product/access.md).
  else if (token !== acceptedToken || url.startsWith(sessionEndpoints.currentUser.path)) toLogin(notice);
  else confirmLogout(notice);
}

function toLogin(notice: string): void {
  pending.cancelAll();
  const target = loginPath();
  clearSession();
  navigateTo(target);
  feedback.message.info(notice);
}

function confirmLogout(notice: string): void {
  feedback.message.error(notice);
  logoutDialogOpen = true;
  feedback.modal.confirm({
    title: t('platform.confirmLogout'),
    content: t('session.revoked'),
    okText: t('platform.reLogin'),
    cancelText: t('platform.cancel'),
    onOk: () => {
      const target = loginPath();
      clearSession();
      navigateTo(target);
    },
    afterClose: () => {
      logoutDialogOpen = false;
    },
  });
}

/** What one call of an endpoint sends: its path's `:name` values (required when it has any), query, body. */
export type CallInput<P extends string> = ([ParamNames<P>] extends [never]
  ? { params?: PathParams<P> }
  : { params: PathParams<P> }) &
  Omit<CallConfig, 'method' | 'url' | 'params' | 'data'> & { query?: object; body?: unknown };

export type OptionalIfNoParams<P extends string> = [ParamNames<P>] extends [never]
  ? [input?: CallInput<P>]
  : [input: CallInput<P>];

/** Sends one call of an endpoint declared in @app/contracts; resolves to its envelope (see `send`). */
export function call<T, P extends string = string>(target: Endpoint<P>, ...[input]: OptionalIfNoParams<P>) {
  const { params, query, body, ...config } = (input ?? {}) as CallInput<P>;
  return send<T>({
    ...config,
    method: target.method,
    url: pathOf(target, (params ?? {}) as PathParams<P>),
    params: query,
    data: body,
  });
}

/** Sends one call of an endpoint and resolves to the envelope's `data`. */
export const request = <T, P extends string = string>(target: Endpoint<P>, ...input: OptionalIfNoParams<P>) =>
  call<T, P>(target, ...input).then((envelope) => envelope.data);

/** Downloads a binary answer of an endpoint (an export, an attachment, a job's file) and saves it under `filename`. */
export async function download<P extends string>(
  target: Endpoint<P>,
  filename: string,
  ...[input]: OptionalIfNoParams<P>
): Promise<void> {
  const blob = await request<Blob>(target, { ...input, responseType: 'blob' } as CallInput<string>);
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
