/**
 * What a `jobseek` run reads and writes besides files and the network: its environment, working
 * directory, stdin, stdout, stderr and signals. Every command gets them from the {@linkcode CliIo}
 * that `runCli` (cli/main.ts) is given and touches none of the process's own: the process entry
 * passes the real ones (cli/process_io.ts, the one module of `cli/` that reads them), a test its
 * own, so a command runs inside a test's worker with a fake environment and captured output.
 *
 * @module
 */
import type { Env } from "./config_file.ts";

/** Where a command writes text: stdout or stderr. */
export interface CliOutput {
  /** Writes all of `text` (add the newline yourself). */
  write(text: string): Promise<void>;
  /** The same, synchronously: for log lines and progress drawn between awaits. */
  writeSync(text: string): void;
  /** Whether it is a terminal: a progress bar is redrawn in place, a table fits its width. */
  isTerminal(): boolean;
  /** The terminal's width in columns; undefined when it is not a terminal or reports none. */
  columns(): number | undefined;
}

/** Where a command reads piped input (an API key) from. */
export interface CliInput {
  /** Its bytes; read only by a command that needs them. */
  readonly readable: ReadableStream<Uint8Array>;
  /**
   * Whether it is a terminal: then `configure` prompts (masked) on the terminal instead of reading
   * a line.
   */
  isTerminal(): boolean;
}

export interface CliIo {
  /** The environment the settings are resolved from (cli/resolve_config.ts). */
  env: Readonly<Env>;
  /**
   * The directory the person ran the command in: relative paths they give (a store, a file to
   * import, a CV) are resolved here. Under `deno task` it is `INIT_CWD`, not the checkout the task
   * runs in.
   */
  cwd: string;
  /**
   * Where the store of the default location (`./data/jobseek.sqlite3`) lies: the checkout
   * `deno task jobseek` and `deno task serve` run in, so that both find one store from any folder.
   * `cwd` when absent.
   */
  projectDir?: string;
  stdin: CliInput;
  stdout: CliOutput;
  stderr: CliOutput;
  /**
   * Calls `handler` when the process is asked to stop (SIGINT, SIGTERM), for the servers; returns
   * what stops listening.
   */
  onStopSignal(handler: () => void): () => void;
}

/**
 * `path` as an absolute path, relative ones taken from `cwd`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(resolvePath("/srv", "data/x.sqlite3"), "/srv/data/x.sqlite3");
 * assert.equal(resolvePath("/srv", "./x.csv"), "/srv/x.csv");
 * assert.equal(resolvePath("/", "x.csv"), "/x.csv");
 * assert.equal(resolvePath("/srv", "/tmp/x.csv"), "/tmp/x.csv");
 * ```
 */
export function resolvePath(cwd: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${cwd === "/" ? "" : cwd.replace(/\/+$/, "")}/${path.replace(/^(\.\/)+/, "")}`;
}

/** Columns available for a table: the terminal's width, or 120 when stdout is not a terminal. */
export function outputWidth(out: CliOutput): number {
  return (out.isTerminal() ? out.columns() : undefined) ?? 120;
}

/** Writes each line to `out` with its newline: a logger's sink (`createLogger({ write })`). */
export function lineWriter(out: CliOutput): (line: string) => void {
  return (line) => out.writeSync(`${line}\n`);
}
