/**
 * The saved-search part of the OpenAPI document (src/http/openapi.ts): `/v1/saved-searches`, the
 * feed, the unsubscribe link and the email confirmation link. The create body is the search's own body plus `name`, `deliver`
 * and `paused`, so both stay one document.
 *
 * @module
 */
import { z } from "zod";
import { NOT_WS, WS } from "../domain/param_schemas.ts";
import { ChannelOutcomeSchema } from "../alerts/alert_deliverer.ts";
import { DIGEST_PERIODS } from "../domain/deliveries.ts";
import {
  CONFIRM_PATH,
  DELIVERIES_MAX,
  FEED_PATH,
  NAME_MAX_LENGTH,
  SavedSearchViewSchema,
  UNSUBSCRIBE_PATH,
} from "../alerts/saved_searches.ts";
import { MAX_BODY_BYTES } from "./read_json_body.ts";
import {
  errorResponseObject,
  RATE_LIMITED_RESPONSE,
  requestIdHeader,
} from "./openapi_responses.ts";
import { SAVED_SEARCHES_PATH } from "./saved_search_routes.ts";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "output" }) as JsonSchema;
  return rest;
}

const NAME_PATTERN = `^${WS}*${NOT_WS}(?:[\\s\\S]{0,${NAME_MAX_LENGTH - 2}}${NOT_WS})?${WS}*$`;

const nameSchema = {
  type: "string",
  pattern: NAME_PATTERN,
  description: `What the saved search is called: 1-${NAME_MAX_LENGTH} characters once trimmed.`,
};

const deliverSchema = {
  description: "Where new postings go besides the feed: webhooks (signed, Standard Webhooks) and " +
    "email digests (when the server has SMTP; a new address gets one confirmation mail and " +
    "nothing else until it follows its link). Replaces the list on PATCH.",
  anyOf: [
    {
      type: "array",
      maxItems: DELIVERIES_MAX,
      items: {
        oneOf: [
          {
            type: "object",
            required: ["type", "url"],
            properties: {
              type: { const: "webhook" },
              url: {
                type: "string",
                minLength: 1,
                maxLength: 2000,
                description: "An http(s) URL of a public host (private and loopback addresses " +
                  "are refused unless the operator allowed the host).",
              },
            },
          },
          {
            type: "object",
            required: ["type", "to"],
            properties: {
              type: { const: "email" },
              to: { type: "string", format: "email", maxLength: 254 },
              every: { type: "string", enum: [...DIGEST_PERIODS], default: "daily" },
            },
          },
        ],
      },
    },
    { type: "null" },
  ],
};

const pausedSchema = {
  description: "A paused saved search delivers nothing by webhook or email (its feed still reads).",
  anyOf: [{ type: "boolean" }, { type: "null" }],
};

function json(description: string, ref: string, status = "200"): JsonSchema {
  return {
    [status]: {
      description,
      headers: requestIdHeader,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
    },
  };
}

const common = {
  "403": errorResponseObject("The `x-api-key` header is missing or not a valid key with `search`."),
  "429": RATE_LIMITED_RESPONSE,
  "500": errorResponseObject("Unexpected server error."),
};

const idParameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string" },
  description: "The saved search's id; another key's saved search is a 404.",
};
const tokenParameter = {
  name: "token",
  in: "path",
  required: true,
  schema: { type: "string" },
};

/**
 * The paths and component schemas; `searchBody` is the JSON body schema of `POST /v1/search`
 * (its properties are the search parameters a PATCH may change).
 */
export function savedSearchOpenApi(searchBody: JsonSchema): {
  paths: Record<string, unknown>;
  schemas: Record<string, unknown>;
} {
  const searchProperties = searchBody.properties as Record<string, JsonSchema>;
  const tooLarge = errorResponseObject(`Body larger than ${MAX_BODY_BYTES} bytes.`);
  const badRequest = errorResponseObject(
    "A search parameter as `POST /v1/search` refuses it (MISSING_QUERY, INVALID_PARAMETER " +
      "naming it, INVALID_SOURCE), a bad `name`, `deliver` or `paused` (INVALID_PARAMETER), a " +
      "refused webhook URL (INVALID_PARAMETER naming `deliver`), or a body that is not a JSON " +
      "object (INVALID_JSON).",
  );
  const notFound = errorResponseObject("No saved search of this key has this id (NOT_FOUND).");
  return {
    paths: {
      [SAVED_SEARCHES_PATH]: {
        get: {
          operationId: "listSavedSearches",
          summary: "The caller's saved searches",
          responses: { ...json("The caller's saved searches.", "SavedSearchList"), ...common },
        },
        post: {
          operationId: "createSavedSearch",
          summary: "Save a search; new postings that match go to its feed and deliveries",
          description: "Takes every parameter of `POST /v1/search` (a `profile` too), validated " +
            "the same way, plus `name`, `deliver` and `paused`. A new webhook's signing secret " +
            "is in this answer only.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/SavedSearchCreate" },
              },
            },
          },
          responses: {
            ...json("The saved search, with its `feed_url`.", "SavedSearch", "201"),
            "400": badRequest,
            ...common,
            "409": errorResponseObject(
              "The key has the most saved searches allowed (LIMIT_EXCEEDED; 50 by default).",
            ),
            "413": tooLarge,
            "421": errorResponseObject(
              "Sent through a host name the server does not answer for (MISDIRECTED_REQUEST): the " +
                "saved search's links need its public address (`JOBSEEK_PUBLIC_URL`, " +
                "`JOBSEEK_ALLOWED_HOSTS`).",
            ),
          },
        },
      },
      [`${SAVED_SEARCHES_PATH}/{id}`]: {
        parameters: [idParameter],
        get: {
          operationId: "getSavedSearch",
          summary: "One saved search, with the state of its deliveries",
          responses: { ...json("The saved search.", "SavedSearch"), "404": notFound, ...common },
        },
        patch: {
          operationId: "updateSavedSearch",
          summary: "Change a saved search's name, parameters, deliveries or pause",
          description: "Search parameters are merged into the saved ones (null removes one) and " +
            "validated as a search; `deliver` replaces the list (a webhook of an unchanged URL " +
            "keeps its secret); `rotate_feed_url: true` gives a new feed URL and revokes the old.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/SavedSearchUpdate" },
              },
            },
          },
          responses: {
            ...json("The saved search as changed.", "SavedSearch"),
            "400": badRequest,
            "404": notFound,
            ...common,
            "413": tooLarge,
          },
        },
        delete: {
          operationId: "deleteSavedSearch",
          summary: "Remove a saved search, its feed and its deliveries",
          responses: {
            "204": { description: "Removed.", headers: requestIdHeader },
            "404": notFound,
            ...common,
          },
        },
      },
      [`${SAVED_SEARCHES_PATH}/{id}/send`]: {
        parameters: [idParameter],
        post: {
          operationId: "sendSavedSearch",
          summary: "Deliver what is new now, to every delivery, and say what was sent",
          responses: {
            ...json("What each delivery sent.", "SendResult"),
            "404": notFound,
            ...common,
            "409": errorResponseObject(
              "Another server is delivering this saved search (DELIVERY_IN_PROGRESS).",
            ),
            "503": errorResponseObject("The search index is not loaded yet (NOT_READY)."),
          },
        },
      },
      [`${FEED_PATH}/{token}`]: {
        parameters: [tokenParameter],
        get: {
          operationId: "readSavedSearchFeed",
          summary: "A saved search's Atom feed of recent postings (no key: the URL is the secret)",
          security: [],
          responses: {
            "200": {
              description:
                "Atom 1.0: the saved search's strong matches first seen since it was saved, " +
                "newest first, then (up to 50 in all) its latest earlier matches by posting " +
                "date; the subtitle says how many are new. Entry ids are the postings' own. " +
                "Reading changes nothing: every reader sees the same entries. Carries an `ETag`.",
              content: { "application/atom+xml": { schema: { type: "string" } } },
            },
            "304": {
              description: "`If-None-Match` named the feed's current `ETag`: nothing changed. It " +
                "spends a request of the owner's rate limit, as a 200 does (it takes the same " +
                "search to know).",
            },
            "404": errorResponseObject("No feed at this URL (never, removed, or rotated)."),
            "429": RATE_LIMITED_RESPONSE,
            "500": errorResponseObject("Unexpected server error."),
            "503": errorResponseObject("The search index is not loaded yet (NOT_READY)."),
          },
        },
      },
      [`${UNSUBSCRIBE_PATH}/{token}`]: {
        parameters: [tokenParameter],
        get: {
          operationId: "unsubscribePage",
          summary: "A page with a button that unsubscribes (a GET changes nothing)",
          security: [],
          responses: {
            "200": {
              description: "The page.",
              content: { "text/html": { schema: { type: "string" } } },
            },
            "404": {
              description:
                "A page saying the link no longer works (its saved search or delivery was removed).",
              content: { "text/html": { schema: { type: "string" } } },
            },
          },
        },
        post: {
          operationId: "unsubscribe",
          summary: "One-click unsubscribe (RFC 8058): ends the email delivery it was sent by",
          security: [],
          responses: {
            "200": {
              description: "Paused.",
              content: { "text/html": { schema: { type: "string" } } },
            },
            "404": errorResponseObject("No email delivery has this token."),
            "500": errorResponseObject("Unexpected server error."),
          },
        },
      },
      [`${CONFIRM_PATH}/{token}`]: {
        parameters: [tokenParameter],
        get: {
          operationId: "confirmEmailPage",
          summary: "The link of an email delivery's confirmation mail: a page with a button that " +
            "confirms (a GET changes nothing)",
          security: [],
          responses: {
            "200": {
              description: "The page (or, once confirmed, a page saying so).",
              content: { "text/html": { schema: { type: "string" } } },
            },
            "404": {
              description: "A page saying the link no longer works (its delivery was removed).",
              content: { "text/html": { schema: { type: "string" } } },
            },
          },
        },
        post: {
          operationId: "confirmEmail",
          summary:
            "Confirms the email address: its digests start (confirming again changes nothing)",
          security: [],
          responses: {
            "200": {
              description: "Confirmed.",
              content: { "text/html": { schema: { type: "string" } } },
            },
            "404": {
              description: "A page saying the link no longer works (its delivery was removed).",
              content: { "text/html": { schema: { type: "string" } } },
            },
            "500": errorResponseObject("Unexpected server error."),
          },
        },
      },
    },
    schemas: {
      SavedSearchCreate: {
        allOf: [
          { $ref: "#/components/schemas/SearchRequest" },
          {
            type: "object",
            required: ["name"],
            properties: { name: nameSchema, deliver: deliverSchema, paused: pausedSchema },
          },
        ],
      },
      SavedSearchUpdate: {
        type: "object",
        additionalProperties: false,
        properties: {
          ...searchProperties,
          name: nameSchema,
          deliver: deliverSchema,
          paused: pausedSchema,
          rotate_feed_url: {
            type: "boolean",
            description: "True: a new feed URL; the old one answers 404 from now on.",
          },
        },
      },
      SavedSearch: toSchema(SavedSearchViewSchema),
      SavedSearchList: {
        type: "object",
        required: ["saved_searches"],
        properties: {
          saved_searches: { type: "array", items: { $ref: "#/components/schemas/SavedSearch" } },
        },
      },
      SendResult: {
        type: "object",
        required: ["id", "sent"],
        properties: {
          id: { type: "string" },
          sent: { type: "array", items: toSchema(ChannelOutcomeSchema) },
        },
      },
    },
  };
}
