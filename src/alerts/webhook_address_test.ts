import { strict as assert } from "node:assert";
import fc from "fast-check";
import { blockedAddress, checkWebhookUrl } from "./webhook_address.ts";

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
