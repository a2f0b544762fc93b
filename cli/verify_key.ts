/**
 * `configure`'s check of a key: one authenticated request to the server it is about to store.
 * Any answer that got past the key check (results, a 503 while the index loads, a 429) means the
 * server accepted the key; a 403 means it did not.
 *
 * @module
 */
import { describeFailedResponse, failedResponse, unreachableMessage } from "./api_errors.ts";
import { REQUEST_TIMEOUT_MS } from "./server_connection.ts";

/** What the check found, for the line `configure` prints. */
export interface KeyCheck {
  /** Set when the key was accepted but the server could not search yet. */
  note?: string;
}

function apiErrorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body);
    return typeof parsed?.error_code === "string"
      ? parsed.error_code
      : typeof parsed?.error === "string"
      ? ""
      : undefined;
  } catch {
    return undefined;
  }
}

/** Throws a message a person can act on when the key is rejected or the server is not there. */
export async function verifyApiKey(endpoint: string, apiKey: string): Promise<KeyCheck> {
  const url = new URL(`${endpoint}/v1/search`);
  url.searchParams.set("q", "jobseek configure");
  url.searchParams.set("top_k", "1");
  const skip = "Nothing was saved (use --no-verify to save it without checking).";
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { "x-api-key": apiKey, accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${unreachableMessage(endpoint, error)} ${skip}`);
  }
  const body = await response.text();
  if (response.ok) return {};
  const failed = failedResponse(response, body);
  if (response.status === 403) {
    const reason = describeFailedResponse(failed).replace(/\. Check the key with .*$/, "");
    throw new Error(
      `The server at ${endpoint} rejected the key: ${reason}. Nothing was saved: check the key ` +
        "(operators issue them with `jobseek keys create`) and the endpoint.",
    );
  }
  const code = apiErrorCode(body);
  if ((response.status === 503 || response.status === 429) && code !== undefined) {
    return { note: describeFailedResponse(failed) };
  }
  throw new Error(
    `Cannot check the key: ${endpoint} answered ${response.status} ${response.statusText}` +
      `${
        code === undefined ? " (not a jobseek server?)" : `: ${describeFailedResponse(failed)}`
      }. ` +
      skip,
  );
}
