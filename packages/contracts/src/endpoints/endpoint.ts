/**
 * Each API call's method and path, declared once here: the API registers its route from the declaration
 * (apps/api/src/platform/http/route.ts) and the web app calls it through the same object
 * (apps/web/src/platform/http.ts), so a path cannot drift between the two.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The `:name` segments of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

export interface Endpoint<P extends string = string> {
  readonly method: HttpMethod;
  readonly path: P;
}

export const endpoint = <P extends string>(method: HttpMethod, path: P): Endpoint<P> => ({ method, path });

/** The path with its `:name` segments filled in (each value URL-encoded). */
export function pathOf<P extends string>(target: Endpoint<P>, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return target.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${target.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
