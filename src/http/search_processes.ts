/**
 * Several search processes behind one public port: the parent holds the {@linkcode ConnectionGuard}
 * (so the connection caps, per-address shares and timeouts stay those of one server) and hands
 * each client connection to one of N child processes, each a whole app with its own copy of the
 * index on its own Unix socket. A search runs on one thread (src/search/search_service.ts), so one
 * process uses one core for searching; N processes use N (docs/scaling.md, "Issue #40: every core
 * serves searches").
 *
 * - Connections go round-robin to the children that are ready (their `/ready` on a private socket
 *   answers 200: the index is loaded). With none ready they go to any child that runs, whose
 *   `/healthz` then says 503 `starting`, so `/healthz` is 200 exactly when a search process serves.
 * - The first child starts alone and the others once it is ready: a store without a servable index
 *   is seeded and published by that one, not N times over.
 * - A child that ends is started again (after 1 s, doubling to 30 s while it keeps ending before it
 *   is ready); meanwhile it gets no connections and the others serve.
 * - `close()` stops accepting, asks every child to stop (SIGTERM), closes what is still open near
 *   the deadline and kills (SIGKILL) any child still running, so it returns within the deadline.
 * - A child reads its stdin from the parent: when the parent dies, even by SIGKILL, the pipe ends
 *   and the child stops (cli/commands/serve.ts), so no search process outlives its server.
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import { ConnectionGuard } from "./connection_guard.ts";
import type { ServeAppOptions, ServedApp } from "./serve_app.ts";
import { budgetFor, logListening, publicGuard, SHUTDOWN_DEADLINE_MS } from "./serve_app.ts";

/** A running child: what the parent needs of a `Deno.ChildProcess`. */
export interface SpawnedSearchProcess {
  pid: number;
  status: Promise<{ code: number; signal: Deno.Signal | null }>;
  kill(signal: Deno.Signal): void;
}

export interface SearchProcessesOptions extends ServeAppOptions {
  /** How many search processes. */
  count: number;
  /**
   * Starts search process `index` (0-based), which must serve the app on the Unix socket `path`
   * and answer `GET /ready` on `internalSocketPath(path)` (see {@linkcode serveSearchProcess}).
   */
  spawn(index: number, path: string): SpawnedSearchProcess;
  /** How often each child's readiness is asked (default 500 ms). */
  readyCheckMs?: number;
}

/** One child's state, as the parent sees it. */
export interface SearchProcessState {
  index: number;
  pid: number | null;
  ready: boolean;
  /** Times it was started again after it ended. */
  restarts: number;
}

export interface ServedSearchProcesses extends ServedApp {
  processes(): SearchProcessState[];
  /** The folder of the children's sockets (their private `.internal.sock` ones too). */
  socketDir: string;
}

/** The private socket beside a search process's app socket: readiness and metrics, no logging. */
export function internalSocketPath(appSocket: string): string {
  return appSocket.replace(/\.sock$/, "") + ".internal.sock";
}

const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 30_000;

interface Slot {
  index: number;
  path: string;
  child: SpawnedSearchProcess | null;
  ready: boolean;
  restarts: number;
  restartMs: number;
  client: Deno.HttpClient;
  timer?: ReturnType<typeof setTimeout>;
}

/** Starts the guard and the search processes; logs `listening` as {@linkcode serveApp} does. */
export async function serveSearchProcesses(
  options: SearchProcessesOptions,
): Promise<ServedSearchProcesses> {
  const { logger } = options;
  const { maxConnections, maxTurningAway, descriptorLimit } = await budgetFor(
    options.maxConnections,
    logger,
  );
  const dir = await Deno.makeTempDir({ prefix: "jobseek_http_" });
  const slots: Slot[] = Array.from({ length: options.count }, (_, index) => {
    const path = `${dir}/search-${index}.sock`;
    return {
      index,
      path,
      child: null,
      ready: false,
      restarts: 0,
      restartMs: FIRST_RESTART_MS,
      client: Deno.createHttpClient({
        proxy: { transport: "unix", path: internalSocketPath(path) },
      }),
    };
  });
  let stopping = false;
  let othersStarted = false;

  const start = (slot: Slot) => {
    if (stopping) return;
    let child: SpawnedSearchProcess;
    try {
      child = options.spawn(slot.index, slot.path);
    } catch (error) {
      logger.error("cannot start a search process; retrying", {
        process: slot.index,
        ...errorFields(error),
      });
      slot.timer = setTimeout(() => start(slot), slot.restartMs);
      slot.restartMs = Math.min(MAX_RESTART_MS, slot.restartMs * 2);
      return;
    }
    slot.child = child;
    child.status.then(({ code, signal }) => {
      slot.child = null;
      const wasReady = slot.ready;
      slot.ready = false;
      if (stopping) return;
      // Exit 0 is a search process that was asked to stop (a Ctrl-C reaches the whole process
      // group, this process a moment later): worth a line, not an error.
      logger[code === 0 ? "info" : "error"]("a search process ended; starting it again", {
        process: slot.index,
        pid: child.pid,
        code,
        signal,
        restart_in_ms: slot.restartMs,
      });
      slot.restarts++;
      slot.timer = setTimeout(() => start(slot), slot.restartMs);
      // One that served before it ended is started again soon; one that keeps ending before it
      // serves waits longer each time.
      slot.restartMs = wasReady ? FIRST_RESTART_MS : Math.min(MAX_RESTART_MS, slot.restartMs * 2);
    });
  };

  const checkReady = async (slot: Slot) => {
    if (!slot.child) return;
    let ready = false;
    try {
      const response = await fetch("http://search-process/ready", {
        client: slot.client,
        signal: AbortSignal.timeout(Math.max(1000, readyCheckMs * 4)),
      });
      await response.body?.cancel();
      ready = response.status === 200;
    } catch {
      // Not listening yet, gone, or too busy to answer: not ready.
    }
    if (ready !== slot.ready && slot.child) {
      slot.ready = ready;
      logger.info(ready ? "search process ready" : "search process not ready", {
        process: slot.index,
        pid: slot.child.pid,
      });
    }
    if (ready) slot.restartMs = FIRST_RESTART_MS;
    if (ready && !othersStarted) {
      othersStarted = true;
      for (const other of slots) if (other !== slot && !other.child) start(other);
    }
  };
  const readyCheckMs = options.readyCheckMs ?? 500;
  let checking = false;
  const readyTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    Promise.all(slots.map(checkReady)).finally(() => checking = false);
  }, readyCheckMs);

  let turn = 0;
  const upstreamPath = () => {
    const ready = slots.filter((slot) => slot.ready);
    const running = ready.length > 0 ? ready : slots.filter((slot) => slot.child);
    // No child at all: a path nothing listens on, so the guard answers 503.
    if (running.length === 0) return `${dir}/none.sock`;
    return running[turn++ % running.length].path;
  };

  start(slots[0]);
  let guard: ConnectionGuard;
  try {
    guard = publicGuard(options, { maxConnections, maxTurningAway }, upstreamPath);
  } catch (error) {
    stopping = true;
    clearInterval(readyTimer);
    for (const slot of slots) slot.child?.kill("SIGKILL");
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  logListening(logger, guard, descriptorLimit, { search_processes: options.count });

  const deadline = options.shutdownDeadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const cutOffAt = deadline - Math.min(2000, deadline / 4);
  const giveUpAt = deadline - Math.min(1500, deadline / 8);
  let onFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => onFinished = resolve);
  let closing: Promise<void> | undefined;
  const ended = () => Promise.all(slots.map((slot) => slot.child?.status));
  const within = (promise: Promise<unknown>, ms: number) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      promise.then(() => true, () => true),
      new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), Math.max(0, ms))),
    ]).finally(() => clearTimeout(timer));
  };
  const signal = (name: Deno.Signal) => {
    for (const slot of slots) {
      try {
        slot.child?.kill(name);
      } catch {
        // Already gone.
      }
    }
  };
  return {
    addr: guard.addr,
    maxConnections,
    finished,
    socketDir: dir,
    connections: () => ({ held: guard.size, refused: guard.refused }),
    processes: () =>
      slots.map((slot) => ({
        index: slot.index,
        pid: slot.child?.pid ?? null,
        ready: slot.ready,
        restarts: slot.restarts,
      })),
    close() {
      closing ??= (async () => {
        const started = performance.now();
        const left = (until: number) => until - (performance.now() - started);
        stopping = true;
        clearInterval(readyTimer);
        for (const slot of slots) clearTimeout(slot.timer);
        guard.stopAccepting();
        // Each child finishes its requests in flight and exits (its own shutdown is bounded too).
        signal("SIGTERM");
        if (!(await within(ended(), left(cutOffAt)))) {
          logger.warn("shutdown deadline near; closing the connections still open", {
            connections: guard.size,
            deadline_ms: deadline,
          });
          guard.closeAll();
          if (!(await within(ended(), left(giveUpAt) - 200))) {
            logger.warn("search processes still running at the deadline; killing them", {
              pids: slots.flatMap((slot) => slot.child ? [slot.child.pid] : []),
            });
            signal("SIGKILL");
            await within(ended(), 200);
          }
        }
        await guard.close();
        for (const slot of slots) slot.client.close();
        await Deno.remove(dir, { recursive: true }).catch(() => {});
        onFinished();
      })();
      return closing;
    },
  };
}

/**
 * A search process's side: the app on the Unix socket its parent chose (no guard: the parent's
 * guard bounds the connections and tells the peer's address), and `internal` on the private socket
 * beside it. `close()` lets requests in flight finish, within `shutdownDeadlineMs`.
 */
export function serveSearchProcess(
  handler: Deno.ServeHandler<Deno.UnixAddr>,
  internal: (request: Request) => Response | Promise<Response>,
  options: { path: string; logger: Logger; shutdownDeadlineMs?: number },
): ServedApp {
  const { path, logger } = options;
  // A socket file left by the process this one replaces (killed): binding would fail on it.
  for (const file of [path, internalSocketPath(path)]) {
    try {
      Deno.removeSync(file);
    } catch {
      // None.
    }
  }
  const app = Deno.serve({ transport: "unix", path, onListen: () => {} }, handler);
  const inside = Deno.serve(
    { transport: "unix", path: internalSocketPath(path), onListen: () => {} },
    internal,
  );
  logger.info("search process listening", { socket: path });
  const deadline = options.shutdownDeadlineMs ?? SHUTDOWN_DEADLINE_MS - 3000;
  let onFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => onFinished = resolve);
  let closing: Promise<void> | undefined;
  const stop = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([app.shutdown(), inside.shutdown()]).catch(() => {}),
      new Promise((resolve) => timer = setTimeout(resolve, deadline)),
    ]).finally(() => clearTimeout(timer));
    onFinished();
  };
  // Deno.serve's accept loop ends for good on a failed accept (src/http/serve_app.ts): the process
  // ends, and its parent starts a new one.
  app.finished.catch((error) => {
    logger.error("the app server stopped accepting; ending this search process", {
      ...errorFields(error),
    });
    closing ??= stop();
  });
  return {
    // The public address is the parent's; this process has only its socket.
    addr: { transport: "tcp", hostname: "", port: 0 },
    maxConnections: Infinity,
    finished,
    connections: () => ({ held: 0, refused: 0 }),
    close() {
      closing ??= stop();
      return closing;
    },
  };
}
