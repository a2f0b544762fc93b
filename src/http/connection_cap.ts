/**
 * How many client connections the server holds at once, derived from the process's descriptor
 * limit. Every open file, socket, pipe and epoll instance takes a descriptor, and running out is
 * not a slow-down but an error in whatever asks next: the app server's own accept loop ends with
 * EMFILE (measured with Deno 2.9), and before this cap a single client without credentials did
 * that with 600 bare connects under `ulimit -n 1024`.
 *
 * ```
 * reserve     = max(min(192, limit / 2), limit / 10)
 * cap         = min(10,000, floor((limit - reserve) / 3))
 * turned away = floor(reserve / 3) at once, answered 503
 * ```
 *
 * - 3 descriptors per connection: the client's socket, the guard's hop to the app server's Unix
 *   socket and the app server's end of that hop (src/http/connection_guard.ts; Deno.serve takes
 *   neither a connection nor timeouts, so the hop stays: docs/operations.md).
 * - The reserve is for everything that is not a held connection. A serving process holds 45
 *   (measured: KV's SQLite file and journal, Deno's caches, epoll and eventfd instances, the
 *   embedding worker); a third of the reserve answers connections over the cap (each takes one
 *   descriptor for up to half a second); the rest is for what the process opens for a while (an
 *   index being published or loaded, a remote KV's connections, the app server's ends of
 *   connections the guard has just closed). A tenth of the limit keeps that share on large limits;
 *   half the limit is the most it takes from a tiny one.
 * - The ceiling: a held connection also costs memory (measured: 35 KiB for a bare connect, 60 KiB
 *   for a half-sent request), and one process serving 10,000 clients at once is not a deployment
 *   this server is made for.
 *
 * @module
 */
/** Descriptors one client connection holds while it is open. */
export const DESCRIPTORS_PER_CONNECTION = 3;

/** Descriptors kept for everything but held connections, before the proportional share. */
export const BASE_RESERVE = 192;

/** Most connections a derived cap allows, whatever the descriptor limit. */
export const MAX_DERIVED_CONNECTIONS = 10_000;

/** The limit assumed where it cannot be read: the usual soft limit of a Linux login. */
export const ASSUMED_DESCRIPTOR_LIMIT = 1024;

/** What the descriptor limit allows the guard. */
export interface ConnectionBudget {
  /** Client connections open at once. */
  maxConnections: number;
  /** Connections over the cap being answered 503 at once (one descriptor each, from the reserve). */
  maxTurningAway: number;
}

/**
 * The connection budget of a process whose descriptor limit is `limit`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(connectionBudget(1024), { maxConnections: 277, maxTurningAway: 64 });
 * assert.deepEqual(connectionBudget(256), { maxConnections: 42, maxTurningAway: 42 });
 * assert.equal(connectionBudget(20_000).maxConnections, 6000); // (20,000 - 2,000) / 3
 * assert.equal(connectionBudget(Infinity).maxConnections, 10_000);
 * ```
 */
export function connectionBudget(limit: number): ConnectionBudget {
  // No limit at all: the ceiling is the cap, and half of it is what may be turned away at once.
  const reserve = Number.isFinite(limit)
    ? Math.max(Math.min(BASE_RESERVE, limit / 2), limit / 10)
    : MAX_DERIVED_CONNECTIONS / 2;
  const cap = Number.isFinite(limit)
    ? Math.floor((limit - reserve) / DESCRIPTORS_PER_CONNECTION)
    : MAX_DERIVED_CONNECTIONS;
  return {
    maxConnections: Math.max(1, Math.min(MAX_DERIVED_CONNECTIONS, cap)),
    maxTurningAway: Math.max(1, Math.floor(reserve / 3)),
  };
}

/**
 * The soft limit in the `Max open files` line of Linux's `/proc/self/limits`; `Infinity` for
 * "unlimited", null when the text has no such line.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const limits = "Limit                     Soft Limit           Hard Limit           Units\n" +
 *   "Max open files            1024                 524288               files\n";
 * assert.equal(parseProcLimits(limits), 1024);
 * ```
 */
export function parseProcLimits(text: string): number | null {
  const match = text.match(/^Max open files\s+(\S+)\s+\S+/m);
  if (!match) return null;
  if (match[1] === "unlimited") return Infinity;
  const value = Number(match[1]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * This process's soft descriptor limit, as it is now: Deno raises the soft limit to the hard one
 * at start, so the value a parent shell set is not the one that counts. Read from
 * `/proc/self/limits` on Linux (no subprocess, so it works when descriptors are short and without
 * `--allow-run`), else from `ulimit -n` in a child shell, which inherits the raised limit; null when
 * neither answers.
 */
export async function readDescriptorLimit(): Promise<number | null> {
  try {
    const limit = parseProcLimits(await Deno.readTextFile("/proc/self/limits"));
    if (limit !== null) return limit;
  } catch {
    // Not Linux, or /proc is not mounted: ask a shell.
  }
  try {
    const output = await new Deno.Command("sh", {
      args: ["-c", "ulimit -n"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    const text = new TextDecoder().decode(output.stdout).trim();
    if (text === "unlimited") return Infinity;
    const value = Number(text);
    return output.success && Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
