/**
 * The service's public base URL, as the OAuth metadata, `WWW-Authenticate` and the consent page
 * name it: `JOBSEEK_PUBLIC_URL`, or else the origin the request was sent to, but only when its
 * host is one the server answers for (loopback names, `JOBSEEK_ALLOWED_HOSTS`). Anything else
 * would let a request's `Host` header choose the issuer and the endpoints a client is sent to.
 *
 * @module
 */
import type { Config } from "../config.ts";
import { JobseekError } from "../domain/errors.ts";

/** Host names a server on this machine is always reached by. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** A request for a host this server does not answer for: 421 Misdirected Request. */
export class MisdirectedRequestError extends Error {
  readonly host: string;

  constructor(host: string) {
    super(
      `This server does not answer for the host '${host.slice(0, 100)}': ` +
        "set JOBSEEK_PUBLIC_URL, or add the name to JOBSEEK_ALLOWED_HOSTS",
    );
    this.name = "MisdirectedRequestError";
    this.host = host;
  }

  /** The answer, in the OAuth error shape of the endpoints that need a base URL. */
  response(): Response {
    return new Response(
      JSON.stringify({ error: "invalid_request", error_description: this.message }),
      { status: 421, headers: { "content-type": "application/json", "cache-control": "no-store" } },
    );
  }
}

/**
 * {@linkcode baseUrl} for what stores the address for later (a saved search's links, mailed or
 * read by a feed reader): a host the server does not answer for is refused as MISDIRECTED_REQUEST,
 * said to the person saving. Not the request's own origin: behind the connection guard that is
 * `null` (links that said `null/v1/feeds/...`), and a `Host` a caller chose would be the domain
 * of a confirmation link mailed to someone else.
 */
export function linkBaseUrl(
  config: Partial<Pick<Config, "publicUrl" | "allowedHosts">>,
  requestUrl: string,
): string {
  try {
    return baseUrl(config, requestUrl);
  } catch (error) {
    // A Host header no URL can hold ("localhost:99999", "a b") is no host it answers for either.
    const host = error instanceof MisdirectedRequestError ? error.host : "(not a host name)";
    if (!(error instanceof MisdirectedRequestError || error instanceof TypeError)) throw error;
    throw new JobseekError(
      "MISDIRECTED_REQUEST",
      `Cannot save a search through the host '${host.slice(0, 100)}': its feed, ` +
        "confirmation and unsubscribe links need the server's public address, which this server " +
        "does not know for that name. Its operator sets JOBSEEK_PUBLIC_URL, or adds the name to " +
        "JOBSEEK_ALLOWED_HOSTS; until then save it through the server's own address.",
    );
  }
}

/**
 * `config.publicUrl`, or the origin of `requestUrl` when its host is allowed; throws
 * {@linkcode MisdirectedRequestError} otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { baseUrl } from "./base_url.ts";
 *
 * assert.equal(baseUrl({}, "http://127.0.0.1:8000/mcp?x=1"), "http://127.0.0.1:8000");
 * assert.equal(baseUrl({ publicUrl: "https://jobs.example.com" }, "http://10.0.0.5/mcp"), "https://jobs.example.com");
 * assert.equal(baseUrl({ allowedHosts: ["jobs.lan"] }, "http://jobs.lan:8000/mcp"), "http://jobs.lan:8000");
 * assert.equal(baseUrl({}, "http+unix://localhost:8000/mcp"), "http://localhost:8000");
 * assert.throws(() => baseUrl({}, "http://evil.example/mcp"), /does not answer for the host 'evil.example'/);
 * ```
 */
export function baseUrl(
  config: Partial<Pick<Config, "publicUrl" | "allowedHosts">>,
  requestUrl: string,
): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(requestUrl);
  const allowed = [...LOOPBACK_HOSTS, ...(config.allowedHosts ?? [])];
  // Behind the connection guard (`http+unix:`) the URL keeps the Host header's case.
  const [hostname, host] = [url.hostname.toLowerCase(), url.host.toLowerCase()];
  if (allowed.includes(hostname) || allowed.includes(host)) {
    // Behind the connection guard Deno.serve listens on a Unix socket and names requests
    // `http+unix://host/...`; the client spoke plain http to the guard.
    const scheme = url.protocol === "http+unix:" ? "http:" : url.protocol;
    return `${scheme}//${url.host}`;
  }
  throw new MisdirectedRequestError(url.host);
}
