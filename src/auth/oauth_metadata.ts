/**
 * What jobseek's authorization server is, as its RFC 8414 metadata tells clients: its endpoints,
 * the one scope, the grants and client authentication methods it supports, and (RFC 8707) the one
 * resource its tokens are for. The protected-resource side (RFC 9728) is served with `/mcp` in
 * `src/http/mcp_routes.ts`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import type { OAuthMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { AUTH_METHODS } from "./oauth_records.ts";

export const OAUTH_METADATA_PATH = "/.well-known/oauth-authorization-server";
export const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
export const REVOKE_PATH = "/oauth/revoke";
/** The one scope there is (also in the protected-resource metadata): searching. */
export const OAUTH_SCOPE = "jobs:read";
/** The protected resource, relative to the base URL. */
export const RESOURCE_PATH = "/mcp";
/** The grants a client may register and use. */
export const GRANT_TYPES = ["authorization_code", "refresh_token"];

/**
 * The RFC 8414 authorization server metadata for the server at `base`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { authorizationServerMetadata } from "./oauth_metadata.ts";
 *
 * const metadata = authorizationServerMetadata("https://jobs.example.com");
 * assert.equal(metadata.issuer, "https://jobs.example.com");
 * assert.equal(metadata.token_endpoint, "https://jobs.example.com/oauth/token");
 * assert.deepEqual(metadata.code_challenge_methods_supported, ["S256"]);
 * ```
 */
export function authorizationServerMetadata(base: string): OAuthMetadata {
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
    token_endpoint_auth_methods_supported: [...AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
    code_challenge_methods_supported: ["S256"],
    // RFC 9207: the redirect names the issuer, so a client talking to several cannot be confused.
    authorization_response_iss_parameter_supported: true,
  };
}

/**
 * The resource a request names (RFC 8707), canonicalised to `{base}/mcp`; no names mean that one.
 * The origin alone is accepted too, as some clients send the server's origin. Null for anything
 * else.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { canonicalResource } from "./oauth_metadata.ts";
 *
 * const base = "https://jobs.example.com";
 * assert.equal(canonicalResource([], base), "https://jobs.example.com/mcp");
 * assert.equal(canonicalResource([base + "/"], base), "https://jobs.example.com/mcp");
 * assert.equal(canonicalResource(["https://other.example"], base), null);
 * ```
 */
export function canonicalResource(resources: string[], base: string): string | null {
  const canonical = base + RESOURCE_PATH;
  const accepted = new Set([canonical, canonical + "/", base, base + "/"]);
  return resources.every((r) => accepted.has(r)) ? canonical : null;
}
