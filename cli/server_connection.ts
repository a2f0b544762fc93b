/**
 * What the client commands that talk to a server (`search`, `cities`) share: the request timeout,
 * whole-number flags, and the endpoint and API key to use.
 *
 * @module
 */
import { InvalidArgumentError } from "@commander-js/extra-typings";
import { type ClientFlags, requireApiKey, resolveClientSettings } from "./config_file.ts";
import { writeErr } from "./output.ts";

/** The first request after idle may take seconds (spec: cold start); this is far beyond that. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Parses a whole-number flag value; commander reports the error as a usage error. */
export function parseInteger(value: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) {
    throw new InvalidArgumentError("must be a whole number.");
  }
  return Number(value);
}

/**
 * The endpoint and API key for a request (flag > environment > config file), or an error saying how
 * to provide a key. An unusable config file is reported as a warning when a flag or the environment
 * supplied the key, so the command goes on.
 */
export async function resolveServerConnection(
  flags: ClientFlags,
): Promise<{ endpoint: string; apiKey: string }> {
  const settings = await resolveClientSettings(flags);
  const apiKey = requireApiKey(settings);
  if (settings.problem) await writeErr(`jobseek: warning: ${settings.problem.message}\n`);
  return { endpoint: settings.endpoint.value, apiKey };
}
