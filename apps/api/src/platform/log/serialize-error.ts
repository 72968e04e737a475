import { DrizzleQueryError } from 'drizzle-orm';

type ErrorLike = Error & { code?: unknown; severity?: unknown; cause?: unknown };
interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * How an error appears in the log (pino's `err`). A database error keeps its SQLSTATE `code`, the server's
 * message and where it was thrown — never the statement, its parameters or the row values a `detail` quotes:
 * Drizzle writes the SQL and parameters into its message (and so into the stack's first line) and PGlite
 * attaches them to its errors. Any other error: its type, message, stack, own fields and cause.
 */
export function serializeError(error: Error): SerializedError {
  const e = error as ErrorLike;
  if (isDatabaseError(e)) {
    const driver = e instanceof DrizzleQueryError ? (e.cause as ErrorLike | undefined) : e;
    return {
      type: e.constructor.name,
      code: driver?.code,
      message: driver?.message ?? 'database query failed',
      stack: stackFrames(e.stack ?? ''),
    };
  }
  const { cause, ...fields } = e as ErrorLike & Record<string, unknown>;
  return {
    ...fields,
    type: e.constructor.name,
    message: e.message,
    stack: e.stack ?? '',
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? serializeError(cause) : cause }),
  };
}

/**
 * Drizzle's wrapper, a driver's (pg, PGlite) error from the server (a five-character SQLSTATE and a severity),
 * or any error carrying the query it failed on.
 */
function isDatabaseError(e: ErrorLike): boolean {
  return (
    e instanceof DrizzleQueryError ||
    (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string') ||
    'query' in e
  );
}

/** The `at ...` lines of a stack, without the message lines above them. */
const stackFrames = (stack: string) =>
  stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * pino's `logMethod` hook: an error logged without words (`log.error(err)`, `log.error({ err })`) would have its
 * own message copied into the line's `msg` — and Drizzle's carries the SQL —, so it gets the serialized one.
 */
export function errorLogMethod(
  this: unknown,
  args: unknown[],
  method: (this: unknown, ...args: unknown[]) => void,
): void {
  const [first, msg] = args;
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  const wordless = typeof msg !== 'string' && err instanceof Error;
  method.apply(this, wordless ? [first, serializeError(err).message, ...args.slice(1)] : args);
}
