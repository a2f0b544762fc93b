/**
 * Runs a full publish (src/search/publish_index.ts) in a child process (src/search/publish_child.ts)
 * so that what a publish holds, gigabytes at 1,000,000 postings, never shares the serving
 * process's heap: a server that must rebuild keeps serving with its own memory as it was, and a
 * publish that runs out of memory fails alone (docs/operations.md, "Publishing in a child process").
 *
 * @module
 */
import { denoRunArgs } from "../deno_child.ts";
import type { Logger } from "../log.ts";
import type { PublishedIndex, PublishProgress } from "./publish_index.ts";
import type { Compacted } from "./compact_index.ts";

/** What the child needs to publish as this server would. */
export interface ChildPublishSettings {
  /** The store (a file or a KV server; not `:memory:`, which no other process can open). */
  kvLocation: string;
  /** The catalog model this server embeds with, opened from where this server keeps it. */
  model: { id: string; modelDir: string; modelSource?: string };
  retentionDays: number;
  /** The time expiry and retention are judged at (ms). */
  now: number;
  /**
   * `compact`: merge the current chain of deltas into a new base (src/search/compact_index.ts)
   * instead of a full publish; `embedderModel` is what the server embeds with (its stamp), which
   * the chain must be of.
   */
  task?: { compact: { embedderModel: string } };
}

export interface ChildPublishOptions {
  logger: Logger;
  onProgress?: (progress: PublishProgress) => void;
  /** The child's V8 heap limit (MiB); default V8's own, as `deno task serve` has. */
  heapMib?: number;
}

const CHILD_URL = new URL("./publish_child.ts", import.meta.url);

function childArgs(settings: ChildPublishSettings, heapMib?: number): string[] {
  // --expose-gc: the publish collects between its phases (publish_index.ts `collectGarbage`).
  const v8 = `--v8-flags=--expose-gc${
    heapMib === undefined ? "" : `,--max-old-space-size=${heapMib}`
  }`;
  return denoRunArgs(CHILD_URL, ["--quiet", "--allow-all", v8], [JSON.stringify(settings)]);
}

type ChildMessage =
  | { log: { level?: string; msg?: string; time?: string; [field: string]: unknown } }
  | { progress: PublishProgress }
  | { published: PublishedIndex; peak_rss_mib: number | null }
  | { compacted: Compacted | { full: string } | null; peak_rss_mib: number | null }
  | { error: string };

/**
 * Publishes in a child process; resolves with what it published and its peak resident memory
 * (MiB; null where it cannot be read), rejects with the child's error or how it ended. Its log
 * lines are logged here, as this process's own.
 */
export async function publishInChild(
  settings: ChildPublishSettings,
  options: ChildPublishOptions,
): Promise<PublishedIndex & { peakRssMib: number | null }> {
  const result = await runChild({ ...settings, task: undefined }, options);
  if (!("published" in result)) throw new Error("the publish process answered no publish");
  return { ...result.published, peakRssMib: result.peak_rss_mib };
}

/**
 * Compacts the current chain of deltas in a child process: what `compactIndex` returns there.
 * Encoding a snapshot of 1,000,000 postings takes 20-30 s of one thread's time, which in the
 * serving process would be 20-30 s without an answer to any search.
 */
export async function compactInChild(
  settings: ChildPublishSettings & { task: { compact: { embedderModel: string } } },
  options: ChildPublishOptions,
): Promise<Compacted | { full: string } | null> {
  const result = await runChild(settings, options);
  if (!("compacted" in result)) throw new Error("the compaction process answered no compaction");
  return result.compacted;
}

type ChildResult = Extract<ChildMessage, { peak_rss_mib: number | null }>;

async function runChild(
  settings: ChildPublishSettings,
  options: ChildPublishOptions,
): Promise<ChildResult> {
  const { logger } = options;
  const child = new Deno.Command(Deno.execPath(), {
    args: childArgs(settings, options.heapMib),
    // Held open while it runs: the child ends when this process does.
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let result: ChildResult | null = null;
  let failure: string | null = null;
  const read = (async () => {
    let buffered = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.trim() === "") continue;
        const message = JSON.parse(line) as ChildMessage;
        if ("log" in message) {
          const { level, msg, time: _, ...fields } = message.log;
          const log = level === "error" || level === "warn" || level === "debug"
            ? logger[level]
            : logger.info;
          log(String(msg), { ...fields, publish_pid: child.pid });
        } else if ("progress" in message) options.onProgress?.(message.progress);
        else if ("error" in message) failure = message.error;
        else result = message;
      }
    }
  })();
  // Kept short: only its end says why a child that died without a word (out of memory) did.
  let stderr = "";
  const readErrors = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      stderr = (stderr + chunk).slice(-2000);
    }
  })();
  const status = await child.status;
  await Promise.all([read, readErrors]);
  await child.stdin.close().catch(() => {});
  if (result !== null && status.success) return result;
  if (failure !== null) throw new Error(failure);
  throw new Error(
    `the publish process ended with ${
      status.signal ? `signal ${status.signal}` : `code ${status.code}`
    }: ${stderr.trim().split("\n").slice(-3).join(" | ") || "no message"}`,
  );
}
