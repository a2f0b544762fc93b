/**
 * Publishes the index while a server serves: after postings arrive (a push), and whenever the
 * store holds postings the current index lacks (an import that died before it published, another
 * server's push). Requests made while a publish runs are folded into one more publish after it,
 * and of the servers sharing a store one publishes at a time (a lease in KV), so a burst of
 * pushes to several servers costs a few builds, not one per push and server.
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { indexGap } from "../store/snapshot_store.ts";
import type { Embedder } from "../index/embedder.ts";
import { publishIndex } from "./publish_index.ts";
import { warnIndexGap } from "./index_gap.ts";

export interface BackgroundPublisherOptions {
  store: Pick<Store, "postings" | "embeddings" | "snapshots"> & Partial<Pick<Store, "sources">>;
  embedder: Embedder | Promise<Embedder>;
  logger: Logger;
  /**
   * How long the lease lasts unless renewed (ms; default 30 s). A publish renews it every third of
   * that, so a server killed mid-publish blocks the others for at most this long.
   */
  leaseMs?: number;
  /** How long to wait when another server holds the lease (ms); default 1,000. */
  retryMs?: number;
  /** How often to look for a gap between store and index (ms); 0: never. Default 30,000. */
  gapCheckMs?: number;
}

export interface BackgroundPublisher {
  /** Publishes soon: now, or after the publish running now. */
  request(reason: string): void;
  /** Publishes if the store holds postings the current index lacks; true when it did. */
  closeGap(): Promise<boolean>;
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
  const owner = crypto.randomUUID();
  let wanted: string | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function publishOnce(reason: string): Promise<void> {
    while (!stopped && !(await store.snapshots.takePublishLease(owner, leaseMs))) {
      // Another server is publishing; its snapshot may not hold what we were asked to publish.
      await sleep(retryMs);
    }
    if (stopped) return;
    const renew = setInterval(() => {
      store.snapshots.takePublishLease(owner, leaseMs).catch((error) =>
        logger.warn("cannot renew the publish lease", errorFields(error))
      );
    }, leaseMs / 3);
    try {
      const embedder = await options.embedder;
      const started = performance.now();
      const { snapshotId, docCount } = await publishIndex(store, { embedder, logger });
      logger.info("published in the background", {
        reason,
        snapshot_id: snapshotId,
        doc_count: docCount,
        ms: Math.round(performance.now() - started),
      });
    } finally {
      clearInterval(renew);
      await store.snapshots.releasePublishLease(owner);
    }
  }

  async function drain(): Promise<void> {
    while (wanted !== null && !stopped) {
      const reason = wanted;
      wanted = null;
      try {
        await publishOnce(reason);
      } catch (error) {
        logger.error("background publish failed; the current index keeps serving", {
          reason,
          ...errorFields(error),
        });
      }
    }
  }

  const publisher: BackgroundPublisher = {
    request(reason) {
      if (stopped) return;
      wanted = wanted ?? reason;
      running ??= drain().finally(() => running = null);
    },
    async closeGap() {
      const gap = await indexGap(store);
      if (!gap) return false;
      warnIndexGap(logger, gap, { action: "publishing them" });
      publisher.request("gap between store and index");
      await publisher.whenIdle();
      return true;
    },
    async whenIdle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
  const check = () => {
    if (running || stopped) return;
    publisher.closeGap().catch((error) =>
      logger.error("cannot check for a gap between store and index", errorFields(error))
    );
  };
  const timer = gapCheckMs > 0 ? setInterval(check, gapCheckMs) : undefined;
  if (timer !== undefined) Deno.unrefTimer(timer);
  return publisher;
}
