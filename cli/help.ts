/**
 * What `--help` shows after commander's usage and options: examples, the environment variables
 * the command reads and, for client commands, the config file in use. Kept in one table for the
 * whole tree, so that commands stay free of long help texts and a test can check every one.
 *
 * @module
 */
import type { Command } from "@commander-js/extra-typings";
import { DEFAULT_HOSTNAME, DEFAULT_PORT } from "../src/config.ts";
import { configPaths, type Env } from "./config_file.ts";

interface HelpFooter {
  examples: string[];
  /** Variable name and what it sets. */
  env: [string, string][];
  /**
   * Show the config file path (commands that read or write it: the client's, and those that take
   * the store or model from it).
   */
  configFile?: boolean;
}

const CLIENT_ENV: [string, string][] = [
  ["JOBSEEK_API_KEY", "API key (else the config file)"],
  ["JOBSEEK_ENDPOINT", "server URL (else the config file, else http://localhost:8000)"],
  ["JOBSEEK_CONFIG", "config file (else $XDG_CONFIG_HOME/jobseek/config.json or ~/.config/...)"],
];
const CONFIG_ENV: [string, string][] = [
  ["JOBSEEK_CONFIG", "config file (else $XDG_CONFIG_HOME/jobseek/config.json)"],
  ["XDG_CONFIG_HOME", "base of the default config file and of the key's secret (else ~/.config)"],
];
const STORE: [string, string] = [
  "JOBSEEK_KV",
  "the store: SQLite path or KV Connect URL (--kv; else the config file's kv)",
];
const MODEL_ENV: [string, string][] = [
  ["JOBSEEK_MODEL", "embedding model id (--model; else the config file's model)"],
  ["JOBSEEK_MODEL_DIR", "where models are kept"],
];
const SERVER_ENV: [string, string][] = [
  ["PORT", `port to listen on (--port; default ${DEFAULT_PORT})`],
  ["HOSTNAME", `interface to bind (--hostname; default ${DEFAULT_HOSTNAME})`],
  STORE,
  [
    "JOBSEEK_PUBLIC_URL",
    "the URL people reach the server at: OAuth metadata, the page's form and cookie checks, feed and mail links (--public-url)",
  ],
  ["JOBSEEK_ALLOWED_HOSTS", "host names allowed for /mcp besides loopback"],
  ["JOBSEEK_API_KEYS", "static keys, name:key,..."],
  ["JOBSEEK_RATE_LIMIT", "requests per minute per key (default 60)"],
  ["JOBSEEK_BOOTSTRAP_KEY", "0: no key is created for an empty key store"],
  ["JOBSEEK_SEED", "0: an empty store is not seeded with the bundled postings"],
  ["JOBSEEK_MIN_SCORE", "minimum relevance of a result (0-1)"],
  ["JOBSEEK_LOG_LEVEL", "debug, info, warn or error"],
  ...MODEL_ENV,
];

/** Help footers by command path (the words after `jobseek`). */
export const HELP_FOOTERS: Record<string, HelpFooter> = {
  "": {
    examples: [
      "jobseek configure",
      'jobseek search "software engineer" --city Berlin',
      "jobseek completions bash > ~/.local/share/bash-completion/completions/jobseek",
    ],
    env: CLIENT_ENV,
    configFile: true,
  },
  search: {
    examples: [
      'jobseek search "registered nurse" --country US --since 2024-05-01 --top-k 10',
      "jobseek search rust developer --sort relevance --json | jq '.results[].job_url'",
      'jobseek search "python developer" --added-since 2026-11-20   # what is new since then',
      "printf '%s\\n' \"$KEY\" | jobseek search nurse --api-key-stdin",
    ],
    env: CLIENT_ENV,
    configFile: true,
  },
  cities: {
    examples: ["jobseek cities --country DE --limit 10", "jobseek cities --json"],
    env: CLIENT_ENV,
    configFile: true,
  },
  configure: {
    examples: [
      "jobseek configure",
      "printf '%s\\n' \"$KEY\" | jobseek configure --endpoint https://jobs.example.com",
      "jobseek configure --no-verify --endpoint http://localhost:8000 < key.txt",
    ],
    env: CONFIG_ENV,
    configFile: true,
  },
  config: {
    examples: ["jobseek config list", "jobseek config set endpoint https://jobs.example.com"],
    env: CONFIG_ENV,
    configFile: true,
  },
  "config list": {
    examples: ["jobseek config list", "JOBSEEK_ENDPOINT=http://x:8000 jobseek config list"],
    env: [...CLIENT_ENV, CONFIG_ENV[1]],
    configFile: true,
  },
  "config set": {
    examples: [
      "jobseek config set endpoint https://jobs.example.com",
    ],
    env: CONFIG_ENV,
    configFile: true,
  },
  "config unset": {
    examples: ["jobseek config unset api_key"],
    env: CONFIG_ENV,
    configFile: true,
  },
  serve: {
    examples: [
      "jobseek serve",
      "jobseek serve --port 9000 --kv /srv/jobseek/jobs.sqlite3 --no-seed",
    ],
    env: SERVER_ENV,
    configFile: true,
  },
  mcp: {
    examples: ["jobseek mcp --kv /srv/jobseek/jobs.sqlite3"],
    env: [STORE, ["JOBSEEK_SEED", "0: an empty store is not seeded"], ...MODEL_ENV],
    configFile: true,
  },
  ingest: {
    examples: [
      "jobseek ingest ../shared/data/jobspy/*/*.csv",
      "jobseek ingest new-postings.jsonl --kv /srv/jobseek/jobs.sqlite3 --json",
    ],
    env: [STORE, ...MODEL_ENV],
    configFile: true,
  },
  index: {
    examples: ["jobseek index status", "jobseek index rebuild --kv /srv/jobseek/jobs.sqlite3"],
    env: [STORE, ...MODEL_ENV],
    configFile: true,
  },
  "index status": {
    examples: ["jobseek index status", "jobseek index status --json"],
    env: [STORE, MODEL_ENV[0]],
    configFile: true,
  },
  "index rebuild": {
    examples: ["jobseek index rebuild --kv /srv/jobseek/jobs.sqlite3"],
    env: [STORE, ...MODEL_ENV],
    configFile: true,
  },
  "index lifecycle": {
    examples: [
      "jobseek index lifecycle",
      "jobseek index lifecycle --retention-days 0   # every posting stays searchable",
      "jobseek index lifecycle --purge-after-days 30",
    ],
    env: [STORE],
    configFile: true,
  },
  keys: {
    examples: ["jobseek keys create --name alice", "jobseek keys list"],
    env: [STORE],
    configFile: true,
  },
  "keys create": {
    examples: [
      "jobseek keys create --name alice --rate-limit 120",
      "jobseek keys create --name feeder --scope ingest",
    ],
    env: [STORE, ["JOBSEEK_RATE_LIMIT", "the default limit the key gets without --rate-limit"]],
    configFile: true,
  },
  "keys list": {
    examples: ["jobseek keys list", "jobseek keys list --json"],
    env: [
      STORE,
      ["JOBSEEK_API_KEYS", "static keys, listed by name"],
      ["JOBSEEK_RATE_LIMIT", "the default limit shown"],
    ],
    configFile: true,
  },
  "keys revoke": { examples: ["jobseek keys revoke alice"], env: [STORE], configFile: true },
  "keys set-limit": {
    examples: ["jobseek keys set-limit alice 300", "jobseek keys set-limit alice default"],
    env: [STORE, ["JOBSEEK_RATE_LIMIT", "the limit `default` means"]],
    configFile: true,
  },
  sources: {
    examples: [
      "jobseek sources add weekly https://feeds.example.org/jobs.csv --every 6h --expire-after 3d",
      "jobseek sources list",
    ],
    env: [STORE],
    configFile: true,
  },
  "sources add": {
    examples: [
      "jobseek sources add weekly https://feeds.example.org/jobs.csv --every 6h --expire-after 3d",
      "jobseek sources add drop /srv/feeds --every 15m",
    ],
    env: [STORE],
    configFile: true,
  },
  "sources list": {
    examples: ["jobseek sources list", "jobseek sources list --json"],
    env: [STORE],
    configFile: true,
  },
  "sources remove": { examples: ["jobseek sources remove weekly"], env: [STORE], configFile: true },
  "sources run": {
    examples: ["jobseek sources run weekly"],
    env: [STORE, ...MODEL_ENV],
    configFile: true,
  },
  model: {
    examples: ["jobseek model list", "jobseek model fetch"],
    env: [...MODEL_ENV, ["JOBSEEK_MODEL_SOURCE", "a folder with the model's files, tried first"]],
    configFile: true,
  },
  "model list": {
    examples: ["jobseek model list", "jobseek model list --model-dir /srv/models"],
    env: [MODEL_ENV[1]],
  },
  "model fetch": {
    examples: ["jobseek model fetch", "JOBSEEK_MODEL_DIR=/srv/models jobseek model fetch"],
    env: [
      ...MODEL_ENV,
      ["JOBSEEK_MODEL_SOURCE", "a folder with the model's files, tried first"],
      ["JOBSEEK_MODEL_HUB", "the model hub (or a mirror) to fetch from; off: do not"],
    ],
    configFile: true,
  },
  alerts: {
    examples: [
      'jobseek alerts add "lighthouse keeper" --name Keepers --webhook https://hooks.example.com/j',
      "jobseek alerts list",
    ],
    env: CLIENT_ENV,
    configFile: true,
  },
  "alerts add": {
    examples: [
      "jobseek alerts add registered nurse --country US --email me@example.com",
      'jobseek alerts add "rust developer" --name Rust --webhook https://hooks.example.com/jobs',
      "jobseek alerts add nurse jobs in Leeds --salary-min 30000   # as `jobseek search` takes it",
    ],
    env: CLIENT_ENV,
    configFile: true,
  },
  "alerts list": {
    examples: ["jobseek alerts list", "jobseek alerts list --json"],
    env: CLIENT_ENV,
    configFile: true,
  },
  "alerts show": {
    examples: ["jobseek alerts show ss_01M8HEVHE4E4J8SBAMW6RJZD3X"],
    env: CLIENT_ENV,
    configFile: true,
  },
  "alerts remove": {
    examples: ["jobseek alerts remove ss_01M8HEVHE4E4J8SBAMW6RJZD3X"],
    env: CLIENT_ENV,
    configFile: true,
  },
  "alerts send": {
    examples: ["jobseek alerts send ss_01M8HEVHE4E4J8SBAMW6RJZD3X --json"],
    env: CLIENT_ENV,
    configFile: true,
  },
  completions: {
    examples: [
      "jobseek completions bash > ~/.local/share/bash-completion/completions/jobseek",
      "jobseek completions zsh > ~/.zfunc/_jobseek",
      "jobseek completions fish > ~/.config/fish/completions/jobseek.fish",
    ],
    env: [],
  },
};

function render(footer: HelpFooter, env: Env): string {
  const lines = ["", "Examples:", ...footer.examples.map((e) => `  $ ${e}`), "", "Environment:"];
  if (footer.env.length === 0) lines.push("  (none)");
  const width = Math.max(0, ...footer.env.map(([name]) => name.length));
  for (const [name, meaning] of footer.env) lines.push(`  ${name.padEnd(width)}  ${meaning}`);
  if (footer.configFile) {
    let file: string;
    try {
      file = configPaths(env).file;
    } catch (error) {
      file = `(none: ${(error as Error).message})`;
    }
    lines.push("", `Config file: ${file}`);
  }
  return lines.join("\n");
}

/**
 * Adds the footers to `program` and its subcommands, by path; returns `program`. `env` is the
 * run's environment, which names the config file shown.
 */
export function addHelpFooters(program: Command, env: Env, path: string[] = []): Command {
  const footer = HELP_FOOTERS[path.join(" ")];
  // Computed when help is shown, so the config file is the one this run would use.
  if (footer) program.addHelpText("after", () => render(footer, env));
  for (const sub of program.commands) {
    addHelpFooters(sub as unknown as Command, env, [...path, sub.name()]);
  }
  return program;
}
