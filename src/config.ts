/**
 * The server's environment, parsed once at start into a frozen {@linkcode Config}; a bad value
 * stops the start with a message naming the variable. Under `src/` only this module reads
 * `Deno.env`; every CLI command passes in the record `cli/resolve_config.ts` builds (its flags and
 * config file layered over the environment), and the CLI client's own variables
 * (`JOBSEEK_API_KEY`, `JOBSEEK_ENDPOINT`, `JOBSEEK_CONFIG`) are read by `cli/config_file.ts`
 * and `cli/client_settings.ts`.
 *
 * @module
 */
import { z } from "zod";
import type { LogLevel } from "./log.ts";
import { allowedHost } from "./domain/allowed_host.ts";
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

/**
 * The shortest publish lease allowed (ms). A publishing server renews its lease every third of it
 * with a KV read and commit (over the network, with KV Connect): a lease much shorter would run out
 * under a live publisher whenever a renewal is slow, and let a second server build the same index.
 */
const MIN_PUBLISH_LEASE_MS = 1000;

/** A whole number of milliseconds, at least `min`; the error quotes what was given. */
function wholeMilliseconds(min: number) {
  const expected = (input: unknown) =>
    `must be a whole number of milliseconds, at least ${min}; got '${String(input).slice(0, 20)}'`;
  return z.string().trim().regex(/^\d+$/, { error: (issue) => expected(issue.input) })
    .transform(Number)
    .refine((ms) => ms >= min, { error: (issue) => expected(issue.input) });
}

/** Where the store is when neither `JOBSEEK_KV` nor the CLI names one: beside the process. */
export const DEFAULT_KV_LOCATION = "./data/jobseek.sqlite3";

/** The port and interface a server binds when neither `PORT`/`HOSTNAME` nor a flag names one. */
export const DEFAULT_PORT = 8000;
export const DEFAULT_HOSTNAME = "0.0.0.0";

/**
 * The highest `JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY`: a key's sending times are one KV value,
 * which stays far under its 64 KiB at this many.
 */
export const CONFIRMATIONS_PER_KEY_MAX = 1000;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOSTNAME: z.string().default(DEFAULT_HOSTNAME),
  JOBSEEK_KV: z.string().min(1).default(DEFAULT_KV_LOCATION),
  JOBSEEK_API_KEYS: z.string().default(""),
  JOBSEEK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  JOBSEEK_ALLOWED_HOSTS: z.string().default(""),
  JOBSEEK_CORS_ORIGINS: z.string().default(""),
  JOBSEEK_PUBLIC_URL: z.url().optional(),
  JOBSEEK_BOOTSTRAP_KEY: booleanFlag.default(true),
  JOBSEEK_SEED: booleanFlag.default(true),
  JOBSEEK_MIN_SCORE: z.coerce.number().min(0).max(1).optional(),
  JOBSEEK_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  JOBSEEK_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  JOBSEEK_SOURCE_CHECK_MS: z.coerce.number().int().min(100).default(15_000),
  JOBSEEK_SOURCE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(60),
  JOBSEEK_SOURCE_MAX_MB: z.coerce.number().min(0.001).default(64),
  JOBSEEK_SOURCE_MAX_DROP_PERCENT: z.coerce.number().min(0).max(100).default(30),
  JOBSEEK_INDEX_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
  JOBSEEK_PUBLISH_LEASE_MS: wholeMilliseconds(MIN_PUBLISH_LEASE_MS).default(30_000),
  JOBSEEK_PUBLISH_CHILD: booleanFlag.default(true),
  JOBSEEK_RETENTION_DAYS: z.coerce.number().int().min(0).default(60),
  // Off: deleting is the operator's choice (docs/operations.md, "Retention and purge").
  JOBSEEK_PURGE_AFTER_DAYS: z.coerce.number().int().min(0).default(0),
  JOBSEEK_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  JOBSEEK_MODEL: z.string().default(DEFAULT_MODEL_ID),
  JOBSEEK_MODEL_DIR: z.string().min(1).optional(),
  JOBSEEK_MODEL_SOURCE: z.string().min(1).optional(),
  JOBSEEK_MODEL_HUB: z.union([z.literal("off"), z.url()]).optional(),
  HF_ENDPOINT: z.url().optional(),
  JOBSEEK_OAUTH_ISSUER: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(
    (url) => !/[?#]/.test(url),
    "must be an http(s) URL without query or fragment",
  ).optional(),
  JOBSEEK_OAUTH_AUDIENCE: z.string().optional(),
  JOBSEEK_WEB: z.enum(["key", "public", "off"]).default("key"),
  JOBSEEK_WEB_SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
  JOBSEEK_SAVED_SEARCH_MAX: z.coerce.number().int().min(0).default(50),
  JOBSEEK_WEBHOOK_ALLOW_HOSTS: z.string().default("").refine(
    (list) => list.split(",").every((entry) => entry.trim() === "" || allowedHost(entry) !== null),
    {
      error: (issue) =>
        `must be hosts or host:port pairs, comma-separated ('hooks.example', ` +
        `'hooks.example:8443', '[fd00::5]:9000'); '${
          String(issue.input).split(",").find((e) => e.trim() !== "" && !allowedHost(e))?.trim()
        }' is neither`,
    },
  ),
  JOBSEEK_WEBHOOK_PUBLIC: booleanFlag.default(true),
  JOBSEEK_SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  JOBSEEK_MAIL_FROM: z.string().min(3).optional(),
  JOBSEEK_ALERT_CHECK_MS: z.coerce.number().int().min(50).default(1000),
  JOBSEEK_ALERT_LEASE_MS: wholeMilliseconds(MIN_PUBLISH_LEASE_MS).default(60_000),
  JOBSEEK_WEBHOOK_RETRY_MS: z.coerce.number().int().min(10).default(5000),
  JOBSEEK_WEBHOOK_RETRY_FOR_MS: z.coerce.number().int().min(1000).default(24 * 3600_000),
  JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY: z.coerce.number().int().min(1).max(
    CONFIRMATIONS_PER_KEY_MAX,
  ).default(20),
  JOBSEEK_SEARCH_PROCESSES: z.string().optional(),
  // Set by a server for each of its search processes (cli/commands/serve.ts), not by an operator.
  JOBSEEK_SEARCH_SOCKET: z.string().min(1).optional(),
  JOBSEEK_SEARCH_PROCESS_SHARE: z.coerce.number().int().min(1).max(64).default(1),
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
  /** Origins (`https://app.example.com`) whose pages may call the REST API; empty: none. */
  corsOrigins: string[];
  publicUrl?: string;
  bootstrapKey: boolean;
  seedFixtures: boolean;
  minScore?: number;
  /** Most client connections at once; unset: derived from the descriptor limit. */
  maxConnections?: number;
  /** Most connections from one client address or network; unset: a share of the cap. */
  maxConnectionsPerAddress?: number;
  /** How often a server looks for due feed sources (ms). */
  sourceCheckMs: number;
  /** How a feed pull is judged whole (src/search/source_puller.ts, docs/operations.md). */
  sourcePullLimits: { timeoutMs: number; maxBytes: number; maxDropShare: number };
  /**
   * How often a server checks that its index matches the store (postings it lacks, postings
   * expired or past the retention since it was built) and purges what expired long ago (ms).
   */
  indexCheckMs: number;
  /**
   * How long a server's publish lease lasts unless renewed (ms): of the servers sharing a store one
   * publishes and purges at a time, and one killed while it held the lease keeps the others from
   * publishing for at most this long.
   */
  publishLeaseMs: number;
  /**
   * A server's full publishes (a rebuild, a compaction, a gap a delta cannot fill) run in a child
   * process, their memory apart from the serving heap (`JOBSEEK_PUBLISH_CHILD`, default on; off:
   * in the server's own process). A store only this process can open (`:memory:`) publishes in
   * process whatever this says.
   */
  publishInChild: boolean;
  /** Postings whose `publish_time` is older than this many days leave the index; 0: never. */
  retentionDays: number;
  /** Expired postings are deleted from the store this many days after they expired; 0: never. */
  purgeAfterDays: number;
  /**
   * Whether the environment named the retention itself (`JOBSEEK_RETENTION_DAYS`): without it, a
   * store that already holds postings takes no retention rather than the default, so that no
   * default hides what an operator put in it (src/store/lifecycle_settings_store.ts).
   */
  retentionFromEnv: boolean;
  /** Whether the environment named the purge itself (`JOBSEEK_PURGE_AFTER_DAYS`). */
  purgeFromEnv: boolean;
  logLevel: LogLevel;
  /**
   * Server processes that search, each with its own copy of the index, behind the one public port
   * (src/http/search_processes.ts); 1 is today's single process.
   */
  searchProcesses: number;
  /**
   * Set by `jobseek serve` for its search processes: serve the app on this Unix socket, without a
   * connection guard of its own (the parent's guard forwards to it). Not an operator's setting.
   */
  searchSocket?: string;
  /**
   * Set by `jobseek serve` for its search processes: how many share the public port. Connections
   * reach them round-robin, so each enforces this share of every per-address limit (kept in
   * memory a process) and the server as a whole the limit. Not an operator's setting.
   */
  searchProcessShare: number;
  /** The embedding model's id in src/model/catalog.ts. */
  model: string;
  /** Where fetched models are kept. */
  modelDir: string;
  /** A folder holding the model's files or wheels, tried before any network source. */
  modelSource?: string;
  /** The hub (or a mirror) to fetch models from; null: do not try the hub. */
  modelHub: string | null;
  /**
   * An external OAuth issuer whose JWTs `/mcp` accepts; when set, jobseek's own authorization
   * server is off (src/auth/external_issuer.ts).
   */
  oauthIssuer?: string;
  /** `aud` values accepted in the issuer's tokens; unset: the server's own URLs. */
  oauthAudience?: string[];
  /**
   * Who may use the web page at `/` (src/web/): `key` (sign in with an API key), `public`
   * (anyone, limited per address prefix) or `off` (no page; `/admin` and `/metrics` stay).
   */
  web: "key" | "public" | "off";
  /** How long a web sign-in lasts (hours). */
  webSessionHours: number;
  /** Saved searches and their deliveries (docs/alerts.md); absent: the defaults. */
  alerts?: AlertsConfig;
}

/** Settings of saved searches and their deliveries (docs/alerts.md). */
export interface AlertsConfig {
  /** Most saved searches per owner (`JOBSEEK_SAVED_SEARCH_MAX`, default 50). */
  maxPerOwner: number;
  /** Webhook hosts allowed to resolve to loopback or private addresses (lowercase). */
  webhookAllowHosts: string[];
  /** False: webhooks may reach only the allowed hosts (`JOBSEEK_WEBHOOK_PUBLIC=0`). */
  webhookPublic?: boolean;
  /** Where email digests are sent through, and who they are from; both or neither. */
  smtpUrl?: string;
  mailFrom?: string;
  /** How often a server looks for a new index, due retries and due digests (ms). */
  checkMs: number;
  /** How long a server's delivery lease on one saved search lasts (ms). */
  leaseMs: number;
  /** A webhook's first retry waits about this long; each next one twice as long (ms). */
  retryBaseMs: number;
  /** How long a webhook is retried before the saved search shows as failing (ms). */
  retryForMs: number;
  /**
   * Most confirmation mails one owner (API key) causes in any 24 h
   * (`JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY`, default 20); one over it waits for the window.
   */
  confirmationsPerKeyPerDay: number;
}

/** The alert settings when a Config carries none (tests that build one by hand). */
export const DEFAULT_ALERTS: Readonly<AlertsConfig> = Object.freeze({
  maxPerOwner: 50,
  webhookAllowHosts: [],
  checkMs: 1000,
  leaseMs: 60_000,
  retryBaseMs: 5000,
  retryForMs: 24 * 3600_000,
  confirmationsPerKeyPerDay: 20,
});

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

/**
 * The comma-separated origins, each as a browser sends it in `Origin` (scheme, host, and a port
 * only when it is not the scheme's default), so that comparing strings is comparing origins.
 */
function corsOrigins(raw: string): string[] {
  return raw.split(",").map((o) => o.trim()).filter(Boolean).map((text) => {
    const url = URL.parse(text);
    const bare = url?.pathname === "/" && !/[?#@]/.test(text);
    if (!url || !/^https?:$/.test(url.protocol) || !bare) {
      throw new Error(
        "Cannot start: JOBSEEK_CORS_ORIGINS entries must be origins such as " +
          `https://app.example.com, got '${text.slice(0, 60)}'`,
      );
    }
    return url.origin;
  });
}

/**
 * The public URL in the URL parser's own form, so that every user of it (the cookie's `Secure`,
 * the forms' Origin check, OAuth metadata, the links in feeds and mails) reads one spelling:
 * `HTTPS://Jobs.Example.com:443/` passed as valid and left the session cookie without `Secure`,
 * whose test asked for a lower-case "https:". Its links are joined to it, so no query or fragment.
 */
function publicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || /[?#]/.test(raw)) {
    throw new Error(
      "Cannot start: JOBSEEK_PUBLIC_URL must be an http or https URL such as " +
        `https://jobs.example.com, with no query or fragment; got '${raw.slice(0, 60)}'`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

/** A known model id, or a start-up error that lists the known ones. */
function modelId(id: string): string {
  try {
    return findModel(id).id;
  } catch (error) {
    throw new Error(`Cannot start: JOBSEEK_MODEL: ${(error as Error).message}`);
  }
}

/** The comma-separated audiences; refused without an issuer, where they would mean nothing. */
function oauthAudience(raw: string | undefined, issuer: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  if (issuer === undefined) {
    throw new Error("Cannot start: JOBSEEK_OAUTH_AUDIENCE needs JOBSEEK_OAUTH_ISSUER");
  }
  const values = raw.split(",").map((a) => a.trim()).filter(Boolean);
  if (values.length === 0) {
    throw new Error("Cannot start: JOBSEEK_OAUTH_AUDIENCE names no audience");
  }
  return values;
}

/** SMTP URL and sender: both or neither, since a digest needs both. */
function mailSettings(
  smtpUrl: string | undefined,
  mailFrom: string | undefined,
): { smtpUrl?: string; mailFrom?: string } {
  if ((smtpUrl === undefined) !== (mailFrom === undefined)) {
    throw new Error("Cannot start: JOBSEEK_SMTP_URL and JOBSEEK_MAIL_FROM go together; set both");
  }
  return smtpUrl === undefined ? {} : { smtpUrl, mailFrom };
}

/** Most search processes accepted: beyond, a typo (`JOBSEEK_SEARCH_PROCESSES=200`) is likelier. */
export const MAX_SEARCH_PROCESSES = 64;

/**
 * `JOBSEEK_SEARCH_PROCESSES`: a whole number of processes, or `auto` for one a core. Unset: 1,
 * since each process holds its own copy of the index and a push is searchable in the others only
 * at their next poll (docs/operations.md, "Search processes"). More than one needs a store that
 * processes can share: an in-memory store lives in one process.
 */
function searchProcesses(raw: string | undefined, kvLocation: string): number {
  const text = raw?.trim().toLowerCase();
  const count = text === undefined
    ? 1
    : text === "auto"
    ? (kvLocation === ":memory:"
      ? 1
      : Math.min(MAX_SEARCH_PROCESSES, navigator.hardwareConcurrency))
    : /^[0-9]+$/.test(text)
    ? Number(text)
    : NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEARCH_PROCESSES) {
    throw new Error(
      `Cannot start: JOBSEEK_SEARCH_PROCESSES must be a whole number from 1 to ` +
        `${MAX_SEARCH_PROCESSES} or auto, got '${String(raw).slice(0, 20)}'`,
    );
  }
  if (count > 1 && kvLocation === ":memory:") {
    throw new Error(
      `Cannot start: JOBSEEK_SEARCH_PROCESSES=${count} needs a store the processes can share; ` +
        "an in-memory store (:memory:) lives in one process: set JOBSEEK_KV to a file",
    );
  }
  return count;
}

/** A setting's value that cannot be used: `variable` names it, `problem` says why in words. */
export class ConfigError extends Error {
  constructor(readonly variable: string, readonly problem: string) {
    super(`Cannot start: ${variable} ${problem}`);
  }
}

/**
 * Why a setting's value is refused, in words: zod's "Invalid input: expected number, received NaN"
 * was said for `--port abc` (an operator's trial, session 57).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { loadConfig } from "./config.ts";
 * assert.throws(() => loadConfig({ PORT: "abc" }), /^Error: Cannot start: PORT must be a number, not 'abc'$/);
 * assert.throws(() => loadConfig({ PORT: "70000" }), /PORT must be at most 65535, not '70000'/);
 * assert.throws(() => loadConfig({ PORT: "80.5" }), /PORT must be a whole number, not '80.5'/);
 * assert.throws(() => loadConfig({ JOBSEEK_MAIL_FROM: "ab" }), /JOBSEEK_MAIL_FROM must be at least 3 characters long$/);
 * ```
 */
function settingProblem(issue: z.core.$ZodIssue, value: string | undefined): string {
  const given = value === undefined ? "" : `, not '${value.slice(0, 40)}'`;
  if (issue.code === "invalid_type" && issue.expected === "number") {
    return `must be a number${given}`;
  }
  // A text's length is said without the text: it may be a secret (reviewer C58).
  if ((issue.code === "too_big" || issue.code === "too_small") && issue.origin === "string") {
    const bound = issue.code === "too_big"
      ? `at most ${issue.maximum}`
      : `at least ${issue.minimum}`;
    return `must be ${bound} characters long`;
  }
  if (issue.code === "too_big" && typeof issue.maximum === "number") {
    return `must be at most ${issue.maximum}${given}`;
  }
  if (issue.code === "too_small" && typeof issue.minimum === "number") {
    return `must be at least ${issue.minimum}${given}`;
  }
  if (
    (issue.code === "invalid_type" && issue.expected === "int") ||
    (issue.code === "invalid_format" && issue.format === "safeint")
  ) {
    return `must be a whole number${given}`;
  }
  return issue.message;
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
    const variable = String(issue.path[0]);
    throw new ConfigError(variable, settingProblem(issue, env[variable]));
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    hostname: e.HOSTNAME,
    kvLocation: e.JOBSEEK_KV,
    staticApiKeys: parseStaticKeys(e.JOBSEEK_API_KEYS),
    rateLimitPerMinute: e.JOBSEEK_RATE_LIMIT,
    corsOrigins: corsOrigins(e.JOBSEEK_CORS_ORIGINS),
    allowedHosts: e.JOBSEEK_ALLOWED_HOSTS.split(",").map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: publicUrl(e.JOBSEEK_PUBLIC_URL),
    bootstrapKey: e.JOBSEEK_BOOTSTRAP_KEY,
    seedFixtures: e.JOBSEEK_SEED,
    minScore: e.JOBSEEK_MIN_SCORE,
    maxConnections: e.JOBSEEK_MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.JOBSEEK_MAX_CONNECTIONS_PER_ADDRESS,
    sourceCheckMs: e.JOBSEEK_SOURCE_CHECK_MS,
    sourcePullLimits: {
      timeoutMs: Math.round(e.JOBSEEK_SOURCE_TIMEOUT_SECONDS * 1000),
      maxBytes: Math.round(e.JOBSEEK_SOURCE_MAX_MB * 1024 * 1024),
      maxDropShare: e.JOBSEEK_SOURCE_MAX_DROP_PERCENT / 100,
    },
    indexCheckMs: e.JOBSEEK_INDEX_CHECK_MS,
    publishLeaseMs: e.JOBSEEK_PUBLISH_LEASE_MS,
    publishInChild: e.JOBSEEK_PUBLISH_CHILD,
    retentionDays: e.JOBSEEK_RETENTION_DAYS,
    purgeAfterDays: e.JOBSEEK_PURGE_AFTER_DAYS,
    retentionFromEnv: Boolean(env.JOBSEEK_RETENTION_DAYS),
    purgeFromEnv: Boolean(env.JOBSEEK_PURGE_AFTER_DAYS),
    logLevel: e.JOBSEEK_LOG_LEVEL,
    searchProcesses: searchProcesses(e.JOBSEEK_SEARCH_PROCESSES, e.JOBSEEK_KV),
    ...(e.JOBSEEK_SEARCH_SOCKET ? { searchSocket: e.JOBSEEK_SEARCH_SOCKET } : {}),
    searchProcessShare: e.JOBSEEK_SEARCH_PROCESS_SHARE,
    model: modelId(e.JOBSEEK_MODEL),
    modelDir: e.JOBSEEK_MODEL_DIR ?? defaultModelDir(env),
    modelSource: e.JOBSEEK_MODEL_SOURCE,
    modelHub: e.JOBSEEK_MODEL_HUB === "off"
      ? null
      : (e.JOBSEEK_MODEL_HUB ?? e.HF_ENDPOINT ?? DEFAULT_HUB_ENDPOINT),
    // Verbatim: an issuer identifier is compared character for character (RFC 8414 3.3).
    oauthIssuer: e.JOBSEEK_OAUTH_ISSUER,
    oauthAudience: oauthAudience(e.JOBSEEK_OAUTH_AUDIENCE, e.JOBSEEK_OAUTH_ISSUER),
    web: e.JOBSEEK_WEB,
    webSessionHours: e.JOBSEEK_WEB_SESSION_HOURS,
    alerts: {
      maxPerOwner: e.JOBSEEK_SAVED_SEARCH_MAX,
      webhookAllowHosts: e.JOBSEEK_WEBHOOK_ALLOW_HOSTS.split(",").map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      webhookPublic: e.JOBSEEK_WEBHOOK_PUBLIC,
      ...mailSettings(e.JOBSEEK_SMTP_URL, e.JOBSEEK_MAIL_FROM),
      checkMs: e.JOBSEEK_ALERT_CHECK_MS,
      leaseMs: e.JOBSEEK_ALERT_LEASE_MS,
      retryBaseMs: e.JOBSEEK_WEBHOOK_RETRY_MS,
      retryForMs: e.JOBSEEK_WEBHOOK_RETRY_FOR_MS,
      confirmationsPerKeyPerDay: e.JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY,
    },
  });
}
