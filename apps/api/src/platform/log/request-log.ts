import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { errorLogMethod } from './serialize-error';

/** A request whose answer takes at least this long is logged whatever its method and status (LOG_SLOW_MS). */
export const DEFAULT_SLOW_REQUEST_MS = 1000;

const READS = new Set(['GET', 'HEAD']);
/** On a request's logger: the GET whose 'incoming request' line is not written yet. */
const PENDING_ARRIVAL = Symbol('pendingArrival');
type RequestLogger = FastifyBaseLogger & { [PENDING_ARRIVAL]?: FastifyRequest };

/**
 * Fastify's request log lines, for the requests worth them: every write (any method but GET and HEAD) writes
 * 'incoming request' and 'request completed' as Fastify does, and so does a read that fails (status ≥ 400),
 * errs, is slow (≥ `slowMs`; its completion then a warning) or logs anything itself (an error, a warning). A
 * read that succeeds quickly and quietly, the bulk of the traffic, writes no line: each line was a JSON
 * serialisation and a synchronous write to stdout, up to a sixth of the API's CPU on the authenticated reads
 * (docs/performance/reads.md). Such a read's 'incoming request' line is written when the first other line of
 * the request is, just before it (requestLogMethod), or with its 'request completed' line.
 * Only for an app that logs: without a logger every request shares one silent logger object.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs = DEFAULT_SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (READS.has(request.method)) (request.log as RequestLogger)[PENDING_ARRIVAL] = request;
    else request.log.info({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
    else if (responseTime >= this.slowMs)
      reply.log.warn({ res: reply, responseTime, slow: true }, 'request completed');
    else if (!(request.log as RequestLogger)[PENDING_ARRIVAL] || reply.statusCode >= 400)
      reply.log.info({ res: reply, responseTime }, 'request completed');
  }
}

/**
 * pino's `logMethod` hook: before a request's first line, the 'incoming request' line held back by
 * RequestLogController; then errorLogMethod (an error's words without its SQL).
 */
export function requestLogMethod(
  this: unknown,
  args: unknown[],
  method: (this: unknown, ...args: unknown[]) => void,
): void {
  const logger = this as RequestLogger;
  const req = logger[PENDING_ARRIVAL];
  if (req) {
    logger[PENDING_ARRIVAL] = undefined;
    logger.info({ req }, 'incoming request');
  }
  errorLogMethod.call(this, args, method);
}
