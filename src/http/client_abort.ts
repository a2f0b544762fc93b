/**
 * A client that goes away mid-request (closes the connection during its body, or is cut off by
 * the connection guard's body timeout) is not a server error: it is logged at info as an abort,
 * without a stack, and its request line shows 499 (nginx's "client closed request"), as nginx logs
 * it. 499 is no HTTP status, so it never goes on the wire: when someone is still there to read the
 * answer (a shutdown ends body reads of requests in flight, measured with Deno 2.9, while their
 * clients wait) they get a real one, 503 with `Retry-After` and `connection: close`.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { errorResponse } from "./error_response.ts";

/** The status logged (never sent) for a request whose client went away. */
export const CLIENT_CLOSED_REQUEST = 499;

/** Error names Deno gives a body read on a connection the peer closed or reset. */
const ABORT_NAMES = new Set([
  "BadResource",
  "Interrupted",
  "ConnectionReset",
  "ConnectionAborted",
  "BrokenPipe",
  "UnexpectedEof",
]);

/**
 * Whether `error` is the client going away: the request's signal says so, or reading the body
 * failed the way a closed connection makes it fail.
 */
export function isClientAbort(error: unknown, request: Request): boolean {
  // An answer the app chose (a bad parameter, no index yet) is the answer whoever is still there.
  // The signal is not read for it: Deno 2.9 then prints a warning about its legacy abort behaviour
  // on stderr, a line that is no JSON log line, on the first refused request of a process.
  if (error instanceof JobseekError) return false;
  if (
    error instanceof Error &&
    ((ABORT_NAMES.has(error.name) && /body|resource|connection/i.test(error.message)) ||
      /connection closed|body is no longer readable|unexpected EOF|error reading a body/i.test(
        error.message,
      ))
  ) return true;
  // Read last: Deno warns once per process when a handler reads `request.signal`.
  return request.signal.aborted;
}

/** Logs the abort at info and returns a 503 for whoever may still read it. */
export function clientAborted(
  error: unknown,
  requestId: string,
  request: Request,
  logger: Logger,
): Response {
  logger.info("request aborted by the client", {
    request_id: requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  const response = errorResponse(
    new JobseekError(
      "NOT_READY",
      "Cannot finish the request: its body was cut off (the server may be shutting down); retry",
    ),
    requestId,
    logger,
  );
  response.headers.set("connection", "close");
  return response;
}
