/**
 * The change log's re-read margin: from when a delta reads the store's change log again, so that a
 * write an index may lack is never missed (docs/search.md, "Deltas").
 *
 * Writers stamp a change with their own clock just before committing it, so a change committed a
 * little after an index read the store may carry an earlier time than the index's postings-changed
 * time. A delta therefore reads the log from `CHANGE_SLACK_MS` before that time, and skips what the
 * index holds already. After a publish that followed an import, that minute is the import's last:
 * all 100,000 postings of `bench:push`'s base, 1-3 s of its first push (docs/scaling.md, session
 * 23). A full publish checks that minute itself, once it has read and embedded the postings
 * (`changesIndexedBefore`), so the first delta need not.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import type { Store } from "../store/store.ts";

/**
 * How long a write may take from its stamp to its commit, at most (ms): how far back the change
 * log is read again. Re-reading a posting the index already holds costs a little; missing one
 * would leave it out.
 */
export const CHANGE_SLACK_MS = 60_000;

/** Position of the posting `id` among `ids` (in order, as an index holds them), or -1. */
function positionOf(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = ids[mid];
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * A time before which every write is in a snapshot just built (ms): `readAt` minus the margin (a
 * write committed before the postings were listed is in them, and one stamped before that margin
 * committed before), or, when every write logged since is the version the snapshot holds or one
 * it leaves out (`leftOut`: expired or past the retention), the time this check began minus the
 * margin (a write stamped before that committed before the check read the log).
 *
 * `ids` are the snapshot's postings' ids in order, `fingerprintAt` their fingerprints by position.
 */
export async function changesIndexedBefore(
  store: Pick<Store, "postings">,
  snapshot: {
    ids: readonly string[];
    fingerprintAt: (position: number) => string;
    leftOut: (job: Job) => boolean;
  },
  readAt: number,
): Promise<number> {
  const known = readAt - CHANGE_SLACK_MS;
  const checkedAt = Date.now();
  if (checkedAt - CHANGE_SLACK_MS <= known) return known;
  const changes = await store.postings.changedSince(known);
  const absent: string[] = [];
  for (const [id, fingerprint] of changes) {
    const p = positionOf(snapshot.ids, id);
    if (p < 0) absent.push(id);
    else if (fingerprint === null || snapshot.fingerprintAt(p) !== fingerprint) return known;
  }
  for (let i = 0; i < absent.length; i += 500) {
    for (const job of await store.postings.getJobs(absent.slice(i, i + 500))) {
      // Stored, not in the snapshot, and not left out by it: written after the listing.
      if (!snapshot.leftOut(job)) return known;
    }
  }
  return checkedAt - CHANGE_SLACK_MS;
}
