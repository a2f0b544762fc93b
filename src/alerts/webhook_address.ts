/**
 * Which webhook URLs a server may call: http(s) URLs whose host resolves only to public addresses.
 * A host that is, or resolves to, a loopback, private, link-local, shared, multicast, reserved or
 * cloud-metadata address is refused unless the operator allowed it by name
 * (`JOBSEEK_WEBHOOK_ALLOW_HOSTS`). The check runs before any connection is made, at creation and
 * again at every delivery (a name may be pointed elsewhere after it was saved).
 *
 * @module
 */
import { allowedHost } from "../domain/allowed_host.ts";
import { JobseekError } from "../domain/errors.ts";

/** IPv4 ranges no webhook may reach: [first address, prefix length, what it is]. */
const BLOCKED_V4: [string, number, string][] = [
  ["0.0.0.0", 8, '"this network" (0.0.0.0/8)'],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved (IETF protocol assignments)"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null;
  }
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function blockedV4(address: string): string | null {
  const n = v4Number(address);
  if (n === null) return null;
  for (const [first, bits, what] of BLOCKED_V4) {
    const size = 2 ** (32 - bits);
    const start = v4Number(first)!;
    if (n >= start && n < start + size) return what;
  }
  return null;
}

/** The 8 groups of an IPv6 address (an embedded IPv4 tail expanded), or null. */
function v6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4Tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4Tail) {
    const n = v4Number(v4Tail[1]);
    if (n === null) return null;
    text = text.slice(0, -v4Tail[1].length) +
      `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => s === "" ? [] : s.split(":").map((g) => parseInt(g, 16));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array(missing).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function blockedV6(address: string): string | null {
  const g = v6Groups(address);
  if (g === null) return null;
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  const v4At = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) {
    return blockedV4(v4At(g[6], g[7]));
  }
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address too: a relay delivers to it.
  if (g[0] === 0x2002) return blockedV4(v4At(g[1], g[2]));
  // IPv4-translated (::ffff:0:a.b.c.d, RFC 2765/6052) names a node behind a stateless translator,
  // and local-use NAT64 (64:ff9b:1::/48, RFC 8215) a translator inside some operator's network:
  // neither is a receiver's own address on the internet, whatever IPv4 address they carry.
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) {
    return "reserved (IPv4-translated)";
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "local-use NAT64";
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291) and Teredo (2001::/32, the client's
  // address hidden by XOR): tunnels to an IPv4 address, never a webhook receiver's own address.
  if (g.slice(0, 6).every((x) => x === 0)) return "reserved (IPv4-compatible)";
  if (g[0] === 0x2001 && g[1] === 0) return "reserved (Teredo tunnel)";
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return "reserved (discard-only)";
  if (g[0] === 0x2001 && g[1] === 0x0002 && g[2] === 0) return "benchmarking";
  if ((g[0] & 0xfe00) === 0xfc00) return "private (unique local, incl. cloud metadata)";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x3fff && g[1] < 0x1000) return "documentation"; // 3fff::/20, RFC 9637
  // ORCHID (2001:10::/28) and ORCHIDv2 (2001:20::/28) are identifiers, never routed (RFC 7343).
  if (g[0] === 0x2001 && g[1] >= 0x10 && g[1] < 0x30) return "reserved (ORCHID)";
  // SRv6 segment identifiers (5f00::/16, RFC 9602) steer packets inside one operator's network.
  if (g[0] === 0x5f00) return "reserved (SRv6 segment identifiers)";
  return null;
}

/**
 * What kind of address no webhook may reach `address` is, or null for a public one.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { blockedAddress } from "./webhook_address.ts";
 *
 * assert.equal(blockedAddress("169.254.169.254"), "link-local (cloud metadata)");
 * assert.equal(blockedAddress("::ffff:127.0.0.1"), "loopback");
 * assert.equal(blockedAddress("93.184.215.14"), null);
 * ```
 */
export function blockedAddress(address: string): string | null {
  return address.includes(":") ? blockedV6(address) : blockedV4(address);
}

function isIpLiteral(host: string): boolean {
  return v4Number(host) !== null || v6Groups(host) !== null && host.includes(":");
}

/** Resolves a host name to its addresses (A and AAAA); injectable for tests of the rules. */
export type Resolve = (host: string) => Promise<string[]>;

/** `Deno.resolveDns` for A and AAAA; a name that resolves to nothing gives an empty list. */
export const resolveWithDns: Resolve = async (host) => {
  // A resolver that does not answer must not hold a request (or a delivery) for long.
  const signal = AbortSignal.timeout(5000);
  const lookups = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal }),
    Deno.resolveDns(host, "AAAA", { signal }),
  ]);
  return lookups.flatMap((result) => result.status === "fulfilled" ? result.value : []);
};

export interface WebhookTarget {
  url: URL;
  /** The addresses checked (empty for an allowed host, which the fetch resolves itself). */
  addresses: string[];
}

/**
 * "a" or "an" before a kind of address, by how it is said: "an unspecified address", "a loopback
 * address", "a \"this network\" address" (it said "a unspecified address" until session 37).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { withArticle } from "./webhook_address.ts";
 *
 * assert.equal(withArticle("unspecified"), "an unspecified");
 * assert.equal(withArticle("loopback"), "a loopback");
 * assert.equal(withArticle('"this network" (0.0.0.0/8)'), 'a "this network" (0.0.0.0/8)');
 * ```
 */
export function withArticle(kind: string): string {
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}`;
}

function refused(url: string, why: string): JobseekError {
  return new JobseekError(
    "INVALID_PARAMETER",
    `Invalid parameter 'deliver': the webhook URL '${url.slice(0, 200)}' ${why}`,
    { param: "deliver" },
  );
}

/**
 * What a refusal of a host that is not public adds: how the server's operator allows one (a
 * person trying a webhook on their own machine was told only that it was refused; session 59).
 * Said for an address and for `localhost` only: a name allowed is allowed whatever it resolves to
 * later, which its owner may point at a cloud's metadata address (reviewer C59).
 */
function allowedBy(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `; this server's operator can allow it with JOBSEEK_WEBHOOK_ALLOW_HOSTS=${url.hostname}:${port}`;
}

/** Whether the operator's list allows `url`'s host, on its effective port. */
function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return allowHosts.some((entry) => {
    const allowed = allowedHost(entry);
    return allowed !== null && allowed.host === host &&
      (allowed.port === undefined || allowed.port === port);
  });
}

/**
 * Checks a webhook URL before any connection: http(s), no credentials, and a host that is allowed
 * by name (and port, where the entry names one) or is (or resolves only to) public addresses.
 * Throws a 400 naming `deliver` otherwise.
 */
export async function checkWebhookUrl(
  text: string,
  options: { allowHosts: readonly string[]; resolve?: Resolve; publicHosts?: boolean },
): Promise<WebhookTarget> {
  const url = URL.parse(text);
  // Told apart: "http://not a url/" is http, and was refused as though it were not (reviewer W52).
  if (!url) {
    throw refused(
      text,
      /^https?:\/\//i.test(text.trim())
        ? "is not a URL that can be read (a space, a bad character or a bad host?)"
        : "must be an http:// or https:// URL",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw refused(text, "must be an http:// or https:// URL");
  }
  if (url.username !== "" || url.password !== "") {
    throw refused(text, "must not carry a user name or password");
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (isAllowed(url, options.allowHosts)) return { url, addresses: [] };
  if (options.publicHosts === false) {
    throw refused(
      text,
      "is not on this server's list of webhook hosts (JOBSEEK_WEBHOOK_ALLOW_HOSTS)",
    );
  }
  if (isIpLiteral(host)) {
    const blocked = blockedAddress(host);
    if (blocked) {
      // Offered for this machine and a private network's own addresses alone: never for a cloud's
      // metadata, link-local, "this network" or shared addresses (reviewer C59b).
      const offered = blocked === "loopback" || blocked === "private" ? allowedBy(url) : "";
      throw refused(
        text,
        `is ${withArticle(blocked)} address; webhooks must reach public hosts${offered}`,
      );
    }
    return { url, addresses: [host] };
  }
  // RFC 6761: these names are loopback whatever a resolver says.
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw refused(text, `names a loopback host; webhooks must reach public hosts${allowedBy(url)}`);
  }
  const addresses = await (options.resolve ?? resolveWithDns)(host);
  if (addresses.length === 0) throw refused(text, `has a host that does not resolve ('${host}')`);
  for (const address of addresses) {
    const blocked = blockedAddress(address);
    if (blocked) {
      throw refused(
        text,
        `resolves to ${withArticle(blocked)} address (${address}); webhooks must reach public ` +
          "hosts",
      );
    }
  }
  return { url, addresses };
}
