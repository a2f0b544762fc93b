/**
 * The command-line tool's settings file: where it lives, how the API key is kept in it, and how the
 * client's two settings (API key, endpoint) are resolved (flag > environment > config file >
 * default). The store and model settings it may also hold are resolved with the server's settings
 * in `cli/resolve_config.ts`.
 *
 * The API key is encrypted at rest with AES-GCM under a key derived (HKDF-SHA256) from a random
 * machine-local secret (`.secret` beside the default config file, mode 600). This protects against
 * casual disclosure (a backup, a screenshot, a config file copied or pasted elsewhere), not against
 * an attacker who can read the user's home directory: such an attacker can read the secret too.
 *
 * Like `src/config.ts` for the server, this module is where the CLI reads the process environment
 * (`processEnv`): the client's own variables (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`,
 * `JOBSEEK_CONFIG`, `XDG_CONFIG_HOME`, `HOME`) here, the rest through `cli/resolve_config.ts`.
 *
 * @module
 */
import { fromBase64, toBase64 } from "../src/crypto.ts";
import { findModel } from "../src/model/catalog.ts";

export const DEFAULT_ENDPOINT = "http://localhost:8000";

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
const SECRET_BYTES = 32;
const HKDF_INFO = new TextEncoder().encode("jobseek config api_key v1");
const AAD = new TextEncoder().encode("jobseek:api_key");

interface EncryptedValue {
  alg: "AES-256-GCM";
  kdf: "HKDF-SHA256";
  salt: string;
  iv: string;
  ciphertext: string;
}

interface ConfigFileV1 {
  version: 1;
  endpoint?: string;
  api_key?: EncryptedValue;
  kv?: string;
  model?: string;
}

/** The process environment; read here and nowhere else in the client. */
export function processEnv(): Env {
  return Deno.env.toObject();
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
}

function dirName(path: string): string {
  const at = path.lastIndexOf("/");
  return at <= 0 ? (at === 0 ? "/" : ".") : path.slice(0, at);
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
 * ```
 */
export function configPaths(env: Env = processEnv()): ConfigPaths {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const home = (env.HOME ?? env.USERPROFILE)?.trim();
  let userDir: string | undefined;
  if (xdg) userDir = joinPath(xdg, "jobseek");
  else if (home) userDir = joinPath(joinPath(home, ".config"), "jobseek");
  const explicit = env.JOBSEEK_CONFIG?.trim();
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

/**
 * Checks that an endpoint is an http(s) URL and normalizes it (no trailing slash).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(normalizeEndpoint("https://jobs.example.com/"), "https://jobs.example.com");
 * assert.throws(() => normalizeEndpoint("ftp://example.com"), /http/);
 * ```
 */
export function normalizeEndpoint(value: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(
      `Cannot use endpoint '${trimmed}': not a URL (expected e.g. ${DEFAULT_ENDPOINT})`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Cannot use endpoint '${trimmed}': it must be an http:// or https:// URL`);
  }
  if (url.search || url.hash) {
    throw new Error(`Cannot use endpoint '${trimmed}': it must not carry a query or fragment`);
  }
  return url.href.replace(/\/+$/, "");
}

/**
 * Hides most of a key for display: `abcd****wxyz`. Short keys are hidden completely, since showing
 * eight characters of them would give most of them away.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(maskKey("abcdefghijklmnopqrstuvwxyz"), "abcd****wxyz");
 * assert.equal(maskKey("short"), "****");
 * ```
 */
export function maskKey(key: string): string {
  return key.length < 16 ? "****" : `${key.slice(0, 4)}****${key.slice(-4)}`;
}

async function deriveKey(secret: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>) {
  const base = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt, info: HKDF_INFO },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound;
}

/** The secret, or null when there is none; a file of the wrong size is an error, never replaced. */
async function readSecret(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  if (bytes.length !== SECRET_BYTES) {
    throw new Error(
      `the key's secret ${path} is not a jobseek secret (${bytes.length} bytes, expected ` +
        `${SECRET_BYTES}); move it aside to let jobseek create a new one`,
    );
  }
  return new Uint8Array(bytes);
}

/** Creates a directory (and its parents) owner-only; an existing directory keeps its mode. */
async function ensureDir(path: string): Promise<void> {
  try {
    await Deno.stat(path);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await Deno.mkdir(path, { recursive: true, mode: 0o700 });
    if (Deno.build.os !== "windows") await Deno.chmod(path, 0o700);
  }
}

/**
 * Writes through a temporary file and a rename, so a crash never leaves half a config, and the
 * file is owner-only from its first byte.
 */
async function writePrivateFile(path: string, data: Uint8Array): Promise<void> {
  await ensureDir(dirName(path));
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  try {
    await Deno.writeFile(temp, data, { mode: 0o600, createNew: true });
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 0o600);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** Returns the machine-local secret, creating it (32 random bytes, mode 600) on first use. */
async function ensureSecret(path: string): Promise<Uint8Array<ArrayBuffer>> {
  const existing = await readSecret(path);
  if (existing) return existing;
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  await writePrivateFile(path, secret);
  return secret;
}

async function encryptKey(apiKey: string, secretPath: string): Promise<EncryptedValue> {
  const secret = await ensureSecret(secretPath);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(secret, salt);
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: AAD },
    key,
    new TextEncoder().encode(apiKey),
  );
  return {
    alg: "AES-256-GCM",
    kdf: "HKDF-SHA256",
    salt: toBase64(salt),
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  };
}

async function decryptKey(value: EncryptedValue, secretPath: string): Promise<string> {
  const secret = await readSecret(secretPath);
  if (!secret) {
    throw new Error(`the key cannot be decrypted on this machine (${secretPath} is missing)`);
  }
  try {
    const key = await deriveKey(secret, fromBase64(value.salt));
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(value.iv), additionalData: AAD },
      key,
      fromBase64(value.ciphertext),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new Error("the stored API key cannot be decrypted (corrupt, or from another machine)");
  }
}

function isEncryptedValue(value: unknown): value is EncryptedValue {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.alg === "AES-256-GCM" && v.kdf === "HKDF-SHA256" && typeof v.salt === "string" &&
    typeof v.iv === "string" && typeof v.ciphertext === "string";
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
    if (typeof file.kv !== "string" || file.kv.trim() === "") {
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
    if (!isEncryptedValue(file.api_key)) throw new Error("its api_key is not an encrypted value");
    config.apiKey = await decryptKey(file.api_key, secretPath);
  }
  return config;
}

/**
 * Reads the config file. A missing file is an empty config. A file that cannot be read, parsed or
 * decrypted is reported in `problem` and left untouched.
 */
export async function loadConfigFile(
  env: Env = processEnv(),
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
export async function loadConfigForUpdate(env: Env = processEnv()): Promise<LoadedConfig> {
  const loaded = await loadConfigFile(env);
  if (loaded.problem) throw new Error(`${loaded.problem.message} Nothing was changed.`);
  return loaded;
}

/** Writes the whole config (mode 600, directory 700), encrypting the API key. */
export async function saveConfigFile(
  config: ClientConfig,
  env: Env = processEnv(),
): Promise<string> {
  const paths = configPaths(env);
  const file: ConfigFileV1 = { version: FILE_VERSION };
  if (config.endpoint !== undefined) file.endpoint = normalizeEndpoint(config.endpoint);
  if (config.apiKey !== undefined) file.api_key = await encryptKey(config.apiKey, paths.secret);
  if (config.kv !== undefined) file.kv = config.kv;
  if (config.model !== undefined) file.model = findModel(config.model).id;
  await writePrivateFile(
    paths.file,
    new TextEncoder().encode(JSON.stringify(file, null, 2) + "\n"),
  );
  return paths.file;
}

export interface Resolved<T> {
  value: T;
  source: SettingSource;
}

export interface ClientSettings {
  endpoint: Resolved<string>;
  apiKey?: Resolved<string>;
  paths: ConfigPaths;
  /** A config file that cannot be used (left untouched); the caller tells the person. */
  problem?: ConfigProblem;
}

export interface ClientFlags {
  apiKey?: string;
  /** Where `apiKey` came from: `--api-key` (default) or `--api-key-stdin`. */
  apiKeySource?: "flag" | "stdin";
  endpoint?: string;
}

function pick(
  flag: string | undefined,
  envValue: string | undefined,
  file: string | undefined,
  flagSource: "flag" | "stdin" = "flag",
) {
  if (flag !== undefined && flag.trim() !== "") {
    return { value: flag.trim(), source: flagSource } as const;
  }
  if (envValue !== undefined && envValue.trim() !== "") {
    return { value: envValue.trim(), source: "env" } as const;
  }
  if (file !== undefined && file !== "") return { value: file, source: "file" } as const;
  return undefined;
}

/**
 * Resolves the API key and endpoint: flag > environment (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`) >
 * config file > default endpoint `http://localhost:8000`. An endpoint that is not an http(s) URL
 * throws, naming where it came from.
 */
export async function resolveClientSettings(
  flags: ClientFlags,
  env: Env = processEnv(),
): Promise<ClientSettings> {
  const loaded = await loadConfigFile(env);
  const endpoint = pick(flags.endpoint, env.JOBSEEK_ENDPOINT, loaded.config.endpoint) ??
    { value: DEFAULT_ENDPOINT, source: "default" as const };
  let normalized: string;
  try {
    normalized = normalizeEndpoint(endpoint.value);
  } catch (error) {
    const origin = endpoint.source === "env" ? " (from JOBSEEK_ENDPOINT)" : "";
    throw new Error(`${errorText(error)}${origin}`);
  }
  const settings: ClientSettings = {
    endpoint: { value: normalized, source: endpoint.source },
    paths: loaded.paths,
  };
  const apiKey = pick(flags.apiKey, env.JOBSEEK_API_KEY, loaded.config.apiKey, flags.apiKeySource);
  if (apiKey) settings.apiKey = apiKey;
  if (loaded.problem) settings.problem = loaded.problem;
  return settings;
}

/**
 * The API key a request needs, or an error that says how to provide one. An unusable config file
 * is the likelier story, so its message wins.
 */
export function requireApiKey(settings: ClientSettings): string {
  if (settings.apiKey) return settings.apiKey.value;
  if (settings.problem) throw new Error(settings.problem.message);
  throw new Error(
    "No API key configured. Run `jobseek configure` to store one, set JOBSEEK_API_KEY, or pipe " +
      "it in with --api-key-stdin.",
  );
}
