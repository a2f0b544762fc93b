/**
 * Publishes the index while a server serves: after postings arrive (a push), and whenever the
 * store holds postings the current index lacks (an import that died before it published, another
 * server's push). Requests made while a publish runs are folded into one more publish after it,
 * and of the servers sharing a store one publishes at a time (a lease in KV), so a burst of
 * pushes to several servers costs a few builds, not one per push and server.
 *
 * The same check notices postings that passed the retention or expired since the index was built,
 * so the index follows time as well as writes; and the server that holds the lease purges what
 * expired long ago (store/lifecycle.ts), one server at a time, in the same queue as its publishes.
 *
 * @module
 */
import { KEEP_FOREVER, type LifecyclePolicy } from "../domain/lifecycle.ts";
import { errorFields, type Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { purgeExpired } from "../store/lifecycle.ts";
import { indexGap } from "../store/index_gap.ts";
import type { Embedder } from "../model/embedder.ts";
import type { PurgeCounts } from "../store/postings_store.ts";
import {
  indexBuildReason,
  type PublishedIndex,
  publishIndex,
  type PublishIndexOptions,
  type PublishProgress,
} from "./publish_index.ts";
import { COMPACT_AFTER_DELTAS, compactionDue, publishDelta } from "./publish_delta.ts";
import { type Compacted, compactIndex, compactionPlan } from "./compact_index.ts";
import type { JobIndex } from "../index/job_index.ts";
import { warnIndexGap } from "./index_gap.ts";

/** The reason a compaction is asked for after deltas passed their threshold. */
const COMPACTION = "compaction of index deltas";

/** A compaction's plan as /healthz tells it. */
function planned(plan: { kind: "merge" | "full"; deltas: number; why: string }): string {
  return plan.kind === "merge"
    ? `merging ${plan.deltas} deltas into one (${plan.why})`
    : `writing the index as one full snapshot (${plan.why})`;
}
/**
 * How long a publish waits for this server to serve the index another server just published, to
 * make a delta over it (ms): a poll (0.25 s) and an apply (0.3-2 s at 100,000 postings) as a rule.
 */
const FOLLOW_WAIT_MS = 30_000;
const FOLLOW_STEP_MS = 100;

export interface BackgroundPublisherOptions {
  store: Pick<Store, "postings" | "embeddings" | "snapshots"> & Partial<Pick<Store, "sources">>;
  embedder: Embedder | Promise<Embedder>;
  logger: Logger;
  /**
   * How long the lease lasts unless renewed (ms; default 30 s, `JOBSEEK_PUBLISH_LEASE_MS` in a
   * server). A publish renews it every third of that, so a server killed mid-publish blocks the
   * others for at most this long.
   */
  leaseMs?: number;
  /** How long to wait when another server holds the lease (ms); default 1,000. */
  retryMs?: number;
  /** How often to look for a gap between store and index (ms); 0: never. Default 30,000. */
  gapCheckMs?: number;
  /** Retention and purge period (`JOBSEEK_RETENTION_DAYS`, ...); default: neither. */
  lifecycle?: LifecyclePolicy;
  /**
   * Least time between two purges by this server (ms); default one hour. A check that finds the
   * lease taken purges at the next check instead.
   */
  purgeEveryMs?: number;
  /** The clock retention, expiry and purge are judged on (ms); default `Date.now`. */
  now?: () => number;
  /**
   * The index this server serves and the snapshot it stands for: with it, a publish writes a
   * delta over it when it can (src/search/publish_delta.ts), and a full snapshot only to compact.
   */
  served?: () => { id: string; index: JobIndex } | null;
  /**
   * The snapshot this server failed to load while it was current (damaged), or null: a publish
   * does not wait for this server to follow a pointer to it, which it never will.
   */
  unloadable?: () => string | null;
  /**
   * How long a publish waits for this server to serve the index another server just published
   * (ms); default 30 s: a poll (0.25 s) and an apply (0.3-2 s at 100,000 postings) as a rule.
   */
  followWaitMs?: number;
  /**
   * How a full publish runs; default `publishIndex` in this process. A server runs it in a child
   * process (src/search/publish_in_child.ts) so that its memory is never the serving heap's.
   */
  publishFull?: (options: PublishIndexOptions) => Promise<PublishedIndex>;
  /**
   * How a compaction runs; default `compactIndex` in this process over the index it serves. A
   * server runs it in a child process (src/search/publish_in_child.ts): encoding the merged index
   * takes one thread 20-30 s at 1,000,000 postings, which here would stall every search.
   */
  compact?: (
    served: { id: string; index: JobIndex } | null,
    model: string,
  ) => Promise<Compacted | { full: string } | null>;
}

/** What a publisher is building, for `/healthz`: why, and how far it has come. */
export interface IndexBuild {
  reason: string;
  /**
   * `waiting` (for another server's publish), `checking`, then a full publish's `read`, `embed`,
   * `index` and `save` (src/search/publish_index.ts), `delta`, or a compaction's `merge` (into one
   * delta) or `compaction` (into a full snapshot).
   */
  phase: string;
  /** How much of the phase is done, of `total` (postings read, titles embedded, ...). */
  done: number;
  total: number;
  /** When the build began (ISO 8601). */
  started_at: string;
}

export interface BackgroundPublisher {
  /** Publishes soon: now, or after the publish running now. */
  request(reason: string): void;
  /**
   * Publishes the whole index soon if, when its turn comes, the store's current index is still one
   * this server cannot serve as its own (another model, an older format; `indexBuildReason`): a
   * server started on such a store serves what it can meanwhile (src/search/snapshot_follower.ts).
   */
  rebuild(reason: string): void;
  /** The build running now, or null: `/healthz` shows it. */
  building(): IndexBuild | null;
  /**
   * Publishes if the index no longer matches the store (postings it lacks, or holds though they
   * expired or passed the retention); true when it did.
   */
  closeGap(): Promise<boolean>;
  /**
   * Purges what expired long ago, unless another server holds the lease (it purges then); what
   * this call deleted, or null when it did not run (off, another server, stopped).
   */
  purge(): Promise<PurgeCounts | null>;
  /** What the periodic check does: {@linkcode closeGap}, then a purge when one is due. */
  maintain(): Promise<void>;
  /** Settles when no publish is running or waiting. */
  whenIdle(): Promise<void>;
  stop(): void;
}

/** Creates the publisher; it starts its gap check at once unless `gapCheckMs` is 0. */
export function createBackgroundPublisher(
  options: BackgroundPublisherOptions,
): BackgroundPublisher {
  const { store, logger } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const retryMs = options.retryMs ?? 1000;
  const gapCheckMs = options.gapCheckMs ?? 30_000;
  const lifecycle = options.lifecycle ?? KEEP_FOREVER;
  const purgeEveryMs = options.purgeEveryMs ?? 3_600_000;
  const now = options.now ?? Date.now;
  const owner = crypto.randomUUID();
  let wanted: string | null = null;
  /** A full rebuild was asked for (`rebuild`); `wanted` holds its reason. */
  let rebuildWanted = false;
  let build: IndexBuild | null = null;
  const progress = (phase: string, done = 0, total = 0) => {
    if (build) build = { ...build, phase, done, total };
  };
  /** Purges asked for while the queue was busy, each to be told what it deleted. */
  let purgesWanted: ((counts: PurgeCounts | null) => void)[] = [];
  let lastPurgeAt = -Infinity;
  let running: Promise<void> | null = null;
  let stopped = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Renews the lease while `work` runs, then gives it back. */
  async function holdingLease<T>(work: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      store.snapshots.takePublishLease(owner, leaseMs).catch((error) =>
        logger.warn("cannot renew the publish lease", errorFields(error))
      );
    }, leaseMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await store.snapshots.releasePublishLease(owner);
    }
  }

  /** Purges under the lease; another server holding it is maintaining the store meanwhile. */
  async function purgeOnce(): Promise<PurgeCounts | null> {
    if (!store.sources || lifecycle.purgeAfterDays <= 0 || stopped) return null;
    // Not counted as a purge when the lease is taken: the next check tries again (its holder may
    // be a server that died, whose lease runs out).
    if (!(await store.snapshots.takePublishLease(owner, leaseMs))) return null;
    lastPurgeAt = now();
    const sources = store.sources;
    const run = await holdingLease(() =>
      purgeExpired({ postings: store.postings, sources }, { now: now(), policy: lifecycle })
    );
    if (run.retention + run.source > 0) {
      logger.info("expired postings purged", {
        past_retention: run.retention,
        gone_from_source: run.source,
        kept_as_seen_recently: run.candidates - run.retention - run.source,
        ms: Math.round(run.ms),
      });
    }
    return { retention: run.retention, source: run.source };
  }

  async function publishOnce(reason: string, rebuild: boolean): Promise<void> {
    build = {
      reason,
      phase: "checking",
      done: 0,
      total: 0,
      started_at: new Date(now()).toISOString(),
    };
    try {
      await publishLeased(reason, rebuild);
    } finally {
      build = null;
    }
  }

  async function publishLeased(reason: string, rebuild: boolean): Promise<void> {
    let waited = false;
    while (!stopped && !(await store.snapshots.takePublishLease(owner, leaseMs))) {
      if (!waited) progress("waiting");
      waited = true;
      // Another server is publishing; its snapshot may not hold what we were asked to publish.
      await sleep(retryMs);
    }
    if (stopped) return;
    await holdingLease(async () => {
      // Another server may have published what this one was asked to while it waited for the
      // lease (servers notice the same expiry within one check of each other): build only when
      // the index still lacks something.
      progress("checking");
      const current = await store.snapshots.currentSnapshotId();
      const meta = current === null ? null : await store.snapshots.readSnapshotMeta(current);
      // A compaction asked for may have been folded into another request: due is due.
      const compacting = reason === COMPACTION ||
        (meta !== null && await compactionDue(store.snapshots, meta));
      // Another server of this model may have rebuilt the index while this one waited.
      const stale = rebuild ? await indexBuildReason(store, await options.embedder) : null;
      const gap = meta === null
        ? null
        : await indexGap(store, { now: now(), retentionDays: lifecycle.retentionDays });
      if (meta !== null && !gap && !(compacting && meta.baseId) && stale === null) {
        logger.debug("no publish needed: the current index holds what was asked for", { reason });
        return;
      }
      const embedder = await options.embedder;
      const started = performance.now();
      let served = options.served?.() ?? null;
      // The pointer moved (another server's publish): this server's copy follows within a poll and
      // an apply, and a delta is made over it (a full publish instead took a minute at 100,000).
      const waitUntil = performance.now() + (options.followWaitMs ?? FOLLOW_WAIT_MS);
      while (
        served && current !== null && served.id !== current && meta?.compactedFrom !== served.id &&
        options.unloadable?.() !== current && performance.now() < waitUntil && !stopped
      ) {
        await sleep(FOLLOW_STEP_MS);
        served = options.served?.() ?? null;
      }
      // A delta or a merge over an index of another model (the stand-in a server serves while the
      // rebuild runs) would mix two models' vectors in one index: the whole index is built instead.
      let fullInstead = stale !== null ||
        (served !== null && served.index.data.model !== embedder.model);
      // Postings waiting (a push) go out as a delta before a compaction that is due, which then
      // follows: at 100,000 postings a compaction in the child took longer than the 10 s a push
      // has to be searchable. Not when the chain has no room for one more delta.
      const deltaFirst = gap !== null && served !== null && current !== null &&
        (meta?.chain?.length ?? 0) + 1 < COMPACT_AFTER_DELTAS;
      if (!fullInstead && meta?.baseId && compacting && !deltaFirst) {
        // What it is about to do, for /healthz: a merge into one delta, or a full snapshot.
        const plan = await compactionPlan(store.snapshots, meta);
        if (build) build = { ...build, reason: `${COMPACTION}: ${planned(plan)}` };
        progress(plan.kind === "merge" ? "merge" : "compaction");
        // Merged, not rebuilt (src/search/compact_index.ts); a full publish only where it must.
        let compacted: Awaited<ReturnType<typeof compactIndex>> = null;
        try {
          compacted = options.compact
            ? await options.compact(served, embedder.model)
            : await compactIndex(store, served, { model: embedder.model, logger });
        } catch (error) {
          // A compaction that fails (another server published meanwhile, say) must not hold up
          // the delta the postings are waiting for: the next publish compacts.
          logger.warn("cannot compact the index deltas; the next publish tries again", {
            ...errorFields(error),
          });
        }
        if (compacted !== null && "full" in compacted) {
          logger.info("compacting by a full publish instead of a merge", { why: compacted.full });
          fullInstead = true;
        } else {
          if (compacted !== null) {
            logger.info("published in the background", {
              reason: COMPACTION,
              snapshot_id: compacted.snapshotId,
              doc_count: compacted.docCount,
              compacted: compacted.deltas,
              kind: compacted.kind,
              why: compacted.why,
              ms: Math.round(performance.now() - started),
            });
          }
          // Postings written meanwhile go into a delta over it.
          if (!gap) return;
        }
      }
      if (!fullInstead && served && current !== null && gap) {
        progress("delta");
        const delta = await publishDelta(store, served, {
          embedder,
          logger,
          retentionDays: lifecycle.retentionDays,
          now,
        });
        if (!("full" in delta)) {
          logger.info("published in the background", {
            reason,
            snapshot_id: delta.snapshotId,
            doc_count: delta.docCount,
            delta: true,
            ms: Math.round(performance.now() - started),
          });
          if (delta.compact || compacting) publisher.request(COMPACTION);
          return;
        }
        logger.info("publishing the whole index instead of a delta", { why: delta.full });
      }
      const publishFull = options.publishFull ??
        ((publishOptions: PublishIndexOptions) => publishIndex(store, publishOptions));
      const { snapshotId, docCount } = await publishFull({
        embedder,
        logger,
        retentionDays: lifecycle.retentionDays,
        now,
        onProgress: (p: PublishProgress) => progress(p.phase, p.done, p.total),
      });
      logger.info("published in the background", {
        reason,
        snapshot_id: snapshotId,
        doc_count: docCount,
        ms: Math.round(performance.now() - started),
      });
    });
  }

  async function drain(): Promise<void> {
    while ((wanted !== null || purgesWanted.length > 0) && !stopped) {
      if (wanted !== null) {
        const reason = wanted;
        const rebuild = rebuildWanted;
        wanted = null;
        rebuildWanted = false;
        try {
          await publishOnce(reason, rebuild);
        } catch (error) {
          logger.error("background publish failed; the current index keeps serving", {
            reason,
            ...errorFields(error),
          });
        }
        continue;
      }
      const waiting = purgesWanted;
      purgesWanted = [];
      let counts: PurgeCounts | null = null;
      try {
        counts = await purgeOnce();
      } catch (error) {
        logger.error("cannot purge expired postings; the next check tries again", {
          ...errorFields(error),
        });
      }
      for (const tell of waiting) tell(counts);
    }
    if (stopped) { for (const tell of purgesWanted.splice(0)) tell(null); }
  }

  /**
   * Runs the queue unless it runs; once it ends, again if something was asked for after its last
   * look and before `running` was cleared.
   */
  function kick(): void {
    running ??= drain().finally(() => {
      running = null;
      if (!stopped && (wanted !== null || purgesWanted.length > 0)) kick();
    });
  }

  const publisher: BackgroundPublisher = {
    request(reason) {
      if (stopped) return;
      wanted = wanted ?? reason;
      kick();
    },
    rebuild(reason) {
      if (stopped) return;
      wanted = reason;
      rebuildWanted = true;
      kick();
    },
    building() {
      return build;
    },
    async closeGap() {
      const gap = await indexGap(store, { now: now(), retentionDays: lifecycle.retentionDays });
      if (!gap) return false;
      warnIndexGap(logger, gap, { action: "publishing them" });
      publisher.request(gap.lifecycle ?? "gap between store and index");
      await publisher.whenIdle();
      return true;
    },
    purge() {
      if (stopped) return Promise.resolve(null);
      const told = new Promise<PurgeCounts | null>((resolve) => purgesWanted.push(resolve));
      kick();
      return told;
    },
    async maintain() {
      await publisher.closeGap();
      if (lifecycle.purgeAfterDays > 0 && now() - lastPurgeAt >= purgeEveryMs) {
        await publisher.purge();
      }
    },
    async whenIdle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (!running) { for (const tell of purgesWanted.splice(0)) tell(null); }
    },
  };
  const check = () => {
    if (running || stopped) return;
    publisher.maintain().catch((error) =>
      logger.error("cannot check for a gap between store and index", errorFields(error))
    );
  };
  const timer = gapCheckMs > 0 ? setInterval(check, gapCheckMs) : undefined;
  if (timer !== undefined) Deno.unrefTimer(timer);
  return publisher;
}
