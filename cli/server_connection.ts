/**
 * What the client commands that talk to a server (`search`, `cities`) share: the request timeout,
 * whole-number flags, and the endpoint and API key to use.
 *
 * @module
 */
import { InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { type ClientFlags, requireApiKey, resolveClientSettings } from "./client_settings.ts";
import type { CliIo } from "./io.ts";
import { readApiKeyFromStdin } from "./stdin.ts";

/** The first request after idle may take seconds (spec: cold start); this is far beyond that. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * An option that takes one value, refusing a second that differs: commander keeps the last, so
 * `--city Leeds --city London` searched London and said nothing of Leeds (REST and the page refuse
 * the same). The option's own parsing (choices, upper-casing) runs first.
 */
// deno-lint-ignore no-explicit-any
export function oneValue<T extends Option<any, any, any, any, any, any>>(option: T): T {
  const parse = option.parseArg;
  option.argParser((value: string, previous: unknown) => {
    const parsed: unknown = parse ? parse.call(option, value, undefined) : value;
    if (previous !== undefined && previous !== parsed) {
      throw new InvalidArgumentError(`takes one value, and '${previous}' was given before it.`);
    }
    return parsed;
  });
  return option;
}

/** `--endpoint` of the commands that talk to a server: one URL. */
export function endpointOption() {
  return oneValue(
    new Option(
      "--endpoint <url>",
      "server URL (default: JOBSEEK_ENDPOINT, config file, localhost)",
    ),
  );
}

/** Parses a whole-number flag value; commander reports the error as a usage error. */
export function parseInteger(value: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) {
    throw new InvalidArgumentError("must be a whole number.");
  }
  return Number(value);
}

/**
 * `--api-key` still works, for scripts written before `--api-key-stdin`, but help and docs leave it
 * out: a key in the arguments is in shell history, process lists and `deno task`'s echo.
 */
export function apiKeyFlagOption() {
  return new Option("--api-key <key>", "API key (prefer JOBSEEK_API_KEY or --api-key-stdin)")
    .hideHelp();
}

export const API_KEY_STDIN_HELP = "read the API key from stdin's first line";

/** What a command that talks to a server takes on its command line. */
export interface ConnectionFlags {
  apiKey?: string;
  apiKeyStdin?: boolean;
  endpoint?: string;
}

/** Turns the flags into client settings input, reading the key from stdin when asked to. */
export async function connectionFlags(
  flags: ConnectionFlags,
  io: Pick<CliIo, "stdin">,
): Promise<ClientFlags> {
  if (!flags.apiKeyStdin) return { apiKey: flags.apiKey, endpoint: flags.endpoint };
  if (flags.apiKey !== undefined) {
    throw new Error("Give the key once: --api-key and --api-key-stdin exclude each other.");
  }
  return {
    apiKey: await readApiKeyFromStdin(io.stdin),
    apiKeySource: "stdin",
    endpoint: flags.endpoint,
  };
}

/**
 * The endpoint and API key for a request (flag or stdin > environment > config file), or an error
 * saying how to provide a key. An unusable config file is reported as a warning when a flag, stdin
 * or the environment supplied the key, so the command goes on.
 */
export async function resolveServerConnection(
  flags: ConnectionFlags,
  io: CliIo,
): Promise<{ endpoint: string; apiKey: string }> {
  const settings = await resolveClientSettings(await connectionFlags(flags, io), io.env);
  const apiKey = requireApiKey(settings);
  if (settings.problem) await io.stderr.write(`jobseek: warning: ${settings.problem.message}\n`);
  return { endpoint: settings.endpoint.value, apiKey };
}
