/**
 * The OAuth records the server keeps in the store, as schemas: every read of one goes through its
 * schema, so a record written by another version or damaged reads as absent instead of as a
 * wrongly typed value.
 *
 * @module
 */
import { z } from "zod";

/** How a client authenticates at the token endpoint (RFC 7591 2). */
export const AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"] as const;
export type AuthMethod = typeof AUTH_METHODS[number];

/** A registered client as stored (the secret only as a hash). */
export const ClientRecordSchema = z.object({
  client_id: z.string(),
  client_secret_hash: z.string().optional(),
  client_id_issued_at: z.number(),
  redirect_uris: z.array(z.string()),
  token_endpoint_auth_method: z.enum(AUTH_METHODS),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  scope: z.string(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  software_id: z.string().optional(),
  software_version: z.string().optional(),
  /** When a sign-in last completed (ms); absent while the client never signed anyone in. */
  activated_at: z.number().optional(),
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

/**
 * What a person granted: who (by key hash), to which client, for what. Access and refresh tokens
 * are stored as this.
 */
export const GrantSchema = z.object({
  /** The sign-in this descends from (absent on tokens issued before grants were tracked). */
  grantId: z.string().optional(),
  clientId: z.string(),
  keyHash: z.string(),
  keyName: z.string(),
  scope: z.string(),
  resource: z.string(),
  expiresAt: z.number(),
});
export type Grant = z.infer<typeof GrantSchema>;

/** An authorization code: the grant it will become, and what the token request must match. */
export const CodeRecordSchema = GrantSchema.extend({
  redirectUri: z.string(),
  redirectUriGiven: z.boolean(),
  codeChallenge: z.string(),
});
export type CodeRecord = z.infer<typeof CodeRecordSchema>;

/** A sign-in and the tokens rotated from it, so that replaying a spent refresh token ends all. */
export const GrantRecordSchema = z.object({
  clientId: z.string(),
  /** Hashes of the access tokens issued under it, newest last. */
  accessHashes: z.array(z.string()),
  refreshHash: z.string(),
  expiresAt: z.number(),
});
export type GrantRecord = z.infer<typeof GrantRecordSchema>;
