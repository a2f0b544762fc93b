/**
 * jobseek's own OAuth 2.1 authorization server for MCP clients: metadata (RFC 8414), dynamic
 * client registration (RFC 7591), authorization code with PKCE S256, refresh-token rotation,
 * revocation (RFC 7009), resource indicators (RFC 8707), and the verifier `/mcp` uses for the
 * tokens it issues. People sign in on the consent page with their jobseek API key; a token acts
 * for that key's owner (same subject, same rate budget) and stops working when the key is revoked.
 *
 * Nothing is written for anyone who has not signed in: a registered client is not stored but
 * carried in its `client_id`, signed (HMAC-SHA-256 under the key the servers share through the
 * store), and so is the request behind a consent page, in its form token. The first write is the
 * one-time code, once a person approved with a valid API key. From there on, KV holds (through
 * {@linkcode OAuthStore}) codes, grants, access and refresh tokens, the secrets only as SHA-256
 * hashes, and the spent marks of consent forms. HTTP is left to `src/http/oauth_routes.ts`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { z } from "zod";
import type { Principal } from "../domain/service.ts";
import type { OAuthStore, OAuthSweep } from "../store/oauth_store.ts";
import type { SecretStore } from "../store/secret_store.ts";
import {
  AUTH_METHODS,
  type AuthMethod,
  type ClientRecord,
  ClientRecordSchema,
  type CodeRecord,
  CodeRecordSchema,
  type Grant,
  type GrantRecord,
  GrantRecordSchema,
  GrantSchema,
} from "./oauth_records.ts";
import { apiKeyHash, type ApiKeyRegistry } from "./api_keys.ts";
import {
  constantTimeEqual,
  fromBase64Url,
  randomSecret,
  sha256,
  sha256Hex,
  toBase64Url,
} from "../crypto.ts";
import type { TokenVerifier } from "./token_verifier.ts";

export const OAUTH_METADATA_PATH = "/.well-known/oauth-authorization-server";
export const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
export const REVOKE_PATH = "/oauth/revoke";
/** The one scope there is (also in the protected-resource metadata): searching. */
export const OAUTH_SCOPE = "jobs:read";
/** The protected resource, relative to the base URL. */
const RESOURCE_PATH = "/mcp";

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 60 * 1000;
/** How long a consent page may stay open before its form token lapses. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;
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
/** A consent form token carries its request (signed): client_id, URIs and state. */
const MAX_FORM_TOKEN_LENGTH = 24_000;
/** Access tokens a grant remembers, so that a replayed refresh token can end all of them. */
const MAX_ACCESS_TOKENS_PER_GRANT = 20;
/** An active stored client's record is extended at most once a day, not on every token request. */
const CLIENT_EXTEND_EVERY_MS = 24 * 60 * 60 * 1000;

/** Prefixes make our secrets recognisable to people and to secret scanners. */
const SIGNED_CLIENT_PREFIX = "jsc_";
const ACCESS_TOKEN_PREFIX = "jsa_";
const REFRESH_TOKEN_PREFIX = "jsr_";
const CLIENT_SECRET_PREFIX = "jss_";
/** Nothing we issue is longer; longer input is refused before it is hashed. */
const MAX_SECRET_LENGTH = 512;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_STATE_LENGTH = 2000;
const MAX_NAME_LENGTH = 200;
/** RFC 7636 4.1: 43-128 unreserved characters, for the verifier and (S256) the challenge. */
const PKCE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const GRANT_TYPES = ["authorization_code", "refresh_token"];

/** Error codes of RFC 6749 5.2, RFC 7591 3.2.2 and RFC 8707. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

/**
 * An OAuth error answer (`{"error", "error_description"}`). Its own class because the routes
 * catch it to answer in the RFC 6749 shape rather than jobseek's REST error body.
 */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;

  constructor(error: OAuthErrorCode, description: string, status = 400) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
    this.status = status;
  }

  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/** The RFC 7591 registration response. */
export type ClientInformation = Omit<ClientRecord, "client_secret_hash" | "activated_at"> & {
  client_secret?: string;
  client_secret_expires_at?: number;
};

/** A validated authorization request, waiting on the consent page. */
export type AuthorizationRequest = {
  clientId: string;
  clientName?: string;
  redirectUri: string;
  /** Whether the request named `redirect_uri` (then the token request must name it too). */
  redirectUriGiven: boolean;
  state?: string;
  codeChallenge: string;
  scope: string;
  resource: string;
  issuer: string;
};

/** A consent form as submitted, its signature checked: the request it carries. */
export interface ConsentForm {
  request: AuthorizationRequest;
  formToken: string;
  expiresAt: number;
}

/** Outcome of checking `GET /oauth/authorize`. */
export type AuthorizeCheck =
  | { ok: true; request: AuthorizationRequest }
  /** Before the redirect URI is known to be the client's: shown on the page, never redirected. */
  | { ok: false; page: string }
  /** After: sent back to the client. */
  | { ok: false; redirect: string };

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Client credentials from an `Authorization: Basic` header (RFC 6749 2.3.1). */
export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

export interface OAuthServerOptions {
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
  codeTtlMs?: number;
  pendingClientTtlMs?: number;
  /** The clock (ms since the epoch) every lifetime is measured on; tests move it forward. */
  now?: () => number;
}

/**
 * The grant id inside an authorization code (`<grant>.<secret>`) or a refresh token
 * (`jsr_<grant>.<secret>`), or null for older ones that carry none.
 */
function grantIdOf(secret: string): string | null {
  const match = secret.match(/^(?:jsr_)?([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}$/);
  return match ? match[1] : null;
}

/**
 * The RFC 7636 S256 challenge of a verifier.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { pkceChallenge } from "./oauth_server.ts";
 *
 * // RFC 7636 appendix B.
 * assert.equal(
 *   pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
 *   "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
 * );
 * ```
 */
export function pkceChallenge(verifier: string): string {
  return toBase64Url(sha256(verifier));
}

/**
 * Schemes that are not an app's own (RFC 8252 7.1 private-use schemes are): web and network schemes
 * other apps own, and those a browser would run or render itself instead of handing to an app.
 */
const NOT_PRIVATE_USE_SCHEMES = new Set([
  "about:",
  "blob:",
  "data:",
  "file:",
  "filesystem:",
  "ftp:",
  "javascript:",
  "mailto:",
  "sms:",
  "tel:",
  "vbscript:",
  "view-source:",
  "ws:",
  "wss:",
]);

/**
 * Why `uri` cannot be a redirect URI, or null when it can: an absolute URL without a fragment,
 * https, http on a loopback host (RFC 8252 7.3, for apps on the person's own machine), or a
 * private-use scheme of a native app such as `cursor://` or `vscode://` (RFC 8252 7.1).
 */
export function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== "string" || uri.length === 0) return "must be a non-empty string";
  if (uri.length > MAX_URI_LENGTH) return `must be at most ${MAX_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "must be an absolute URL";
  }
  if (uri.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not carry credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : "must use https; http only on localhost, 127.0.0.1 or [::1]";
  }
  if (NOT_PRIVATE_USE_SCHEMES.has(url.protocol)) {
    return `must not use the ${url.protocol} scheme (https, loopback http or an app's own scheme)`;
  }
  return null;
}

/**
 * Whether `requested` may stand for the registered `registered`: character for character, except
 * that a loopback http URI matches on any port (RFC 8252 7.3: a native app listens on whatever
 * port is free when it signs in, not the one it registered).
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  if (redirectUriProblem(requested) !== null) return false;
  const a = new URL(registered);
  const b = new URL(requested);
  if (a.protocol !== "http:" || b.protocol !== "http:" || !LOOPBACK_HOSTS.has(a.hostname)) {
    return false;
  }
  a.port = "";
  b.port = "";
  return a.href === b.href;
}

/** `uri` with `params` added to its query (an existing query is kept, RFC 6749 3.1.2). */
function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}

/** A single parameter; a repeated one is an error (RFC 6749 3.1). */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw new OAuthError("invalid_request", `The parameter '${name}' is repeated`);
  }
  return values[0] === "" ? undefined : values[0];
}

function required(params: URLSearchParams, name: string): string {
  const value = single(params, name);
  if (value === undefined) {
    throw new OAuthError("invalid_request", `The parameter '${name}' is required`);
  }
  return value;
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

/** Throws invalid_redirect_uri unless `uris` holds 1 to 10 URIs that {@linkcode redirectUriProblem} accepts. */
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

/** What a signed client_id carries: the client as registered, without its id. */
const SignedClientSchema = ClientRecordSchema.omit({ client_id: true, activated_at: true });

/**
 * The bytes a client_id's signature covers. Its own prefix keeps a consent form's signature (over
 * bare base64url, which has no newline) from ever passing for a client's, and the other way round.
 */
function clientSignatureInput(signed: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`client\n${signed}`);
}

/**
 * A short name for a client_id, for pages and logs: a signed id's prefix and random part (unique
 * per registration), or an older stored client's whole id.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { clientLabel } from "./oauth_server.ts";
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

function isAuthMethod(method: string): method is AuthMethod {
  return (AUTH_METHODS as readonly string[]).includes(method);
}

/** Issues and checks everything OAuth; see the module documentation. */
export class OAuthServer implements TokenVerifier {
  readonly #store: OAuthStore;
  readonly #secrets: SecretStore;
  readonly #apiKeys: ApiKeyRegistry;
  readonly #accessTtl: number;
  readonly #refreshTtl: number;
  readonly #codeTtl: number;
  readonly #pendingClientTtl: number;
  readonly #now: () => number;
  #signingKey: Promise<CryptoKey> | undefined;

  constructor(
    store: { oauth: OAuthStore; secrets: SecretStore },
    apiKeys: ApiKeyRegistry,
    options: OAuthServerOptions = {},
  ) {
    this.#store = store.oauth;
    this.#secrets = store.secrets;
    this.#apiKeys = apiKeys;
    this.#accessTtl = options.accessTokenTtlMs ?? ACCESS_TOKEN_TTL_MS;
    this.#refreshTtl = options.refreshTokenTtlMs ?? REFRESH_TOKEN_TTL_MS;
    this.#codeTtl = options.codeTtlMs ?? CODE_TTL_MS;
    this.#pendingClientTtl = options.pendingClientTtlMs ?? PENDING_CLIENT_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Deletes clients that never completed a sign-in and records past their expiry (see
   * {@linkcode OAuthStore.sweepOAuth}). Servers run it periodically.
   */
  sweep(now = this.#now()): Promise<OAuthSweep> {
    return this.#store.sweepOAuth(now, this.#pendingClientTtl);
  }

  /** The RFC 8414 authorization server metadata for the server at `base`. */
  metadata(base: string): Record<string, unknown> {
    return {
      issuer: base,
      authorization_endpoint: base + AUTHORIZE_PATH,
      token_endpoint: base + TOKEN_PATH,
      registration_endpoint: base + REGISTER_PATH,
      revocation_endpoint: base + REVOKE_PATH,
      scopes_supported: [OAUTH_SCOPE],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: GRANT_TYPES,
      token_endpoint_auth_methods_supported: AUTH_METHODS,
      revocation_endpoint_auth_methods_supported: AUTH_METHODS,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** RFC 7591 registration. Throws OAuthError invalid_redirect_uri / invalid_client_metadata. */
  async registerClient(body: unknown): Promise<ClientInformation> {
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

  /** Checks `GET /oauth/authorize` parameters for the server at `base`. */
  async checkAuthorizationRequest(params: URLSearchParams, base: string): Promise<AuthorizeCheck> {
    let clientId: string | undefined;
    let redirectParam: string | undefined;
    try {
      clientId = single(params, "client_id");
      redirectParam = single(params, "redirect_uri");
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return { ok: false, page: error.message };
    }
    if (!clientId) return { ok: false, page: "The request names no client (client_id)." };
    const client = await this.#client(clientId);
    if (!client) {
      return {
        ok: false,
        page: "The app asking is not registered here (unknown client_id). " +
          "Remove jobseek from the app and add it again.",
      };
    }
    let redirectUri: string;
    if (redirectParam !== undefined) {
      const wanted = redirectParam;
      if (!client.redirect_uris.some((uri) => redirectUriMatches(uri, wanted))) {
        return {
          ok: false,
          page: "The redirect URI of this request is not one the app registered.",
        };
      }
      redirectUri = redirectParam;
    } else if (client.redirect_uris.length === 1) {
      redirectUri = client.redirect_uris[0];
    } else {
      return { ok: false, page: "The request names no redirect URI (redirect_uri)." };
    }
    // From here on, errors go back to the app (RFC 6749 4.1.2.1).
    const state = params.get("state") ?? undefined;
    const fail = (error: string, description: string): AuthorizeCheck => ({
      ok: false,
      redirect: redirectWith(redirectUri, {
        error,
        error_description: description,
        state: state?.slice(0, MAX_STATE_LENGTH),
        iss: base,
      }),
    });
    try {
      if (state !== undefined && (single(params, "state") ?? "").length > MAX_STATE_LENGTH) {
        return fail("invalid_request", `state must be at most ${MAX_STATE_LENGTH} characters`);
      }
      const responseType = single(params, "response_type");
      if (responseType !== "code") {
        return fail("unsupported_response_type", "Only response_type=code is supported");
      }
      const challenge = single(params, "code_challenge");
      if (challenge === undefined) {
        return fail("invalid_request", "code_challenge is required (PKCE with S256)");
      }
      if (single(params, "code_challenge_method") !== "S256") {
        return fail("invalid_request", "code_challenge_method must be S256");
      }
      if (!PKCE_PATTERN.test(challenge)) {
        return fail("invalid_request", "code_challenge must be 43-128 unreserved characters");
      }
      const resource = this.#checkResource(params.getAll("resource"), base);
      if (resource === null) {
        return fail("invalid_target", `The only resource here is ${base}${RESOURCE_PATH}`);
      }
      const request: AuthorizationRequest = {
        clientId,
        redirectUri,
        redirectUriGiven: redirectParam !== undefined,
        codeChallenge: challenge,
        scope: OAUTH_SCOPE,
        resource,
        issuer: base,
      };
      if (client.client_name) request.clientName = client.client_name;
      if (state !== undefined) request.state = state;
      return { ok: true, request };
    } catch (error) {
      if (error instanceof OAuthError) return fail(error.error, error.message);
      throw error;
    }
  }

  /**
   * The consent form's one-time token for a checked request. The request travels in the token,
   * signed, rather than in the store: showing a sign-in page writes nothing, so fetching it in a
   * loop cannot fill the disk. A random nonce makes every page's token different.
   */
  async startConsent(request: AuthorizationRequest): Promise<string> {
    const payload = toBase64Url(
      new TextEncoder().encode(
        JSON.stringify({ request, expiresAt: this.#now() + CONSENT_TTL_MS, nonce: randomSecret() }),
      ),
    );
    const signature = await crypto.subtle.sign(
      "HMAC",
      await this.#consentKey(),
      new TextEncoder().encode(payload),
    );
    return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
  }

  /**
   * The request behind a consent form: null for a forged or lapsed form token. Writes nothing: a
   * form token is spent only when it is approved with a valid key ({@linkcode approve}), so that
   * answering the form with a wrong key, or denying, costs the store nothing.
   */
  async readConsent(formToken: string): Promise<ConsentForm | null> {
    if (!formToken || formToken.length > MAX_FORM_TOKEN_LENGTH) return null;
    const dot = formToken.indexOf(".");
    if (dot < 0) return null;
    const payload = formToken.slice(0, dot);
    let signature: Uint8Array<ArrayBuffer>;
    let parsed: { request: AuthorizationRequest; expiresAt: number };
    try {
      signature = fromBase64Url(formToken.slice(dot + 1));
      const valid = await crypto.subtle.verify(
        "HMAC",
        await this.#consentKey(),
        signature,
        new TextEncoder().encode(payload),
      );
      if (!valid) return null;
      parsed = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
    } catch {
      return null;
    }
    if (!(parsed.expiresAt > this.#now())) return null;
    return { request: parsed.request, formToken, expiresAt: parsed.expiresAt };
  }

  /** The HMAC key of consent forms, shared through the store by every server. */
  #consentKey(): Promise<CryptoKey> {
    this.#signingKey ??= this.#secrets.sharedSecret("oauth_consent_hmac").then((raw) =>
      crypto.subtle.importKey(
        "raw",
        raw as Uint8Array<ArrayBuffer>,
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      )
    );
    this.#signingKey.catch(() => this.#signingKey = undefined);
    return this.#signingKey;
  }

  /** The redirect that tells the app the person said no. */
  deny(request: AuthorizationRequest): string {
    return redirectWith(request.redirectUri, {
      error: "access_denied",
      error_description: "The person denied the request",
      state: request.state,
      iss: request.issuer,
    });
  }

  /**
   * Grants the form's request for the owner of `apiKey`: the redirect carrying a one-time code;
   * `invalid_key` when the key does not verify (the form stays usable); `used` when the form was
   * approved before, on any server.
   */
  async approve(
    form: ConsentForm,
    apiKey: string,
  ): Promise<{ redirect: string; keyName: string } | "invalid_key" | "used"> {
    const principal = await this.#apiKeys.verify(apiKey);
    if (!principal) return "invalid_key";
    // The first write of a sign-in, made for a person who proved a key.
    const left = form.expiresAt - this.#now();
    if (!(left > 0) || !(await this.#store.claimOnce(sha256Hex(form.formToken), left))) {
      return "used";
    }
    const request = form.request;
    // The sign-in's grant id travels in the code, so that a replayed code can end its tokens.
    const grantId = randomSecret("", 16);
    const code = `${grantId}.${randomSecret()}`;
    const record: CodeRecord = {
      grantId,
      clientId: request.clientId,
      keyHash: apiKeyHash(apiKey),
      keyName: principal.name,
      scope: request.scope,
      resource: request.resource,
      redirectUri: request.redirectUri,
      redirectUriGiven: request.redirectUriGiven,
      codeChallenge: request.codeChallenge,
      expiresAt: this.#now() + this.#codeTtl,
    };
    await this.#store.putOAuthRecord("code", sha256Hex(code), record, this.#codeTtl);
    return {
      redirect: redirectWith(request.redirectUri, {
        code,
        state: request.state,
        iss: request.issuer,
      }),
      keyName: principal.name,
    };
  }

  /**
   * `POST /oauth/token` for the server at `base`: the authorization_code and refresh_token grants.
   * Throws OAuthError for every refusal.
   */
  async token(
    params: URLSearchParams,
    basic: BasicCredentials | null,
    base: string,
  ): Promise<{ tokens: TokenResponse; clientId: string; keyName: string }> {
    const grantType = required(params, "grant_type");
    if (!GRANT_TYPES.includes(grantType)) {
      throw new OAuthError(
        "unsupported_grant_type",
        `grant_type must be ${GRANT_TYPES.join(" or ")}`,
      );
    }
    const client = await this.#authenticateClient(params, basic);
    if (!client.grant_types.includes(grantType)) {
      throw new OAuthError(
        "unauthorized_client",
        `This client did not register the ${grantType} grant`,
      );
    }
    const resources = params.getAll("resource");
    const grant = grantType === "authorization_code"
      ? await this.#redeemCode(params, client)
      : await this.#redeemRefreshToken(params, client);
    if (resources.length > 0 && this.#checkResource(resources, base) !== grant.resource) {
      throw new OAuthError("invalid_target", `The only resource here is ${base}${RESOURCE_PATH}`);
    }
    // A key revoked since the grant ends it.
    const owner = await this.#apiKeys.verifyHash(grant.keyHash);
    if (!owner) {
      throw new OAuthError("invalid_grant", "The API key this access was granted with is revoked");
    }
    const tokens = await this.#issueTokens({ ...grant, keyName: owner.name });
    await this.#keepClient(client);
    return { tokens, clientId: client.client_id, keyName: owner.name };
  }

  /**
   * A client that signs someone in is no longer pending: its record lives as long as the refresh
   * tokens it may hold, extended at most once a day.
   */
  async #keepClient(client: ClientRecord): Promise<void> {
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

  /**
   * RFC 7009 revocation of an access or refresh token the calling client holds. Unknown tokens
   * are not an error (the client's goal, a dead token, is met).
   */
  async revoke(params: URLSearchParams, basic: BasicCredentials | null): Promise<void> {
    const token = required(params, "token");
    const client = await this.#authenticateClient(params, basic);
    if (token.length > MAX_SECRET_LENGTH) return;
    const hash = sha256Hex(token);
    for (const kind of ["access", "refresh"] as const) {
      const record = await this.#store.getOAuthRecord(kind, hash, GrantSchema);
      if (record && record.clientId === client.client_id) {
        await this.#store.deleteOAuthRecord(kind, hash);
        // RFC 7009 2.1: revoking a refresh token ends the access tokens of its grant too.
        if (kind === "refresh" && record.grantId) await this.#revokeGrant(record.grantId);
      }
    }
  }

  /** TokenVerifier: the principal of a live access token whose API key still stands. */
  async verify(token: string): Promise<Principal | null> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > MAX_SECRET_LENGTH) return null;
    const record = await this.#store.getOAuthRecord("access", sha256Hex(token), GrantSchema);
    if (!record || record.expiresAt <= this.#now()) return null;
    const owner = await this.#apiKeys.verifyHash(record.keyHash);
    if (!owner) return null;
    // The key's subject: one rate budget per person across REST and MCP.
    const principal: Principal = { subject: owner.subject, name: owner.name, via: "bearer" };
    if (owner.rateLimit !== undefined) principal.rateLimit = owner.rateLimit;
    // A token can do what its key can: a feeder key's token cannot search.
    if (owner.scopes !== undefined) principal.scopes = owner.scopes;
    return principal;
  }

  /** A client by id: a signed one from the id itself, an older stored one from the store. */
  async #client(clientId: string): Promise<ClientRecord | null> {
    if (clientId.startsWith(SIGNED_CLIENT_PREFIX)) return await this.#verifyClientId(clientId);
    if (clientId.length > MAX_STORED_CLIENT_ID_LENGTH) return null;
    return await this.#store.getOAuthRecord("client", clientId, ClientRecordSchema);
  }

  /** `jsc_<id>.<metadata>.<signature>`; the signature covers the id and the metadata. */
  async #signClientId(metadata: Uint8Array): Promise<string> {
    const signed = `${randomSecret(SIGNED_CLIENT_PREFIX, 16)}.${toBase64Url(metadata)}`;
    const signature = await crypto.subtle.sign(
      "HMAC",
      await this.#consentKey(),
      clientSignatureInput(signed),
    );
    return `${signed}.${toBase64Url(new Uint8Array(signature))}`;
  }

  /** The client a signed id describes, or null when it is malformed or not signed by us. */
  async #verifyClientId(clientId: string): Promise<ClientRecord | null> {
    if (clientId.length > MAX_CLIENT_ID_LENGTH || !SIGNED_CLIENT_ID.test(clientId)) return null;
    const dot = clientId.lastIndexOf(".");
    const signed = clientId.slice(0, dot);
    // Outside the try: a store that cannot give the key is a server error, not an unknown client.
    const key = await this.#consentKey();
    try {
      const valid = await crypto.subtle.verify(
        "HMAC",
        key,
        fromBase64Url(clientId.slice(dot + 1)),
        clientSignatureInput(signed),
      );
      if (!valid) return null;
      const metadata = new TextDecoder().decode(
        fromBase64Url(signed.slice(signed.indexOf(".") + 1)),
      );
      const parsed = SignedClientSchema.safeParse(JSON.parse(metadata));
      return parsed.success ? { ...parsed.data, client_id: clientId } : null;
    } catch {
      return null;
    }
  }

  /**
   * The resource a request names (RFC 8707), canonicalised to `{base}/mcp`; undefined names mean
   * that one. The origin alone is accepted too, as some clients send the server's origin. Null for
   * anything else.
   */
  #checkResource(resources: string[], base: string): string | null {
    const canonical = base + RESOURCE_PATH;
    const accepted = new Set([canonical, canonical + "/", base, base + "/"]);
    return resources.every((r) => accepted.has(r)) ? canonical : null;
  }

  /** RFC 6749 2.3: the client by id, with its secret checked when it has one. */
  async #authenticateClient(
    params: URLSearchParams,
    basic: BasicCredentials | null,
  ): Promise<ClientRecord> {
    const bodyId = single(params, "client_id");
    const bodySecret = single(params, "client_secret");
    if (basic && bodyId !== undefined && bodyId !== basic.clientId) {
      throw new OAuthError("invalid_request", "client_id differs from the Authorization header");
    }
    const clientId = basic?.clientId ?? bodyId;
    if (!clientId) throw new OAuthError("invalid_client", "client_id is required", 401);
    const client = await this.#client(clientId);
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

  async #redeemCode(params: URLSearchParams, client: ClientRecord): Promise<Grant> {
    const code = required(params, "code");
    const verifier = required(params, "code_verifier");
    const redirectUri = single(params, "redirect_uri");
    const invalid = new OAuthError(
      "invalid_grant",
      "The authorization code is invalid, expired or already used",
    );
    if (code.length > MAX_SECRET_LENGTH) throw invalid;
    // Consumed before anything else is checked: a code gets one try, right or wrong. One
    // presented after it was exchanged was intercepted or leaked, and which request was the
    // rightful one cannot be told: the tokens issued for it end (OAuth 2.1 4.1.3).
    const record = await this.#spendOnce("code", code, CodeRecordSchema, invalid, {
      replayed: "The authorization code was already used; every token issued for it is revoked",
    });
    if (record.clientId !== client.client_id) {
      throw new OAuthError("invalid_grant", "The code was issued to another client");
    }
    if (
      (record.redirectUriGiven || redirectUri !== undefined) &&
      redirectUri !== record.redirectUri
    ) {
      throw new OAuthError(
        "invalid_grant",
        "redirect_uri differs from the one of the authorization request",
      );
    }
    if (
      !PKCE_PATTERN.test(verifier) ||
      !constantTimeEqual(pkceChallenge(verifier), record.codeChallenge)
    ) {
      throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
    }
    return record;
  }

  /**
   * Spends a one-time secret (a code or a refresh token): its record, if it was live. A secret
   * already spent whose grant still lives was replayed: the grant ends and the answer says so.
   * The grant id inside the secret is random: only a holder of its code or tokens knows it.
   */
  async #spendOnce<T extends { expiresAt: number }>(
    kind: "code" | "refresh",
    secret: string,
    schema: z.ZodType<T>,
    invalid: OAuthError,
    messages: { replayed: string },
  ): Promise<T> {
    const record = await this.#store.consumeOAuthRecord(kind, sha256Hex(secret), schema);
    if (record) {
      if (record.expiresAt <= this.#now()) throw invalid;
      return record;
    }
    const grantId = grantIdOf(secret);
    if (grantId && await this.#revokeGrant(grantId)) {
      throw new OAuthError("invalid_grant", messages.replayed);
    }
    throw invalid;
  }

  async #redeemRefreshToken(params: URLSearchParams, client: ClientRecord): Promise<Grant> {
    const token = required(params, "refresh_token");
    const scope = single(params, "scope");
    if (scope !== undefined && scope.split(" ").some((s) => s !== "" && s !== OAUTH_SCOPE)) {
      throw new OAuthError("invalid_scope", `The only scope is ${OAUTH_SCOPE}`);
    }
    const invalid = new OAuthError(
      "invalid_grant",
      "The refresh token is invalid, expired or already used",
    );
    if (!token.startsWith(REFRESH_TOKEN_PREFIX) || token.length > MAX_SECRET_LENGTH) throw invalid;
    // Rotation: the token is spent whatever happens next. A spent token of a live grant that
    // comes back leaked (or its holder lost track), and which party holds the current one cannot
    // be told, so the whole grant ends (OAuth 2.1 4.3.1; Security BCP 4.14.2).
    const record = await this.#spendOnce("refresh", token, GrantSchema, invalid, {
      replayed: "The refresh token was already used; every token of this sign-in is revoked",
    });
    if (record.clientId !== client.client_id) {
      throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
    }
    return record;
  }

  /** Ends a grant and every token it still has; false when there was no such grant. */
  async #revokeGrant(grantId: string): Promise<boolean> {
    const record = await this.#store.getOAuthRecord("grant", grantId, GrantRecordSchema);
    if (!record) return false;
    for (const hash of record.accessHashes) await this.#store.deleteOAuthRecord("access", hash);
    await this.#store.deleteOAuthRecord("refresh", record.refreshHash);
    await this.#store.deleteOAuthRecord("grant", grantId);
    return true;
  }

  async #issueTokens(grant: Grant): Promise<TokenResponse> {
    const grantId = grant.grantId ?? randomSecret("", 16);
    const access = randomSecret(ACCESS_TOKEN_PREFIX);
    const refresh = randomSecret(`${REFRESH_TOKEN_PREFIX}${grantId}.`);
    const now = this.#now();
    const accessHash = sha256Hex(access);
    const refreshHash = sha256Hex(refresh);
    const previous = await this.#store.getOAuthRecord("grant", grantId, GrantRecordSchema);
    const accessHashes = [...(previous?.accessHashes ?? []), accessHash];
    // The oldest access tokens of a grant that refreshes very often are ended, not forgotten.
    for (const old of accessHashes.splice(0, accessHashes.length - MAX_ACCESS_TOKENS_PER_GRANT)) {
      await this.#store.deleteOAuthRecord("access", old);
    }
    const grantRecord: GrantRecord = {
      clientId: grant.clientId,
      accessHashes,
      refreshHash,
      expiresAt: now + this.#refreshTtl,
    };
    await this.#store.putOAuthRecord("grant", grantId, grantRecord, this.#refreshTtl);
    const base = {
      grantId,
      clientId: grant.clientId,
      keyHash: grant.keyHash,
      keyName: grant.keyName,
      scope: grant.scope,
      resource: grant.resource,
    };
    await this.#store.putOAuthRecord(
      "access",
      accessHash,
      { ...base, expiresAt: now + this.#accessTtl },
      this.#accessTtl,
    );
    await this.#store.putOAuthRecord(
      "refresh",
      refreshHash,
      { ...base, expiresAt: now + this.#refreshTtl },
      this.#refreshTtl,
    );
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: Math.floor(this.#accessTtl / 1000),
      refresh_token: refresh,
      scope: grant.scope,
    };
  }
}
