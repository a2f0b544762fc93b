/**
 * One HTTP POST to a webhook, connected to the address that was checked (src/alerts/
 * webhook_address.ts) rather than to whatever the name resolves to a moment later: `fetch` takes
 * no resolved address, Node's `http.request` takes a `lookup`, so a name cannot be re-pointed at a
 * private address between the check and the connection (DNS rebinding). The `Host` header and,
 * for https, the certificate check and SNI still use the name. Redirects are not followed, the
 * whole exchange has a deadline, and at most `readMax` bytes of the answer are read.
 *
 * @module
 */
import http from "node:http";
import https from "node:https";

export interface PinnedPostOptions {
  url: URL;
  /** The checked addresses; empty: resolve as usual (an operator-allowed host). */
  addresses: string[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  readMax: number;
}

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/** Resolves with the answer's status; rejects when no answer came within the deadline. */
export function postPinned(options: PinnedPostOptions): Promise<number> {
  const { url, addresses } = options;
  const pinned = addresses[0];
  const family = pinned?.includes(":") ? 6 : 4;
  const lookup = pinned === undefined ? undefined : (
    _host: string,
    lookupOptions: { all?: boolean } | number | undefined,
    callback: LookupCallback,
  ) => {
    if (typeof lookupOptions === "object" && lookupOptions?.all) {
      callback(null, [{ address: pinned, family }]);
    } else callback(null, pinned, family);
  };
  const client = url.protocol === "https:" ? https : http;
  const body = new TextEncoder().encode(options.body);
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(status!);
    };
    const request = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...options.headers, "content-length": String(body.byteLength) },
      ...(lookup ? { lookup: lookup as never } : {}),
    }, (response) => {
      let read = 0;
      const status = response.statusCode ?? 0;
      response.on("data", (chunk: Uint8Array) => {
        read += chunk.byteLength;
        if (read >= options.readMax) {
          // Enough: the rest of the answer is not read.
          response.destroy();
          finish(null, status);
        }
      });
      response.on("end", () => finish(null, status));
      response.on("close", () => finish(null, status));
      response.on("error", () => finish(null, status));
    });
    const deadline = setTimeout(() => {
      request.destroy();
      finish(new Error(`no answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    request.on("error", (error: Error) => finish(error));
    request.end(body);
  });
}
