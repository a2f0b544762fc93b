/**
 * Turns what went wrong talking to a jobseek server into one line a person can act on. Search
 * (REST) and cities (MCP) share it so that both say the same thing for the same failure.
 *
 * @module
 */

/** An HTTP answer that was not a success, as far as the message needs it. */
export interface FailedResponse {
  status: number;
  statusText?: string;
  /** Value of the `Retry-After` header, if any. */
  retryAfterHeader?: string | null;
  body: string;
}

/** What `describeFailedResponse` reads of `response`, whose body was read as `body`. */
export function failedResponse(response: Response, body: string): FailedResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    retryAfterHeader: response.headers.get("retry-after"),
    body,
  };
}

function retrySeconds(body: Record<string, unknown>, header?: string | null): number | undefined {
  if (typeof body.retry_after === "number" && body.retry_after >= 0) return body.retry_after;
  const fromHeader = Number(header);
  return header && Number.isFinite(fromHeader) ? fromHeader : undefined;
}

/**
 * The message for an error response: `<error> (<error_code>)` from the API's body, a wait time for
 * 429 (and 503 while the server loads), the status line when the body is not the API's JSON.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   describeFailedResponse({ status: 403, body: '{"error":"Invalid API key","error_code":"AUTH_INVALID_KEY"}' }),
 *   "Invalid API key (AUTH_INVALID_KEY). Check the key with `jobseek config list` or store a new one with `jobseek configure`.",
 * );
 * assert.equal(
 *   describeFailedResponse({ status: 429, body: '{"error":"Rate limit exceeded","retry_after":12}' }),
 *   "Rate limit exceeded: retry after 12 seconds.",
 * );
 * ```
 */
export function describeFailedResponse(response: FailedResponse): string {
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(response.body);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) body = parsed;
  } catch {
    // Not the API's JSON (a proxy page, say): fall back to the status line below.
  }
  const error = typeof body.error === "string" ? body.error : undefined;
  if (response.status === 429) {
    const wait = retrySeconds(body, response.retryAfterHeader);
    const text = error ?? "Rate limit exceeded";
    return wait === undefined
      ? `${text}: retry later.`
      : `${text}: retry after ${wait} second${wait === 1 ? "" : "s"}.`;
  }
  if (!error) {
    const line = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
    return `The server answered ${line} without an error message.`;
  }
  const code = typeof body.error_code === "string" ? ` (${body.error_code})` : "";
  let hint = "";
  if (response.status === 403) {
    hint =
      ". Check the key with `jobseek config list` or store a new one with `jobseek configure`.";
  } else if (response.status === 503 && body.error_code !== "NO_INDEX") {
    // NO_INDEX (a store with nothing imported) does not pass with time: its message says what an
    // operator must do, and a "retry" hint would contradict it.
    const wait = retrySeconds(body, response.retryAfterHeader);
    hint = wait === undefined ? ". Retry shortly." : `. Retry after ${wait} seconds.`;
  }
  return `${error}${code}${hint}`;
}

/**
 * Why a request got no answer, as specific as the error allows. Deno's fetch throws a bare
 * "fetch failed" and keeps the reason (connection refused, DNS, TLS) in `cause`, prefixed with
 * the URL and the connector's name, which the message names anyway.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const cause = new Error(
 *   "error sending request for url (http://127.0.0.1:9/): client error (Connect): " +
 *     "tcp connect error: Connection refused (os error 111)",
 * );
 * assert.equal(
 *   transportReason(new TypeError("fetch failed", { cause })),
 *   "tcp connect error: Connection refused (os error 111)",
 * );
 * ```
 */
export function transportReason(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "no answer in time";
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; depth++) {
    const text = e instanceof Error ? e.message : String(e);
    const cleaned = text
      .replace(/^error sending request for url \([^)]*\):\s*/, "")
      .replace(/^client error \((?:Connect|SendRequest)\):\s*/, "")
      .trim();
    if (cleaned && !messages.includes(cleaned)) messages.push(cleaned);
    e = e instanceof Error ? e.cause : undefined;
  }
  // The outermost text is the least specific ("fetch failed"): show the innermost reason first.
  const specific = messages.filter((m) => m !== "fetch failed");
  return (specific.length > 0 ? specific.reverse()[0] : messages[0]) ?? "unknown error";
}

/**
 * The message when no HTTP answer came at all: the endpoint is wrong or the server is down.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.match(unreachableMessage("http://localhost:1", new TypeError("refused")), /jobseek configure/);
 * ```
 */
export function unreachableMessage(endpoint: string, cause: unknown): string {
  return `Cannot reach the jobseek API at ${endpoint} (${transportReason(cause)}). Is the server ` +
    "running and the endpoint right? Set it with `jobseek configure` or --endpoint.";
}
