/**
 * Serves the app: `Deno.serve` on a private Unix socket behind the {@linkcode ConnectionGuard} on
 * the public port, at most a descriptor-derived number of client connections at once, and a
 * shutdown that ends within a deadline whatever clients do.
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import {
  ASSUMED_DESCRIPTOR_LIMIT,
  connectionBudget,
  readDescriptorLimit,
} from "./connection_cap.ts";
import { ConnectionGuard } from "./connection_guard.ts";
import type { ConnectionLimits } from "./guarded_connection.ts";

/** How long a shutdown may take, from `close()` to its end, whatever clients do. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** How long after the app server stopped accepting by itself a new one is started. */
const RESTART_AFTER_MS = 100;

export interface ServeAppOptions {
  port: number;
  hostname: string;
  logger: Logger;
  limits?: Partial<ConnectionLimits>;
  /** Most client connections at once; default: derived from the descriptor limit. */
  maxConnections?: number;
  /** Most connections from one client address (and its network); default: a share of the cap. */
  maxPerAddress?: number;
  shutdownDeadlineMs?: number;
}

export interface ServedApp {
  /** The public address (the guard's). */
  addr: Deno.NetAddr;
  /** The connection cap in force. */
  maxConnections: number;
  /** Settles once {@linkcode close} has finished. */
  finished: Promise<void>;
  /** Client connections open now, and refused at the cap since start (for metrics). */
  connections(): { held: number; refused: number };
  /**
   * Stops accepting, lets requests in flight finish, closes whatever is still open shortly before
   * the deadline (a client that never finishes its body cannot hold the shutdown), and returns
   * by the deadline.
   */
  close(): Promise<void>;
}

function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise.then(() => true, () => true),
    new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), Math.max(0, ms))),
  ]).finally(() => clearTimeout(timer));
}

/** The connection cap and turn-away budget: as configured, or as the descriptor limit allows. */
export async function budgetFor(configured: number | undefined, logger: Logger) {
  const limit = await readDescriptorLimit();
  const derived = connectionBudget(limit ?? ASSUMED_DESCRIPTOR_LIMIT);
  if (limit === null) {
    logger.warn("cannot read the descriptor limit; assuming the usual one", {
      assumed_limit: ASSUMED_DESCRIPTOR_LIMIT,
      max_connections: configured ?? derived.maxConnections,
      ...(configured === undefined ? { fix: "set JOBSEEK_MAX_CONNECTIONS" } : {}),
    });
  } else if (configured !== undefined && configured > derived.maxConnections) {
    logger.warn("JOBSEEK_MAX_CONNECTIONS is above what the descriptor limit allows", {
      max_connections: configured,
      descriptor_limit: limit,
      allowed: derived.maxConnections,
      fix: "raise the limit (ulimit -n, LimitNOFILE=) or lower JOBSEEK_MAX_CONNECTIONS",
    });
  }
  return {
    maxConnections: configured ?? derived.maxConnections,
    maxTurningAway: derived.maxTurningAway,
    descriptorLimit: limit,
  };
}

/** The guard on the public port, with the options' limits and the budget in force. */
export function publicGuard(
  options: ServeAppOptions,
  budget: { maxConnections: number; maxTurningAway: number },
  upstreamPath: () => string,
): ConnectionGuard {
  return new ConnectionGuard({
    hostname: options.hostname,
    port: options.port,
    upstreamPath,
    limits: options.limits,
    ...budget,
    maxPerAddress: options.maxPerAddress,
    maxPerNetwork: options.maxPerAddress,
    logger: options.logger,
  });
}

/** Logs `listening`: where the guard listens and the connection limits in force. */
export function logListening(
  logger: Logger,
  guard: ConnectionGuard,
  descriptorLimit: number | null,
  extra: Record<string, unknown> = {},
): void {
  logger.info("listening", {
    hostname: guard.addr.hostname,
    port: guard.addr.port,
    max_connections: guard.maxConnections,
    max_per_address: guard.maxPerAddress,
    max_per_network: guard.maxPerNetwork,
    descriptor_limit: descriptorLimit === Infinity ? "unlimited" : descriptorLimit,
    ...extra,
  });
}

/** Starts serving `handler`; logs `listening` with the public host and port. */
export async function serveApp(
  handler: Deno.ServeHandler<Deno.UnixAddr>,
  options: ServeAppOptions,
): Promise<ServedApp> {
  const { logger } = options;
  const { maxConnections, maxTurningAway, descriptorLimit } = await budgetFor(
    options.maxConnections,
    logger,
  );
  // A directory of our own (mode 700): only this user can reach the app past the guard.
  const dir = await Deno.makeTempDir({ prefix: "jobseek_http_" });
  const servers = new Set<Deno.HttpServer<Deno.UnixAddr>>();
  let generation = 0;
  let path = "";
  let stopping = false;

  // Deno.serve's accept loop ends for good on its first failed accept (EMFILE: measured with Deno
  // 2.9; requests in flight still finish). The cap keeps descriptors for it, but something else
  // may take them; then a new server on a new socket takes over, and the guard answers 503 to the
  // few connections that arrive in between.
  const startAppServer = () => {
    const next = `${dir}/app-${++generation}.sock`;
    const server = Deno.serve({ transport: "unix", path: next, onListen: () => {} }, handler);
    servers.add(server);
    path = next;
    server.finished.then(() => servers.delete(server), (error) => {
      servers.delete(server);
      if (stopping) return;
      logger.error("the app server stopped accepting; starting a new one", errorFields(error));
      setTimeout(restart, RESTART_AFTER_MS);
    });
  };
  const restart = () => {
    if (stopping) return;
    try {
      startAppServer();
    } catch (error) {
      logger.error("cannot start the app server; retrying", errorFields(error));
      setTimeout(restart, RESTART_AFTER_MS * 10);
    }
  };

  let guard: ConnectionGuard;
  try {
    startAppServer();
    guard = publicGuard(options, { maxConnections, maxTurningAway }, () => path);
  } catch (error) {
    stopping = true;
    await Promise.all([...servers].map((server) => server.shutdown()));
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  logListening(logger, guard, descriptorLimit);
  const deadline = options.shutdownDeadlineMs ?? SHUTDOWN_DEADLINE_MS;
  // The end of the deadline is for closing: connections still open 3.5 s before it are closed,
  // the app server then ends their requests at once (measured: within 2 ms), and close() returns
  // 3 s before it at the latest, for `jobseek serve` to close the store and exit (measured: up to
  // 0.5 s with the embedding model loaded on a quiet machine; at load 13 the 1.25 s this left
  // before was not always enough, session 18; at load 18 the 2 s left after it were not either,
  // 10.8 s from the signal to the end, session 20: the deadline counts from the signal, and a
  // loaded thread takes the signal late).
  const cutOffAt = deadline - Math.min(3500, deadline * 0.35);
  const giveUpAt = deadline - Math.min(3000, deadline * 0.3);
  let onFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => onFinished = resolve);
  let closing: Promise<void> | undefined;
  return {
    addr: guard.addr,
    maxConnections,
    finished,
    connections: () => ({ held: guard.size, refused: guard.refused }),
    close() {
      closing ??= (async () => {
        const started = performance.now();
        const left = (until: number) => until - (performance.now() - started);
        stopping = true;
        guard.stopAccepting();
        const shutdown = Promise.all([...servers].map((server) => server.shutdown()));
        if (!(await within(shutdown, left(cutOffAt)))) {
          logger.warn("shutdown deadline near; closing the connections still open", {
            connections: guard.size,
            deadline_ms: deadline,
          });
          guard.closeAll();
          // A handler that never returns would hold `shutdown` forever: stop waiting on it.
          await within(shutdown, left(giveUpAt));
        }
        await guard.close();
        await Deno.remove(dir, { recursive: true }).catch(() => {});
        onFinished();
      })();
      return closing;
    },
  };
}
