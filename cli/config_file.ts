/**
 * The command-line tool's settings file: where it lives, what it may hold (the API key, encrypted
 * by cli/api_key_encryption.ts; the endpoint; the store and the model), and how it is read and
 * written. A file that cannot be used is reported and left exactly as it was. The client's settings
 * are resolved from it in cli/client_settings.ts, the store's and the model's in
 * cli/resolve_config.ts.
 *
 * The environment is the run's (`CliIo.env`, cli/io.ts), never read from the process here: the
 * config file's location here (`JOBSEEK_CONFIG`, `XDG_CONFIG_HOME`, `HOME`), the client's settings
 * in cli/client_settings.ts (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`), the rest in
 * `cli/resolve_config.ts`.
 *
 * @module
 */
import { findModel } from "../src/model/catalog.ts";
import {
  decryptApiKey,
  encryptApiKey,
  type EncryptedApiKey,
  isEncryptedApiKey,
} from "./api_key_encryption.ts";
import { normalizeEndpoint } from "./endpoint.ts";
import { dirName, isNotFound, writePrivateFile } from "./private_file.ts";

/** The settings a person can store with `jobseek config set`. */
export const SETTING_KEYS = ["api_key", "endpoint", "kv", "model"] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Where a resolved value came from, as `config list` shows it. */
export type SettingSource = "flag" | "stdin" | "env" | "file" | "default";

export interface ClientConfig {
  apiKey?: string;
  endpoint?: string;
  /** The store (`JOBSEEK_KV`) of the commands that open one. */
  kv?: string;
  /** The embedding model's id (`JOBSEEK_MODEL`). */
  model?: string;
}

export interface ConfigPaths {
  /** The config file (JSON). */
  file: string;
  /** The machine-local secret the API key's encryption key is derived from. */
  secret: string;
}

export type Env = Record<string, string | undefined>;

/**
 * The one rule for a setting's value from any layer (flag, environment, config file), and for the
 * variables that say where the config file is: trimmed of whitespace, and unset when nothing is
 * left. A switch (`--no-seed`) is its variable's "0" or "1".
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(settingText(" /srv/jobs.sqlite3 "), "/srv/jobs.sqlite3");
 * assert.equal(settingText("  "), undefined);
 * assert.equal(settingText(false), "0");
 * ```
 */
export function settingText(value: string | boolean | undefined): string | undefined {
  if (typeof value === "boolean") return value ? "1" : "0";
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/**
 * A config file that could not be used. It is left exactly as it was: it may be someone else's
 * file (`JOBSEEK_CONFIG` pointing at the wrong place), hand-written, or recoverable, and a client
 * must not destroy what it cannot read.
 */
export interface ConfigProblem {
  path: string;
  reason: string;
  /** Ready to print: what is wrong, that the file was not touched, and how to fix it. */
  message: string;
}

export interface LoadedConfig {
  config: ClientConfig;
  paths: ConfigPaths;
  /** Set when the file exists but cannot be read, parsed or decrypted (it is left untouched). */
  problem?: ConfigProblem;
}

const FILE_VERSION = 1;

interface ConfigFileV1 {
  version: 1;
  endpoint?: string;
  api_key?: EncryptedApiKey;
  kv?: string;
  model?: string;
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
}

/**
 * The config file is `$JOBSEEK_CONFIG`, else `$XDG_CONFIG_HOME/jobseek/config.json`, else
 * `~/.config/jobseek/config.json`. The secret stays in the per-user directory even when
 * `JOBSEEK_CONFIG` points elsewhere, so a config file moved or copied away carries no way to
 * decrypt its key.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const paths = configPaths({ HOME: "/home/ada" });
 * assert.equal(paths.file, "/home/ada/.config/jobseek/config.json");
 * assert.equal(paths.secret, "/home/ada/.config/jobseek/.secret");
 * // A blank variable is unset, by the one rule of every setting (settingText).
 * assert.equal(
 *   configPaths({ HOME: " ", USERPROFILE: "/u/ada", XDG_CONFIG_HOME: "" }).file,
 *   "/u/ada/.config/jobseek/config.json",
 * );
 * ```
 */
export function configPaths(env: Env): ConfigPaths {
  const xdg = settingText(env.XDG_CONFIG_HOME);
  const home = settingText(env.HOME) ?? settingText(env.USERPROFILE);
  let userDir: string | undefined;
  if (xdg) userDir = joinPath(xdg, "jobseek");
  else if (home) userDir = joinPath(joinPath(home, ".config"), "jobseek");
  const explicit = settingText(env.JOBSEEK_CONFIG);
  if (!userDir) {
    if (!explicit) {
      throw new Error(
        "Cannot locate the config file: set HOME, XDG_CONFIG_HOME or JOBSEEK_CONFIG",
      );
    }
    userDir = dirName(explicit);
  }
  return {
    file: explicit || joinPath(userDir, "config.json"),
    secret: joinPath(userDir, ".secret"),
  };
}

export interface LoadConfigFileOptions {
  /**
   * Whether to read the API key. Commands that need no key leave it unread, so that a key this
   * machine cannot decrypt does not cost them the file's other settings.
   */
  withApiKey?: boolean;
}

async function parseConfigFile(
  text: string,
  secretPath: string,
  { withApiKey = true }: LoadConfigFileOptions,
): Promise<ClientConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error("it is not valid JSON");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Error("it is not a JSON object");
  }
  const file = raw as Record<string, unknown>;
  if (file.version === undefined) {
    throw new Error('it is not a jobseek config file (it has no "version": 1)');
  }
  if (file.version !== FILE_VERSION) {
    throw new Error(
      `it has format version ${JSON.stringify(file.version)}, which this jobseek cannot read`,
    );
  }
  const config: ClientConfig = {};
  if (file.endpoint !== undefined) {
    if (typeof file.endpoint !== "string") throw new Error("endpoint is not a string");
    config.endpoint = normalizeEndpoint(file.endpoint);
  }
  if (file.kv !== undefined) {
    if (typeof file.kv !== "string" || settingText(file.kv) === undefined) {
      throw new Error("kv is not a store location");
    }
    config.kv = file.kv;
  }
  if (file.model !== undefined) {
    if (typeof file.model !== "string") throw new Error("model is not a string");
    config.model = findModel(file.model).id;
  }
  if (withApiKey && file.api_key !== undefined) {
    if (typeof file.api_key === "string") {
      throw new Error("its api_key is plain text, and jobseek only reads a key it encrypted");
    }
    if (!isEncryptedApiKey(file.api_key)) throw new Error("its api_key is not an encrypted value");
    config.apiKey = await decryptApiKey(file.api_key, secretPath);
  }
  return config;
}

/**
 * Reads the config file. A missing file is an empty config. A file that cannot be read, parsed or
 * decrypted is reported in `problem` and left untouched.
 */
export async function loadConfigFile(
  env: Env,
  options: LoadConfigFileOptions = {},
): Promise<LoadedConfig> {
  const paths = configPaths(env);
  let text: string;
  try {
    text = await Deno.readTextFile(paths.file);
  } catch (error) {
    if (isNotFound(error)) return { config: {}, paths };
    return { config: {}, paths, problem: describeProblem(paths.file, errorText(error)) };
  }
  try {
    return { config: await parseConfigFile(text, paths.secret, options), paths };
  } catch (error) {
    return { config: {}, paths, problem: describeProblem(paths.file, errorText(error)) };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeProblem(path: string, reason: string): ConfigProblem {
  return {
    path,
    reason,
    message: `Cannot use the config file ${path}: ${reason}. It was left as it is. If it is not ` +
      "jobseek's, point JOBSEEK_CONFIG at another file (or unset it); if it is, move it aside " +
      `(mv '${path}' '${path}.bak') and run \`jobseek configure\` again.`,
  };
}

/**
 * The config as it is on disk, for a command about to rewrite it; throws when the file exists but
 * cannot be read, since writing would destroy it.
 */
export async function loadConfigForUpdate(env: Env): Promise<LoadedConfig> {
  const loaded = await loadConfigFile(env);
  if (loaded.problem) throw new Error(`${loaded.problem.message} Nothing was changed.`);
  return loaded;
}

/** Writes the whole config (mode 600, directory 700), encrypting the API key. */
export async function saveConfigFile(
  config: ClientConfig,
  env: Env,
): Promise<string> {
  const paths = configPaths(env);
  const file: ConfigFileV1 = { version: FILE_VERSION };
  if (config.endpoint !== undefined) file.endpoint = normalizeEndpoint(config.endpoint);
  if (config.apiKey !== undefined) file.api_key = await encryptApiKey(config.apiKey, paths.secret);
  if (config.kv !== undefined) file.kv = config.kv;
  if (config.model !== undefined) file.model = findModel(config.model).id;
  await writePrivateFile(
    paths.file,
    new TextEncoder().encode(JSON.stringify(file, null, 2) + "\n"),
  );
  return paths.file;
}
