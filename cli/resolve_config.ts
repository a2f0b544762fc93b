/**
 * The one place a command's settings are resolved, the client's endpoint and API key included
 * (cli/client_settings.ts reads them from here). Each setting takes the first of its flag, its
 * environment variable, its key in the config file and its default, with one rule for every
 * layer: a value is trimmed of whitespace, and an empty one counts as unset. The result goes to
 * `loadConfig` (src/config.ts) as the environment-like record it parses, so a value from any layer
 * is checked the same way. Commands declare the shared flags with the factories below and call
 * {@linkcode resolveCommandConfig}: `--kv` then means the same everywhere, with the same
 * fallbacks, where seven commands used to patch their own copy of the environment (and
 * `index status` read its model from the bare environment).
 *
 * @module
 */
import { type CommandUnknownOpts, Option } from "@commander-js/extra-typings";
import { type Config, ConfigError, loadConfig } from "../src/config.ts";
import {
  type ClientConfig,
  configPaths,
  type ConfigProblem,
  type Env,
  loadConfigFile,
  type SettingSource,
  settingText,
} from "./config_file.ts";
import { type CliIo, resolvePath } from "./io.ts";
import { storeName } from "./store_location.ts";

interface SettingSpec {
  /** The variable `loadConfig` reads it from. */
  env: string;
  /** Its key in the config file, for the settings the file may hold. */
  file?: keyof ClientConfig;
}

/**
 * Every setting a flag can give, by the flag's commander name. The config file holds only what a
 * person keeps from one run to the next (the key, the endpoint, which store, which model); a port
 * or a public URL belongs to one server's start, so to its flags or environment.
 */
export const SETTINGS = {
  apiKey: { env: "JOBSEEK_API_KEY", file: "apiKey" },
  endpoint: { env: "JOBSEEK_ENDPOINT", file: "endpoint" },
  kv: { env: "JOBSEEK_KV", file: "kv" },
  model: { env: "JOBSEEK_MODEL", file: "model" },
  modelDir: { env: "JOBSEEK_MODEL_DIR" },
  port: { env: "PORT" },
  hostname: { env: "HOSTNAME" },
  publicUrl: { env: "JOBSEEK_PUBLIC_URL" },
  maxConnections: { env: "JOBSEEK_MAX_CONNECTIONS" },
  seed: { env: "JOBSEEK_SEED" },
  bootstrapKey: { env: "JOBSEEK_BOOTSTRAP_KEY" },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Flag values as commander parsed them: `--no-seed` is `seed: false`. */
export type ConfigFlags = Partial<Record<SettingName, string | boolean>>;

/** Where each setting came from; `default` when no layer set it. */
export type SettingSources = Record<SettingName, Exclude<SettingSource, "stdin">>;

/** The settings as layered, before `loadConfig` checks them. */
export interface LayeredSettings {
  /** The environment with every setting's winning value in its variable. */
  env: Env;
  sources: SettingSources;
  /** The config file consulted; unset when none can be located (no HOME, as for some services). */
  configFile?: string;
  /** A config file that cannot be used; its settings count as unset, and it is left untouched. */
  problem?: ConfigProblem;
}

export interface ResolvedConfig extends Omit<LayeredSettings, "env"> {
  config: Readonly<Config>;
}

/** What the settings are resolved in: the run's environment and working directory. */
export type ResolveConfigOptions = Pick<CliIo, "env" | "cwd" | "projectDir">;

/** `--kv`, for every command that opens the store. */
export function kvOption() {
  return new Option(
    "--kv <location>",
    "Deno KV location: SQLite path or KV Connect URL (JOBSEEK_KV)",
  );
}

/** `--model`, for every command that embeds text or judges an index by its model. */
export function modelOption(
  description = "embedding model (JOBSEEK_MODEL; `jobseek model list` shows them)",
) {
  return new Option("--model <id>", description);
}

export function modelDirOption() {
  return new Option("--model-dir <dir>", "where models are kept (JOBSEEK_MODEL_DIR)");
}

/** `--no-seed`, for the commands that open a store to serve it. */
export function noSeedOption() {
  return new Option(
    "--no-seed",
    "do not import the bundled fixtures into an empty store (JOBSEEK_SEED=0)",
  );
}

/**
 * Layers the flags and the config file's settings over the environment: each setting takes the
 * first of flag, environment, file that is set (by {@linkcode settingText}'s rule, as trimmed
 * into its variable; a setting no layer sets has its variable removed), and records which one
 * that was.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const { env, sources } = layerSettings(
 *   { kv: "/flag.sqlite3", seed: false },
 *   { JOBSEEK_KV: "/env.sqlite3", JOBSEEK_MODEL: " ", JOBSEEK_ENDPOINT: " http://x:1 " },
 *   { kv: "/file.sqlite3", model: "use-lite" },
 * );
 * assert.equal(env.JOBSEEK_KV, "/flag.sqlite3");
 * assert.equal(env.JOBSEEK_MODEL, "use-lite");
 * assert.equal(env.JOBSEEK_ENDPOINT, "http://x:1");
 * assert.equal(env.JOBSEEK_SEED, "0");
 * assert.deepEqual([sources.kv, sources.model, sources.port], ["flag", "file", "default"]);
 * ```
 */
export function layerSettings(
  flags: ConfigFlags,
  env: Env,
  file: ClientConfig,
): Pick<LayeredSettings, "env" | "sources"> {
  const layered: Env = { ...env };
  const sources = {} as SettingSources;
  for (const name of SETTING_NAMES) {
    const spec: SettingSpec = SETTINGS[name];
    const layers = [
      ["flag", settingText(flags[name])],
      ["env", settingText(env[spec.env])],
      ["file", settingText(spec.file && file[spec.file])],
    ] as const;
    const [source, value] = layers.find(([, value]) => value !== undefined) ??
      ["default", undefined];
    if (value === undefined) delete layered[spec.env];
    else layered[spec.env] = value;
    sources[name] = source;
  }
  return { env: layered, sources };
}

/**
 * The config file's settings. Its API key is left unread: these commands need none, and one this
 * machine cannot decrypt must not cost them the store and model the file names.
 */
async function readFileSettings(
  env: Env,
): Promise<{ config: ClientConfig; path?: string; problem?: ConfigProblem }> {
  try {
    configPaths(env);
  } catch {
    // Without HOME there is no per-user file to read: a service started by a supervisor often
    // has none, and must still start.
    return { config: {} };
  }
  const loaded = await loadConfigFile(env, { withApiKey: false });
  return { config: loaded.config, path: loaded.paths.file, problem: loaded.problem };
}

/** Flags > environment > config file, without checking the values (`config list` shows them). */
export async function layerConfigSources(
  flags: ConfigFlags,
  { env }: Pick<CliIo, "env">,
): Promise<LayeredSettings> {
  const file = await readFileSettings(env);
  const layered: LayeredSettings = layerSettings(flags, env, file.config);
  if (file.path !== undefined) layered.configFile = file.path;
  if (file.problem) layered.problem = file.problem;
  return layered;
}

/**
 * The config a command runs with: flags > environment > config file > default, parsed and checked
 * by `loadConfig`, with where each flag-settable value came from. Its paths (the store, the model
 * folders) are absolute, taken from the run's working directory when relative; the default store
 * from the project's (`CliIo.projectDir`).
 */
export async function resolveConfig(
  flags: ConfigFlags,
  options: ResolveConfigOptions,
): Promise<ResolvedConfig> {
  const { env, ...rest } = await layerConfigSources(flags, options);
  const config = loadedOrSaidByFlag(env, rest.sources);
  const storeDir = rest.sources.kv === "default" ? options.projectDir ?? options.cwd : options.cwd;
  const absolute: Config = {
    ...config,
    kvLocation: storeName(config.kvLocation, storeDir),
    modelDir: resolvePath(options.cwd, config.modelDir),
  };
  if (config.modelSource !== undefined) {
    absolute.modelSource = resolvePath(options.cwd, config.modelSource);
  }
  return { config: Object.freeze(absolute), ...rest };
}

/**
 * `loadConfig` of the layered environment; a value a flag gave that cannot be used is refused in
 * the flag's name: "--port must be a number, not 'abc'", not "PORT Invalid input" (an operator's
 * trial, session 57).
 */
function loadedOrSaidByFlag(env: Env, sources: SettingSources): Readonly<Config> {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const flagged = SETTING_NAMES.find((name) =>
      SETTINGS[name].env === error.variable && sources[name] === "flag"
    );
    if (flagged === undefined) throw error;
    const flag = `--${flagged.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    throw new Error(`Cannot start: ${flag} ${error.problem}`);
  }
}

/**
 * The shared flags given to `command` or to a group above it. A group that declares a flag takes
 * it wherever it stands on the line (`jobseek index --kv X status` and
 * `jobseek index status --kv X` both give it to `index`), so the group's value counts too.
 */
export function commandFlags(command: CommandUnknownOpts): ConfigFlags {
  const flags: ConfigFlags = {};
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) {
    for (const name of SETTING_NAMES) {
      if (flags[name] === undefined && at.getOptionValueSource(name) === "cli") {
        flags[name] = at.getOptionValue(name) as string | boolean;
      }
    }
  }
  return flags;
}

/**
 * {@linkcode resolveConfig} for a command's own flags. A config file that cannot be used is a
 * warning on stderr and the command goes on with the other layers, as `search` does with a key
 * from the environment: a server or an import must not stop over a file it may not even need.
 */
export async function resolveCommandConfig(
  command: CommandUnknownOpts,
  io: CliIo,
): Promise<ResolvedConfig> {
  return await resolveFlagsConfig(commandFlags(command), io);
}

/** {@linkcode resolveConfig} of `flags`, warning on stderr of a config file it could not use. */
export async function resolveFlagsConfig(flags: ConfigFlags, io: CliIo): Promise<ResolvedConfig> {
  const resolved = await resolveConfig(flags, io);
  if (resolved.problem) await io.stderr.write(`jobseek: warning: ${resolved.problem.message}\n`);
  return resolved;
}
