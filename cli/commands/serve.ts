import { Command } from "@commander-js/extra-typings";
import { createLogger } from "../../src/log.ts";
import { type CliIo, lineWriter } from "../io.ts";
import { storeName } from "../store_location.ts";
import { BUNDLED_POSTINGS, BUNDLED_VECTORS } from "../bundled_postings.ts";
import { modelProgress } from "../model_progress.ts";
import {
  commandFlags,
  type ConfigFlags,
  kvOption,
  layerConfigSources,
  modelOption,
  noSeedOption,
  resolveFlagsConfig,
} from "../resolve_config.ts";
import { getHeapStatistics } from "node:v8";
import { pathToFileURL as toFileUrl } from "node:url";
import { denoRunArgs } from "../../src/deno_child.ts";
import { type Config, DEFAULT_HOSTNAME, DEFAULT_PORT } from "../../src/config.ts";
import type { Logger } from "../../src/log.ts";
import type { OpenedEmbedder } from "../../src/model/open_embedder.ts";
import type { OccupationLabels } from "../../src/index/occupation_labels.ts";

/** The CLI entry, for the search processes this one starts. */
const CLI_ENTRY = new URL("../main.ts", import.meta.url).pathname;

/**
 * `jobseek serve`: the HTTP server. Flags override the environment variables they name. It runs
 * until the server ends or a stop signal (SIGINT, SIGTERM) has closed it.
 */
export function serveCommand(io: CliIo) {
  return new Command("serve")
    .description("Run the HTTP server: REST API, MCP endpoint and OAuth metadata.")
    .option("--port <port>", `port to listen on (PORT, default ${DEFAULT_PORT})`)
    .option("--hostname <host>", `interface to bind (HOSTNAME, default ${DEFAULT_HOSTNAME})`)
    .addOption(kvOption())
    .option(
      "--public-url <url>",
      "the URL people reach the server at (behind a TLS proxy, its https URL): OAuth metadata, " +
        "the page's form and cookie checks, feed and mail links (JOBSEEK_PUBLIC_URL)",
    )
    .option("--no-bootstrap-key", "do not create a key when none exists (JOBSEEK_BOOTSTRAP_KEY=0)")
    .addOption(noSeedOption())
    .addOption(modelOption())
    .option(
      "--max-connections <n>",
      "most client connections at once (JOBSEEK_MAX_CONNECTIONS, default from ulimit -n)",
    )
    .action((_options, command) => serve(io, commandFlags(command)));
}

/**
 * What `jobseek serve` runs, given its flags: the settings resolved as every command's are, then
 * {@linkcode runServer}. `feed` replaces the configured model and occupations (a test's server
 * sharing its worker's: tests/server_process.ts).
 */
export async function serve(
  io: CliIo,
  flags: ConfigFlags,
  feed: Pick<RunServerOptions, "embedder" | "occupations"> = {},
): Promise<void> {
  const { config } = await resolveFlagsConfig(flags, io);
  const { env } = await layerConfigSources(flags, io);
  await runServer(io, config, env, { entry: [CLI_ENTRY, "serve"], ...feed });
}

/** How {@linkcode runServer} starts and feeds the server. */
export interface RunServerOptions {
  /** The script and arguments that start this server again as one search process. */
  entry: string[];
  /** Instead of the configured model (benches' random vectors); search processes get it too. */
  embedder?: () => Promise<OpenedEmbedder>;
  /**
   * The occupations to read queries with, beside `embedder` (a test's server sharing its worker's
   * model and occupations); without it, a given `embedder` reads queries without them.
   */
  occupations?: () => Promise<OccupationLabels | null>;
}

/**
 * Runs the server until a stop signal (SIGINT, SIGTERM) has closed it: one process, a search
 * process of a parent (`config.searchSocket`), or the parent of `config.searchProcesses`.
 * `env` holds every setting's value in its variable (the search processes get it).
 */
export async function runServer(
  io: CliIo,
  config: Readonly<Config>,
  env: Readonly<Record<string, string | undefined>>,
  options: RunServerOptions,
): Promise<void> {
  const logger = searchProcessLogger(
    createLogger({ level: config.logLevel, write: lineWriter(io.stderr) }),
    config.searchSocket,
  );
  // Which store, by the absolute path the operator commands name it by (with JOBSEEK_KV unset,
  // data/jobseek.sqlite3 in the checkout: `resolveConfig`), so that the log says which file holds
  // the keys an operator creates from another folder.
  if (!config.searchSocket) {
    logger.info("opening the store", { store: storeName(config.kvLocation, io.cwd) });
  }
  if (config.searchProcesses > 1 && !config.searchSocket) {
    return await serveWithSearchProcesses(io, config, logger, env, options.entry);
  }
  const stop = listenForStop(io, logger);
  const { startServer } = await import("../../src/runtime.ts");
  const fetching = modelProgress(io.stderr);
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(config, logger, {
      onModelProgress: fetching.onProgress,
      seedFile: BUNDLED_POSTINGS,
      seedVectors: BUNDLED_VECTORS,
      ...(options.embedder ? { embedder: options.embedder() } : {}),
      ...(options.occupations ? { occupations: options.occupations() } : {}),
    });
  } catch (error) {
    stop.stopListening();
    throw error;
  }
  stop.closeWith(() => started.close());
  started.runtime.embedder.finally(fetching.finish).catch(() => {});
  if (started.bootstrapKey) {
    const note = "No API keys existed, so one was created. It is shown only this once:\n" +
      `  x-api-key: ${started.bootstrapKey}\n` +
      "Create more with `jobseek keys create --name NAME`.\n";
    io.stdout.writeSync(note);
  }
  // A search process stops when its parent's end of stdin closes: the parent stopped or died.
  if (config.searchSocket) {
    (async () => {
      try {
        for await (const _ of io.stdin.readable) { /* the parent writes nothing */ }
      } catch {
        // Closed: the same.
      }
      stop.request();
    })();
  }
  try {
    await Promise.race([
      (async () => {
        await started.runtime.ready.catch(() => {});
        await started.server.finished;
      })(),
      stop.stopped,
    ]);
    if (stop.requested) await stop.stopped;
  } finally {
    stop.stopListening();
  }
}

/**
 * A stop signal (SIGINT, SIGTERM) closes the server and ends the run (exit 0) once it is closed,
 * whatever was still running. The listener is in place before the server starts: a signal that
 * comes while it starts, its port already announced, closes it as soon as it has started instead of
 * killing the process (exit 143).
 */
function listenForStop(io: CliIo, logger: Logger) {
  const stopped = Promise.withResolvers<void>();
  let requested = false;
  let close: (() => Promise<void>) | undefined;
  // Closed or failing to close, the run ends: exit 0, as a stopped server does.
  const closeNow = () => close?.().then(stopped.resolve, stopped.resolve);
  const request = () => {
    if (requested) return;
    requested = true;
    logger.info("shutting down");
    closeNow();
  };
  const stopListening = io.onStopSignal(request);
  return {
    stopped: stopped.promise,
    get requested() {
      return requested;
    },
    request,
    stopListening,
    /** The started server's close; a stop asked for while it started is carried out now. */
    closeWith(closeServer: () => Promise<void>) {
      close = closeServer;
      if (requested) closeNow();
    },
  };
}

/**
 * A search process's lines share its parent's stderr: each names the process (`search_process`,
 * the number in the parent's `search process ready` lines).
 */
function searchProcessLogger(logger: Logger, socket: string | undefined): Logger {
  const index = socket?.match(/search-(\d+)\.sock$/)?.[1];
  if (index === undefined) return logger;
  const named = { search_process: Number(index) };
  return {
    debug: (msg, fields) => logger.debug(msg, { ...named, ...fields }),
    info: (msg, fields) => logger.info(msg, { ...named, ...fields }),
    warn: (msg, fields) => logger.warn(msg, { ...named, ...fields }),
    error: (msg, fields) => logger.error(msg, { ...named, ...fields }),
  };
}

/**
 * The server as a parent of `config.searchProcesses` search processes (src/http/search_processes.ts):
 * each is this command again, with the same settings (`env`, every flag's value in its variable)
 * and the socket it serves on, run by the same Deno with the same heap limit.
 */
async function serveWithSearchProcesses(
  io: CliIo,
  config: Readonly<Config>,
  logger: Logger,
  env: Readonly<Record<string, string | undefined>>,
  entry: string[],
): Promise<void> {
  const { startSearchProcesses } = await import("../../src/runtime.ts");
  const heapMib = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  Object.assign(childEnv, {
    JOBSEEK_KV: config.kvLocation,
    JOBSEEK_MODEL_DIR: config.modelDir,
    JOBSEEK_SEARCH_PROCESSES: "1",
    JOBSEEK_SEARCH_PROCESS_SHARE: String(config.searchProcesses),
    // Shown once, by this process.
    JOBSEEK_BOOTSTRAP_KEY: "0",
  });
  const stop = listenForStop(io, logger);
  let started: Awaited<ReturnType<typeof startSearchProcesses>>;
  try {
    started = await startSearchProcesses(config, logger, (_index, path) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: denoRunArgs(
          toFileUrl(entry[0]),
          ["--allow-all", `--v8-flags=--max-old-space-size=${heapMib}`],
          entry.slice(1),
        ),
        env: { ...childEnv, JOBSEEK_SEARCH_SOCKET: path },
        clearEnv: true,
        stdin: "piped",
        stdout: "null",
        stderr: "inherit",
      }).spawn();
      // Held open for the child's life: its end tells the child that this process is gone.
      const stdin = child.stdin.getWriter();
      child.status.finally(() => stdin.close().catch(() => {}));
      return { pid: child.pid, status: child.status, kill: (signal) => child.kill(signal) };
    });
  } catch (error) {
    stop.stopListening();
    throw error;
  }
  stop.closeWith(() => started.close());
  if (started.bootstrapKey) {
    io.stdout.writeSync(
      "No API keys existed, so one was created. It is shown only this once:\n" +
        `  x-api-key: ${started.bootstrapKey}\n` +
        "Create more with `jobseek keys create --name NAME`.\n",
    );
  }
  try {
    await stop.stopped;
  } finally {
    stop.stopListening();
  }
}
