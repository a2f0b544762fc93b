/**
 * Serves the app: `Deno.serve` on a private Unix socket behind the {@linkcode ConnectionGuard} on
 * the public port, and a shutdown that ends within a deadline whatever clients do.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import { ConnectionGuard, type ConnectionLimits } from "./connection_guard.ts";

/** How long a shutdown waits for requests in flight before it closes their connections. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ServeAppOptions {
  port: number;
  hostname: string;
  logger: Logger;
  limits?: Partial<ConnectionLimits>;
  shutdownDeadlineMs?: number;
}

export interface ServedApp {
  /** The public address (the guard's). */
  addr: Deno.NetAddr;
  /** Settles once the app server has stopped. */
  finished: Promise<void>;
  /**
   * Stops accepting, lets requests in flight finish, and after the deadline closes whatever is
   * still open (a client that never finishes its body cannot hold the shutdown).
   */
  close(): Promise<void>;
}

function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise.then(() => true, () => true),
    new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), ms)),
  ]).finally(() => clearTimeout(timer));
}

/** Starts serving `handler`; logs `listening` with the public host and port. */
export async function serveApp(
  handler: Deno.ServeHandler<Deno.UnixAddr>,
  options: ServeAppOptions,
): Promise<ServedApp> {
  // A directory of our own (mode 700): only this user can reach the app past the guard.
  const dir = await Deno.makeTempDir({ prefix: "jobseek_http_" });
  const path = `${dir}/app.sock`;
  const server = Deno.serve({ transport: "unix", path, onListen: () => {} }, handler);
  let guard: ConnectionGuard;
  try {
    guard = new ConnectionGuard({
      hostname: options.hostname,
      port: options.port,
      upstreamPath: path,
      limits: options.limits,
      logger: options.logger,
    });
  } catch (error) {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  options.logger.info("listening", { hostname: guard.addr.hostname, port: guard.addr.port });
  const deadline = options.shutdownDeadlineMs ?? SHUTDOWN_DEADLINE_MS;
  let closing: Promise<void> | undefined;
  return {
    addr: guard.addr,
    finished: server.finished,
    close() {
      closing ??= (async () => {
        guard.stopAccepting();
        const shutdown = server.shutdown();
        if (!(await within(shutdown, deadline))) {
          options.logger.warn("shutdown deadline passed; closing the connections still open", {
            connections: guard.size,
            deadline_ms: deadline,
          });
          guard.closeAll();
          await within(shutdown, 2000);
        }
        await guard.close();
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      })();
      return closing;
    },
  };
}
