import type { AxiosRequestConfig } from 'axios';

let uploads = 0;

/** Bodies JSON.stringify cannot tell apart (every FormData or file is `{}`): each such call is its own. */
const isOpaqueBody = (data: unknown) =>
  (typeof FormData !== 'undefined' && data instanceof FormData) ||
  (typeof Blob !== 'undefined' && data instanceof Blob) ||
  data instanceof ArrayBuffer ||
  ArrayBuffer.isView(data);

/** The calls in flight by identity (method, url, params, body), so an identical call can be refused or all cancelled. */
export class PendingCalls {
  private readonly calls = new Map<string, AbortController>();

  /** The identity of a call; an upload (FormData, Blob, binary body) gets a unique one and is never refused. */
  static keyOf(config: AxiosRequestConfig): string {
    return [
      config.method?.toUpperCase(),
      config.url,
      JSON.stringify(config.params ?? null),
      isOpaqueBody(config.data) ? `upload#${++uploads}` : JSON.stringify(config.data ?? null),
    ].join(' ');
  }

  /** The abort controller of a new call, or null when an identical call is still pending. */
  begin(key: string): AbortController | null {
    if (this.calls.has(key)) return null;
    const controller = new AbortController();
    this.calls.set(key, controller);
    return controller;
  }

  end(key: string, controller: AbortController): void {
    if (this.calls.get(key) === controller) this.calls.delete(key);
  }

  cancelAll(): void {
    for (const controller of this.calls.values()) controller.abort();
    this.calls.clear();
  }
}
