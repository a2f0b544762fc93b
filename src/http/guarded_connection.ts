/**
 * One connection through the connection guard (src/http/connection_guard.ts), which follows HTTP/1.1
 * framing just far enough to know which phase the connection is in:
 *
 * - head: from a request's first byte until its header block ends, at most `headerTimeoutMs`
 *   and `maxHeaderBytes` (answered 408 / 431, then closed);
 * - body: from the end of the head until the last byte of its `Content-Length` or chunked body,
 *   at most `bodyTimeoutMs` plus the time the body takes at `minBodyBytesPerSecond` (its declared
 *   length, or for a chunked body what has come so far), so an honest slow upload of a large push
 *   finishes (closed past it: the app sees the client go away);
 * - idle: no byte either way for `idleTimeoutMs` while no request is being sent (closed).
 *
 * It also tells the app who the peer is (the socket's peer is the guard): it removes any
 * `x-jobseek-peer` header a client sent and adds its own. A request whose framing it cannot follow
 * the way the HTTP server would (src/http/request_framing.ts) is answered 400 and closed, so that
 * guard and server never disagree on where a request ends.
 *
 * @module
 */
import { fromLatin1, latin1 } from "./latin1.ts";
import { ChunkedBodyReader, type RequestFraming, requestFraming } from "./request_framing.ts";

/** The header carrying the client's address from the guard to the app. */
export const PEER_HEADER = "x-jobseek-peer";

export interface ConnectionLimits {
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  /**
   * The slowest upload taken as honest: a body gets `bodyTimeoutMs` plus its length at this rate.
   * Unset: {@link MIN_BODY_BYTES_PER_SECOND}.
   */
  minBodyBytesPerSecond?: number;
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

/**
 * 32 KiB/s: a 32 MiB push (the push limit) may take 30 s + 1,024 s, so one at 200 KB/s (168 s)
 * or a 2 MiB one at 50 KB/s (42 s) finishes, while a client that declares a large body and sends
 * nothing holds its connection no longer than its length allows (and counts against its
 * address's share of the connections, src/http/connection_guard.ts).
 */
export const MIN_BODY_BYTES_PER_SECOND = 32 * 1024;

const CRLF2 = "\r\n\r\n";
/**
 * Each direction's read buffer. Every open connection holds two, and the cap lets one client open
 * thousands: with 64 KiB towards the client a held connection cost ~105 KiB of memory (measured:
 * 6,000 half-sent requests, +630 MB); responses larger than this just take more reads.
 */
const READ_BUFFER_BYTES = 16 * 1024;

function plainResponse(status: string): Uint8Array {
  return fromLatin1(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/**
 * One client connection and its upstream twin: forwards both ways, follows the phase the client is
 * in, and closes (or answers and closes) what outlasts its phase's limit; see the module
 * documentation. {@linkcode GuardedConnection.check} is called on a timer by its owner.
 */
export class GuardedConnection {
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
  #framing: RequestFraming = { kind: "none" };
  #chunked: ChunkedBodyReader | null = null;
  /** The current body's declared length (0 for chunked) and the bytes of it received so far. */
  #bodyDeclared = 0;
  #bodyReceived = 0;

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
    } else if (this.phase === "body" && now - this.phaseSince > this.#bodyAllowanceMs()) {
      this.close();
    } else if (this.phase === "idle" && now - this.lastActivity > limits.idleTimeoutMs) {
      this.close();
    }
  }

  /** How long the current body may take: the base, plus its length at the slowest honest rate. */
  #bodyAllowanceMs(): number {
    const rate = this.#limits.minBodyBytesPerSecond ?? MIN_BODY_BYTES_PER_SECOND;
    const bytes = Math.max(this.#bodyDeclared, this.#bodyReceived);
    return this.#limits.bodyTimeoutMs + (bytes / rate) * 1000;
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
        this.#framing = requestFraming(lines);
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
          this.#chunked = this.#framing.kind === "chunked" ? new ChunkedBodyReader() : null;
          this.#bodyDeclared = this.#framing.kind === "length" ? this.#framing.left : 0;
          this.#bodyReceived = 0;
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
      this.#bodyReceived += used;
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
