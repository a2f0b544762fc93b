/**
 * Bounds what a client connection may hold: the TCP front of the server. `Deno.serve` has no
 * header, body or idle timeouts (measured with Deno 2.9: a connection that sends half a request
 * line, half a body, or nothing after a response is held for as long as the client likes, and one
 * stuck in a body keeps `shutdown()` from ever finishing). So the public port is this guard, which
 * forwards each connection to the app's `Deno.serve` on a private Unix socket and follows HTTP/1.1
 * framing just far enough to know which phase a connection is in:
 *
 * - head: from a request's first byte until its header block ends, at most `headerTimeoutMs`
 *   and `maxHeaderBytes` (answered 408 / 431, then closed);
 * - body: from the end of the head until the last byte of its `Content-Length` or chunked body,
 *   at most `bodyTimeoutMs` (closed: the app sees the client go away);
 * - idle: no byte either way for `idleTimeoutMs` while no request is being sent (closed).
 *
 * It also tells the app who the peer is (the socket's peer is the guard): it removes any
 * `x-jobseek-peer` header a client sent and adds its own. A request whose framing it cannot follow
 * the way the HTTP server would (both Content-Length and Transfer-Encoding, several lengths, a
 * transfer coding other than chunked) is answered 400 and closed, so that guard and server never
 * disagree on where a request ends.
 *
 * It holds at most `maxConnections` client connections (src/http/connection_cap.ts derives it from
 * the descriptor limit): one more is answered 503 and closed at once, never queued. A failed accept
 * or a failed connect to the app server (out of descriptors, most likely) costs that one connection
 * a 503 or a short wait in the backlog, never the accept loop or the process.
 *
 * @module
 */
import type { Logger } from "../log.ts";

/** The header carrying the client's address from the guard to the app. */
export const PEER_HEADER = "x-jobseek-peer";

export interface ConnectionLimits {
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  idleTimeoutMs: number;
  maxHeaderBytes: number;
}

/**
 * Defaults: a person's client sends a whole head in milliseconds and a body of at most 192 KiB
 * in well under a second; 10 s and 30 s leave room for bad networks without letting anyone
 * hold a connection for long. Idle keep-alive connections are cheap for clients to reopen.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxHeaderBytes: 32 * 1024,
};

const CRLF2 = "\r\n\r\n";
/**
 * Each direction's read buffer. Every open connection holds two, and the cap lets one client open
 * thousands: with 64 KiB towards the client a held connection cost ~105 KiB of memory (measured:
 * 6,000 half-sent requests, +630 MB); responses larger than this just take more reads.
 */
const READ_BUFFER_BYTES = 16 * 1024;
const CHECK_EVERY_MS = 250;

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return text;
}

function fromLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function plainResponse(status: string): Uint8Array {
  return fromLatin1(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

type Framing = { kind: "none" } | { kind: "length"; left: number } | { kind: "chunked" } | {
  kind: "bad";
};

/** The body framing a head declares, or "bad" where a proxy and the server might disagree. */
function framingOf(headLines: string[]): Framing {
  let length: string | undefined;
  let encoding: string | undefined;
  for (const line of headLines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") {
      if (length !== undefined && length !== value) return { kind: "bad" };
      length = value;
    } else if (name === "transfer-encoding") {
      if (encoding !== undefined) return { kind: "bad" };
      encoding = value.toLowerCase();
    }
  }
  if (encoding !== undefined) {
    return length === undefined && encoding === "chunked" ? { kind: "chunked" } : { kind: "bad" };
  }
  if (length === undefined) return { kind: "none" };
  if (!/^\d{1,15}$/.test(length)) return { kind: "bad" };
  const left = Number(length);
  return left === 0 ? { kind: "none" } : { kind: "length", left };
}

/** Follows a chunked body to its end: sizes, data, CRLFs, the last chunk and its trailers. */
class ChunkedReader {
  #state: "size" | "data" | "data-crlf" | "trailer" = "size";
  #line = "";
  #left = 0;

  /** Consumes bytes; returns how many belong to the body, or -1 when the framing is bad. */
  feed(bytes: Uint8Array, from: number): { used: number; done: boolean } | null {
    let i = from;
    while (i < bytes.length) {
      if (this.#state === "data") {
        const take = Math.min(this.#left, bytes.length - i);
        i += take;
        this.#left -= take;
        if (this.#left === 0) this.#state = "data-crlf";
        continue;
      }
      const byte = bytes[i++];
      this.#line += String.fromCharCode(byte);
      if (this.#line.length > 4096) return null;
      if (!this.#line.endsWith("\r\n")) continue;
      const line = this.#line.slice(0, -2);
      this.#line = "";
      if (this.#state === "data-crlf") {
        if (line !== "") return null;
        this.#state = "size";
      } else if (this.#state === "size") {
        const size = line.split(";")[0].trim();
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) return null;
        this.#left = parseInt(size, 16);
        this.#state = this.#left === 0 ? "trailer" : "data";
      } else if (line === "") {
        return { used: i - from, done: true };
      }
    }
    return { used: i - from, done: false };
  }
}

/** One client connection and its upstream twin. */
class GuardedConnection {
  phase: "idle" | "head" | "body" = "idle";
  /** When the current phase's clock started (ms, performance.now()). */
  phaseSince = performance.now();
  lastActivity = performance.now();
  closed = false;
  readonly #client: Deno.Conn;
  readonly #upstream: Deno.Conn;
  readonly #peer: string;
  readonly #limits: ConnectionLimits;
  #head = "";
  #framing: Framing = { kind: "none" };
  #chunked: ChunkedReader | null = null;

  constructor(client: Deno.Conn, upstream: Deno.Conn, peer: string, limits: ConnectionLimits) {
    this.#client = client;
    this.#upstream = upstream;
    this.#peer = peer;
    this.#limits = limits;
  }

  async run(): Promise<void> {
    await Promise.all([this.#clientToUpstream(), this.#upstreamToClient()]);
    this.close();
  }

  /** Closes both sides, once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const conn of [this.#client, this.#upstream]) {
      try {
        conn.close();
      } catch {
        // Already closed by the other side.
      }
    }
  }

  /** Answers `status` itself and closes (only before anything of the request went upstream). */
  async refuse(status: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.#client.write(plainResponse(status));
    } catch {
      // The client is gone: nothing to tell it.
    }
    this.close();
  }

  /** Closes the connection if its phase has lasted too long. */
  check(now: number): void {
    if (this.closed) return;
    const limits = this.#limits;
    if (this.phase === "head" && now - this.phaseSince > limits.headerTimeoutMs) {
      this.refuse("408 Request Timeout");
    } else if (this.phase === "body" && now - this.phaseSince > limits.bodyTimeoutMs) {
      this.close();
    } else if (this.phase === "idle" && now - this.lastActivity > limits.idleTimeoutMs) {
      this.close();
    }
  }

  #enter(phase: "idle" | "head" | "body"): void {
    this.phase = phase;
    this.phaseSince = performance.now();
  }

  async #clientToUpstream(): Promise<void> {
    const buffer = new Uint8Array(READ_BUFFER_BYTES);
    try {
      while (!this.closed) {
        const n = await this.#client.read(buffer);
        if (n === null) break;
        this.lastActivity = performance.now();
        if (!(await this.#forward(buffer.subarray(0, n)))) return;
      }
    } catch {
      // Reset by the client or closed by a timeout.
    }
    this.close();
  }

  /** Follows the framing of `bytes` and sends them on; false once the connection was refused. */
  async #forward(bytes: Uint8Array): Promise<boolean> {
    let at = 0;
    while (at < bytes.length) {
      if (this.phase === "idle") this.#enter("head");
      if (this.phase === "head") {
        const chunk = latin1(bytes.subarray(at));
        const searchFrom = Math.max(0, this.#head.length - 3);
        this.#head += chunk;
        const end = this.#head.indexOf(CRLF2, searchFrom);
        if (end < 0) {
          if (this.#head.length > this.#limits.maxHeaderBytes) {
            await this.refuse("431 Request Header Fields Too Large");
            return false;
          }
          return true;
        }
        if (end + 4 > this.#limits.maxHeaderBytes) {
          await this.refuse("431 Request Header Fields Too Large");
          return false;
        }
        const consumed = chunk.length - (this.#head.length - (end + 4));
        const lines = this.#head.slice(0, end).split("\r\n");
        this.#head = "";
        at += consumed;
        this.#framing = framingOf(lines.slice(1));
        if (this.#framing.kind === "bad") {
          await this.refuse("400 Bad Request");
          return false;
        }
        const kept = lines.filter((line, i) =>
          i === 0 || !line.toLowerCase().startsWith(`${PEER_HEADER}:`)
        );
        kept.push(`${PEER_HEADER}: ${this.#peer}`);
        await this.#upstream.write(fromLatin1(kept.join("\r\n") + CRLF2));
        if (this.#framing.kind === "none") this.#enter("idle");
        else {
          this.#chunked = this.#framing.kind === "chunked" ? new ChunkedReader() : null;
          this.#enter("body");
        }
        continue;
      }
      // Body.
      let used: number;
      let done: boolean;
      if (this.#chunked) {
        const fed = this.#chunked.feed(bytes, at);
        if (fed === null) {
          this.close();
          return false;
        }
        ({ used, done } = fed);
      } else {
        const framing = this.#framing as { kind: "length"; left: number };
        used = Math.min(framing.left, bytes.length - at);
        framing.left -= used;
        done = framing.left === 0;
      }
      await this.#upstream.write(bytes.subarray(at, at + used));
      at += used;
      if (done) {
        this.#chunked = null;
        this.#enter("idle");
      }
    }
    return true;
  }

  async #upstreamToClient(): Promise<void> {
    const buffer = new Uint8Array(READ_BUFFER_BYTES);
    try {
      while (!this.closed) {
        const n = await this.#upstream.read(buffer);
        if (n === null) break;
        this.lastActivity = performance.now();
        let written = 0;
        while (written < n) written += await this.#client.write(buffer.subarray(written, n));
      }
    } catch {
      // One side went away.
    }
    this.close();
  }
}

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
/** A repeated warning (cap reached, accept failing) is logged at most this often, with a count. */
const WARN_EVERY_MS = 10_000;

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

/** Logs the first of a kind of event at once, then at most every WARN_EVERY_MS with a count. */
class ThrottledWarning {
  readonly #logger: Logger;
  readonly #msg: string;
  #last = -Infinity;
  #suppressed = 0;

  constructor(logger: Logger, msg: string) {
    this.#logger = logger;
    this.#msg = msg;
  }

  note(fields: Record<string, unknown> = {}): void {
    const now = performance.now();
    if (now - this.#last < WARN_EVERY_MS) {
      this.#suppressed++;
      return;
    }
    this.#logger.warn(this.#msg, { ...fields, since_last_warning: this.#suppressed });
    this.#last = now;
    this.#suppressed = 0;
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
