/**
 * `jobseek config list|set|unset`: shows the effective settings and where each comes from, and
 * edits the config file one setting at a time. The API key and endpoint are the client's; the store
 * (`kv`) and the model are those of the commands that open a store (cli/resolve_config.ts).
 *
 * @module
 */
import { Argument, Command } from "@commander-js/extra-typings";
import {
  type ClientConfig,
  loadConfigForUpdate,
  saveConfigFile,
  SETTING_KEYS,
  type SettingKey,
  type SettingSource,
  settingText,
} from "../config_file.ts";
import { resolveClientSettings } from "../client_settings.ts";
import { normalizeEndpoint } from "../endpoint.ts";
import { maskKey } from "../mask_key.ts";
import { type CliIo, outputWidth } from "../io.ts";
import { renderTable } from "../table.ts";
import { checkApiKey } from "./configure.ts";
import { readFirstLine } from "../stdin.ts";
import { apiKeyFlagOption, connectionFlags } from "../server_connection.ts";
import {
  commandFlags,
  kvOption,
  layerConfigSources,
  modelOption,
  SETTINGS,
} from "../resolve_config.ts";
import { storeName } from "../store_location.ts";
import { DEFAULT_KV_LOCATION } from "../../src/config.ts";
import { DEFAULT_MODEL_ID, findModel } from "../../src/model/catalog.ts";

const FIELDS: Record<SettingKey, keyof ClientConfig> = {
  api_key: "apiKey",
  endpoint: "endpoint",
  kv: "kv",
  model: "model",
};

/** The variable a stored setting's environment layer is read from (cli/resolve_config.ts). */
function envName(key: SettingKey): string {
  return SETTINGS[FIELDS[key]].env;
}

function describeSource(key: SettingKey, source: SettingSource): string {
  return source === "env" ? `env ${envName(key)}` : source;
}

/** Tells the person when the file setting they just changed is hidden by an environment variable. */
async function noteOverride(key: SettingKey, io: CliIo): Promise<void> {
  const name = envName(key);
  // Set by the one rule every layer follows: a blank variable hides nothing.
  if (settingText(io.env[name]) !== undefined) {
    await io.stderr.write(
      `jobseek: note: ${name} is set and takes precedence over the config file.\n`,
    );
  }
}

function listCommand(io: CliIo) {
  return new Command("list")
    .description(
      "Show the effective API key (masked), endpoint, store and model, and where each comes from.",
    )
    .option("--api-key-stdin", "show what a key piped to stdin would resolve to")
    .addOption(apiKeyFlagOption())
    .option("--endpoint <url>", "show what this flag would resolve to")
    .addOption(kvOption())
    .addOption(modelOption())
    .action(async (options, command) => {
      const settings = await resolveClientSettings(await connectionFlags(options, io), io.env);
      // Shown as layered, not checked: a value the commands would refuse is worth seeing here.
      const operator = await layerConfigSources(commandFlags(command), io);
      const rows = [
        settings.apiKey
          ? [
            "api_key",
            maskKey(settings.apiKey.value),
            describeSource("api_key", settings.apiKey.source),
          ]
          : ["api_key", "(not set)", "run `jobseek configure`"],
        [
          "endpoint",
          settings.endpoint.value,
          describeSource("endpoint", settings.endpoint.source),
        ],
        [
          "kv",
          operator.env.JOBSEEK_KV
            ? storeName(operator.env.JOBSEEK_KV, io.cwd)
            : storeName(DEFAULT_KV_LOCATION, io.projectDir ?? io.cwd),
          describeSource("kv", operator.sources.kv),
        ],
        [
          "model",
          operator.env.JOBSEEK_MODEL || DEFAULT_MODEL_ID,
          describeSource("model", operator.sources.model),
        ],
      ];
      await io.stdout.write(
        renderTable(
          [{ header: "setting" }, { header: "value" }, { header: "source" }],
          rows,
          outputWidth(io.stdout),
        ) +
          `config file: ${settings.paths.file}${settings.problem ? " (cannot be used)" : ""}\n`,
      );
      // The table shows what a call would use; the exit status says the file needs fixing.
      if (settings.problem) throw new Error(settings.problem.message);
    });
}

async function readApiKeyForSet(io: CliIo): Promise<string> {
  if (io.stdin.isTerminal()) {
    throw new Error(
      "Cannot set api_key: pipe it in (printf '%s\\n' \"$KEY\" | jobseek config set api_key), " +
        "or run `jobseek configure`, which prompts for it.",
    );
  }
  return await readFirstLine(io.stdin.readable);
}

function setCommand(io: CliIo) {
  return new Command("set")
    .description("Store one setting in the config file.")
    .addArgument(new Argument("<key>", "setting to store").choices(SETTING_KEYS))
    .argument("[value]", "its value; for api_key, leave it out and pipe the key to stdin")
    .action(async (key, given) => {
      const { config } = await loadConfigForUpdate(io.env);
      if (key === "endpoint") {
        if (given === undefined) throw new Error("Cannot set endpoint: give the URL.");
        config.endpoint = normalizeEndpoint(given);
      } else if (key === "kv") {
        const location = settingText(given);
        if (location === undefined) throw new Error("Cannot set kv: give the store's location.");
        // Absolute, since the file is read from wherever a later command runs.
        config.kv = storeName(location, io.cwd);
      } else if (key === "model") {
        if (given === undefined) throw new Error("Cannot set model: give the model's id.");
        try {
          config.model = findModel(given.trim()).id;
        } catch (error) {
          throw new Error(`Cannot set model: ${(error as Error).message}`);
        }
      } else {
        // A key in the arguments ends up in shell history and process lists: read it from stdin.
        const value = given ?? await readApiKeyForSet(io);
        const problem = checkApiKey(value);
        if (problem !== true) throw new Error(`Cannot set api_key: ${problem}`);
        config.apiKey = value.trim();
      }
      const path = await saveConfigFile(config, io.env);
      const shown = key === "api_key" ? maskKey(config.apiKey ?? "") : config[FIELDS[key]];
      await io.stdout.write(`Set ${key} to ${shown} in ${path}\n`);
      await noteOverride(key, io);
    });
}

function unsetCommand(io: CliIo) {
  return new Command("unset")
    .description("Remove one setting from the config file.")
    .addArgument(new Argument("<key>", "setting to remove").choices(SETTING_KEYS))
    .action(async (key) => {
      const { config, paths } = await loadConfigForUpdate(io.env);
      const field = FIELDS[key];
      if (config[field] === undefined) {
        // Nothing to remove, so nothing to write either: no file is created for "unset".
        await io.stdout.write(`Nothing to remove: ${key} is not stored in ${paths.file}\n`);
      } else {
        delete config[field];
        const path = await saveConfigFile(config, io.env);
        await io.stdout.write(`Removed ${key} from ${path}\n`);
      }
      await noteOverride(key, io);
    });
}

export function configCommand(io: CliIo) {
  return new Command("config")
    .description("Show or change the settings (api_key, endpoint, kv, model).")
    .addCommand(listCommand(io))
    .addCommand(setCommand(io))
    .addCommand(unsetCommand(io));
}
