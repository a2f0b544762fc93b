/**
 * JSON-lines logger. It writes to stderr only, so stdout stays free for the MCP stdio protocol and
 * for CLI output that scripts parse. The sink is injectable for tests.
 *
 * @module
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Receives each finished line; defaults to stderr. */
  write?: (line: string) => void;
}

const encoder = new TextEncoder();

function writeStderr(line: string): void {
  Deno.stderr.writeSync(encoder.encode(line + "\n"));
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const min = RANK[options.level ?? "info"];
  const write = options.write ?? writeStderr;
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < min) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  };
  return {
    debug: (msg, fields) => emit("debug", msg, fields),
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
  };
}

/**
 * The log fields describing an unexpected error: its name and message, and its stack (for the
 * operator; it never goes into a response).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { errorFields } from "./log.ts";
 *
 * assert.equal(errorFields(new TypeError("boom")).error, "TypeError: boom");
 * assert.deepEqual(errorFields("boom"), { error: "boom", stack: undefined });
 * ```
 */
export function errorFields(error: unknown): { error: string; stack: string | undefined } {
  return error instanceof Error
    ? { error: `${error.name}: ${error.message}`, stack: error.stack }
    : { error: String(error), stack: undefined };
}

/** A logger that drops everything, for tests and quiet tools. */
export const silentLogger: Logger = createLogger({ write: () => {} });
