/**
 * The OpenAPI 3.1 document of the REST API, generated from the zod schemas that validate requests
 * and shape responses. Defaults and error examples come from running the real validator, so the
 * document cannot drift from what the server does.
 *
 * @module
 */
import { z } from "zod";
import { JobseekError, NO_INDEX_MESSAGE } from "../domain/errors.ts";
import { FACET_NAMES } from "../domain/facets.ts";
import { FILTER_NAMES, FILTERS } from "../domain/filters.ts";
import { BLANK, NOT_WS, wordListForms, WS } from "../domain/param_schemas.ts";
import { SearchResponseSchema } from "../domain/job.ts";
import { PROFILE_MAX_LENGTH } from "../domain/profile.ts";
import {
  DETAILS,
  parseSearchQuery,
  ProfileSchema,
  RestSearchSchema,
  SORTS,
} from "../domain/search_query.ts";
import {
  type ErrorBody,
  ErrorBodySchema,
  NOT_READY_RETRY_AFTER_SECONDS,
  RateLimitBodySchema,
} from "./error_response.ts";
import { HEALTH_PATH, HealthBodySchema } from "./health_routes.ts";
import { MAX_BODY_BYTES, readJsonObject } from "./read_json_body.ts";
import { PROFILE_IN_GET_MESSAGE, SEARCH_PATH } from "./search_routes.ts";
import { MAX_PUSH_BYTES, POSTINGS_PATH, PUSH_MEDIA_TYPES } from "./postings_routes.ts";

export const OPENAPI_PATH = "/v1/openapi.json";

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** Base URL of the server, listed under `servers` (e.g. `JOBSEEK_PUBLIC_URL`). */
  serverUrl?: string;
}

const EXAMPLE_REQUEST_ID = "3f1c2a9e-7b4d-4e8a-9c2f-5d6b7a8e9f01";

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/** The defaults the validator applies, found by validating a query that sets nothing else. */
function defaults(): Record<string, unknown> {
  const { q: _, ...applied } = parseSearchQuery({ q: "x" });
  return applied;
}

/**
 * Rules the validator applies in code, which zod cannot put into JSON Schema, written out so that
 * the document accepts exactly what the server does (schemathesis in `.ci/run` checks both ways):
 * `q` holds 1-1,000 characters once trimmed; a blank value (only spaces) or JSON null of an
 * optional field means "not given"; numbers may be numeric strings; `offset` is not negative;
 * times are real calendar dates. "Spaces" are what JavaScript's `trim()` removes, spelled out so
 * that every regex dialect reads them alike (and digits as [0-9]: Python's `\d` takes any
 * script's digits). February 29 is left out for simplicity, so the document is stricter there
 * than the server.
 */
const Q_PATTERN = `^${WS}*${NOT_WS}(?:[\\s\\S]{0,998}${NOT_WS})?${WS}*$`;
/** What each field accepts besides "not given", for a query string (`query`) or a JSON body. */
function fieldSchemas(): Record<string, JsonSchema[]> {
  const integer = (pattern: string, minimum?: number): JsonSchema[] => [
    minimum === undefined ? { type: "integer" } : { type: "integer", minimum },
    { type: "string", pattern: `^${WS}*${pattern}${WS}*$` },
  ];
  return {
    ...Object.fromEntries(FILTER_NAMES.map((name) => [name, FILTERS[name].forms])),
    top_k: integer(String.raw`[+-]?[0-9]+`),
    offset: integer(String.raw`(?:\+?[0-9]+|-0+)`, 0),
    detail: [{ type: "string", enum: [...DETAILS] }],
    sort: [{ type: "string", enum: [...SORTS] }],
    facets: wordListForms(FACET_NAMES),
  };
}

/** The request schema (a JSON body) with the validator's defaults and rules written in. */
function searchRequestSchema(): JsonSchema {
  const schema = toSchema(RestSearchSchema, "input");
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.q = { type: "string", description: properties.q.description, pattern: Q_PATTERN };
  for (const [name, accepted] of Object.entries(fieldSchemas())) {
    if (!properties[name]) throw new Error(`Cannot build OpenAPI: no field ${name}`);
    properties[name] = {
      description: properties[name].description,
      anyOf: [...accepted, BLANK, { type: "null" }],
    };
  }
  for (const [name, value] of Object.entries(defaults())) {
    if (properties[name]) properties[name] = { ...properties[name], default: value };
  }
  return schema;
}

/** `profile`: like `q`, 1-20,000 characters once trimmed. */
const PROFILE_PATTERN = `^${WS}*${NOT_WS}(?:[\\s\\S]{0,${
  PROFILE_MAX_LENGTH - 2
}}${NOT_WS})?${WS}*$`;

/**
 * The JSON body's schema: the GET parameters and `profile`, which only a body takes (a CV does
 * not fit in a URL). `q`, `profile` or both: JSON null means "not given", as for the filters.
 */
function bodySchema(request: JsonSchema): JsonSchema {
  const { required: _, ...rest } = request;
  const properties = request.properties as Record<string, JsonSchema>;
  return {
    ...rest,
    properties: {
      ...properties,
      q: { description: properties.q.description, anyOf: [properties.q, { type: "null" }] },
      profile: {
        description: ProfileSchema.description,
        anyOf: [{ type: "string", pattern: PROFILE_PATTERN }, { type: "null" }],
      },
    },
    anyOf: [
      { required: ["q"], properties: { q: { type: "string" } } },
      { required: ["profile"], properties: { profile: { type: "string" } } },
    ],
  };
}

/** A query string carries text only: the body's schema without JSON null. */
function queryParameterSchema(schema: JsonSchema): JsonSchema {
  const { description: _, anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf)) return rest;
  return { ...rest, anyOf: anyOf.filter((branch) => branch.type !== "null") };
}

function queryParameters(request: JsonSchema): JsonSchema[] {
  const required = new Set(request.required as string[]);
  return Object.entries(request.properties as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    description: schema.description,
    schema: queryParameterSchema(schema),
  }));
}

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

const requestIdHeader = {
  "x-request-id": {
    description: "Id of the request (UUID), also in logs and in error bodies.",
    schema: { type: "string", format: "uuid" },
  },
};

const retryAfterHeader = (description: string) => ({
  "Retry-After": { description, schema: { type: "integer", minimum: 1 } },
});

function errorResponseObject(
  description: string,
  examples: Record<string, { value: unknown }>,
  headers: Record<string, unknown> = {},
): JsonSchema {
  return {
    description,
    headers: { ...requestIdHeader, ...headers },
    content: {
      "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples },
    },
  };
}

async function searchResponses(method: "get" | "post"): Promise<Record<string, unknown>> {
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

function pushResponses(): Record<string, unknown> {
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
              files: { type: "array", items: countsSchema },
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
    "413": errorResponseObject(`Body larger than ${MAX_PUSH_BYTES} bytes.`, {}),
    "415": errorResponseObject(
      "Content-Type other than text/csv or application/x-ndjson (UNSUPPORTED_MEDIA_TYPE).",
      {},
    ),
    "429": {
      description: "The key's requests-per-minute limit is exceeded.",
      headers: { ...requestIdHeader, ...retryAfterHeader("Seconds to wait.") },
      content: { "application/json": { schema: { $ref: "#/components/schemas/RateLimitError" } } },
    },
    "500": errorResponseObject("Unexpected server error.", {
      internal: fixedExample("INTERNAL_ERROR", "Internal server error"),
    }),
  };
}

/** Builds the OpenAPI 3.1 document served at `/v1/openapi.json`. */
export async function createOpenApiDocument(options: OpenApiOptions = {}): Promise<JsonSchema> {
  const request = searchRequestSchema();
  const document: JsonSchema = {
    openapi: "3.1.0",
    info: {
      title: "jobseek",
      version: "1",
      description: "Semantic job search. Results are ordered by publish_time descending, then " +
        "score, unless sort=relevance. Every search endpoint needs an `x-api-key` header.",
    },
    paths: {
      [SEARCH_PATH]: {
        get: {
          operationId: "searchJobsGet",
          summary: "Search job postings (query string)",
          parameters: queryParameters(request),
          responses: await searchResponses("get"),
        },
        post: {
          operationId: "searchJobs",
          summary: "Search job postings (JSON body; recommended)",
          description: "Accepts every parameter of the GET form, and `profile` (a CV or a " +
            "description of the work wanted, instead of or beside `q`: the response then says " +
            "what it derived, `derived`); unknown fields are ignored.",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/SearchRequest" } },
            },
          },
          responses: await searchResponses("post"),
        },
      },
      [POSTINGS_PATH]: {
        post: {
          operationId: "pushPostings",
          summary: "Push postings (JobSpy CSV or JSON Lines); needs a key with the ingest scope",
          description: "Imports the rows as `jobseek ingest` imports a file: bad rows are " +
            "reported with their line and the rest is imported; the same body twice changes " +
            "nothing. Every row the report counts is stored before the reply. The index is " +
            `published in the background. At most ${MAX_PUSH_BYTES} bytes (32 MiB).`,
          requestBody: {
            required: true,
            content: Object.fromEntries(
              Object.keys(PUSH_MEDIA_TYPES).map((media) => [media, { schema: { type: "string" } }]),
            ),
          },
          responses: pushResponses(),
        },
      },
      [HEALTH_PATH]: {
        get: {
          operationId: "health",
          summary: "Readiness: 200 once the index serves, 503 before",
          security: [],
          responses: {
            "200": {
              description: "Serving.",
              content: { "application/json": { schema: toSchema(HealthBodySchema, "output") } },
            },
            "503": {
              description: "Index not loaded yet.",
              headers: retryAfterHeader(`Seconds to wait (${NOT_READY_RETRY_AFTER_SECONDS}).`),
              content: { "application/json": { schema: toSchema(HealthBodySchema, "output") } },
            },
          },
        },
      },
      [OPENAPI_PATH]: {
        get: {
          operationId: "openapi",
          summary: "This document",
          security: [],
          responses: {
            "200": { description: "OpenAPI 3.1 document.", content: { "application/json": {} } },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKeyAuth: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: "Issued by operators (`jobseek keys create --name NAME`).",
        },
      },
      schemas: {
        SearchRequest: bodySchema(request),
        SearchResponse: toSchema(SearchResponseSchema, "output"),
        Error: toSchema(ErrorBodySchema, "output"),
        RateLimitError: toSchema(RateLimitBodySchema, "output"),
      },
    },
    security: [{ ApiKeyAuth: [] }],
  };
  if (options.serverUrl) document.servers = [{ url: options.serverUrl }];
  return document;
}
