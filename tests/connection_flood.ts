/**
 * Clients that flood a server with connections, for tests/connection_flood_test.ts and
 * bench/connection_flood.ts: bare connects that send nothing, half-sent requests, and many
 * concurrent searches. Loopback only, bounded in count and time; every connection is closed by
 * `close()`.
 *
 * @module
 */
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs, testEmbedder } from "./helpers.ts";

/** A static key for the flood's server (JOBSEEK_API_KEYS), and its entry. */
export const FLOOD_KEY = "flood-test-key-0123456789abcdef";
export const FLOOD_API_KEYS = `flood:${FLOOD_KEY}`;

/** A store file at `kvPath` with `count` fixture postings and their published index. */
export async function createIndexedStore(kvPath: string, count = 20): Promise<void> {
  const store = await openStore(kvPath);
  try {
    await store.postings.upsertJobs(await defaultTestJobs(count));
    await publishIndex(store, { embedder: await testEmbedder(), logger: silentLogger });
  } finally {
    store.close();
  }
}

/** What became of one flood connection while it was watched. */
export type Outcome = "refused" | "closed" | "held" | "failed";

export interface FloodResult {
  /** Connections per outcome: answered 503, closed without a 503, still open, never connected. */
  counts: Record<Outcome, number>;
  /** The longest time from a connection's first byte sent to its 503 or close (ms). */
  slowestEndMs: number;
  /** Other answers than 503 that flood connections got (status lines). */
  otherAnswers: string[];
  /** Closes every connection still open. */
  close(): void;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

/**
 * What `conn` receives until it ends: the peer closing it, resetting it, or this side closing it
 * (as a timer does to a connection held open) all end it.
 */
export async function readUntilEnd(conn: Deno.Conn): Promise<string> {
  let text = "";
  try {
    const buffer = new Uint8Array(4096);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch {
    // Reset or closed: an end too.
  }
  return text;
}

/**
 * Opens `count` connections to 127.0.0.1:`port` (`parallel` connecting at a time), sends `data` on
 * each (nothing for bare connects) and watches each for `watchMs` from its connect: a 503 is
 * "refused", an end without one "closed", no end "held" (kept open until `close()`).
 */
export async function flood(
  port: number,
  options: { count: number; data: string; watchMs: number; parallel?: number },
): Promise<FloodResult> {
  const counts: Record<Outcome, number> = { refused: 0, closed: 0, held: 0, failed: 0 };
  const held: Deno.Conn[] = [];
  const otherAnswers: string[] = [];
  let slowestEndMs = 0;
  const bytes = new TextEncoder().encode(options.data);
  let next = 0;
  const watch = async (conn: Deno.Conn) => {
    const started = performance.now();
    let text = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      (async (): Promise<Outcome> => {
        try {
          if (bytes.length > 0) await conn.write(bytes);
        } catch {
          return "closed"; // Reset by the server before it took the data: an end too.
        }
        text = await readUntilEnd(conn);
        return /^HTTP\/1\.1 503 /.test(text) ? "refused" : "closed";
      })(),
      new Promise<Outcome>((resolve) => timer = setTimeout(() => resolve("held"), options.watchMs)),
    ]);
    clearTimeout(timer);
    counts[outcome]++;
    if (outcome === "held") {
      held.push(conn);
      return;
    }
    slowestEndMs = Math.max(slowestEndMs, performance.now() - started);
    if (text !== "" && outcome === "closed") otherAnswers.push(text.split("\r\n")[0]);
    closeQuietly(conn);
  };
  // Connecting is done `parallel` at a time; watching is not, so that held connections pile up.
  const watches: Promise<void>[] = [];
  await Promise.all(
    Array.from({ length: options.parallel ?? 100 }, async () => {
      while (next < options.count) {
        next++;
        try {
          watches.push(watch(await Deno.connect({ hostname: "127.0.0.1", port })));
        } catch {
          counts.failed++;
        }
      }
    }),
  );
  await Promise.all(watches);
  return {
    counts,
    slowestEndMs,
    otherAnswers,
    close: () => held.splice(0).forEach(closeQuietly),
  };
}

/** One `GET /v1/search?q=...` with `key`: its status, or "error" (with the reason) if none came. */
export async function searchStatus(
  url: string,
  key: string,
  query = "nurse",
  timeoutMs = 10_000,
): Promise<number | string> {
  try {
    const response = await fetch(`${url}/v1/search?${new URLSearchParams({ q: query })}`, {
      headers: { "x-api-key": key },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    // The last clause of hyper's message says what happened, without ports that differ each time.
    const message = cause instanceof Error ? cause.message : String(cause);
    return `error: ${message.replace(/^.*\): /, "")}`;
  }
}

/** Polls {@linkcode searchStatus} until it is 200; the ms that took, or null after `timeoutMs`. */
export async function untilServed(
  url: string,
  key: string,
  timeoutMs: number,
): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await searchStatus(url, key, "nurse", timeoutMs) === 200) {
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

export interface StormResult {
  /** Answers by status ("error: ..." for a request that got none). */
  statuses: Record<string, number>;
  requests: number;
}

/**
 * `clients` loops each sending searches one after another, for `durationMs` or `perClient`
 * searches each: ordinary traffic, only more of it than the server holds connections for.
 */
export async function searchStorm(
  url: string,
  key: string,
  options: { clients: number } & ({ durationMs: number } | { perClient: number }),
): Promise<StormResult> {
  const statuses: Record<string, number> = {};
  let requests = 0;
  const until = "durationMs" in options ? performance.now() + options.durationMs : Infinity;
  const perClient = "perClient" in options ? options.perClient : Infinity;
  await Promise.all(Array.from({ length: options.clients }, async () => {
    for (let sent = 0; sent < perClient && performance.now() < until; sent++) {
      const status = await searchStatus(url, key, "nurse", 10_000);
      const label = typeof status === "number" ? String(status) : status.slice(0, 80);
      statuses[label] = (statuses[label] ?? 0) + 1;
      requests++;
    }
  }));
  return { statuses, requests };
}

/** Open descriptors and resident memory (KiB) of process `pid` (Linux; nulls elsewhere). */
export async function processUsage(
  pid: number,
): Promise<{ descriptors: number | null; rssKiB: number | null }> {
  try {
    let descriptors = 0;
    for await (const _ of Deno.readDir(`/proc/${pid}/fd`)) descriptors++;
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const rss = status.match(/^VmRSS:\s+(\d+) kB/m);
    return { descriptors, rssKiB: rss ? Number(rss[1]) : null };
  } catch {
    return { descriptors: null, rssKiB: null };
  }
}
