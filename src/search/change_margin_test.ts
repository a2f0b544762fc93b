import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { silentLogger } from "../log.ts";
import { storeOn } from "../store/store.ts";
import { CHANGE_SLACK_MS, changesIndexedBefore } from "./change_margin.ts";
import { wardPosting } from "./testdata/ward_postings.ts";

Deno.test("changesIndexedBefore(): the margin is moved up to the check only when every write it logs is in the snapshot or left out by it", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv, { logger: silentLogger });
  try {
    const postings = await Promise.all(
      Array.from({ length: 6 }, (_, n) => wardPosting(n, "margin")),
    );
    await store.postings.upsertJobs(postings);
    // As stored (with the fields the store adds), as a publish lists them.
    const stored = await store.postings.getJobs(postings.map((job) => job.id));
    const byId = (jobs: Job[]) => [...jobs].sort((a, b) => a.id < b.id ? -1 : 1);
    // As a publish that began to read the postings two minutes ago would call it.
    const readAt = Date.now() - 120_000;
    const known = readAt - CHANGE_SLACK_MS;
    const check = async (jobs: Job[], leftOut: (job: Job) => boolean = () => false) => {
      const sorted = byId(jobs);
      const before = Date.now();
      const at = await changesIndexedBefore(store, {
        ids: sorted.map((job) => job.id),
        fingerprintAt: (p) => jobFingerprint(sorted[p]),
        leftOut,
      }, readAt);
      return at === known ? "known" : at >= before - CHANGE_SLACK_MS ? "checked" : at;
    };
    // Every logged write is the version the snapshot holds.
    assert.equal(await check(stored), "checked");
    // One it holds in an older version (the write came after the listing).
    assert.equal(
      await check(stored.map((job, n) => n === 2 ? { ...job, job_title: "Old title" } : job)),
      "known",
    );
    // One it lacks and would index.
    assert.equal(await check(stored.slice(1)), "known");
    // One it lacks and leaves out (past the retention, say).
    assert.equal(await check(stored.slice(1), (job) => job.id === stored[0].id), "checked");
    // A check the clock makes no later than the publish's reading time (the same millisecond, or
    // a clock stepped back) cannot move the margin past the reading's, and returns it unchecked.
    // The reading time is a second ahead: with `Date.now()` itself the clock could tick during the
    // call and the check run (a CI flake of 2026-11-30, one millisecond off).
    const recent = Date.now() + 1_000;
    assert.equal(
      await changesIndexedBefore(store, {
        ids: byId(stored).map((job) => job.id),
        fingerprintAt: (p) => jobFingerprint(byId(stored)[p]),
        leftOut: () => false,
      }, recent),
      recent - CHANGE_SLACK_MS,
    );
  } finally {
    store.close();
  }
});
