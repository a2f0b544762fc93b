/**
 * `jobseek alerts add|list|show|remove|send`: the caller's saved searches, through a jobseek
 * server's REST API (`/v1/saved-searches`), as `jobseek search` uses `/v1/search`. docs/alerts.md
 * describes what they deliver.
 *
 * @module
 */
import { Command, InvalidArgumentError } from "@commander-js/extra-typings";
import { cleanFields, cleanLine, jsonForTerminal } from "../../src/domain/clean_text.ts";
import { awaitingConfirmation } from "../../src/domain/deliveries.ts";
import { keptCorrectionInWords } from "../../src/alerts/query_reading.ts";
import { describeFailedResponse, failedResponse, unreachableMessage } from "../api_errors.ts";
import { type CliIo, outputWidth } from "../io.ts";
import {
  API_KEY_STDIN_HELP,
  apiKeyFlagOption,
  endpointOption,
  REQUEST_TIMEOUT_MS,
  resolveServerConnection,
} from "../server_connection.ts";
import { renderTable } from "../table.ts";
import { filterOptions, filterParams, refusalInFlags } from "./search.ts";

interface DeliveryView {
  id: string;
  type: string;
  url?: string;
  to?: string;
  every?: string;
  secret?: string;
  state: string;
  last_error?: string;
  confirm_by?: string;
  confirmation_held_until?: string;
}

interface SavedSearchView {
  id: string;
  name: string;
  params: Record<string, unknown>;
  query_corrected?: { q: string; words: { from: string; to: string }[] };
  deliver: DeliveryView[];
  paused: boolean;
  state: string;
  feed_url: string;
  created_at: string;
}

/** One request to the saved-search API; the parsed body, or an error a person can act on. */
async function call(
  endpoint: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.replace(/\/+$/, "")}/v1/saved-searches${path}`, {
      method,
      headers: {
        "x-api-key": apiKey,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(unreachableMessage(endpoint, error));
  }
  const text = await response.text();
  if (!response.ok) {
    throw new Error(describeFailedResponse(failedResponse(response, text)));
  }
  return text === "" ? null : JSON.parse(text);
}

/** `name=value` of `--param`: a number-looking value stays text (the server reads both). */
function parseParam(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const at = value.indexOf("=");
  if (at <= 0) throw new InvalidArgumentError("must be name=value, e.g. country=DE.");
  return { ...previous, [value.slice(0, at).trim()]: value.slice(at + 1) };
}

/**
 * The longest name a saved search takes (src/alerts/saved_searches.ts `NAME_MAX_LENGTH`, which
 * tests/alerts_test.ts holds this to): a name made of a longer query is cut. Not imported: that
 * module loads the places of the world, which no `alerts` command needs.
 */
export const SAVED_SEARCH_NAME_MAX = 200;

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function describeDelivery(d: DeliveryView): string {
  const where = d.type === "webhook" ? `webhook ${d.url}` : `email ${d.to} (${d.every})`;
  const state = d.state === "unconfirmed"
    ? awaitingConfirmation(d.confirm_by, d.confirmation_held_until)
    : d.state;
  return d.state === "ok" ? where : `${where} [${state}${d.last_error ? `: ${d.last_error}` : ""}]`;
}

/** The human form of one saved search. */
export function formatSavedSearch(dirty: SavedSearchView): string {
  const s = cleanFields(dirty);
  const lines = [
    `${s.id}  ${cleanLine(s.name)}`,
    `  state:    ${s.state}`,
    `  search:   ${
      Object.entries(s.params).map(([k, v]) =>
        `${k}=${
          cleanLine(
            typeof v === "string"
              ? v
              : Array.isArray(v) && v.every((x) => typeof x === "string")
              ? v.join(",")
              : JSON.stringify(v),
          )
        }`
      ).join(" ")
    }`,
    ...(s.query_corrected ? [`  read as:  ${keptCorrectionInWords(s.query_corrected)}`] : []),
    `  feed:     ${s.feed_url}`,
    ...s.deliver.map((d) => `  delivery: ${describeDelivery(d)}`),
    ...s.deliver.filter((d) => d.secret).map((d) =>
      `  secret of ${d.id} (shown once; verify signatures with it): ${d.secret}`
    ),
  ];
  return lines.join("\n") + "\n";
}

function formatList(dirty: SavedSearchView[], width: number): string {
  const list = cleanFields(dirty);
  if (list.length === 0) return "No saved searches. Add one with `jobseek alerts add`.\n";
  return renderTable(
    [{ header: "id" }, { header: "name", minWidth: 10 }, { header: "state" }, {
      header: "deliveries",
      minWidth: 12,
    }],
    list.map((s) => [
      s.id,
      s.name,
      s.state,
      s.deliver.length === 0 ? "feed only" : s.deliver.map(describeDelivery).join("; "),
    ]),
    width,
  );
}

/**
 * A refusal of `alerts add` in the command's words: the filters as their flags, and a delivery
 * ("Invalid parameter 'deliver': the webhook URL ...") as `--webhook` or `--email`, which is what
 * the person typed (a person's trial, session 57: the API's field name read as a mistake of theirs).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   addRefusalInFlags("Invalid parameter 'deliver': the webhook URL names a loopback host"),
 *   "Invalid parameter --webhook: the webhook URL names a loopback host",
 * );
 * assert.equal(
 *   addRefusalInFlags("Invalid parameter 'deliver': email delivery is not configured"),
 *   "Invalid parameter --email: email delivery is not configured",
 * );
 * assert.equal(
 *   addRefusalInFlags("Invalid parameter 'city': must not be empty"),
 *   "Invalid parameter --city: must not be empty",
 * );
 * ```
 */
export function addRefusalInFlags(message: string): string {
  return refusalInFlags(message).replace(
    /\bparameter 'deliver': ([^]*)$/,
    (whole, rest: string) => {
      const flag = /\bwebhook\b/i.test(rest)
        ? "--webhook"
        : /\bemail\b/i.test(rest)
        ? "--email"
        : undefined;
      return flag ? `parameter ${flag}: ${rest}` : whole;
    },
  );
}

function connectionOptions<T extends Command<[], Record<string, unknown>>>(command: T): T {
  return command
    .option("--api-key-stdin", API_KEY_STDIN_HELP)
    .addOption(apiKeyFlagOption())
    .addOption(endpointOption()) as unknown as T;
}

export function alertsCommand(io: CliIo) {
  const alerts = new Command("alerts")
    .description(
      "Saved searches that tell you what is new: an Atom feed, webhooks and email digests.",
    );
  const json = "print the API's JSON";

  // The search as `jobseek search` takes it (words unquoted, its filter flags), so that a search
  // a person just ran is saved by putting `alerts add` in front of it.
  const add = new Command("add")
    .description("Save a search; new postings that match go to its feed and deliveries.")
    .argument("[query...]", "what to search for, as `jobseek search` takes it")
    .option("--name <name>", "what to call the saved search (default: the query)")
    .option(
      "--param <name=value>",
      "a search parameter (repeatable), e.g. country=DE",
      parseParam,
    );
  for (const option of filterOptions()) add.addOption(option);
  alerts.addCommand(
    connectionOptions(
      add
        .option("--webhook <url>", "POST new postings to this URL, signed (repeatable)", collect)
        .option("--email <address>", "email a digest of new postings to this address")
        .option("--every <period>", "how often the digest is due: daily or weekly", "daily")
        .option("--json", json) as unknown as Command<[], Record<string, unknown>>,
    ).action(async (...args: unknown[]) => {
      const [words, options, command] = args as [string[], {
        name?: string;
        param?: Record<string, string>;
        webhook?: string[];
        email?: string;
        every: string;
        json?: boolean;
        apiKeyStdin?: boolean;
        apiKey?: string;
        endpoint?: string;
      }, Command];
      const query = words.join(" ").trim();
      // A name alone searches nothing: the server would refuse it ("q is required", exit 1) after
      // the key is read and a request is made; said here as `search` says it. Asked first: "give a
      // query or --name", then with --name "give a query", said two things (session 57's trial).
      if (query === "" && options.param?.q === undefined && options.param?.profile === undefined) {
        command.error("error: give a query (the words to search for)", { exitCode: 2 });
      }
      const name = options.name ??
        (query || options.param?.q || "").slice(0, SAVED_SEARCH_NAME_MAX).trim();
      if (name === "") {
        command.error("error: give --name (what to call the saved search)", { exitCode: 2 });
      }
      const { endpoint, apiKey } = await resolveServerConnection(options, io);
      const deliver = [
        ...(options.webhook ?? []).map((url) => ({ type: "webhook", url })),
        ...(options.email ? [{ type: "email", to: options.email, every: options.every }] : []),
      ];
      const flags = filterParams(options);
      // The currency said with `--salary-min £30k` gives way to one named on its own, as a
      // `--salary-currency` flag's does (reviewer C58: it replaced `--param salary_currency=EUR`).
      const own = (options as Record<string, unknown>).salaryCurrency;
      if (own === undefined && options.param?.salary_currency !== undefined) {
        delete flags.salary_currency;
      }
      const created = await call(endpoint, apiKey, "POST", "", {
        name,
        ...(query !== "" ? { q: query } : {}),
        ...(options.param ?? {}),
        ...Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)),
        ...(deliver.length > 0 ? { deliver } : {}),
      }).catch((error: unknown) => {
        throw error instanceof Error ? new Error(addRefusalInFlags(error.message)) : error;
      }) as SavedSearchView;
      await io.stdout.write(
        options.json
          ? jsonForTerminal(JSON.stringify(created, null, 2)) + "\n"
          : formatSavedSearch(created),
      );
    }),
  );

  alerts.addCommand(
    connectionOptions(
      new Command("list").description("List your saved searches and their state.")
        .option("--json", json) as unknown as Command<[], Record<string, unknown>>,
    ).action(async (...args: unknown[]) => {
      const options = args[0] as { json?: boolean; endpoint?: string };
      const { endpoint, apiKey } = await resolveServerConnection(options, io);
      const body = await call(endpoint, apiKey, "GET", "") as {
        saved_searches: SavedSearchView[];
      };
      await io.stdout.write(
        options.json
          ? jsonForTerminal(JSON.stringify(body, null, 2)) + "\n"
          : formatList(body.saved_searches, outputWidth(io.stdout)),
      );
    }),
  );

  for (
    const [name, description, method, suffix] of [
      ["show", "Show one saved search: its parameters, feed URL and deliveries.", "GET", ""],
      ["remove", "Remove a saved search, its feed and its deliveries.", "DELETE", ""],
      ["send", "Deliver what is new now and show what was sent.", "POST", "/send"],
    ] as const
  ) {
    alerts.addCommand(
      connectionOptions(
        new Command(name).description(description).argument("<id>", "the saved search's id")
          .option("--json", json) as unknown as Command<[], Record<string, unknown>>,
      ).action(async (...args: unknown[]) => {
        const [id, options] = args as [string, { json?: boolean; endpoint?: string }];
        const { endpoint, apiKey } = await resolveServerConnection(options, io);
        const body = await call(
          endpoint,
          apiKey,
          method,
          `/${encodeURIComponent(id)}${suffix}`,
        );
        if (options.json) {
          await io.stdout.write(jsonForTerminal(JSON.stringify(body ?? {}, null, 2)) + "\n");
        } else if (name === "show") {
          await io.stdout.write(formatSavedSearch(body as SavedSearchView));
        } else if (name === "remove") {
          await io.stdout.write(`Removed ${cleanLine(id)}.\n`);
        } else {
          const sent = (body as {
            sent: {
              delivery_id: string;
              type: string;
              outcome: string;
              count: number;
              rest: number;
            }[];
          }).sent;
          await io.stdout.write(
            sent.length === 0
              ? "This saved search has no webhook or email delivery (its feed is read, not sent).\n"
              : sent.map((s) =>
                s.outcome === "unconfirmed"
                  ? `${s.delivery_id} (${s.type}): awaiting confirmation, nothing sent`
                  : `${s.delivery_id} (${s.type}): ${s.outcome.replace("_", " ")}, ${s.count} ` +
                    `posting${s.count === 1 ? "" : "s"}${s.rest > 0 ? ` (+${s.rest} more)` : ""}`
              ).join("\n") + "\n",
          );
        }
      }),
    );
  }
  return alerts;
}
