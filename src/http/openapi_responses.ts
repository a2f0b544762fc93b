/**
 * The responses the OpenAPI document (src/http/openapi.ts) lists for its routes: each status with
 * its headers and its error bodies, the bodies made by running the real validator and body reader
 * on bad input, so that the examples are what the server answers.
 *
 * @module
 */
import { JobseekError, NO_INDEX_MESSAGE } from "../domain/errors.ts";
import { parseSearchQuery } from "../domain/search_query.ts";
import { type ErrorBody, NOT_READY_RETRY_AFTER_SECONDS } from "./error_response.ts";
import { MAX_BODY_BYTES, readJsonObject } from "./read_json_body.ts";
import { PROFILE_IN_GET_MESSAGE } from "./search_routes.ts";
import { MAX_PUSH_BYTES } from "./postings_routes.ts";

type JsonSchema = Record<string, unknown>;

const EXAMPLE_REQUEST_ID = "3f1c2a9e-7b4d-4e8a-9c2f-5d6b7a8e9f01";

function errorExample(error: unknown): ErrorBody {
  if (!(error instanceof JobseekError)) throw error;
  return {
    error: error.message,
    error_code: error.code as ErrorBody["error_code"],
    request_id: EXAMPLE_REQUEST_ID,
  };
}

/** Runs the real validator on bad input and returns the body the API answers with. */
function validationExample(raw: Record<string, unknown>): { value: ErrorBody } {
  try {
    parseSearchQuery(raw, "q");
  } catch (error) {
    return { value: errorExample(error) };
  }
  throw new Error(`Cannot build OpenAPI example: ${JSON.stringify(raw)} is valid`);
}

async function bodyExample(body: string): Promise<{ value: ErrorBody }> {
  try {
    await readJsonObject(new Request("http://x/", { method: "POST", body }));
  } catch (error) {
    return { value: errorExample(error) };
  }
  throw new Error(`Cannot build OpenAPI example: ${body} is accepted`);
}

function fixedExample(code: ErrorBody["error_code"], error: string): { value: ErrorBody } {
  return { value: { error, error_code: code, request_id: EXAMPLE_REQUEST_ID } };
}

export const requestIdHeader = {
  "x-request-id": {
    description: "Id of the request (UUID), also in logs and in error bodies.",
    schema: { type: "string", format: "uuid" },
  },
};

export const retryAfterHeader = (description: string) => ({
  "Retry-After": { description, schema: { type: "integer", minimum: 1 } },
});

/** The 429 of an endpoint whose answer documents no example. */
export const RATE_LIMITED_RESPONSE = {
  description: "The key's requests-per-minute limit is exceeded.",
  headers: { ...requestIdHeader, ...retryAfterHeader("Seconds to wait.") },
  content: { "application/json": { schema: { $ref: "#/components/schemas/RateLimitError" } } },
};

/** An error response of the `Error` body, with the examples given (none when empty). */
export function errorResponseObject(
  description: string,
  examples: Record<string, { value: unknown }> = {},
  headers: Record<string, unknown> = {},
): JsonSchema {
  const media = Object.keys(examples).length > 0
    ? { schema: { $ref: "#/components/schemas/Error" }, examples }
    : { schema: { $ref: "#/components/schemas/Error" } };
  return {
    description,
    headers: { ...requestIdHeader, ...headers },
    content: { "application/json": media },
  };
}

/** The responses of `GET` and `POST /v1/search`. */
export async function searchResponses(method: "get" | "post"): Promise<Record<string, unknown>> {
  const badRequest: Record<string, { value: unknown }> = {
    missing_query: validationExample({}),
    invalid_parameter: validationExample({ q: "nurse", since: "2024-13-01" }),
    invalid_source: validationExample({ q: "nurse", source: "monster" }),
  };
  if (method === "post") {
    badRequest.invalid_json = await bodyExample("q=nurse");
    badRequest.empty_profile = validationExample({ profile: " " });
  } else {
    badRequest.profile_in_get = fixedExample("INVALID_PARAMETER", PROFILE_IN_GET_MESSAGE);
  }
  const responses: Record<string, unknown> = {
    "200": {
      description:
        "Results, newest first then most relevant (or by relevance with sort=relevance).",
      headers: requestIdHeader,
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/SearchResponse" } },
      },
    },
    "400": errorResponseObject(
      "Missing query (MISSING_QUERY), malformed parameter (INVALID_PARAMETER, the message names " +
        "it), unknown source (INVALID_SOURCE)" +
        (method === "post"
          ? ", body not a JSON object (INVALID_JSON); an empty or too long `profile` " +
            "(INVALID_PARAMETER)."
          : "; a `profile` (INVALID_PARAMETER: it goes in the body of a POST)."),
      badRequest,
    ),
    "403": errorResponseObject("The `x-api-key` header is missing or not a valid key.", {
      invalid_key: fixedExample("AUTH_INVALID_KEY", "Invalid API key"),
    }),
  };
  if (method === "post") {
    responses["413"] = errorResponseObject(`Body larger than ${MAX_BODY_BYTES} bytes.`, {
      too_large: fixedExample(
        "PAYLOAD_TOO_LARGE",
        `Request body too large: the limit is ${MAX_BODY_BYTES} bytes`,
      ),
    });
  }
  responses["429"] = {
    description: "The key's requests-per-minute limit is exceeded. The body has no `error_code` " +
      "and no `request_id`.",
    headers: {
      ...requestIdHeader,
      ...retryAfterHeader("Seconds to wait; equals `retry_after` in the body."),
    },
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/RateLimitError" },
        example: { error: "Rate limit exceeded", retry_after: 42 },
      },
    },
  };
  responses["500"] = errorResponseObject(
    "Unexpected server error; may be retried after a few seconds.",
    { internal: fixedExample("INTERNAL_ERROR", "Internal server error") },
  );
  responses["503"] = errorResponseObject(
    "The server has started but its search index is not loaded yet (`NOT_READY`, with " +
      "`Retry-After`), or its store has no postings to index (`NO_INDEX`: an operator must " +
      "import some; no `Retry-After`).",
    {
      not_ready: fixedExample("NOT_READY", "Cannot search: the search index is not loaded yet"),
      no_index: fixedExample("NO_INDEX", NO_INDEX_MESSAGE),
    },
    retryAfterHeader(`Seconds to wait (${NOT_READY_RETRY_AFTER_SECONDS}).`),
  );
  return responses;
}

const countsSchema = {
  type: "object",
  required: [
    "rows_read",
    "inserted",
    "updated",
    "unchanged",
    "duplicates",
    "skipped_source",
    "invalid",
    "skipped_by_site",
    "invalid_examples",
  ],
  properties: {
    rows_read: { type: "integer", minimum: 0 },
    inserted: { type: "integer", minimum: 0 },
    updated: { type: "integer", minimum: 0 },
    unchanged: { type: "integer", minimum: 0 },
    duplicates: { type: "integer", minimum: 0, description: "Rows repeating an earlier URL." },
    skipped_source: {
      type: "integer",
      minimum: 0,
      description: "Rows from a board other than indeed, linkedin, glassdoor.",
    },
    invalid: { type: "integer", minimum: 0 },
    skipped_by_site: { type: "object", additionalProperties: { type: "integer" } },
    invalid_examples: {
      type: "array",
      items: { type: "string" },
      description: "Up to 20 invalid rows as `body:LINE: reason`.",
    },
  },
};

/** Line numbers of a pushed body: with the counts, exactly which rows were not stored. */
function lineList(description: string) {
  return { type: "array", items: { type: "integer", minimum: 1 }, description };
}

/** The responses of a push of postings. */
export function pushResponses(): Record<string, unknown> {
  return {
    "200": {
      description: "The import report; `index` says whether a publish was started.",
      headers: requestIdHeader,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["request_id", "run_id", "totals", "files", "index"],
            properties: {
              request_id: { type: "string", format: "uuid" },
              run_id: { type: "string" },
              started_at: { type: "string" },
              finished_at: { type: "string" },
              files: {
                type: "array",
                items: {
                  ...countsSchema,
                  properties: {
                    ...countsSchema.properties,
                    invalid_lines: lineList("Every invalid row's line, in order."),
                    skipped_lines: lineList("Every row from another board, by line."),
                    duplicate_lines: lineList("Every row a later row's URL repeats, by line."),
                  },
                },
              },
              totals: countsSchema,
              countries_filled: { type: "object" },
              index: { type: "string", enum: ["publishing", "unchanged"] },
            },
          },
        },
      },
    },
    "400": errorResponseObject("An empty body, not UTF-8, or a CSV without a header.", {
      empty: fixedExample("INVALID_PARAMETER", "Invalid parameter 'body': it is empty"),
    }),
    "403": errorResponseObject(
      "No valid `x-api-key` (AUTH_INVALID_KEY), or a key without the ingest scope " +
        "(AUTH_INSUFFICIENT_SCOPE).",
      { invalid_key: fixedExample("AUTH_INVALID_KEY", "Invalid API key") },
    ),
    "413": errorResponseObject(`Body larger than ${MAX_PUSH_BYTES} bytes.`),
    "415": errorResponseObject(
      "Content-Type other than text/csv or application/x-ndjson (UNSUPPORTED_MEDIA_TYPE).",
      {},
    ),
    "429": RATE_LIMITED_RESPONSE,
    "500": errorResponseObject("Unexpected server error.", {
      internal: fixedExample("INTERNAL_ERROR", "Internal server error"),
    }),
  };
}
