/**
 * `jobseek configure`: asks for the API key (hidden input) and the endpoint, and stores them,
 * replacing the stored key (the spec: "a configure command that resets the stored API key").
 * With both flags, or with stdin not a terminal (the key is then stdin's first line), it asks
 * nothing, so scripts and tests can use it. The prompts are @inquirer's, on the process's terminal:
 * they appear only when the run's stdin is that terminal (`CliIo.stdin.isTerminal()`).
 *
 * @module
 */
import { Command } from "@commander-js/extra-typings";
import { loadConfigForUpdate, saveConfigFile } from "../config_file.ts";
import { DEFAULT_ENDPOINT, normalizeEndpoint } from "../endpoint.ts";
import { maskKey } from "../mask_key.ts";
import type { CliIo } from "../io.ts";
import { readFirstLine } from "../stdin.ts";
import { CancelledError } from "../cancelled.ts";
import { verifyApiKey } from "../verify_key.ts";
import { apiKeyFlagOption } from "../server_connection.ts";

/** Checks a key as typed: no blanks inside, not empty. Returns an error text or true. */
export function checkApiKey(value: string): true | string {
  const key = value.trim();
  if (key === "") return "An API key is required (operators issue them: jobseek keys create).";
  if (/\s/.test(key)) return "An API key has no spaces in it.";
  return true;
}

/** Inquirer rejects with ExitPromptError on Ctrl-C; the person meant "stop, change nothing". */
function cancelled(error: unknown): unknown {
  return error instanceof Error && error.name === "ExitPromptError" ? new CancelledError() : error;
}

async function askEndpoint(current: string): Promise<string> {
  try {
    const { default: input } = await import("@inquirer/input");
    const answer = await input({
      message: "Endpoint (URL of the jobseek server):",
      default: current,
      validate: (value) => {
        try {
          normalizeEndpoint(value);
          return true;
        } catch (error) {
          return (error as Error).message;
        }
      },
    });
    return normalizeEndpoint(answer);
  } catch (error) {
    throw cancelled(error);
  }
}

async function askApiKey(): Promise<string> {
  try {
    const { default: password } = await import("@inquirer/password");
    return await password({
      message: "API key:",
      mask: "*",
      validate: checkApiKey,
    });
  } catch (error) {
    throw cancelled(error);
  }
}

export function configureCommand(io: CliIo) {
  return new Command("configure")
    .description("Store your API key (replacing the old one) and the server endpoint.")
    .addHelpText(
      "after",
      "\nOn a terminal it prompts for the endpoint and the key (masked). Otherwise the key is\n" +
        "read from stdin's first line. Before saving, it checks the key against the server.",
    )
    .option("--endpoint <url>", "server URL, e.g. https://jobs.example.com")
    .option("--no-verify", "save without checking the key against the server")
    .addOption(apiKeyFlagOption())
    .action(async (options) => {
      const loaded = await loadConfigForUpdate(io.env);
      const interactive = io.stdin.isTerminal();
      const current = loaded.config.endpoint ?? DEFAULT_ENDPOINT;

      let endpoint: string;
      if (options.endpoint !== undefined) endpoint = normalizeEndpoint(options.endpoint);
      else if (interactive) endpoint = await askEndpoint(current);
      else endpoint = current;

      let apiKey: string;
      if (options.apiKey !== undefined) apiKey = options.apiKey;
      else if (interactive) apiKey = await askApiKey();
      else apiKey = await readFirstLine(io.stdin.readable);
      const problem = checkApiKey(apiKey);
      if (problem !== true) throw new Error(`Cannot configure: ${problem}`);
      apiKey = apiKey.trim();

      let checked = "not checked against the server (--no-verify)";
      if (options.verify) {
        const check = await verifyApiKey(endpoint, apiKey);
        checked = `accepted by the server at ${endpoint}${check.note ? `; ${check.note}` : ""}`;
      }
      // The store and model the file may hold are not this command's to drop.
      const path = await saveConfigFile({ ...loaded.config, endpoint, apiKey }, io.env);
      await io.stdout.write(
        `Saved API key ${maskKey(apiKey)} and endpoint ${endpoint} to ${path}\n` +
          `The key was ${checked}.\n`,
      );
    });
}
