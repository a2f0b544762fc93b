/**
 * HTTP face of jobseek's OAuth authorization server ({@linkcode OAuthServer}): the RFC 8414
 * metadata, client registration, the consent page, and the token and revocation endpoints.
 * Answers follow the OAuth RFCs (`{"error", "error_description"}` bodies, `Cache-Control:
 * no-store` on anything carrying a secret) rather than the REST error body. The endpoints a
 * browser-based client calls by script (metadata, register, token, revoke) allow any origin: they
 * take no cookies, so CORS protects nothing there.
 *
 * @module
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { cors } from "hono/cors";
import {
  CONSENT_STYLE_SOURCE,
  renderConsentPage,
  renderErrorPage,
} from "../auth/oauth_consent_page.ts";
import type { AuthorizationRequest } from "../auth/oauth_authorization.ts";
import { type BasicCredentials, clientLabel } from "../auth/oauth_clients.ts";
import { OAuthError } from "../auth/oauth_error.ts";
import {
  authorizationServerMetadata,
  AUTHORIZE_PATH,
  OAUTH_METADATA_PATH,
  REGISTER_PATH,
  REVOKE_PATH,
  TOKEN_PATH,
} from "../auth/oauth_metadata.ts";
import type { OAuthServer } from "../auth/oauth_server.ts";
import {
  addressLimit,
  AUTHORIZE_PER_PREFIX_PER_MINUTE,
  REGISTER_PER_PREFIX_PER_MINUTE,
  TOKEN_PER_PREFIX_PER_MINUTE,
} from "./address_limit.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { fromBase64 } from "../crypto.ts";
import { baseUrl } from "./base_url.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { readLimitedBody } from "./read_json_body.ts";

/**
 * Registrations and token requests are a few hundred bytes to a few KB (a client_id carries its
 * metadata); a consent form carries its signed request: client_id, redirect URI and state.
 */
const MAX_BODY_BYTES = 32 * 1024;

type OAuthContext = Context<AppEnv>;

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

/**
 * The consent page must not be framed (clickjacking) nor load anything. No `form-action`: browsers
 * apply it to the redirect that follows the form, which goes to the app.
 */
const PAGE_HEADERS = {
  ...NO_STORE,
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    `default-src 'none'; style-src ${CONSENT_STYLE_SOURCE}; frame-ancestors 'none'; base-uri 'none'`,
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  // nosniff: the app's, on every answer (src/http/app.ts).
};

function oauthJson(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...NO_STORE, ...headers },
  });
}

function oauthErrorResponse(error: OAuthError, headerAttempted = false): Response {
  // RFC 6749 5.2: a client that tried the Authorization header and failed is told the scheme.
  const headers: Record<string, string> = error.status === 401 && headerAttempted
    ? { "www-authenticate": 'Basic realm="jobseek"' }
    : {};
  return oauthJson(error.toResponseObject(), error.status, headers);
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: PAGE_HEADERS });
}

function redirect(location: string): Response {
  // 303: the browser follows a form POST with a GET.
  return new Response(null, { status: 303, headers: { location, ...NO_STORE } });
}

/** The body as text, refused when larger than {@linkcode MAX_BODY_BYTES}. */
async function readBody(request: Request): Promise<string> {
  const bytes = await readLimitedBody(request, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: () =>
      new OAuthError("invalid_request", `The body exceeds ${MAX_BODY_BYTES} bytes`, 413),
  });
  return new TextDecoder().decode(bytes);
}

/** A form-encoded body (RFC 6749 3.2 requires that encoding on the token endpoint). */
async function readForm(c: OAuthContext): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new OAuthError(
      "invalid_request",
      "The body must be application/x-www-form-urlencoded",
    );
  }
  return new URLSearchParams(await readBody(c.req.raw));
}

/**
 * Client credentials from the Authorization header (Basic with form-urlencoded parts, RFC 6749
 * 2.3.1); null without one. Another scheme, or Basic that is not base64 of `id:secret`, is a failed
 * client authentication (RFC 6749 5.2) rather than ignored: credentials a client sent must never be
 * passed over in favour of a bare client_id in the form.
 */
function basicCredentials(header: string | undefined): BasicCredentials | null {
  if (!header) return null;
  const match = header.match(/^Basic +(\S+) *$/i);
  if (!match) {
    throw new OAuthError("invalid_client", "Client authentication must use the Basic scheme", 401);
  }
  const malformed = new OAuthError("invalid_client", "Malformed Basic credentials", 401);
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64(match[1]));
  } catch {
    throw malformed;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) throw malformed;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    throw malformed;
  }
}

/** The consent page for `request`, with a fresh one-time form token (signed, not stored). */
async function consentPage(
  oauth: OAuthServer,
  request: AuthorizationRequest,
  options: { error?: string; status?: number } = {},
): Promise<Response> {
  const formToken = await oauth.authorization.startConsent(request);
  return html(
    renderConsentPage({
      action: request.issuer + AUTHORIZE_PATH,
      formToken,
      clientName: request.clientName,
      clientId: clientLabel(request.clientId),
      redirectUri: request.redirectUri,
      scope: request.scope,
      error: options.error,
    }),
    options.status,
  );
}

/** Routes of the authorization server, mounted at the app's root; none without `deps.oauth`. */
export function createOAuthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const oauth = deps.oauth;
  if (!oauth) return app;
  const { logger } = deps;
  const base = (c: OAuthContext) => baseUrl(deps.config, c.req.url);

  const scripted = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["authorization", "content-type", "mcp-protocol-version"],
    maxAge: 86400,
  });
  for (const path of [OAUTH_METADATA_PATH, REGISTER_PATH, TOKEN_PATH, REVOKE_PATH]) {
    app.use(path, scripted);
  }
  // Per client network and per endpoint, so that a flood of one kind (registrations, say) from
  // one network leaves that network's sign-ins and refreshes their own budgets. The metadata is a
  // constant and is not limited.
  app.use(REGISTER_PATH, addressLimit(deps, "register", REGISTER_PER_PREFIX_PER_MINUTE));
  app.use(AUTHORIZE_PATH, addressLimit(deps, "authorize", AUTHORIZE_PER_PREFIX_PER_MINUTE));
  for (const path of [TOKEN_PATH, REVOKE_PATH]) {
    app.use(path, addressLimit(deps, "token", TOKEN_PER_PREFIX_PER_MINUTE));
  }

  app.get(OAUTH_METADATA_PATH, (c) => c.json(authorizationServerMetadata(base(c))));
  app.all(OAUTH_METADATA_PATH, methodNotAllowed(["GET", "HEAD"], logger));

  app.post(REGISTER_PATH, async function registerClient(c) {
    try {
      // Read apart from parsing: a client gone mid-body is an abort, not bad metadata.
      const text = await readBody(c.req.raw);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new OAuthError("invalid_client_metadata", "The body must be a JSON object");
      }
      const client = await oauth.clients.register(body);
      logger.info("oauth client registered", {
        request_id: c.get("requestId"),
        client_id: clientLabel(client.client_id),
        client_name: client.client_name,
      });
      return oauthJson(client, 201);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(error);
      throw error;
    }
  });
  app.all(REGISTER_PATH, methodNotAllowed(["POST"], logger));

  app.get(AUTHORIZE_PATH, async function showConsent(c) {
    const check = await oauth.authorization.check(new URL(c.req.url).searchParams, base(c));
    if (check.ok) return await consentPage(oauth, check.request);
    if ("redirect" in check) return redirect(check.redirect);
    return html(renderErrorPage(check.page), 400);
  });

  app.post(AUTHORIZE_PATH, async function answerConsent(c) {
    let form: URLSearchParams;
    try {
      form = await readForm(c);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return html(renderErrorPage(error.message), error.status);
    }
    const expired = () =>
      html(
        renderErrorPage(
          "This sign-in page has expired or was already used. Start again from the app.",
        ),
        400,
      );
    const consent = await oauth.authorization.readConsent(form.get("consent") ?? "");
    if (!consent) return expired();
    const { request } = consent;
    const decision = form.get("decision");
    if (decision === "deny") {
      logger.info("oauth consent denied", {
        request_id: c.get("requestId"),
        client_id: clientLabel(request.clientId),
      });
      return redirect(oauth.authorization.deny(request));
    }
    if (decision !== "approve") {
      return await consentPage(oauth, request, { error: "Choose Approve or Deny.", status: 400 });
    }
    const approved = await oauth.authorization.approve(
      consent,
      form.get("api_key")?.trim() ?? "",
    );
    if (approved === "used") return expired();
    if (approved === "invalid_key") {
      return await consentPage(oauth, request, {
        error: "That API key is not valid. Check it and try again.",
        status: 401,
      });
    }
    logger.info("oauth consent approved", {
      request_id: c.get("requestId"),
      client_id: clientLabel(request.clientId),
      key_name: approved.keyName,
    });
    return redirect(approved.redirect);
  });
  app.all(AUTHORIZE_PATH, methodNotAllowed(["GET", "HEAD", "POST"], logger));

  app.post(TOKEN_PATH, async function issueToken(c) {
    const authorization = c.req.header("authorization");
    try {
      const form = await readForm(c);
      const basic = basicCredentials(authorization);
      const issued = await oauth.tokens.exchange(form, basic, base(c));
      logger.info("oauth tokens issued", {
        request_id: c.get("requestId"),
        grant_type: form.get("grant_type"),
        client_id: clientLabel(issued.clientId),
        key_name: issued.keyName,
      });
      return oauthJson(issued.tokens, 200);
    } catch (error) {
      if (error instanceof OAuthError) {
        logger.info("oauth token refused", {
          request_id: c.get("requestId"),
          error: error.errorCode,
          description: error.message,
        });
        return oauthErrorResponse(error, Boolean(authorization));
      }
      throw error;
    }
  });
  app.all(TOKEN_PATH, methodNotAllowed(["POST"], logger));

  app.post(REVOKE_PATH, async function revokeToken(c) {
    const authorization = c.req.header("authorization");
    try {
      const form = await readForm(c);
      const basic = basicCredentials(authorization);
      await oauth.tokens.revoke(form, basic);
      return new Response(null, { status: 200, headers: NO_STORE });
    } catch (error) {
      if (error instanceof OAuthError) {
        return oauthErrorResponse(error, Boolean(authorization));
      }
      throw error;
    }
  });
  app.all(REVOKE_PATH, methodNotAllowed(["POST"], logger));

  return app;
}
