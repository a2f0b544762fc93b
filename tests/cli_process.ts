/**
 * Runs the `jobseek` CLI with a private HOME and config file, so that tests neither read nor write
 * the person's own settings: in this worker through its one entry, `runCli(args, io)`, with a fake
 * environment, working directory and stdin and the output captured (`run`: a test about what a
 * command does), or as the real process (`runProcess`, and `runInTerminal` in a pseudo-terminal:
 * a test about the process itself, its exit status, its streams, `deno task`, prompts).
 *
 * A run in the worker costs the command's own work; a process costs about 0.2 CPU-seconds more,
 * Deno starting and loading modules (docs/testing.md, "Where the suite's time goes").
 *
 * @module
 */

import type { CliIo, CliOutput } from "../cli/io.ts";
import { loadConfig } from "../src/config.ts";

export const CLI_MAIN = new URL("../cli/main.ts", import.meta.url).pathname;

/**
 * How a test starts Deno on a script of ours: every permission, and the npm packages taken from
 * node_modules as they are. The test run (deno.json's `"nodeModulesDir": "auto"`) has put them
 * there before its first test; a child left on "auto" would check every package's folder again,
 * 0.25 CPU-seconds and more than half of a CLI command's start (docs/testing.md).
 */
export const DENO_RUN: readonly string[] = ["run", "--allow-all", "--node-modules-dir=manual"];

/**
 * What every `jobseek` run of a test, process or in the worker (tests/server_process.ts, the
 * sandbox below, `runCliInWorker`), gets beneath the test's own variables. The real JobSpy files
 * are dated 2024 and February to June 2026, and the tests' stores are filled with them or with
 * postings of fixed dates: under the default retention of 60 days, a search would find none of
 * them, and more of them every month. So the lifecycle is off unless a test turns it on
 * (tests/lifecycle_servers_test.ts does).
 */
export const TEST_PROCESS_ENV: Readonly<Record<string, string>> = Object.freeze({
  JOBSEEK_RETENTION_DAYS: "0",
  JOBSEEK_PURGE_AFTER_DAYS: "0",
});
const CHECKOUT = new URL("..", import.meta.url).pathname;
const PTY_DRIVER = new URL("./pty_driver.py", import.meta.url).pathname;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** What stdin holds; it ends after it (empty when unset), and is never a terminal. */
  stdin?: string;
  env?: Record<string, string>;
  /** Working directory; default: the sandbox HOME (for `runProcess` with `task`, the checkout). */
  cwd?: string;
}

export interface CliProcessRunOptions extends CliRunOptions {
  /** The script `deno run` runs: `cli/main.ts` (the default) or the checkout's `main.ts`. */
  entry?: "cli/main.ts" | "main.ts";
  /**
   * Run through the checkout's `deno task jobseek` (from its directory) instead of `deno run`, as
   * the docs tell people to; `"quiet"` adds `-q`.
   */
  task?: "plain" | "quiet";
}

/** One exchange with a prompt: wait until `expect` is on the terminal, then type `send`. */
export interface TerminalStep {
  expect: string;
  send: string;
}

export interface TerminalRun {
  code: number;
  /** Everything the terminal showed (prompts, echo, messages; stdout and stderr together). */
  output: string;
  /** Prompts that never appeared. */
  stepsLeft: string[];
}

export interface CliSandbox {
  home: string;
  /** `JOBSEEK_CONFIG` of every run. */
  configFile: string;
  /** Where the machine-local secret lands (`$HOME/.config/jobseek/.secret`). */
  secretFile: string;
  /** The environment the CLI sees (without per-run extras), for calling cli/ modules directly. */
  env: Record<string, string>;
  /** Runs `jobseek ARGS` in this worker (`runCli` with a {@linkcode captureIo}). */
  run(args: string[], options?: CliRunOptions): Promise<CliRun>;
  /**
   * Runs `jobseek ARGS` as the real process: `cli/main.ts ARGS` under {@linkcode DENO_RUN}, or
   * `deno task jobseek ARGS` as a person types it. Its Deno cache is the real one (a sandbox HOME
   * would fetch every package's metadata again).
   */
  runProcess(args: string[], options?: CliProcessRunOptions): Promise<CliRun>;
  /** Runs the CLI in a pseudo-terminal (tests/pty_driver.py) and types the steps into it. */
  runInTerminal(
    args: string[],
    steps: TerminalStep[],
    options?: { columns?: number; env?: Record<string, string> },
  ): Promise<TerminalRun>;
  [Symbol.asyncDispose](): Promise<void>;
}

let denoDir: Promise<string> | undefined;

/**
 * Deno keeps its package cache under HOME by default; a sandbox HOME would make every run fetch
 * package metadata again, so runs get the real cache directory.
 */
function realDenoDir(): Promise<string> {
  denoDir ??= (async () => {
    const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
    return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as string;
  })();
  return denoDir;
}

/** A run's I/O for `runCli` in a test, and what the run wrote. */
export interface CapturedIo {
  io: CliIo;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
}

function capture(): { output: CliOutput; text(): string } {
  let text = "";
  return {
    output: {
      write(chunk) {
        text += chunk;
        return Promise.resolve();
      },
      writeSync(chunk) {
        text += chunk;
      },
      isTerminal: () => false,
      columns: () => undefined,
    },
    text: () => text,
  };
}

/**
 * I/O for a run of `runCli` inside a test: `env` as the whole environment, `cwd` as the working
 * directory, `stdin` as what is piped in (it ends after it; empty when unset), stdout and stderr
 * captured, none of them a terminal (as a subprocess's pipes), and no stop signals.
 */
export function captureIo(
  { env, cwd, stdin = "" }: {
    env: Record<string, string | undefined>;
    cwd: string;
    stdin?: string;
  },
): CapturedIo {
  const out = capture();
  const err = capture();
  let readable: ReadableStream<Uint8Array> | undefined;
  return {
    io: {
      env: { ...env },
      cwd,
      stdin: {
        get readable() {
          readable ??= ReadableStream.from([new TextEncoder().encode(stdin)]);
          return readable;
        },
        isTerminal: () => false,
      },
      stdout: out.output,
      stderr: err.output,
      onStopSignal: () => () => {},
    },
    stdout: out.text,
    stderr: err.text,
  };
}

/**
 * A temporary HOME and config location; `run` runs `jobseek ARGS` in this worker, `runProcess`
 * starts `deno run -A cli/main.ts ARGS`.
 */
export async function createCliSandbox(): Promise<CliSandbox> {
  const home = await Deno.makeTempDir({ prefix: "jobseek_cli_" });
  const configFile = `${home}/cfg/config.json`;
  const env: Record<string, string> = {
    ...TEST_PROCESS_ENV,
    PATH: Deno.env.get("PATH") ?? "",
    HOME: home,
    // A sandbox HOME would fetch the embedding model again (105 MB) for every run: the real folder.
    JOBSEEK_MODEL_DIR: loadConfig(Deno.env.toObject()).modelDir,
    NO_COLOR: "1",
    JOBSEEK_CONFIG: configFile,
  };
  return {
    home,
    configFile,
    secretFile: `${home}/.config/jobseek/.secret`,
    env,
    async run(args, options = {}) {
      const run = captureIo({
        env: { ...env, ...options.env },
        cwd: options.cwd ?? home,
        stdin: options.stdin,
      });
      const code = await runCliHere(args, run.io);
      return { code, stdout: run.stdout(), stderr: run.stderr() };
    },
    async runProcess(args, options = {}) {
      const command = options.task === undefined
        ? [
          ...DENO_RUN,
          new URL(`../${options.entry ?? "cli/main.ts"}`, import.meta.url).pathname,
          ...args,
        ]
        : ["task", ...(options.task === "quiet" ? ["-q"] : []), "jobseek", ...args];
      const child = new Deno.Command(Deno.execPath(), {
        args: command,
        // Plain runs start in the sandbox, so a command that creates files in its working
        // directory (a default ./data store) shows up there and nowhere else.
        cwd: options.cwd ?? (options.task === undefined ? home : CHECKOUT),
        clearEnv: true,
        env: { ...env, DENO_DIR: await realDenoDir(), ...options.env },
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      if (options.stdin !== undefined) await writer.write(new TextEncoder().encode(options.stdin));
      await writer.close();
      const out = await child.output();
      return {
        code: out.code,
        stdout: new TextDecoder().decode(out.stdout),
        stderr: new TextDecoder().decode(out.stderr),
      };
    },
    async runInTerminal(args, steps, options = {}) {
      const spec = {
        cmd: [Deno.execPath(), ...DENO_RUN, CLI_MAIN, ...args],
        env: { ...env, DENO_DIR: await realDenoDir(), TERM: "xterm", ...options.env },
        cols: options.columns ?? 80,
        cwd: home,
        steps,
        timeout: 60,
      };
      const out = await new Deno.Command("python3", {
        args: [PTY_DRIVER, JSON.stringify(spec)],
        stdout: "piped",
        stderr: "inherit",
      }).output();
      const result = JSON.parse(new TextDecoder().decode(out.stdout));
      return { code: result.code, output: result.output, stepsLeft: result.steps_left };
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(home, { recursive: true });
    },
  };
}

/**
 * Runs `jobseek ARGS` in this worker with `env` over this process's environment and
 * {@linkcode TEST_PROCESS_ENV}, in this process's working directory, stdin empty: what `runCli`
 * of tests/server_process.ts does with a process, for a test about what a command does.
 */
export async function runCliInWorker(
  args: string[],
  env: Record<string, string>,
): Promise<CliRun> {
  const run = captureIo({
    env: { ...Deno.env.toObject(), ...TEST_PROCESS_ENV, NO_COLOR: "1", ...env },
    cwd: Deno.cwd(),
  });
  const code = await runCliHere(args, run.io);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/**
 * `runCli` of cli/main.ts, loaded on the first run: a worker that only starts server processes
 * (tests/server_process.ts imports this module) need not load the CLI.
 */
async function runCliHere(args: string[], io: CliIo): Promise<number> {
  const { runCli } = await import("../cli/main.ts");
  return await runCli(args, io);
}
