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
import { addressPrefix } from "./address_limit.ts";
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
  /**
   * Most connections open at once from one client address, and from one network (an IPv4 /24, an
   * IPv6 /64); beyond them a connection is answered 503 and closed, so that one client cannot take
   * the whole cap. Unset: {@link shareOfConnections} of `maxConnections`.
   */
  maxPerAddress?: number;
  maxPerNetwork?: number;
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
const ADDRESS_AT_CAPACITY = unavailable("too many connections are open from your address");

/**
 * Each client's share of the connections: a tenth of the cap per address (at least 16: a browser
 * opens 6 per host, a feeder a few more) and a quarter per network, so that one address, or one
 * host holding a whole IPv6 /64 or neighbouring IPv4 addresses, leaves most of the door to others.
 * Behind a reverse proxy every client has the proxy's address: raise both there
 * (`JOBSEEK_MAX_CONNECTIONS_PER_ADDRESS`, docs/operations.md).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(shareOfConnections(277), { perAddress: 27, perNetwork: 69 });
 * assert.deepEqual(shareOfConnections(42), { perAddress: 16, perNetwork: 16 });
 * assert.deepEqual(shareOfConnections(4), { perAddress: 4, perNetwork: 4 });
 * ```
 */
export function shareOfConnections(maxConnections: number): {
  perAddress: number;
  perNetwork: number;
} {
  if (!Number.isFinite(maxConnections)) return { perAddress: Infinity, perNetwork: Infinity };
  const perAddress = Math.min(maxConnections, Math.max(16, Math.floor(maxConnections / 10)));
  const perNetwork = Math.min(maxConnections, Math.max(perAddress, Math.floor(maxConnections / 4)));
  return { perAddress, perNetwork };
}
const UPSTREAM_DOWN = unavailable("the server cannot take this connection now");

function count(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

/** The listening guard; see the module documentation. */
/**
 * The listening socket, or an error that names the address: "Address already in use (os error
 * 98)" alone did not say which port (an operator's trial, session 57).
 */
function listenOn(hostname: string, port: number): Deno.TcpListener {
  try {
    return Deno.listen({ hostname, port });
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new Error(
        `Cannot listen on ${hostname}:${port}: another process is listening there (give another ` +
          "port with --port or PORT)",
      );
    }
    if (error instanceof Deno.errors.PermissionDenied) {
      throw new Error(
        `Cannot listen on ${hostname}:${port}: not permitted (ports below 1024 need privileges)`,
      );
    }
    throw error;
  }
}

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
  readonly maxPerAddress: number;
  readonly maxPerNetwork: number;
  /** Open connections by client address and by network (`addressPrefix`). */
  readonly #byAddress = new Map<string, number>();
  readonly #byNetwork = new Map<string, number>();
  readonly #addressAtCapacity: ThrottledWarning;
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
    const share = shareOfConnections(this.maxConnections);
    this.maxPerAddress = options.maxPerAddress ?? share.perAddress;
    this.maxPerNetwork = Math.max(options.maxPerNetwork ?? share.perNetwork, this.maxPerAddress);
    this.#addressAtCapacity = new ThrottledWarning(
      options.logger,
      "an address reached its share of the connections; answering its new connections 503",
    );
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
    const listener = listenOn(options.hostname, options.port);
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
      const address = (client.remoteAddr as Deno.NetAddr).hostname;
      const network = addressPrefix(address);
      if (
        (this.#byAddress.get(address) ?? 0) >= this.maxPerAddress ||
        (this.#byNetwork.get(network) ?? 0) >= this.maxPerNetwork
      ) {
        this.#turnedAway++;
        this.#addressAtCapacity.note({
          address,
          network,
          open_from_address: this.#byAddress.get(address) ?? 0,
          open_from_network: this.#byNetwork.get(network) ?? 0,
          max_per_address: this.maxPerAddress,
          max_per_network: this.maxPerNetwork,
        });
        void this.#turnAway(client, ADDRESS_AT_CAPACITY);
        continue;
      }
      this.#open++;
      count(this.#byAddress, address, 1);
      count(this.#byNetwork, network, 1);
      this.#adopt(client).catch(() => closeQuietly(client)).finally(() => {
        this.#open--;
        count(this.#byAddress, address, -1);
        count(this.#byNetwork, network, -1);
      });
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
      const first = this.#upstreamPath();
      upstream = await Deno.connect({ transport: "unix", path: first }).catch((error) => {
        // Several upstreams (src/http/search_processes.ts): one that just ended is not known to
        // be gone yet, and another may take the connection.
        const next = this.#upstreamPath();
        if (next === first) throw error;
        return Deno.connect({ transport: "unix", path: next });
      });
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
