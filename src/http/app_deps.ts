/**
 * What the HTTP app is built from. Only `src/runtime.ts` and `cli/` create these; tests pass their own.
 *
 * @module
 */
import type { Context } from "hono";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import type { Principal, SearchService } from "../domain/service.ts";
import type { ApiKeyRegistry } from "../auth/api_keys.ts";
import type { RateLimiter } from "../auth/rate_limiter.ts";
import type { TokenVerifier } from "../auth/token_verifier.ts";
import type { OAuthServer } from "../auth/oauth_server.ts";
import type { IngestService } from "../search/ingest_service.ts";
import type { FailingSource } from "../search/source_puller.ts";
import type { IndexBuild } from "../search/background_publisher.ts";
import type { SavedSearches } from "../alerts/saved_searches.ts";
import type { AlertDeliverer } from "../alerts/alert_deliverer.ts";

export interface AppDeps {
  config: Readonly<Config>;
  service: SearchService;
  apiKeys: ApiKeyRegistry;
  rateLimiter: RateLimiter;
  tokenVerifier: TokenVerifier;
  /** jobseek's own OAuth authorization server; without it the `/oauth/*` routes are not served. */
  oauth?: OAuthServer;
  /**
   * Counts unauthenticated `/oauth/*` requests per client address (src/http/address_limit.ts);
   * without it they are not limited.
   */
  addressLimiter?: RateLimiter;
  logger: Logger;
  /** Where pushed postings go (`POST /v1/postings`); without it that route is not served. */
  ingest?: IngestService;
  /** Told of every answered request (route pattern, status, seconds): metrics (src/web/). */
  observeRequest?: (method: string, route: string, status: number, seconds: number) => void;
  /** Feed sources whose last pull failed, named in `/healthz` (src/search/source_puller.ts). */
  failingSources?: () => FailingSource[];
  /** The index being built in the background, named in `/healthz` (background_publisher.ts). */
  building?: () => IndexBuild | null;
  /**
   * The page that refuses a request whose `Host` names no host, on the web's page routes; null
   * for the API's paths (they answer in their own JSON shape). `path` is the path as the client
   * sent it (`pathAsSent`). Without it every path answers JSON.
   */
  hostRefusalPage?: (c: Context<AppEnv>, message: string, path: string) => Response | null;
  /** Saved searches and their deliveries (`/v1/saved-searches`); without it those routes are absent. */
  alerts?: { savedSearches: SavedSearches; deliverer: AlertDeliverer };
}

/** Hono context variables set by the app's middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    principal?: Principal;
    /** Set when the client went away mid-request: the request line then logs 499. */
    clientAborted?: boolean;
  };
}
