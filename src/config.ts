/**
 * The server's environment, parsed once at start into a frozen {@linkcode Config}; a bad value
 * stops the start with a message naming the variable. Under `src/` only this module reads
 * `Deno.env`; the CLI commands that start a server, import or manage keys pass the environment in
 * (with their flags applied), and the CLI client's own variables (`JOBSEEK_API_KEY`,
 * `JOBSEEK_ENDPOINT`, `JOBSEEK_CONFIG`) are read by `cli/config_file.ts`.
 *
 * @module
 */
import { z } from "zod";
import type { LogLevel } from "./log.ts";
// The catalog only: the model's runtime (ONNX, TF.js) loads where a model is opened, not with the
// configuration every CLI command reads.
import {
  DEFAULT_HUB_ENDPOINT,
  DEFAULT_MODEL_ID,
  defaultModelDir,
  findModel,
} from "./model/catalog.ts";

const booleanFlag = z.enum(["1", "0", "true", "false", "yes", "no"]).transform((v) =>
  v === "1" || v === "true" || v === "yes"
);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOSTNAME: z.string().default("0.0.0.0"),
  JOBSEEK_KV: z.string().min(1).default("./data/jobseek.sqlite3"),
  JOBSEEK_API_KEYS: z.string().default(""),
  JOBSEEK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  JOBSEEK_ALLOWED_HOSTS: z.string().default(""),
  JOBSEEK_PUBLIC_URL: z.url().optional(),
  JOBSEEK_BOOTSTRAP_KEY: booleanFlag.default(true),
  JOBSEEK_SEED: booleanFlag.default(true),
  JOBSEEK_MIN_SCORE: z.coerce.number().min(0).max(1).optional(),
  JOBSEEK_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  JOBSEEK_MODEL: z.string().default(DEFAULT_MODEL_ID),
  JOBSEEK_MODEL_DIR: z.string().min(1).optional(),
  JOBSEEK_MODEL_SOURCE: z.string().min(1).optional(),
  JOBSEEK_MODEL_HUB: z.union([z.literal("off"), z.url()]).optional(),
  HF_ENDPOINT: z.url().optional(),
});

export interface StaticApiKey {
  name: string;
  key: string;
}

export interface Config {
  port: number;
  hostname: string;
  kvLocation: string;
  staticApiKeys: StaticApiKey[];
  rateLimitPerMinute: number;
  /** Host names allowed in `Host`/`Origin` of `/mcp`; empty means loopback names only. */
  allowedHosts: string[];
  publicUrl?: string;
  bootstrapKey: boolean;
  seedFixtures: boolean;
  minScore?: number;
  logLevel: LogLevel;
  /** The embedding model's id in src/model/catalog.ts. */
  model: string;
  /** Where fetched models are kept. */
  modelDir: string;
  /** A folder holding the model's files or wheels, tried before any network source. */
  modelSource?: string;
  /** The hub (or a mirror) to fetch models from; null: do not try the hub. */
  modelHub: string | null;
}

function parseStaticKeys(raw: string): StaticApiKey[] {
  return raw.split(",").map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf(":");
    if (at <= 0 || at === pair.length - 1) {
      throw new Error(
        `Cannot start: JOBSEEK_API_KEYS entries must be name:key pairs, got '${pair.slice(0, 20)}'`,
      );
    }
    return { name: pair.slice(0, at), key: pair.slice(at + 1) };
  });
}

/** A known model id, or a start-up error that lists the known ones. */
function modelId(id: string): string {
  try {
    return findModel(id).id;
  } catch (error) {
    throw new Error(`Cannot start: JOBSEEK_MODEL: ${(error as Error).message}`);
  }
}

/** Parses an environment (by default the process's) into a frozen Config. */
export function loadConfig(
  env: Record<string, string | undefined> = Deno.env.toObject(),
): Readonly<Config> {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Cannot start: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    hostname: e.HOSTNAME,
    kvLocation: e.JOBSEEK_KV,
    staticApiKeys: parseStaticKeys(e.JOBSEEK_API_KEYS),
    rateLimitPerMinute: e.JOBSEEK_RATE_LIMIT,
    allowedHosts: e.JOBSEEK_ALLOWED_HOSTS.split(",").map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: e.JOBSEEK_PUBLIC_URL?.replace(/\/+$/, ""),
    bootstrapKey: e.JOBSEEK_BOOTSTRAP_KEY,
    seedFixtures: e.JOBSEEK_SEED,
    minScore: e.JOBSEEK_MIN_SCORE,
    logLevel: e.JOBSEEK_LOG_LEVEL,
    model: modelId(e.JOBSEEK_MODEL),
    modelDir: e.JOBSEEK_MODEL_DIR ?? defaultModelDir(env),
    modelSource: e.JOBSEEK_MODEL_SOURCE,
    modelHub: e.JOBSEEK_MODEL_HUB === "off"
      ? null
      : (e.JOBSEEK_MODEL_HUB ?? e.HF_ENDPOINT ?? DEFAULT_HUB_ENDPOINT),
  });
}
