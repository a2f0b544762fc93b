/**
 * The warning a server gives at start when its store holds postings the current index lacks (an
 * import that stopped between writing postings and publishing): it names the gap and the command
 * that closes it. A server does not rebuild by itself: several servers starting together would all
 * build the same index, and one starting beside a running import would race its publish.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { indexGap } from "../store/snapshot_store.ts";

/** The warning for a gap, with what is done about it (`fields`). */
export function warnIndexGap(
  logger: Logger,
  gap: { stored: number; indexed: number; changedSince: boolean },
  fields: Record<string, unknown>,
): void {
  logger.warn("stored postings are missing from the index", {
    stored: gap.stored,
    indexed: gap.indexed,
    written_after_index: gap.changedSince,
    ...fields,
  });
}

/** Logs the gap at warn, if there is one; returns whether there was. */
export async function reportIndexGap(
  store: Pick<Store, "postings" | "snapshots">,
  logger: Logger,
): Promise<boolean> {
  const gap = await indexGap(store);
  if (!gap) return false;
  warnIndexGap(logger, gap, {
    cause: "an import stopped before it published its index (or one is running now)",
    fix: "jobseek index rebuild",
  });
  return true;
}
