/**
 * Run by tests/connection_flood_test.ts in a child process under a low `ulimit -n`: serves an app
 * behind the connection guard, takes every free descriptor with `/dev/null` handles, then lets go
 * of exactly as many as make one chosen step of a connection fail with EMFILE (the guard's accept,
 * its connect to the app server, or the app server's own accept), and reports as one JSON line on
 * stdout what the client got then and once the descriptors are back.
 *
 * @module
 */
import { createLogger } from "../src/log.ts";
import { serveApp } from "../src/http/serve_app.ts";

const logs: string[] = [];
const app = await serveApp(() => new Response("ok"), {
  port: 0,
  hostname: "127.0.0.1",
  logger: createLogger({ write: (line) => logs.push(JSON.parse(line).msg) }),
  maxConnections: 1000,
  shutdownDeadlineMs: 1000,
});

/** The status line of one request on a fresh connection, "closed", or "no answer" in `ms`. */
async function request(ms = 2000): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: app.addr.port });
  const timer = setTimeout(() => conn.close(), ms);
  let text = "";
  let timedOut = false;
  try {
    await conn.write(
      new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    );
    const buffer = new Uint8Array(1024);
    for (let n; (n = await conn.read(buffer)) !== null;) {
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch (error) {
    timedOut = error instanceof Deno.errors.Interrupted || error instanceof Deno.errors.BadResource;
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch {
      // Closed by the timer.
    }
  }
  if (text) return text.split("\r\n")[0];
  return timedOut ? "no answer" : "closed";
}

const held: Deno.FsFile[] = [];
function fill(): void {
  try {
    while (true) held.push(Deno.openSync("/dev/null"));
  } catch {
    // Every descriptor is taken.
  }
}
function free(count: number): void {
  for (const file of held.splice(0, count)) file.close();
}

const failing = Deno.args[0];
// Descriptors a connection takes before the failing step: the client's socket, the guard's
// accepted end, the guard's socket to the app server (the app server's accept takes the next).
const spare = { accept: 1, connect: 2, "app accept": 3 }[failing];
if (spare === undefined) throw new Error(`Cannot run: unknown step ${failing}`);

const before = await request();
fill();
free(spare);
const exhausted = request(1500);
// Long enough for several failed accepts and, for the app server, its replacement's attempts.
await new Promise((resolve) => setTimeout(resolve, 400));
free(held.length);
const during = await exhausted;
let after = "no answer";
const until = Date.now() + 5000;
while (Date.now() < until && !after.includes("200")) {
  after = await request(1000);
  if (!after.includes("200")) await new Promise((resolve) => setTimeout(resolve, 100));
}
await app.close();
Deno.stdout.writeSync(
  new TextEncoder().encode(
    JSON.stringify({ before, during, after, logs: [...new Set(logs)] }) + "\n",
  ),
);
