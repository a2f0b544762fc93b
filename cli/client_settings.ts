/**
 * The client's two settings, the API key and the endpoint, resolved for a command that talks to a
 * server: flag > environment (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`) > config file > default. The
 * store and model settings the file may also hold are resolved with the server's settings in
 * `cli/resolve_config.ts`.
 *
 * @module
 */
import {
  type ConfigPaths,
  type ConfigProblem,
  type Env,
  loadConfigFile,
  type SettingSource,
} from "./config_file.ts";
import { DEFAULT_ENDPOINT, normalizeEndpoint } from "./endpoint.ts";

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

/** The first layer that sets a value: flag, then environment, then file; none when none does. */
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
  env: Env,
): Promise<ClientSettings> {
  const loaded = await loadConfigFile(env);
  const endpoint = pick(flags.endpoint, env.JOBSEEK_ENDPOINT, loaded.config.endpoint) ??
    { value: DEFAULT_ENDPOINT, source: "default" as const };
  let normalized: string;
  try {
    normalized = normalizeEndpoint(endpoint.value);
  } catch (error) {
    const origin = endpoint.source === "env" ? " (from JOBSEEK_ENDPOINT)" : "";
    throw new Error(`${error instanceof Error ? error.message : String(error)}${origin}`);
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
