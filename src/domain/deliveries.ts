/**
 * The kinds of a saved search's deliveries beside its feed, and how often an email digest may be
 * due: named once for the stored records (src/store/saved_search_store.ts), the API's schemas
 * (src/alerts/saved_searches.ts) and the OpenAPI document (src/http/openapi_saved_searches.ts).
 *
 * @module
 */

/** The kinds of delivery a saved search may have beside its feed. */
export const DELIVERY_TYPES = ["webhook", "email"] as const;

/** How often an email digest may be due. */
export const DIGEST_PERIODS = ["daily", "weekly"] as const;

export type DigestPeriod = (typeof DIGEST_PERIODS)[number];
