/**
 * The entries of `JOBSEEK_WEBHOOK_ALLOW_HOSTS`, read once for the configuration (which refuses an
 * entry that is none at start) and for the webhook check (src/alerts/webhook_address.ts). Until
 * session 37 an entry was compared with the URL's host name alone, so `hooks.example:8443`
 * matched nothing, silently.
 *
 * @module
 */

/** An entry of `JOBSEEK_WEBHOOK_ALLOW_HOSTS`: a host, and the one port it allows where it names one. */
export interface AllowedHost {
  /** Lower case; an IPv6 address without brackets, as the URL parser writes it. */
  host: string;
  port?: number;
}

/**
 * Reads an entry of `JOBSEEK_WEBHOOK_ALLOW_HOSTS`: `name`, `name:port`, an IPv4 address with or
 * without a port, `[IPv6]`, `[IPv6]:port` or a bare IPv6 address; null for anything else (a path,
 * user info, a port past 65535, an empty port, a wildcard). A port given is the only one allowed, compared with the URL's
 * effective port (its own, else 80 for http and 443 for https); without one, any port is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { allowedHost } from "./allowed_host.ts";
 *
 * assert.deepEqual(allowedHost("hooks.example:8443"), { host: "hooks.example", port: 8443 });
 * assert.deepEqual(allowedHost("Hooks.Example"), { host: "hooks.example" });
 * assert.deepEqual(allowedHost("[::1]:9000"), { host: "::1", port: 9000 });
 * assert.deepEqual(allowedHost("0:0::1"), { host: "::1" });
 * assert.deepEqual(allowedHost("hooks.example:80"), { host: "hooks.example", port: 80 });
 * assert.equal(allowedHost("hooks.example:99999"), null);
 * assert.equal(allowedHost("hooks.example/path"), null);
 * assert.equal(allowedHost("hooks.example:"), null);
 * assert.equal(allowedHost("*.example.com"), null);
 * ```
 */
export function allowedHost(entry: string): AllowedHost | null {
  const text = entry.trim().toLowerCase();
  const bareV6 = !text.startsWith("[") && (text.match(/:/g)?.length ?? 0) > 1;
  const url = URL.parse(`http://${bareV6 ? `[${text}]` : text}/`);
  if (!url || url.username !== "" || url.password !== "" || url.pathname !== "/") return null;
  if (url.search !== "" || url.hash !== "" || /[/?#@\\]/.test(text) || text === "") return null;
  // "hooks.example:" would allow any port and "*.example.com" match nothing: both are mistakes
  // to say at start (reviewer W), not entries.
  if (!bareV6 && /:$/.test(text)) return null;
  if (!/^[\p{L}\p{N}.\-:\[\]_]+$/u.test(text)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // As written: the URL parser drops a port that is the scheme's default (":80").
  const port = bareV6 ? undefined : /:(\d+)$/.exec(text)?.[1];
  if (port !== undefined && Number(port) === 0) return null;
  return port === undefined ? { host } : { host, port: Number(port) };
}
