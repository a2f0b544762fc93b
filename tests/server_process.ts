/**
 * Real `jobseek serve` processes for tests that need what only separate processes show: several
 * servers on one store file, signals, and connections held open by misbehaving clients.
 *
 * @module
 */
import type { RunServerOptions } from "../cli/commands/serve.ts";
import type { CliIo } from "../cli/io.ts";
import { CLI_MAIN, DENO_RUN, TEST_PROCESS_ENV } from "./cli_process.ts";

export interface ServerProcess {
  url: string;
  port: number;
  /** Same as `url`: lets helpers written for the in-process test server take a process too. */
  origin: string;
  /** fetch over the network to this process; a path (`/healthz`) is resolved against `url`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  pid: number;
  /** Parsed JSON log lines so far (stderr). */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number>;
  /** Resolves once `/healthz` answers 200; rejects after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: Deno.Signal, graceMs?: number): Promise<{ code: number; ms: number }>;
}

/**
 * `JOBSEEK_PUBLISH_LEASE_MS` for tests that kill a server holding the publish lease: the others
 * wait this long for it to run out (30 s by default), and a server started after the kill is
 * usually serving before then, so it too finds the lease held.
 */
export const TEST_PUBLISH_LEASE_MS = 5000;

/**
 * Starts `jobseek serve` on 127.0.0.1 and a free port with `env` on top of this process's
 * environment (seeding, the bootstrap key and the lifecycle off unless `env` says otherwise).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    startTimeoutMs?: number;
    /** Runs the server under `ulimit -n` of this (soft and hard: Deno raises soft to hard). */
    descriptorLimit?: number;
  } = {},
): Promise<ServerProcess> {
  const serve = [Deno.execPath(), ...DENO_RUN, CLI_MAIN, "serve"];
  // `exec` keeps the pid the server's own, so signals reach it and not a shell.
  const [command, ...args] = options.descriptorLimit === undefined
    ? serve
    : ["sh", "-c", `ulimit -n ${options.descriptorLimit} && exec "$@"`, "sh", ...serve];
  // The server's own temp folder (its socket's, src/http/serve_app.ts), removed once it has exited:
  // a server killed with SIGKILL cannot remove it, and the kill tests left one in /tmp each run.
  const tmp = await Deno.makeTempDir({ prefix: "jobseek_serve_" });
  const child = new Deno.Command(command, {
    args,
    env: serverEnv({ TMPDIR: tmp, ...env }),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const log = serverLog();
  const exited = child.status.then(async (s) => {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    return s.code;
  });
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) log.write(chunk);
  })();
  return await whenListening(log, exited, options.startTimeoutMs, {
    pid: child.pid,
    async stop(signal = "SIGTERM", graceMs = 15_000) {
      const started = performance.now();
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
      const kill = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // Already gone.
        }
      }, graceMs);
      const code = await exited;
      clearTimeout(kill);
      return { code, ms: performance.now() - started };
    },
  });
}

/**
 * `jobseek serve` run in this worker (`serve` of cli/commands/serve.ts, what the command runs, its
 * exit code as cli/main.ts gives it) with the environment `startServerProcess` gives a process: for
 * a test about what a server does, where a separate process is not the point. It costs the server's
 * own work, not a Deno start, its modules and the places again (about a CPU-second a process;
 * docs/testing.md, "Tenth pass"). A server of the worker's model, in the same folders, shares the
 * worker's model and ESCO occupations (tests/helpers.ts) rather than opening its own (docs/testing.md,
 * "Twelfth pass"). Its publishes still run in their own process, as a process's do. `pid` is this
 * process's; `stop` takes SIGTERM or SIGINT only (the stop a signal starts): a test that kills a
 * server needs a process.
 */
export async function startServerInWorker(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const { exitCodeOf } = await import("../cli/main.ts");
  const { serve } = await import("../cli/commands/serve.ts");
  const log = serverLog();
  const stderr = {
    write(text: string) {
      log.write(text);
      return Promise.resolve();
    },
    writeSync: (text: string) => log.write(text),
    isTerminal: () => false,
    columns: () => undefined,
  };
  const stdout = {
    ...stderr,
    writeSync: (_: string) => {},
    write: (_: string) => Promise.resolve(),
  };
  let stopHandler: (() => void) | undefined;
  const io = {
    env: serverEnv(env),
    cwd: Deno.cwd(),
    stdin: { readable: ReadableStream.from<Uint8Array>([]), isTerminal: () => false },
    stdout,
    stderr,
    onStopSignal(handler: () => void) {
      stopHandler = handler;
      return () => stopHandler = undefined;
    },
  };
  const feed = await workerModelFeed(io);
  const exited = exitCodeOf(io, () => serve(io, {}, feed));
  return await whenListening(log, exited, options.startTimeoutMs, {
    pid: Deno.pid,
    async stop(signal = "SIGTERM") {
      if (signal !== "SIGTERM" && signal !== "SIGINT") {
        throw new Error(`a server in the worker cannot be sent ${signal}: start a process`);
      }
      const started = performance.now();
      stopHandler?.();
      const code = await exited;
      return { code, ms: performance.now() - started };
    },
  });
}

/**
 * The worker's model and occupations for a server in the worker whose settings name the worker's
 * model in the worker's folders: its ONNX session and its reading of the occupations are the
 * larger part of an idle start. A server of another model or folder (a download, a stand-in) opens
 * its own, as a process does.
 */
async function workerModelFeed(
  io: CliIo,
): Promise<Pick<RunServerOptions, "embedder" | "occupations">> {
  const { resolveConfig } = await import("../cli/resolve_config.ts");
  const { loadConfig } = await import("../src/config.ts");
  const { resolvePath } = await import("../cli/io.ts");
  const { findModel } = await import("../src/model/catalog.ts");
  const { testEmbedder, testOccupations } = await import("./helpers.ts");
  const { config } = await resolveConfig({}, io);
  // What tests/helpers.ts opens the worker's model and occupations with.
  const worker = loadConfig(Deno.env.toObject());
  const same = config.model === worker.model &&
    config.modelDir === resolvePath(io.cwd, worker.modelDir) &&
    config.modelSource === (worker.modelSource && resolvePath(io.cwd, worker.modelSource));
  if (!same) return {};
  return {
    // The worker's: the server's close leaves it open for the worker's other tests.
    embedder: async () => ({ ...await testEmbedder(), spec: findModel(config.model), close() {} }),
    occupations: testOccupations,
  };
}

/** The environment a test's server runs with: this process's, seeding and the key off, `env` over it. */
function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    ...Deno.env.toObject(),
    ...TEST_PROCESS_ENV,
    NO_COLOR: "1",
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    JOBSEEK_SEED: "0",
    JOBSEEK_BOOTSTRAP_KEY: "0",
    ...env,
  };
}

/** A server's stderr taken line by line: its JSON log lines, and the port its `listening` names. */
function serverLog() {
  const logs: Record<string, unknown>[] = [];
  let onListening: (port: number) => void = () => {};
  const listening = new Promise<number>((resolve) => onListening = resolve);
  let buffered = "";
  return {
    logs,
    listening,
    write(text: string) {
      buffered += text;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line);
          logs.push(entry);
          if (entry.msg === "listening") onListening(entry.port);
        } catch {
          logs.push({ msg: "unparsed", line });
        }
      }
    },
  };
}

/**
 * The server's handle once it has announced its port; rejects if it ends first or says nothing
 * within `startTimeoutMs` (60 s), naming its last log lines.
 */
async function whenListening(
  log: ReturnType<typeof serverLog>,
  exited: Promise<number>,
  startTimeoutMs = 60_000,
  own: Pick<ServerProcess, "pid" | "stop">,
): Promise<ServerProcess> {
  const lastLogs = () => JSON.stringify(log.logs.slice(-5));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const port = await Promise.race([
    log.listening,
    exited.then((code) => Promise.reject(new Error(`server ended with ${code}: ${lastLogs()}`))),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`server did not listen: ${lastLogs()}`)),
        startTimeoutMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    origin: url,
    fetch: (input, init) =>
      fetch(typeof input === "string" && input.startsWith("/") ? url + input : input, init),
    logs: log.logs,
    exited,
    ready: (timeoutMs = 60_000) => untilHealthy(url, timeoutMs, lastLogs),
    ...own,
  };
}

/** Resolves once `url`'s `/healthz` answers 200; rejects after `timeoutMs`. */
async function untilHealthy(url: string, timeoutMs: number, lastLogs: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not accepting yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms: ${lastLogs()}`);
}

/**
 * Servers on one store file, as an operator runs several: the scaffolding of every test about
 * what only separate processes show (several servers on one store, kill -9, restarts).
 */
export interface ServerFleet {
  /** A temp directory of the test's own, removed by `close`. */
  dir: string;
  /** The store file every server of the fleet opens (`JOBSEEK_KV`). */
  kvPath: string;
  /**
   * Starts `jobseek serve` on the fleet's store with `env` on top (JOBSEEK_KV is set), and waits
   * until it answers `/healthz` unless `ready` is false.
   */
  start(env?: Record<string, string>, options?: { ready?: boolean }): Promise<ServerProcess>;
  /** Kills every server still running (the test's assertions are done) and removes `dir`. */
  close(): Promise<void>;
}

/** A fleet with no server yet, in a fresh temp directory named after `prefix`. */
export async function serverFleet(prefix: string): Promise<ServerFleet> {
  const dir = await Deno.makeTempDir({ prefix });
  const kvPath = `${dir}/kv.sqlite3`;
  const servers: ServerProcess[] = [];
  return {
    dir,
    kvPath,
    async start(env = {}, { ready = true } = {}) {
      const server = await startServerProcess({ ...env, JOBSEEK_KV: kvPath });
      servers.push(server);
      if (ready) await server.ready();
      return server;
    },
    async close() {
      // A server's publish or compaction child outlives a SIGKILL of its server for a moment (it
      // ends when its stdin closes, once it reads it) and opens the store: after the folder's
      // removal that made it again, empty, and the kill tests left one in /tmp each run.
      const children = servers.flatMap((server) => descendantsOf(server.pid));
      await Promise.all(servers.map((server) => server.stop("SIGKILL").catch(() => {})));
      await killAndWait(children);
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** The processes under `pid` (Linux's /proc; none elsewhere or once it has ended). */
function descendantsOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = [...Deno.readDirSync(`/proc/${pid}/task`)].map((entry) => entry.name);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return Deno.readTextFileSync(`/proc/${pid}/task/${task}/children`).trim().split(/\s+/)
        .filter((word) => word !== "").map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** SIGKILLs `pids` and waits until none runs (an unreaped one counts as ended), 10 s at most. */
async function killAndWait(pids: number[]): Promise<void> {
  const running = (pid: number) => {
    try {
      // The state follows the name in parentheses, which may hold spaces.
      return !/\)\s+Z/.test(Deno.readTextFileSync(`/proc/${pid}/stat`));
    } catch {
      return false;
    }
  };
  for (const pid of pids) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const deadline = performance.now() + 10_000;
  while (pids.some(running) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the `jobseek` CLI with `args` and `env` on top of this process's environment. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...DENO_RUN, CLI_MAIN, ...args],
    env: { ...Deno.env.toObject(), ...TEST_PROCESS_ENV, NO_COLOR: "1", ...env },
    stdin: "null",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/**
 * A loopback port where connections are refused, race-free under `DENO_JOBS`: it lies below the
 * kernel's ephemeral range, which every port-0 bind of the suite draws from, so no test's server
 * can take it between this call and its use (binding a port and releasing it could hand it to one).
 * Checked to refuse when chosen.
 */
export async function refusedPort(): Promise<number> {
  const range = await Deno.readTextFile("/proc/sys/net/ipv4/ip_local_port_range").catch(() => "");
  const low = Number(range.trim().split(/\s+/)[0]) || 32_768;
  for (let port = Math.min(low, 32_768) - 1; port > 1024; port -= 97) {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      conn.close();
    } catch (error) {
      if (error instanceof Deno.errors.ConnectionRefused) return port;
    }
  }
  throw new Error("no refusing port found below the ephemeral range");
}
