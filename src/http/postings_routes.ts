/**
 * `POST /v1/postings`: a feeder pushes postings (JobSpy CSV or JSON Lines) with a key that has
 * the `ingest` scope. The rows are imported as `jobseek ingest` imports a file, and stored before
 * the reply: what a 200 acknowledges survives a crash. The index is then published in the
 * background (src/search/ingest_service.ts); the reply says whether a publish was asked for.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { formatUtc } from "../domain/lifecycle.ts";
import { parsePublishTime } from "../ingest/import_row.ts";
import { JobseekError } from "../domain/errors.ts";
import type { ImportFormat } from "../search/ingest_service.ts";
import { apiKeyAuth } from "./api_key_auth.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { readLimitedBody } from "./read_json_body.ts";
import { ownValue } from "../domain/own_value.ts";

export const POSTINGS_PATH = "/v1/postings";

/**
 * Largest pushed body: 32 MiB holds about 30,000 real postings with descriptions (JobSpy's own
 * pulls are at most ~1,000 per site); more is split into several pushes.
 */
export const MAX_PUSH_BYTES = 32 * 1024 * 1024;

/** Media types a push may carry, and the format each is read as. */
export const PUSH_MEDIA_TYPES: Record<string, ImportFormat> = {
  "text/csv": "csv",
  "application/x-ndjson": "jsonl",
  "application/jsonl": "jsonl",
  "application/json-lines": "jsonl",
};

function formatOf(contentType: string | undefined): ImportFormat {
  const media = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const format = ownValue(PUSH_MEDIA_TYPES, media);
  if (format === undefined) {
    throw new JobseekError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Cannot import a body of type '${media || "(none)"}': send text/csv (JobSpy CSV) or ` +
        "application/x-ndjson (one JSON posting per line)",
    );
  }
  return format;
}

/**
 * The date a pushed row without `date_posted` (or `publish_time`) gets: the push's `date_posted`
 * parameter (a date or a time), else the time the push arrived, as a scraper's rows are the
 * postings it saw that day (docs/rest-api.md).
 */
function pushDate(c: Context<AppEnv>): string {
  const given = c.req.query("date_posted");
  if (given === undefined) return formatUtc(Date.now());
  const parsed = parsePublishTime(given);
  if (parsed === null) {
    throw new JobseekError(
      "INVALID_PARAMETER",
      `Invalid parameter 'date_posted': '${given.slice(0, 40)}' is no date (expected ` +
        "YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)",
      { param: "date_posted" },
    );
  }
  return parsed;
}

async function push(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const format = formatOf(c.req.header("content-type"));
  const fallbackPublishTime = pushDate(c);
  const bytes = await readLimitedBody(c.req.raw, {
    maxBytes: MAX_PUSH_BYTES,
    tooLarge: () =>
      new JobseekError(
        "PAYLOAD_TOO_LARGE",
        `Request body too large: the limit is ${MAX_PUSH_BYTES} bytes (32 MiB); split the ` +
          "postings into several pushes",
      ),
  });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new JobseekError("INVALID_PARAMETER", "Invalid parameter 'body': it is not UTF-8 text", {
      param: "body",
    });
  }
  if (text.trim() === "") {
    throw new JobseekError("INVALID_PARAMETER", "Invalid parameter 'body': it is empty", {
      param: "body",
    });
  }
  const principal = c.get("principal");
  const { publishing, ...report } = await deps.ingest!.importText("body", format, text, {
    fallbackPublishTime,
    recordedAs: `push by ${principal?.name ?? "a key"}`,
  });
  deps.logger.info("postings pushed", {
    request_id: c.get("requestId"),
    key: principal?.name,
    format,
    rows_read: report.totals.rows_read,
    inserted: report.totals.inserted,
    updated: report.totals.updated,
    invalid: report.totals.invalid,
  });
  return c.json({
    request_id: c.get("requestId"),
    ...report,
    index: publishing ? "publishing" : "unchanged",
  });
}

/** The push route, when the app is given somewhere to import into; other methods answer 405. */
export function createPostingsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (!deps.ingest) return app;
  app.post(POSTINGS_PATH, apiKeyAuth(deps, "ingest"), (c) => push(c, deps));
  app.all(POSTINGS_PATH, methodNotAllowed(["POST"], deps.logger));
  return app;
}
