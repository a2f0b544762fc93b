/**
 * The OpenAPI 3.1 document of the REST API, generated from the zod schemas that validate requests
 * and shape responses. Defaults and error examples come from running the real validator, so the
 * document cannot drift from what the server does; the responses of each route, with their error
 * examples, are in src/http/openapi_responses.ts.
 *
 * @module
 */
import { z } from "zod";
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
  ErrorBodySchema,
  NOT_READY_RETRY_AFTER_SECONDS,
  RateLimitBodySchema,
} from "./error_response.ts";
import { HEALTH_PATH, HealthBodySchema } from "./health_routes.ts";
import { SEARCH_PATH } from "./search_routes.ts";
import { MAX_PUSH_BYTES, POSTINGS_PATH, PUSH_MEDIA_TYPES } from "./postings_routes.ts";
import { pushResponses, retryAfterHeader, searchResponses } from "./openapi_responses.ts";
import { savedSearchOpenApi } from "./openapi_saved_searches.ts";

export const OPENAPI_PATH = "/v1/openapi.json";

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** Base URL of the server, listed under `servers` (e.g. `JOBSEEK_PUBLIC_URL`). */
  serverUrl?: string;
}

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
          parameters: [{
            name: "date_posted",
            in: "query",
            required: false,
            description: "The date a row without its own `date_posted` gets (`YYYY-MM-DD` or " +
              "`YYYY-MM-DD HH:MM:SS`, UTC); without it, the time the push arrives. A value that " +
              "is no date is a 400 naming `date_posted`.",
            schema: { type: "string" },
          }],
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
  const savedSearches = savedSearchOpenApi(bodySchema(request));
  Object.assign(document.paths as JsonSchema, savedSearches.paths);
  Object.assign((document.components as { schemas: JsonSchema }).schemas, savedSearches.schemas);
  if (options.serverUrl) document.servers = [{ url: options.serverUrl }];
  return document;
}
