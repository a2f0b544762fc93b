/**
 * Bounds what a client connection may hold: the TCP front of the server. `Deno.serve` has no
 * header, body or idle timeouts (measured with Deno 2.9: a connection that sends half a request
 * line, half a body, or nothing after a response is held for as long as the client likes, and one
 * stuck in a body keeps `shutdown()` from ever finishing). So the public port is this guard, which
 * forwards each connection to the app's `Deno.serve` on a private Unix socket, bounds each phase
 * of it (head, body, idle) and tells the app who the peer is (src/http/guarded_connection.ts).
 *
 * It holds at most `maxConnections` client connections (src/http/connection_cap.ts derives it from
 * the descriptor limit): one more is answered 503 and closed at once, never queued. A failed accept
 * or a failed connect to the app server (out of descriptors, most likely) costs that one connection
 * a 503 or a short wait in the backlog, never the accept loop or the process.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  GuardedConnection,
} from "./guarded_connection.ts";
import { fromLatin1 } from "./latin1.ts";
import { ThrottledWarning } from "./throttled_warning.ts";

/** How often each connection's phase is checked against its limit. */
const CHECK_EVERY_MS = 250;

export interface ConnectionGuardOptions {
  hostname: string;
  port: number;
  /**
   * The Unix socket the app's `Deno.serve` listens on, asked for each connection: the app server
   * is replaced on a new socket if it ever stops accepting (src/http/serve_app.ts).
   */
  upstreamPath: string | (() => string);
  limits?: Partial<ConnectionLimits>;
  /** Most client connections open at once; beyond it a connection is answered 503 and closed. */
  maxConnections?: number;
  /** Most connections over the cap being answered 503 at once; beyond it they are just closed. */
  maxTurningAway?: number;
  logger: Logger;
}

/** How long the accept loop pauses after a failed accept (EMFILE, ENFILE, ENOBUFS...). */
export const ACCEPT_BACKOFF_MS = 100;
/**
 * How long a connection being turned away may hold its descriptor. The 503 waits for the client's
 * first bytes (an HTTP client that gets an answer before it has sent its request reports a broken
 * connection, not the 503: measured with Deno's fetch); then the guard shuts its side and reads
 * and drops what the client still sends until the client closes (closing a socket with unread
 * bytes resets it, and a reset can destroy the 503 before the client reads it).
 */
const TURN_AWAY_MS = 500;
/**
 * Most connections being turned away at once, by default; more are closed the moment they are
 * accepted, without a 503. They come out of the cap's reserve (src/http/connection_cap.ts): without
 * a bound a burst of connects over the cap took as many descriptors again.
 */
const DEFAULT_MAX_TURNING_AWAY = 32;

function unavailable(reason: string): Uint8Array {
  const body = `Service unavailable: ${reason}; retry shortly.\n`;
  return fromLatin1(
    "HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 1\r\n" +
      `content-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  );
}

const AT_CAPACITY = unavailable("the server has too many open connections");
const UPSTREAM_DOWN = unavailable("the server cannot take this connection now");

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

/** The listening guard; see the module documentation. */
export class ConnectionGuard {
  readonly addr: Deno.NetAddr;
  readonly maxConnections: number;
  readonly #maxTurningAway: number;
  readonly #listener: Deno.TcpListener;
  readonly #connections = new Set<GuardedConnection>();
  readonly #upstreamPath: () => string;
  readonly #limits: ConnectionLimits;
  readonly #timer: ReturnType<typeof setInterval>;
  readonly #accepting: Promise<void>;
  readonly #atCapacity: ThrottledWarning;
  readonly #acceptFailed: ThrottledWarning;
  readonly #upstreamFailed: ThrottledWarning;
  /** Connections counted against the cap: adopted, or still connecting upstream. */
  #open = 0;
  /** Connections being answered 503, closed at once by {@linkcode closeAll}. */
  readonly #turningAway = new Set<Deno.Conn>();
  #turnedAway = 0;
  /** Connections over the cap closed without a 503: too many were being answered already. */
  #closedUnanswered = 0;
  #stopped = false;
  #closingAll = false;

  constructor(options: ConnectionGuardOptions) {
    this.#limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
    this.maxConnections = options.maxConnections ?? Infinity;
    this.#maxTurningAway = options.maxTurningAway ?? DEFAULT_MAX_TURNING_AWAY;
    const upstream = options.upstreamPath;
    this.#upstreamPath = typeof upstream === "string" ? () => upstream : upstream;
    this.#atCapacity = new ThrottledWarning(
      options.logger,
      "connection cap reached; answering new connections 503",
    );
    this.#acceptFailed = new ThrottledWarning(
      options.logger,
      "cannot accept a connection; retrying shortly",
    );
    this.#upstreamFailed = new ThrottledWarning(
      options.logger,
      "cannot reach the app server; answering 503",
    );
    const listener = Deno.listen({ hostname: options.hostname, port: options.port });
    this.#listener = listener;
    this.addr = listener.addr;
    this.#timer = setInterval(() => {
      const now = performance.now();
      for (const connection of this.#connections) connection.check(now);
    }, CHECK_EVERY_MS);
    this.#accepting = this.#acceptLoop();
  }

  /**
   * Accepts until stopped. A failed accept is never the end: running out of descriptors (EMFILE,
   * ENFILE) or kernel buffers passes once connections close, so the loop pauses and tries again,
   * and the clients meanwhile wait in the listen backlog.
   */
  async #acceptLoop(): Promise<void> {
    while (!this.#stopped) {
      let client: Deno.TcpConn;
      try {
        client = await this.#listener.accept();
      } catch (error) {
        if (this.#stopped || error instanceof Deno.errors.BadResource) return;
        this.#acceptFailed.note({
          error: error instanceof Error ? error.message : String(error),
          open: this.#open,
        });
        await new Promise((resolve) => setTimeout(resolve, ACCEPT_BACKOFF_MS));
        continue;
      }
      if (this.#open >= this.maxConnections) {
        this.#turnedAway++;
        this.#atCapacity.note({
          open: this.#open,
          max_connections: this.maxConnections,
          turned_away: this.#turnedAway,
          closed_unanswered: this.#closedUnanswered,
        });
        void this.#turnAway(client, AT_CAPACITY);
        continue;
      }
      this.#open++;
      this.#adopt(client).catch(() => closeQuietly(client)).finally(() => this.#open--);
    }
  }

  /** Answers a connection the guard will not serve with `response`, then closes it. */
  async #turnAway(client: Deno.Conn, response: Uint8Array): Promise<void> {
    if (this.#turningAway.size >= this.#maxTurningAway || this.#closingAll) {
      this.#closedUnanswered++;
      closeQuietly(client);
      return;
    }
    this.#turningAway.add(client);
    const timer = setTimeout(() => closeQuietly(client), TURN_AWAY_MS);
    try {
      const sink = new Uint8Array(4096);
      if ((await client.read(sink)) === null) return;
      await client.write(response);
      await client.closeWrite();
      while ((await client.read(sink)) !== null) { /* dropped */ }
    } catch {
      // Gone, reset, or closed by the timer.
    } finally {
      clearTimeout(timer);
      closeQuietly(client);
      this.#turningAway.delete(client);
    }
  }

  async #adopt(client: Deno.TcpConn): Promise<void> {
    let upstream: Deno.Conn;
    try {
      client.setNoDelay(true);
      upstream = await Deno.connect({ transport: "unix", path: this.#upstreamPath() });
    } catch (error) {
      this.#upstreamFailed.note({ error: error instanceof Error ? error.message : String(error) });
      await this.#turnAway(client, UPSTREAM_DOWN);
      return;
    }
    if (this.#closingAll) {
      closeQuietly(upstream);
      closeQuietly(client);
      return;
    }
    const peer = (client.remoteAddr as Deno.NetAddr).hostname;
    const connection = new GuardedConnection(client, upstream, peer, this.#limits);
    this.#connections.add(connection);
    try {
      await connection.run();
    } finally {
      connection.close();
      this.#connections.delete(connection);
    }
  }

  /** Connections open now (adopted or connecting upstream). */
  get size(): number {
    return this.#open;
  }

  /** Connections refused at the cap since start (answered 503 or closed unanswered). */
  get refused(): number {
    return this.#turnedAway;
  }

  /** Stops accepting; connections go on until they end or {@linkcode closeAll}. */
  stopAccepting(): void {
    this.#stopped = true;
    try {
      this.#listener.close();
    } catch {
      // Already closed.
    }
  }

  /** Closes every connection, whatever it is doing. */
  closeAll(): void {
    this.#closingAll = true;
    for (const connection of this.#connections) connection.close();
    for (const client of this.#turningAway) closeQuietly(client);
  }

  async close(): Promise<void> {
    this.stopAccepting();
    this.closeAll();
    clearInterval(this.#timer);
    await this.#accepting;
  }
}
