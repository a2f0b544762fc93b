/**
 * The warning for a gap between store and index (postings the current index lacks, say after an
 * import that stopped between writing postings and publishing): a serving process closes the gap
 * itself (its background publisher, under the publish lease), and says so; a process that serves
 * without publishing (stdio) names the gap and the command that closes it.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { type IndexGap, indexGap } from "../store/index_gap.ts";

/** Whether time alone made the index stale: postings expired or aged out, nothing was written. */
function onlyExpired(gap: IndexGap): boolean {
  return !gap.changedSince && (gap.lifecycle !== undefined || gap.stored < gap.indexed);
}

/**
 * The warning for a gap, with what is done about it (`fields`). Postings expiring is no fault, so
 * it is told at info, with its reason.
 */
export function warnIndexGap(logger: Logger, gap: IndexGap, fields: Record<string, unknown>): void {
  if (onlyExpired(gap)) {
    logger.info("the index holds postings that have expired", {
      reason: gap.lifecycle ?? "their sources stopped listing them",
      stored: gap.stored,
      indexed: gap.indexed,
      ...fields,
    });
    return;
  }
  logger.warn("stored postings are missing from the index", {
    stored: gap.stored,
    indexed: gap.indexed,
    written_after_index: gap.changedSince,
    ...fields,
  });
}

/** Logs the gap, if there is one, with the command that closes it; returns whether there was. */
export async function reportIndexGap(
  store: Pick<Store, "postings" | "snapshots"> & Partial<Pick<Store, "sources">>,
  logger: Logger,
  options: { retentionDays?: number } = {},
): Promise<boolean> {
  const gap = await indexGap(store, options);
  if (!gap) return false;
  warnIndexGap(logger, gap, {
    ...(onlyExpired(gap)
      ? {}
      : { cause: "an import stopped before it published its index (or one is running now)" }),
    fix: "jobseek index rebuild",
  });
  return true;
}
