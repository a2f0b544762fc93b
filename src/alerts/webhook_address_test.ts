import { strict as assert } from "node:assert";
import fc from "fast-check";
import { blockedAddress, checkWebhookUrl, withArticle } from "./webhook_address.ts";

const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const octet = fc.integer({ min: 0, max: 255 });

Deno.test("blockedAddress refuses every address of the private, loopback and link-local ranges", () => {
  const ranges: [string, (x: number, y: number, z: number) => string][] = [
    ["loopback", (x, y, z) => v4(127, x, y, z)],
    ["private", (x, y, z) => v4(10, x, y, z)],
    ["private", (x, y, z) => v4(172, 16 + (x % 16), y, z)],
    ["private", (_x, y, z) => v4(192, 168, y, z)],
    ["link-local (cloud metadata)", (_x, y, z) => v4(169, 254, y, z)],
  ];
  fc.assert(fc.property(octet, octet, octet, fc.nat(ranges.length - 1), (x, y, z, r) => {
    const [kind, make] = ranges[r];
    const address = make(x, y, z);
    assert.equal(blockedAddress(address), kind, address);
    // The same address written as IPv4-mapped IPv6 is the same address.
    assert.equal(blockedAddress(`::ffff:${address}`), kind, address);
    // So is its 6to4 prefix (2002:a.b.c.d::/48), whatever follows it.
    const [a, b, c, d] = address.split(".").map(Number);
    const sixToFour = `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::${x}`;
    assert.equal(blockedAddress(sixToFour), kind, sixToFour);
  }));
});

Deno.test("blockedAddress passes public addresses", () => {
  for (
    const address of [
      "8.8.8.8",
      "1.1.1.1",
      "93.184.215.14",
      "172.32.0.1",
      "2606:4700::1111",
      "2002:808:808::1",
      "2001:4860::8888",
    ]
  ) {
    assert.equal(blockedAddress(address), null, address);
  }
  for (
    const [address, kind] of [
      ["::1", "loopback"],
      ["fe80::1", "link-local"],
      ["fd00:ec2::254", "private (unique local, incl. cloud metadata)"],
      ["0.0.0.0", '"this network" (0.0.0.0/8)'],
      ["192.0.0.170", "reserved (IETF protocol assignments)"],
      ["100.64.0.1", "shared (carrier-grade NAT)"],
      // Tunnels to an IPv4 address (session 24: these were let through).
      ["::127.0.0.1", "reserved (IPv4-compatible)"],
      ["::8.8.8.8", "reserved (IPv4-compatible)"],
      ["2002:7f00:1::", "loopback"],
      ["2002:a9fe:a9fe::1", "link-local (cloud metadata)"],
      ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved (Teredo tunnel)"],
      ["100::1", "reserved (discard-only)"],
      ["2001:2::1", "benchmarking"],
    ]
  ) assert.equal(blockedAddress(address), kind, address);
});

/** `groups` with its first `bits` bits replaced by those of `prefix`, in full and as URLs write it. */
function inPrefix(prefix: number[], bits: number, groups: number[]): string[] {
  const address = groups.map((group, i) => {
    const fixed = Math.max(0, Math.min(16, bits - 16 * i));
    const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
    return ((prefix[i] ?? 0) & mask) | (group & ~mask & 0xffff);
  });
  const full = address.map((g) => g.toString(16)).join(":");
  return [full, new URL(`http://[${full}]/`).hostname.slice(1, -1)];
}

Deno.test("blockedAddress refuses every address of local-use NAT64, IPv4-translated, 3fff::/20, ORCHID and SRv6 SIDs, however written", () => {
  // Each range's every address, not only its first: the prefix's bits alone decide.
  const ranges: [number[], number, string][] = [
    [[0x64, 0xff9b, 1], 48, "local-use NAT64"], // RFC 8215
    [[0, 0, 0, 0, 0xffff, 0], 96, "reserved (IPv4-translated)"], // RFC 2765, 6052
    [[0x3fff, 0], 20, "documentation"], // RFC 9637
    [[0x2001, 0x10], 28, "reserved (ORCHID)"], // RFC 4843
    [[0x2001, 0x20], 28, "reserved (ORCHID)"], // RFC 7343
    [[0x5f00], 16, "reserved (SRv6 segment identifiers)"], // RFC 9602
  ];
  const group = fc.integer({ min: 0, max: 0xffff });
  fc.assert(
    fc.property(
      fc.nat(ranges.length - 1),
      fc.array(group, { minLength: 8, maxLength: 8 }),
      (r, g) => {
        const [prefix, bits, kind] = ranges[r];
        for (const address of inPrefix(prefix, bits, g)) {
          assert.equal(blockedAddress(address), kind, address);
        }
      },
    ),
    { numRuns: 600 },
  );
  for (
    const [address, kind] of [
      // Whatever IPv4 address they carry, public ones included.
      ["::ffff:0:8.8.8.8", "reserved (IPv4-translated)"],
      ["::ffff:0:127.0.0.1", "reserved (IPv4-translated)"],
      ["64:ff9b:1::808:808", "local-use NAT64"],
      ["64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "local-use NAT64"],
      ["3fff:fff:ffff::1", "documentation"],
      ["2001:1f::1", "reserved (ORCHID)"],
      ["2001:2f:ffff::1", "reserved (ORCHID)"],
      ["5f00:ffff::1", "reserved (SRv6 segment identifiers)"],
      // Beside them, what the rules judged before stays as it was.
      ["::ffff:8.8.8.8", null], // IPv4-mapped: the IPv4 address decides
      ["64:ff9b::8.8.8.8", null], // the well-known NAT64 prefix: likewise
      ["64:ff9b::10.0.0.1", "private"],
      ["3fff:1000::1", null],
    ] as const
  ) assert.equal(blockedAddress(address), kind, address);
});

Deno.test("checkWebhookUrl refuses before connecting, unless the host is allowed by name", async () => {
  const noDns = () => Promise.reject(new Error("no lookup expected"));
  for (
    const url of [
      "http://127.0.0.1:8080/hook",
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://localhost/hook",
      "http://api.localhost/hook",
      "ftp://example.com/",
      "http://user:pw@example.com/",
      "not a url",
    ]
  ) {
    await assert.rejects(
      checkWebhookUrl(url, { allowHosts: [], resolve: noDns }),
      (error: Error) => error.message.startsWith("Invalid parameter 'deliver': the webhook URL"),
      url,
    );
  }
  // Each said for what it is: an http URL that does not parse is not "not http" (reviewer W52).
  for (
    const [url, reason] of [
      ["http://not a url/", "is not a URL that can be read"],
      ["http://127.0.0.1%09/", "is not a URL that can be read"],
      ["ftp://example.com/", "must be an http:// or https:// URL"],
      ["not a url", "must be an http:// or https:// URL"],
    ]
  ) {
    await assert.rejects(
      checkWebhookUrl(url, { allowHosts: [], resolve: noDns }),
      (error: Error) => error.message.includes(reason),
      url,
    );
  }
  // A host that is not public is refused with how the operator allows it, and that works.
  for (
    const [url, entry] of [
      ["http://localhost:8749/hook", "localhost:8749"],
      ["http://127.0.0.1/hook", "127.0.0.1:80"],
      ["https://[::1]/hook", "[::1]:443"],
    ]
  ) {
    await assert.rejects(
      checkWebhookUrl(url, { allowHosts: [], resolve: noDns }),
      (error: Error) =>
        error.message.endsWith(
          `; this server's operator can allow it with JOBSEEK_WEBHOOK_ALLOW_HOSTS=${entry}`,
        ),
      url,
    );
    await checkWebhookUrl(url, { allowHosts: [entry], resolve: noDns });
  }
  // Never for a cloud's metadata or another address that is no one's own machine or network.
  for (
    const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://0.0.0.0/",
    ]
  ) {
    await assert.rejects(
      checkWebhookUrl(url, { allowHosts: [], resolve: noDns }),
      (error: Error) => !error.message.includes("JOBSEEK_WEBHOOK_ALLOW_HOSTS"),
      url,
    );
  }
  const allowed = await checkWebhookUrl("http://127.0.0.1:8080/hook", {
    allowHosts: ["127.0.0.1"],
    resolve: noDns,
  });
  assert.equal(allowed.url.port, "8080");
  // A name is judged by every address it resolves to.
  const resolvesTo = (addresses: string[]) => () => Promise.resolve(addresses);
  await assert.rejects(
    checkWebhookUrl("https://hooks.example.com/x", {
      allowHosts: [],
      resolve: resolvesTo(["93.184.215.14", "127.0.0.1"]),
    }),
    /resolves to a loopback address \(127\.0\.0\.1\)/,
  );
  await assert.rejects(
    checkWebhookUrl("https://nowhere.example/x", { allowHosts: [], resolve: resolvesTo([]) }),
    /does not resolve/,
  );
  const ok = await checkWebhookUrl("https://hooks.example.com/x", {
    allowHosts: [],
    resolve: resolvesTo(["93.184.215.14"]),
  });
  assert.deepEqual(ok.addresses, ["93.184.215.14"]);
});

Deno.test("every kind of refused address is said with its own article ('an unspecified address')", async () => {
  const noDns = () => Promise.reject(new Error("no lookup expected"));
  // One address of each kind the rules name, IPv4 and IPv6.
  const addresses = [
    "0.0.0.0",
    "10.0.0.1",
    "100.64.0.1",
    "127.0.0.1",
    "169.254.169.254",
    "192.0.0.170",
    "192.0.2.1",
    "198.18.0.1",
    "224.0.0.1",
    "240.0.0.1",
    "::",
    "::1",
    "::127.0.0.1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "100::1",
    "2001:2::1",
    "fd00:ec2::254",
    "fe80::1",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "64:ff9b:1::1",
    "::ffff:0:1.2.3.4",
    "3fff::1",
    "2001:10::1",
    "5f00::1",
  ];
  const kinds = new Set<string>();
  for (const address of addresses) {
    const kind = blockedAddress(address);
    assert.ok(kind, address);
    kinds.add(kind);
    const literal = address.includes(":") ? `[${address}]` : address;
    const messages = [
      await checkWebhookUrl(`http://${literal}/hook`, { allowHosts: [], resolve: noDns })
        .then(() => "", (error: Error) => error.message),
      await checkWebhookUrl("https://hooks.example/x", {
        allowHosts: [],
        resolve: () => Promise.resolve([address]),
      }).then(() => "", (error: Error) => error.message),
    ];
    for (const message of messages) {
      assert.ok(message.includes(`${withArticle(kind)} address`), message);
      assert.doesNotMatch(message, /\ba [aeiou]/i, message);
      assert.doesNotMatch(message, /\ban [^aeiou]/i, message);
    }
  }
  assert.ok(kinds.has("unspecified"));
  assert.equal(withArticle("unspecified"), "an unspecified");
  assert.ok(kinds.size >= 15, [...kinds].join(", "));
});

Deno.test("an allowed host with a port allows that port alone, the URL's effective one; without a port, any", async () => {
  // What the name resolves to is private: only the operator's list lets it through.
  const privately = () => Promise.resolve(["10.0.0.7"]);
  await fc.assert(
    fc.asyncProperty(
      fc.domain(),
      fc.option(fc.integer({ min: 1, max: 65535 })),
      fc.option(fc.integer({ min: 1, max: 65535 })),
      fc.constantFrom("http", "https"),
      fc.boolean(),
      async (host, entryPort, urlPort, scheme, upper) => {
        const entry = entryPort === null ? host : `${host}:${entryPort}`;
        const url = `${scheme}://${host}${urlPort === null ? "" : `:${urlPort}`}/hook`;
        const effective = urlPort ?? (scheme === "https" ? 443 : 80);
        const allowed = entryPort === null || entryPort === effective;
        const checked = checkWebhookUrl(url, {
          allowHosts: [upper ? entry.toUpperCase() : entry],
          resolve: privately,
        });
        if (allowed) assert.deepEqual((await checked).addresses, [], `${entry} ${url}`);
        else {
          // A port the entry does not name: the address rules apply, as strict as ever.
          await assert.rejects(
            checked,
            /resolves to a private address \(10\.0\.0\.7\)|loopback host/,
          );
        }
      },
    ),
    { numRuns: 200 },
  );
  // Addresses and IPv6 literals, with and without a port.
  const noDns = () => Promise.reject(new Error("no lookup expected"));
  for (
    const [url, entry, allowed] of [
      ["http://127.0.0.1:9000/x", "127.0.0.1:9000", true],
      ["http://127.0.0.1:9001/x", "127.0.0.1:9000", false],
      ["http://[fd00::5]:9000/x", "[fd00::5]:9000", true],
      ["http://[fd00::5]:9000/x", "fd00::5", true],
      ["http://[fd00::5]/x", "[fd00::5]:9000", false],
      ["https://[::1]/x", "[::1]:443", true],
      ["http://localhost:8443/x", "localhost:8443", true],
      ["http://localhost:8444/x", "localhost:8443", false],
    ] as const
  ) {
    const checked = checkWebhookUrl(url, { allowHosts: [entry], resolve: noDns });
    if (allowed) assert.deepEqual((await checked).addresses, [], `${entry} ${url}`);
    else await assert.rejects(checked, /loopback|private/, `${entry} ${url}`);
  }
  // JOBSEEK_WEBHOOK_PUBLIC=0: only the list, port included.
  await assert.rejects(
    checkWebhookUrl("https://hooks.example:8444/x", {
      allowHosts: ["hooks.example:8443"],
      publicHosts: false,
      resolve: () => Promise.resolve(["93.184.215.14"]),
    }),
    /not on this server's list of webhook hosts/,
  );
});
