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

/**
 * An unconfirmed email delivery in words, with the day (UTC) it is removed once its confirmation
 * mail was sent (`confirm_by`), or, while that mail is held back by the key's daily cap on
 * confirmation mails, when it is tried again (`confirmation_held_until`, to the minute, UTC): the
 * CLI and the /saved page say it alike.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { awaitingConfirmation } from "./deliveries.ts";
 *
 * assert.equal(awaitingConfirmation("2026-12-29T16:30:00.000Z"), "awaiting confirmation (until 2026-12-29)");
 * assert.equal(awaitingConfirmation(undefined), "awaiting confirmation");
 * assert.equal(
 *   awaitingConfirmation(undefined, "2026-11-30T14:05:09.000Z"),
 *   "awaiting confirmation (its mail held until 2026-11-30 14:05 UTC: this key's confirmation mails reached their daily cap)",
 * );
 * ```
 */
export function awaitingConfirmation(
  confirmBy: string | undefined,
  heldUntil?: string,
): string {
  if (confirmBy !== undefined) return `awaiting confirmation (until ${confirmBy.slice(0, 10)})`;
  if (heldUntil !== undefined) {
    return `awaiting confirmation (its mail held until ${heldUntil.slice(0, 10)} ${
      heldUntil.slice(11, 16)
    } UTC: this key's confirmation mails reached their daily cap)`;
  }
  return "awaiting confirmation";
}
