/**
 * Runs the real `jobseek` CLI as a subprocess with a private HOME and config file, so that tests
 * neither read nor write the person's own settings.
 *
 * @module
 */

import { loadConfig } from "../src/config.ts";

export const CLI_MAIN = new URL("../cli/main.ts", import.meta.url).pathname;

/**
 * What every `jobseek` process a test starts (tests/server_process.ts, the sandbox below) gets
 * beneath the test's own variables. The real JobSpy files are dated 2024 and February to June
 * 2026, and the tests' stores are filled with them or with postings of fixed dates: under the
 * default retention of 60 days, a search would find none of them, and more of them every month.
 * So the lifecycle is off unless a test turns it on (tests/lifecycle_servers_test.ts does).
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
  stdin?: string;
  env?: Record<string, string>;
  /**
   * Run through the checkout's `deno task jobseek` (from its directory) instead of `deno run`, as
   * the docs tell people to; `"quiet"` adds `-q`.
   */
  task?: "plain" | "quiet";
  /** Working directory; default: the sandbox HOME, or the checkout for `task`. */
  cwd?: string;
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
  run(args: string[], options?: CliRunOptions): Promise<CliRun>;
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

/** A temporary HOME and config location; `run` starts `deno run -A cli/main.ts ARGS`. */
export async function createCliSandbox(): Promise<CliSandbox> {
  const home = await Deno.makeTempDir({ prefix: "jobseek_cli_" });
  const configFile = `${home}/cfg/config.json`;
  const env: Record<string, string> = {
    ...TEST_PROCESS_ENV,
    PATH: Deno.env.get("PATH") ?? "",
    HOME: home,
    DENO_DIR: await realDenoDir(),
    // Likewise the embedding model: a sandbox HOME would fetch it again (105 MB) for every run.
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
      const command = options.task === undefined
        ? ["run", "--allow-all", CLI_MAIN, ...args]
        : ["task", ...(options.task === "quiet" ? ["-q"] : []), "jobseek", ...args];
      const child = new Deno.Command(Deno.execPath(), {
        args: command,
        // Plain runs start in the sandbox, so a command that creates files in its working
        // directory (a default ./data store) shows up there and nowhere else.
        cwd: options.cwd ?? (options.task === undefined ? home : CHECKOUT),
        clearEnv: true,
        env: { ...env, ...options.env },
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
        cmd: [Deno.execPath(), "run", "--allow-all", CLI_MAIN, ...args],
        env: { ...env, TERM: "xterm", ...options.env },
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
