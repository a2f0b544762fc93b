/**
 * The clients of jobseek's authorization server: dynamic registration (RFC 7591), finding a client
 * by its id, and client authentication at the token and revocation endpoints (RFC 6749 2.3).
 *
 * A client registered now is not stored: its `client_id` carries its metadata, signed with the
 * servers' shared key ({@linkcode OAuthSigningKey}), so that registering, which needs no
 * credentials, writes nothing. Clients registered by older versions (UUID ids) are still read from
 * the store, and their records kept alive while they are used.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import {
  type OAuthClientInformationFull,
  OAuthClientMetadataSchema,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  constantTimeEqual,
  fromBase64Url,
  randomSecret,
  sha256Hex,
  toBase64Url,
} from "../crypto.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import { OAuthError } from "./oauth_error.ts";
import { GRANT_TYPES, OAUTH_SCOPE } from "./oauth_metadata.ts";
import { MAX_SECRET_LENGTH, singleParam } from "./oauth_params.ts";
import {
  AUTH_METHODS,
  type AuthMethod,
  type ClientRecord,
  ClientRecordSchema,
} from "./oauth_records.ts";
import { redirectUriProblem } from "./oauth_redirect_uri.ts";
import type { OAuthSigningKey } from "./oauth_signing_key.ts";

/**
 * A client stored by an older version (registrations were stored then) that has not completed a
 * sign-in within this time is swept. Clients registered now are not stored at all.
 */
export const PENDING_CLIENT_TTL_MS = 60 * 60 * 1000;
/**
 * Most metadata a registration may carry (bytes of JSON): it travels in the client_id, and the
 * client_id in every authorization URL, consent form and token request of that client.
 */
const MAX_CLIENT_METADATA_BYTES = 2048;
/** A signed client_id: prefix, 22-character id, the metadata, the signature. */
const SIGNED_CLIENT_ID = /^jsc_([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;
/** Longest signed client_id: {@linkcode MAX_CLIENT_METADATA_BYTES} in base64url and the rest. */
const MAX_CLIENT_ID_LENGTH = 3000;
/** Client ids of clients stored by older versions (UUIDs) are no longer than this. */
const MAX_STORED_CLIENT_ID_LENGTH = 200;
/** An active stored client's record is extended at most once a day, not on every token request. */
const CLIENT_EXTEND_EVERY_MS = 24 * 60 * 60 * 1000;
/** Prefixes make our secrets recognisable to people and to secret scanners. */
const SIGNED_CLIENT_PREFIX = "jsc_";
const CLIENT_SECRET_PREFIX = "jss_";
const MAX_REDIRECT_URIS = 10;
const MAX_NAME_LENGTH = 200;

/** The RFC 7591 registration response. */
export type ClientInformation = OAuthClientInformationFull;

/** Client credentials from an `Authorization: Basic` header (RFC 6749 2.3.1). */
export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

export interface OAuthClientsOptions {
  /** How long refresh tokens live: a stored client that signs someone in lives as long. */
  refreshTokenTtlMs: number;
  /** The clock (ms since the epoch). */
  now: () => number;
}

/** What a signed client_id carries: the client as registered, without its id. */
const SignedClientSchema = ClientRecordSchema.omit({ client_id: true, activated_at: true });

/**
 * A short name for a client_id, for pages and logs: a signed id's prefix and random part (unique
 * per registration), or an older stored client's whole id.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { clientLabel } from "./oauth_clients.ts";
 *
 * assert.equal(clientLabel("jsc_AAAAAAAAAAAAAAAAAAAAAA.eyJ9.sig"), "jsc_AAAAAAAAAAAAAAAAAAAAAA");
 * assert.equal(clientLabel("3f1c0a7e-1111-4222-8333-944445555666"), "3f1c0a7e-1111-4222-8333-944445555666");
 * ```
 */
export function clientLabel(clientId: string): string {
  return clientId.startsWith(SIGNED_CLIENT_PREFIX)
    ? clientId.slice(0, SIGNED_CLIENT_PREFIX.length + 22)
    : clientId.slice(0, MAX_STORED_CLIENT_ID_LENGTH);
}

/**
 * The bytes a client_id's signature covers. Its own prefix keeps a consent form's signature (over
 * bare base64url, which has no newline) from ever passing for a client's, and the other way round.
 */
function clientSignatureInput(signed: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`client\n${signed}`);
}

function isAuthMethod(method: string): method is AuthMethod {
  return (AUTH_METHODS as readonly string[]).includes(method);
}

/** A short free-text field of a registration, refused when longer than a name may be. */
function shortText(field: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.length > MAX_NAME_LENGTH) {
    throw new OAuthError(
      "invalid_client_metadata",
      `${field} must be a string of at most ${MAX_NAME_LENGTH} characters`,
    );
  }
  return value;
}

/**
 * Throws invalid_redirect_uri unless `uris` holds 1 to 10 URIs that
 * {@linkcode redirectUriProblem} accepts.
 */
function checkRedirectUris(uris: unknown): void {
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      "invalid_redirect_uri",
      `redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URIs`,
    );
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw new OAuthError(
        "invalid_redirect_uri",
        `Invalid redirect URI '${String(uri).slice(0, 200)}': it ${problem}`,
      );
    }
  }
}

/** Registers, finds and authenticates clients; see the module documentation. */
export class OAuthClients {
  readonly #store: OAuthStore;
  readonly #signingKey: OAuthSigningKey;
  readonly #refreshTtl: number;
  readonly #now: () => number;

  constructor(store: OAuthStore, signingKey: OAuthSigningKey, options: OAuthClientsOptions) {
    this.#store = store;
    this.#signingKey = signingKey;
    this.#refreshTtl = options.refreshTokenTtlMs;
    this.#now = options.now;
  }

  /** RFC 7591 registration. Throws OAuthError invalid_redirect_uri / invalid_client_metadata. */
  async register(body: unknown): Promise<ClientInformation> {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new OAuthError("invalid_client_metadata", "The body must be a JSON object");
    }
    // Some clients send null for a field they leave out; RFC 7591 has no null, so it means absent.
    const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
    // Our redirect URI rules come first: they are stricter than the schema's (RFC 8252) and their
    // error names the URI and why.
    checkRedirectUris(fields.redirect_uris);
    const parsed = OAuthClientMetadataSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OAuthError(
        "invalid_client_metadata",
        `${issue.path.join(".") || "The body"}: ${issue.message}`,
      );
    }
    const meta = parsed.data;
    const method = meta.token_endpoint_auth_method ?? "none";
    if (!isAuthMethod(method)) {
      throw new OAuthError(
        "invalid_client_metadata",
        `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}`,
      );
    }
    const grantTypes = meta.grant_types ?? GRANT_TYPES;
    if (grantTypes.length === 0 || grantTypes.some((g) => !GRANT_TYPES.includes(g))) {
      throw new OAuthError(
        "invalid_client_metadata",
        `grant_types may only hold ${GRANT_TYPES.join(" and ")}`,
      );
    }
    const responseTypes = meta.response_types ?? ["code"];
    if (responseTypes.length !== 1 || responseTypes[0] !== "code") {
      throw new OAuthError("invalid_client_metadata", 'response_types may only hold "code"');
    }
    const clientUri = shortText("client_uri", meta.client_uri);
    if (
      clientUri !== undefined &&
      (redirectUriProblem(clientUri) !== null || !/^https?:$/.test(new URL(clientUri).protocol))
    ) {
      throw new OAuthError("invalid_client_metadata", "client_uri must be an https URL");
    }
    const record: Omit<ClientRecord, "client_id"> = {
      client_id_issued_at: Math.floor(this.#now() / 1000),
      redirect_uris: meta.redirect_uris,
      token_endpoint_auth_method: method,
      grant_types: grantTypes,
      response_types: ["code"],
      // Whatever was asked for, searching is all there is to grant.
      scope: OAUTH_SCOPE,
    };
    const name = shortText("client_name", meta.client_name);
    if (name !== undefined) record.client_name = name;
    if (clientUri !== undefined) record.client_uri = clientUri;
    const softwareId = shortText("software_id", meta.software_id);
    if (softwareId !== undefined) record.software_id = softwareId;
    const softwareVersion = shortText("software_version", meta.software_version);
    if (softwareVersion !== undefined) record.software_version = softwareVersion;
    let secret: string | undefined;
    if (record.token_endpoint_auth_method !== "none") {
      secret = randomSecret(CLIENT_SECRET_PREFIX);
      record.client_secret_hash = sha256Hex(secret);
    }
    const metadata = new TextEncoder().encode(JSON.stringify(record));
    if (metadata.length > MAX_CLIENT_METADATA_BYTES) {
      throw new OAuthError(
        "invalid_client_metadata",
        `The registration is too large: at most ${MAX_CLIENT_METADATA_BYTES} bytes of metadata`,
      );
    }
    // Registration needs no credentials, so it writes nothing: the client is its signed id. No
    // number of registrations, from however many addresses, can fill the store or use up a
    // budget that anyone else's sign-in needs.
    const clientId = await this.#signClientId(metadata);
    const { client_secret_hash: _, ...rest } = record;
    const info = { client_id: clientId, ...rest };
    return secret === undefined
      ? info
      : { ...info, client_secret: secret, client_secret_expires_at: 0 };
  }

  /** A client by id: a signed one from the id itself, an older stored one from the store. */
  async find(clientId: string): Promise<ClientRecord | null> {
    if (clientId.startsWith(SIGNED_CLIENT_PREFIX)) return await this.#verifyClientId(clientId);
    if (clientId.length > MAX_STORED_CLIENT_ID_LENGTH) return null;
    return await this.#store.getOAuthRecord("client", clientId, ClientRecordSchema);
  }

  /** RFC 6749 2.3: the client by id, with its secret checked when it has one. */
  async authenticate(
    params: URLSearchParams,
    basic: BasicCredentials | null,
  ): Promise<ClientRecord> {
    const bodyId = singleParam(params, "client_id");
    const bodySecret = singleParam(params, "client_secret");
    if (basic && bodyId !== undefined && bodyId !== basic.clientId) {
      throw new OAuthError("invalid_request", "client_id differs from the Authorization header");
    }
    const clientId = basic?.clientId ?? bodyId;
    if (!clientId) throw new OAuthError("invalid_client", "client_id is required", 401);
    const client = await this.find(clientId);
    if (!client) throw new OAuthError("invalid_client", "Unknown client", 401);
    if (client.client_secret_hash) {
      const secret = basic?.clientSecret ?? bodySecret;
      if (
        !secret || secret.length > MAX_SECRET_LENGTH ||
        !constantTimeEqual(sha256Hex(secret), client.client_secret_hash)
      ) {
        throw new OAuthError("invalid_client", "Client authentication failed", 401);
      }
    }
    return client;
  }

  /**
   * A client that signs someone in is no longer pending: its record lives as long as the refresh
   * tokens it may hold, extended at most once a day.
   */
  async keep(client: ClientRecord): Promise<void> {
    // A signed client has no record to keep: its id is all of it.
    if (client.client_id.startsWith(SIGNED_CLIENT_PREFIX)) return;
    const now = this.#now();
    if (client.activated_at !== undefined && now - client.activated_at < CLIENT_EXTEND_EVERY_MS) {
      return;
    }
    await this.#store.putOAuthRecord(
      "client",
      client.client_id,
      { ...client, activated_at: now },
      this.#refreshTtl + CLIENT_EXTEND_EVERY_MS,
    );
  }

  /** `jsc_<id>.<metadata>.<signature>`; the signature covers the id and the metadata. */
  async #signClientId(metadata: Uint8Array): Promise<string> {
    const signed = `${randomSecret(SIGNED_CLIENT_PREFIX, 16)}.${toBase64Url(metadata)}`;
    const signature = await this.#signingKey.sign(clientSignatureInput(signed));
    return `${signed}.${toBase64Url(signature)}`;
  }

  /** The client a signed id describes, or null when it is malformed or not signed by us. */
  async #verifyClientId(clientId: string): Promise<ClientRecord | null> {
    if (clientId.length > MAX_CLIENT_ID_LENGTH || !SIGNED_CLIENT_ID.test(clientId)) return null;
    const dot = clientId.lastIndexOf(".");
    const signed = clientId.slice(0, dot);
    let signature: Uint8Array<ArrayBuffer>;
    try {
      signature = fromBase64Url(clientId.slice(dot + 1));
    } catch {
      return null;
    }
    // Outside any try: a store that cannot give the key is a server error, not an unknown client.
    if (!(await this.#signingKey.verify(signature, clientSignatureInput(signed)))) return null;
    try {
      const metadata = new TextDecoder().decode(
        fromBase64Url(signed.slice(signed.indexOf(".") + 1)),
      );
      const parsed = SignedClientSchema.safeParse(JSON.parse(metadata));
      return parsed.success ? { ...parsed.data, client_id: clientId } : null;
    } catch {
      return null;
    }
  }
}
