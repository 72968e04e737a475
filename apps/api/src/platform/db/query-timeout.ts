import pg from 'pg';

/** How long a connection waits for the answer to each of its queries, in ms (0: without end). */
export interface QueryTimeouts {
  /** Every query's (DB_QUERY_TIMEOUT_MS). */
  ms: number;
  /** A query of long work, which lifts the server's statement timeout too (DB_LONG_QUERY_TIMEOUT_MS). */
  longMs: number;
}

/** No limit: the command line, the benches and the tests' own databases. */
export const NO_QUERY_TIMEOUTS: QueryTimeouts = { ms: 0, longMs: 0 };

/** Which of the QueryTimeouts a connection's queries wait: `ms`, `longMs`, or without end. */
export type QueryLimit = 'default' | 'long' | 'none';

/** Sets how long `client`'s queries wait for their answers, until its next checkout (a TimedClient only). */
export function useQueryTimeout(client: unknown, limit: QueryLimit): void {
  if (client instanceof TimedClient) client.use(limit);
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * A connection to PostgreSQL that waits a limited time for the answer to each query. Past it the connection is
 * destroyed (ETIMEDOUT): that query and those queued behind it fail at once (a request answers 503,
 * isDatabaseUnavailable), and the pool, finding the connection broken when it comes back, opens a new one for
 * the next request. This is what bounds a request when the database host goes silent (accepts, never
 * answers), which the server's statement timeout cannot do. pg's own `query_timeout` is not used: it answers
 * the caller but leaves the connection waiting for an answer that may never come, and the pool would lend
 * it out again, stuck.
 *
 * The limit is `ms` from each checkout of the pool (openDatabase), `longMs` in a transaction of long work
 * (withoutStatementTimeout), none for migrations: useQueryTimeout.
 */
export class TimedClient extends pg.Client {
  private limit: QueryLimit = 'default';

  constructor(
    config?: pg.ClientConfig,
    private readonly timeouts: QueryTimeouts = NO_QUERY_TIMEOUTS,
  ) {
    super(config);
  }

  use(limit: QueryLimit): void {
    this.limit = limit;
  }

  private get limitMs(): number {
    return this.limit === 'none' ? 0 : this.limit === 'long' ? this.timeouts.longMs : this.timeouts.ms;
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query (text, config, callback, submittable).
  override query(...args: any[]): any {
    const query = super.query as unknown as AnyFunction;
    const ms = this.limitMs;
    if (!ms) return query.apply(this, args);
    const timer = setTimeout(() => this.giveUp(ms), ms);
    const answered = () => clearTimeout(timer);
    const [first] = args;
    if (typeof first?.submit === 'function') {
      // A submittable (COPY, a cursor): pg ends it with one of these two.
      for (const name of ['handleReadyForQuery', 'handleError'] as const)
        first[name] = whenAnswered(first[name].bind(first), answered);
      return query.apply(this, args);
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      args[last] = whenAnswered(args[last], answered);
    } else if (typeof first?.callback === 'function') {
      args[0] = { ...first, callback: whenAnswered(first.callback, answered) };
    } else {
      const result = query.apply(this, args) as Promise<unknown>;
      result.then(answered, answered);
      return result;
    }
    return query.apply(this, args);
  }

  private giveUp(ms: number): void {
    const error = Object.assign(new Error(`the database sent no answer within ${ms} ms`), {
      code: 'ETIMEDOUT',
    });
    this.connection.stream.destroy(error);
  }
}

const whenAnswered =
  (callback: AnyFunction, answered: () => void) =>
  (...args: unknown[]) => {
    answered();
    return callback(...args);
  };

/** The TimedClient class a pool makes its connections with, each waiting at most `timeouts`. */
export const timedClients = (timeouts: QueryTimeouts): (new () => TimedClient) =>
  class extends TimedClient {
    constructor(config?: pg.ClientConfig) {
      super(config, timeouts);
    }
  };
