/**
 * `jobseek keys`: operator commands for API keys (create, list, revoke, set-limit). They work on
 * the store directly (`--kv`, `JOBSEEK_KV` or the config file's `kv`), so they run beside a live server: a revoked key stops
 * working at once on every server sharing that store.
 *
 * @module
 */
import {
  Command,
  type CommandUnknownOpts,
  InvalidArgumentError,
  Option,
} from "@commander-js/extra-typings";
import { DEFAULT_SCOPES, type Scope, SCOPES } from "../../src/domain/service.ts";
import { ApiKeyRegistry } from "../../src/auth/api_keys.ts";
import { JobseekError } from "../../src/domain/errors.ts";
import { type CliIo, outputWidth } from "../io.ts";
import { renderTable } from "../table.ts";
import { withOperatorStore } from "../store_location.ts";
import { kvOption, resolveCommandConfig } from "../resolve_config.ts";

function parseRateLimit(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new InvalidArgumentError("must be a whole number of requests per minute, 1 or more.");
  }
  return Number(value);
}

function parseLimitOrDefault(value: string): number | "default" {
  return value.trim().toLowerCase() === "default" ? "default" : parseRateLimit(value);
}

function describeLimit(rateLimit: number | undefined, serverDefault: number): string {
  return rateLimit === undefined
    ? `the server default (JOBSEEK_RATE_LIMIT, here ${serverDefault}) requests per minute`
    : `${rateLimit} requests per minute`;
}

/** The `keys` command group. */
export function keysCommand(io: CliIo) {
  const write = (text: string) => io.stdout.write(text);

  /** Only `create` may create the store; the others need keys that exist, so a store that does. */
  async function withRegistry<T>(
    command: CommandUnknownOpts,
    fn: (registry: ApiKeyRegistry, serverDefault: number, store: string) => Promise<T>,
    { create = false } = {},
  ): Promise<T> {
    const { config } = await resolveCommandConfig(command, io);
    return await withOperatorStore(
      config.kvLocation,
      (store, name) =>
        fn(
          new ApiKeyRegistry(store.apiKeys, config.staticApiKeys),
          config.rateLimitPerMinute,
          name,
        ),
      { create },
    );
  }

  const create = new Command("create")
    .description("Create an API key. The key is printed once, alone on the last line.")
    .requiredOption("--name <name>", "unique name of the key (letters, digits, . _ -)")
    .option(
      "--rate-limit <n>",
      "requests per minute for this key (default: server's)",
      parseRateLimit,
    )
    .addOption(
      new Option(
        "--scope <scope>",
        "what the key may do: search (the default), ingest (push postings) or admin (the web " +
          "console and /metrics); repeat for several",
      ).choices(SCOPES).argParser((value, previous: Scope[] | undefined) => [
        ...(previous ?? []),
        value as Scope,
      ]),
    )
    .option(
      "--keep-saved-searches",
      "give the key the saved searches a revoked key of this name left (the same person's new " +
        "key); without it such a name is refused",
    )
    .addOption(kvOption())
    .action(async (opts, command) => {
      await withRegistry(command, async (registry, serverDefault, store) => {
        const { key, record } = await registry.create(opts.name, {
          rateLimit: opts.rateLimit,
          scopes: opts.scope,
          keepSavedSearches: opts.keepSavedSearches === true,
        });
        await write(
          `Created API key '${record.name}' in the store ${store}, with scope ${
            (record.scopes ?? DEFAULT_SCOPES).join(" and ")
          }, allowing ${describeLimit(record.rateLimit, serverDefault)}.\n` +
            "It is shown only this once and cannot be recovered; store it now " +
            "(clients send it in the x-api-key header):\n" +
            `${key}\n`,
        );
      }, { create: true });
    });

  const list = new Command("list")
    .description("List API keys: name, prefix, creation time, rate limit (never the key).")
    .option("--json", "print JSON for scripts")
    .addOption(kvOption())
    .action(async (opts, command) => {
      await withRegistry(command, async (registry, serverDefault, store) => {
        const records = await registry.list();
        const rows = [
          ...records.map((r) => ({
            name: r.name,
            prefix: r.prefix,
            created: r.createdAt,
            rate_limit: r.rateLimit ?? null,
            scopes: r.scopes ?? [...DEFAULT_SCOPES],
            origin: "store",
          })),
          ...registry.staticKeyNames().map((name) => ({
            name,
            prefix: null,
            created: null,
            rate_limit: null,
            scopes: [...DEFAULT_SCOPES],
            origin: "JOBSEEK_API_KEYS",
          })),
        ];
        if (opts.json) {
          await write(JSON.stringify(rows, null, 2) + "\n");
          return;
        }
        if (rows.length === 0) {
          await write(
            `No API keys in the store ${store}. Create one with ` +
              "`jobseek keys create --name NAME`.\n",
          );
          return;
        }
        const table = renderTable(
          [
            { header: "NAME", minWidth: 8 },
            { header: "PREFIX" },
            { header: "CREATED" },
            { header: "RATE LIMIT/MIN", align: "right" },
            { header: "SCOPES" },
          ],
          rows.map((row) => [
            row.name,
            row.prefix ? `${row.prefix}…` : "(static)",
            row.created ?? row.origin,
            row.rate_limit === null ? `default (${serverDefault})` : String(row.rate_limit),
            row.scopes.join(","),
          ]),
          outputWidth(io.stdout),
        );
        await write(`${table}store: ${store}\n`);
      });
    });

  const revoke = new Command("revoke")
    .description("Revoke an API key: it stops working at once.")
    .argument("<name>", "name of the key")
    .addOption(kvOption())
    .action(async (name, _opts, command) => {
      await withRegistry(command, async (registry) => {
        if (!(await registry.revoke(name))) {
          throw new JobseekError(
            "NOT_FOUND",
            `Cannot revoke key '${name}': no key has that name (see \`jobseek keys list\`)`,
          );
        }
        await write(`Revoked API key '${name}'.\n`);
      });
    });

  const setLimit = new Command("set-limit")
    .description("Set a key's requests per minute, or `default` for the server's.")
    .argument("<name>", "name of the key")
    .argument("<limit>", "requests per minute, or `default`", parseLimitOrDefault)
    .addOption(kvOption())
    .action(async (name, limit, _opts, command) => {
      await withRegistry(command, async (registry, serverDefault) => {
        const rateLimit = limit === "default" ? undefined : limit;
        if (!(await registry.setRateLimit(name, rateLimit))) {
          throw new JobseekError(
            "NOT_FOUND",
            `Cannot set the limit of key '${name}': no key has that name (see \`jobseek keys list\`)`,
          );
        }
        await write(`API key '${name}' now allows ${describeLimit(rateLimit, serverDefault)}.\n`);
      });
    });

  return new Command("keys")
    .description("Manage API keys (operators): create, list, revoke, set-limit.")
    .addCommand(create)
    .addCommand(list)
    .addCommand(revoke)
    .addCommand(setLimit);
}
