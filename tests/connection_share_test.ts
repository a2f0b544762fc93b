/**
 * A share of the door per address, and honest slow uploads: one client address holding many
 * half-sent requests gets its share of the connections, not all of them, so another client is still
 * served; a body's deadline grows with its declared length, so a slow upload of a large body ends,
 * while a body that stalls is still closed.
 */
import { strict as assert } from "node:assert";
import { silentLogger } from "../src/log.ts";
import { serveApp } from "../src/http/serve_app.ts";
import { shareOfConnections } from "../src/http/connection_guard.ts";
import { readUntilEnd } from "./connection_flood.ts";

const HALF_SENT = "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{";
const encoder = new TextEncoder();

async function echo(request: Request): Promise<Response> {
  const body = await request.arrayBuffer();
  return Response.json({ bytes: body.byteLength });
}

/** Opens a connection from `hostname`'s side, sends `data`, and reads what comes within `ms`. */
async function hold(port: number, hostname: string, data: string, ms: number) {
  const conn = await Deno.connect({ hostname, port });
  await conn.write(encoder.encode(data));
  const timer = setTimeout(() => conn.close(), ms);
  try {
    return await readUntilEnd(conn);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("one address holding many connections gets its share; another address is served", async () => {
  const app = await serveApp(echo, {
    port: 0,
    hostname: "::",
    logger: silentLogger,
    maxConnections: 40,
    limits: { headerTimeoutMs: 60_000, bodyTimeoutMs: 60_000, idleTimeoutMs: 60_000 },
  });
  try {
    const share = shareOfConnections(40).perAddress;
    assert.equal(share, 16);
    // 60 half-sent requests from 127.0.0.1 (seen as ::ffff:127.0.0.1), held 3 s.
    const flood = Array.from(
      { length: 60 },
      () => hold(app.addr.port, "127.0.0.1", HALF_SENT, 3000),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Meanwhile another address (::1) is served.
    const other = await fetch(`http://[::1]:${app.addr.port}/x`, { method: "POST", body: "hello" });
    assert.equal(other.status, 200);
    assert.deepEqual(await other.json(), { bytes: 5 });
    const answers = await Promise.all(flood);
    const turnedAway = answers.filter((text) =>
      /^HTTP\/1\.1 503/.test(text) && /too many connections are open from your address/.test(text)
    ).length;
    const held = answers.filter((text) =>
      text === ""
    ).length;
    assert.equal(held, share, `held ${held}, turned away ${turnedAway}`);
    assert.equal(turnedAway, 60 - share);
  } finally {
    await app.close();
  }
});

Deno.test("a port another process listens on is refused naming the address", async () => {
  // "Address already in use (os error 98)" named no port (an operator's trial, session 57).
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    await assert.rejects(
      () => serveApp(echo, { port: taken.addr.port, hostname: "127.0.0.1", logger: silentLogger }),
      new RegExp(
        `^Error: Cannot listen on 127\\.0\\.0\\.1:${taken.addr.port}: another process is ` +
          "listening there \\(give another port with --port or PORT\\)$",
      ),
    );
  } finally {
    taken.close();
  }
});

Deno.test("a slow honest upload ends; a stalled body is still closed", async () => {
  const app = await serveApp(echo, {
    port: 0,
    hostname: "127.0.0.1",
    logger: silentLogger,
    // The base deadline alone (400 ms) is far less than the upload takes (~1.2 s); its length at
    // 10,000 bytes/s adds 2 s.
    limits: {
      headerTimeoutMs: 5_000,
      bodyTimeoutMs: 400,
      idleTimeoutMs: 5_000,
      minBodyBytesPerSecond: 10_000,
    },
  });
  try {
    const size = 20_000;
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: app.addr.port });
    await conn.write(
      encoder.encode(`POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`),
    );
    for (let sent = 0; sent < size; sent += 1000) {
      await conn.write(new Uint8Array(1000).fill(97));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const buffer = new Uint8Array(4096);
    const n = await conn.read(buffer);
    conn.close();
    const text = new TextDecoder().decode(buffer.subarray(0, n ?? 0));
    assert.match(text, /^HTTP\/1\.1 200/);
    assert.match(text, /"bytes":20000/);
    // Declared as large, but only 100 bytes come: closed once its allowance (2.4 s) is gone.
    const started = performance.now();
    const stalled = await hold(
      app.addr.port,
      "127.0.0.1",
      `POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n${"a".repeat(100)}`,
      15_000,
    );
    assert.equal(stalled, "");
    assert.ok(performance.now() - started < 14_000, "closed by the server, not the test");
  } finally {
    await app.close();
  }
});
