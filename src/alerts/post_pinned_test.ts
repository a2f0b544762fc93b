import { strict as assert } from "node:assert";
import { postPinned } from "./post_pinned.ts";

Deno.test("postPinned connects to the checked address, names the host, reads little, has a deadline", async () => {
  const seen: { host: string | null; body: string }[] = [];
  let hold: Promise<void> = Promise.resolve();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    seen.push({ host: req.headers.get("host"), body: await req.text() });
    await hold;
    if (new URL(req.url).pathname === "/big") {
      // An endless answer: the client stops reading after its limit.
      const chunk = new Uint8Array(16 * 1024);
      return new Response(new ReadableStream({ pull: (c) => c.enqueue(chunk) }));
    }
    return new Response(null, { status: 202 });
  });
  const port = server.addr.port;
  try {
    // "pinned.invalid" resolves nowhere: the connection can only reach the checked address.
    const status = await postPinned({
      url: new URL(`http://pinned.invalid:${port}/hook?x=1`),
      addresses: ["127.0.0.1"],
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
      timeoutMs: 5000,
      readMax: 64 * 1024,
    });
    assert.equal(status, 202);
    assert.deepEqual(seen[0], { host: `pinned.invalid:${port}`, body: '{"a":1}' });
    const big = await postPinned({
      url: new URL(`http://pinned.invalid:${port}/big`),
      addresses: ["127.0.0.1"],
      headers: {},
      body: "",
      timeoutMs: 5000,
      readMax: 64 * 1024,
    });
    assert.equal(big, 200, "an endless answer ends the read at the limit");
    let release = () => {};
    hold = new Promise((resolve) => release = resolve);
    await assert.rejects(
      postPinned({
        url: new URL(`http://pinned.invalid:${port}/slow`),
        addresses: ["127.0.0.1"],
        headers: {},
        body: "",
        timeoutMs: 300,
        readMax: 1024,
      }),
      /no answer within 0.3 s/,
    );
    release();
  } finally {
    await server.shutdown();
  }
});
