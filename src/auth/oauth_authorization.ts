/**
 * The authorization endpoint and its consent page (OAuth 2.1 4.1.1-4.1.2): checking a client's
 * request, the signed form token a consent page carries, and a person's answer. Approving with a
 * valid jobseek API key is what issues a one-time authorization code.
 *
 * Nothing is written for anyone who has not signed in: the request behind a consent page travels
 * in its form token, signed with the servers' shared key, so showing the page, answering it with a
 * wrong key or denying costs the store nothing. The first write is the code, once a person
 * approved; with it, the form token is marked spent so that it approves once, on any server.
 *
 * @module
 */
import { fromBase64Url, randomSecret, sha256Hex, toBase64Url } from "../crypto.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import { apiKeyHash, type ApiKeyRegistry } from "./api_keys.ts";
import type { OAuthClients } from "./oauth_clients.ts";
import { OAuthError } from "./oauth_error.ts";
import { canonicalResource, OAUTH_SCOPE, RESOURCE_PATH } from "./oauth_metadata.ts";
import { singleParam } from "./oauth_params.ts";
import { PKCE_PATTERN } from "./oauth_pkce.ts";
import type { CodeRecord } from "./oauth_records.ts";
import { redirectUriMatches, redirectWith } from "./oauth_redirect_uri.ts";
import type { OAuthSigningKey } from "./oauth_signing_key.ts";

export const CODE_TTL_MS = 60 * 1000;
/** How long a consent page may stay open before its form token lapses. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;
const MAX_STATE_LENGTH = 2000;
/** A consent form token carries its request (signed): client_id, URIs and state. */
const MAX_FORM_TOKEN_LENGTH = 24_000;

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

/** What an approval gives: the redirect carrying the code, or why there is none. */
export type Approval = { redirect: string; keyName: string } | "invalid_key" | "used";

export interface OAuthAuthorizationOptions {
  codeTtlMs: number;
  /** The clock (ms since the epoch). */
  now: () => number;
}

/** Checks authorization requests and turns a person's consent into a code; see the module. */
export class OAuthAuthorization {
  readonly #store: OAuthStore;
  readonly #clients: OAuthClients;
  readonly #apiKeys: ApiKeyRegistry;
  readonly #signingKey: OAuthSigningKey;
  readonly #codeTtl: number;
  readonly #now: () => number;

  constructor(
    parts: {
      store: OAuthStore;
      clients: OAuthClients;
      apiKeys: ApiKeyRegistry;
      signingKey: OAuthSigningKey;
    },
    options: OAuthAuthorizationOptions,
  ) {
    this.#store = parts.store;
    this.#clients = parts.clients;
    this.#apiKeys = parts.apiKeys;
    this.#signingKey = parts.signingKey;
    this.#codeTtl = options.codeTtlMs;
    this.#now = options.now;
  }

  /** Checks `GET /oauth/authorize` parameters for the server at `base`. */
  async check(params: URLSearchParams, base: string): Promise<AuthorizeCheck> {
    let clientId: string | undefined;
    let redirectParam: string | undefined;
    try {
      clientId = singleParam(params, "client_id");
      redirectParam = singleParam(params, "redirect_uri");
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return { ok: false, page: error.message };
    }
    if (!clientId) return { ok: false, page: "The request names no client (client_id)." };
    const client = await this.#clients.find(clientId);
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
      if (state !== undefined && (singleParam(params, "state") ?? "").length > MAX_STATE_LENGTH) {
        return fail("invalid_request", `state must be at most ${MAX_STATE_LENGTH} characters`);
      }
      const responseType = singleParam(params, "response_type");
      if (responseType !== "code") {
        return fail("unsupported_response_type", "Only response_type=code is supported");
      }
      const challenge = singleParam(params, "code_challenge");
      if (challenge === undefined) {
        return fail("invalid_request", "code_challenge is required (PKCE with S256)");
      }
      if (singleParam(params, "code_challenge_method") !== "S256") {
        return fail("invalid_request", "code_challenge_method must be S256");
      }
      if (!PKCE_PATTERN.test(challenge)) {
        return fail("invalid_request", "code_challenge must be 43-128 unreserved characters");
      }
      const resource = canonicalResource(params.getAll("resource"), base);
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
      if (error instanceof OAuthError) return fail(error.errorCode, error.message);
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
    const signature = await this.#signingKey.sign(new TextEncoder().encode(payload));
    return `${payload}.${toBase64Url(signature)}`;
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
    let parsed: { request: AuthorizationRequest; expiresAt: number };
    try {
      const signature = fromBase64Url(formToken.slice(dot + 1));
      if (!(await this.#signingKey.verify(signature, new TextEncoder().encode(payload)))) {
        return null;
      }
      parsed = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
    } catch {
      return null;
    }
    if (!(parsed.expiresAt > this.#now())) return null;
    return { request: parsed.request, formToken, expiresAt: parsed.expiresAt };
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
  async approve(form: ConsentForm, apiKey: string): Promise<Approval> {
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
}
