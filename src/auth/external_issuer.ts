/**
 * `/mcp` behind an operator's own authorization server (`JOBSEEK_OAUTH_ISSUER`): Bearer tokens
 * are JWTs signed by that issuer, checked against the keys it publishes (its JWKS), and jobseek's
 * own authorization server is off.
 *
 * The issuer's metadata is discovered from `{issuer}/.well-known/openid-configuration`, or else
 * the RFC 8414 `/.well-known/oauth-authorization-server` (inserted before the issuer's path);
 * its `issuer` must be the configured one and it must name a `jwks_uri`. Discovery runs at start
 * and again on the first token while it has not succeeded, at most every
 * {@linkcode DISCOVERY_RETRY_MS}. Keys come from `jose`'s remote key set: cached for
 * {@linkcode KEYS_MAX_AGE_MS}, fetched again at once for a token whose `kid` is unknown (the
 * issuer rotated its keys), but not more often than every {@linkcode KEYS_COOLDOWN_MS}, so that
 * tokens with made-up key ids cannot make the server hammer the issuer.
 *
 * A token is accepted when its signature verifies with one of those keys (asymmetric algorithms
 * only: RS*, PS*, ES*, EdDSA), `iss` is the issuer, `aud` names this server, `exp` is present and
 * not past and `nbf` (if any) is not ahead, each by at most {@linkcode CLOCK_TOLERANCE_SECONDS},
 * and `sub` is a non-empty string: the rate limit counts per subject.
 *
 * @module
 */
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import type { Principal } from "../domain/service.ts";
import { errorFields, type Logger } from "../log.ts";
import { sha256Hex } from "../crypto.ts";
import {
  InvalidTokenError,
  TokenCheckUnavailableError,
  type TokenContext,
  type TokenVerifier,
} from "./token_verifier.ts";

/** Clocks of the issuer and this server may differ by this much (seconds) for `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** Keys are used this long before they are fetched again. */
export const KEYS_MAX_AGE_MS = 10 * 60 * 1000;
/** An unknown `kid` fetches the keys again, but at most this often. */
export const KEYS_COOLDOWN_MS = 30 * 1000;
/** A failed discovery is tried again no sooner than this. */
export const DISCOVERY_RETRY_MS = 10 * 1000;
/** How long a fetch of the issuer's metadata or keys may take. */
const FETCH_TIMEOUT_MS = 5000;
/** Signature algorithms accepted: asymmetric only, so the issuer's public keys suffice. */
const ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];
/** No JWT we accept is longer; longer input is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 16 * 1024;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Longest `sub` used as it is in the rate-limit subject; longer ones are hashed. */
const MAX_PLAIN_SUBJECT = 200;

export interface ExternalIssuerOptions {
  /** The issuer identifier (`JOBSEEK_OAUTH_ISSUER`). */
  issuer: string;
  /**
   * Accepted `aud` values (`JOBSEEK_OAUTH_AUDIENCE`); unset: the server's resource
   * (`{base_url}/mcp`, as the protected-resource metadata names it) or its base URL.
   */
  audience?: string[];
  logger: Logger;
  /** Tests shorten it to see a rotation at once. */
  keysCooldownMs?: number;
  clockToleranceSeconds?: number;
  /** Tests move the clock (ms since the epoch). */
  now?: () => number;
}

interface Discovered {
  issuer: string;
  jwksUri: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

/** The discovery URLs of `issuer`: OpenID Connect's, then RFC 8414's. */
export function discoveryUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, "");
  return [
    `${url.origin}${path}/.well-known/openid-configuration`,
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
  ];
}

/** `a` and `b` name the same issuer: equal, or different only by a trailing slash. */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/$/, "") === b.replace(/\/$/, "");
}

/** Verifies the JWTs of one external issuer; see the module documentation. */
export class ExternalIssuerVerifier implements TokenVerifier {
  readonly issuer: string;
  readonly #audience?: string[];
  readonly #logger: Logger;
  readonly #cooldownMs: number;
  readonly #tolerance: number;
  readonly #now: () => number;
  #discovered: Promise<Discovered> | undefined;
  #failedAt = -Infinity;
  #failure: Error | undefined;

  constructor(options: ExternalIssuerOptions) {
    this.issuer = options.issuer;
    this.#audience = options.audience;
    this.#logger = options.logger;
    this.#cooldownMs = options.keysCooldownMs ?? KEYS_COOLDOWN_MS;
    this.#tolerance = options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS;
    this.#now = options.now ?? Date.now;
  }

  /** Discovers the issuer now (servers call it at start), logging the outcome; never throws. */
  async discover(): Promise<void> {
    try {
      await this.#discover();
    } catch {
      // Logged where it failed; the first token tries again.
    }
  }

  async verify(token: string, context?: TokenContext): Promise<Principal | null> {
    if (token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) {
      throw new InvalidTokenError("The token is not a JWT");
    }
    const audience = this.#audience ??
      (context ? [`${context.baseUrl}/mcp`, context.baseUrl] : undefined);
    if (!audience) throw new Error("ExternalIssuerVerifier needs the base URL or an audience");
    const discovered = await this.#discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, discovered.keys, {
        issuer: discovered.issuer,
        audience,
        algorithms: ALGORITHMS,
        clockTolerance: this.#tolerance,
        requiredClaims: ["exp", "sub"],
        currentDate: new Date(this.#now()),
      }));
    } catch (error) {
      throw this.#explain(error, discovered);
    }
    if (typeof payload.sub !== "string" || payload.sub === "") {
      throw new InvalidTokenError("The token has no subject (sub)");
    }
    const sub = payload.sub;
    return {
      // One rate budget per person of the issuer, apart from API keys' subjects.
      subject: `jwt:${sub.length > MAX_PLAIN_SUBJECT ? sha256Hex(sub) : sub}`,
      name: sub.slice(0, 100),
      via: "bearer",
    };
  }

  /** What a failed check tells the client: the token's fault (401) or ours (503). */
  #explain(error: unknown, discovered: Discovered): Error {
    if (error instanceof errors.JWTExpired) return new InvalidTokenError("The token has expired");
    if (error instanceof errors.JWTClaimValidationFailed) {
      switch (error.claim) {
        case "aud":
          return new InvalidTokenError("The token is not meant for this server (aud)");
        case "iss":
          return new InvalidTokenError(`The token was not issued by ${discovered.issuer}`);
        case "nbf":
          return new InvalidTokenError("The token is not valid yet (nbf)");
        case "exp":
        case "sub":
          return new InvalidTokenError(`The token has no ${error.claim} claim`);
        default:
          return new InvalidTokenError(`The token's ${error.claim} claim is not accepted`);
      }
    }
    if (error instanceof errors.JWKSNoMatchingKey) {
      return new InvalidTokenError("The token is signed with a key the issuer does not publish");
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return new InvalidTokenError("The token's signature does not verify");
    }
    if (
      error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported
    ) {
      return new InvalidTokenError("The token's signing algorithm is not accepted");
    }
    if (
      error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid ||
      error instanceof errors.JWKSMultipleMatchingKeys
    ) {
      return new InvalidTokenError("The token is not a well-formed signed JWT");
    }
    // Everything else is fetching the keys: a timeout, a network error, a bad answer.
    this.#logger.warn("oauth issuer keys could not be fetched", {
      issuer: discovered.issuer,
      jwks_uri: discovered.jwksUri,
      ...errorFields(error),
    });
    return new TokenCheckUnavailableError(
      "The token cannot be checked now: the issuer's keys could not be fetched",
      { cause: error },
    );
  }

  #discover(): Promise<Discovered> {
    if (!this.#discovered) {
      if (this.#now() - this.#failedAt < DISCOVERY_RETRY_MS) {
        return Promise.reject(this.#failure);
      }
      const attempt = this.#fetchMetadata();
      this.#discovered = attempt;
      attempt.catch((error) => {
        this.#discovered = undefined;
        this.#failedAt = this.#now();
        this.#failure = new TokenCheckUnavailableError(
          "The token cannot be checked now: the issuer's metadata could not be fetched",
          { cause: error },
        );
      });
    }
    return this.#discovered.catch(() => Promise.reject(this.#failure));
  }

  async #fetchMetadata(): Promise<Discovered> {
    const problems: string[] = [];
    for (const url of discoveryUrls(this.issuer)) {
      try {
        const response = await fetch(url, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        if (response.status !== 200) {
          await response.body?.cancel();
          problems.push(`${url}: HTTP ${response.status}`);
          continue;
        }
        const metadata = await response.json();
        const issuer = metadata?.issuer;
        const jwksUri = metadata?.jwks_uri;
        if (typeof issuer !== "string" || !sameIssuer(issuer, this.issuer)) {
          // RFC 8414 3.3: metadata naming another issuer must not be used.
          problems.push(`${url}: names the issuer '${String(issuer).slice(0, 200)}'`);
          continue;
        }
        if (typeof jwksUri !== "string" || !/^https?:$/.test(new URL(jwksUri).protocol)) {
          problems.push(`${url}: no http(s) jwks_uri`);
          continue;
        }
        const keys = createRemoteJWKSet(new URL(jwksUri), {
          cooldownDuration: this.#cooldownMs,
          cacheMaxAge: KEYS_MAX_AGE_MS,
          timeoutDuration: FETCH_TIMEOUT_MS,
        });
        this.#logger.info("oauth issuer discovered", {
          issuer,
          metadata: url,
          jwks_uri: jwksUri,
        });
        // The metadata's own spelling is what its tokens carry in `iss`.
        return { issuer, jwksUri, keys };
      } catch (error) {
        problems.push(`${url}: ${(error as Error).message}`);
      }
    }
    this.#logger.warn("oauth issuer discovery failed; tokens cannot be checked until it succeeds", {
      issuer: this.issuer,
      problems,
    });
    throw new Error(problems.join("; "));
  }
}
