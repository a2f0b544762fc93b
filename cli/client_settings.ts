/**
 * The client's two settings, the API key and the endpoint, for a command that talks to a server:
 * resolved as every setting is, flag > environment (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`) >
 * config file > default, by `layerSettings` (cli/resolve_config.ts), then checked here.
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
import { layerSettings } from "./resolve_config.ts";

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
  const layered = layerSettings(
    { apiKey: flags.apiKey, endpoint: flags.endpoint },
    env,
    loaded.config,
  );
  let normalized: string;
  try {
    normalized = normalizeEndpoint(layered.env.JOBSEEK_ENDPOINT ?? DEFAULT_ENDPOINT);
  } catch (error) {
    const origin = layered.sources.endpoint === "env" ? " (from JOBSEEK_ENDPOINT)" : "";
    throw new Error(`${error instanceof Error ? error.message : String(error)}${origin}`);
  }
  const settings: ClientSettings = {
    endpoint: { value: normalized, source: layered.sources.endpoint },
    paths: loaded.paths,
  };
  const apiKey = layered.env.JOBSEEK_API_KEY;
  if (apiKey !== undefined) {
    const source = layered.sources.apiKey;
    settings.apiKey = {
      value: apiKey,
      source: source === "flag" ? flags.apiKeySource ?? source : source,
    };
  }
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
