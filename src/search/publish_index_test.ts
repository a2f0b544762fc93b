import { strict as assert } from "node:assert";
import { openStore } from "../store/store.ts";
import { createUseLiteEmbedder } from "../index/embedder.ts";
import { silentLogger } from "../log.ts";
import { jobIdFromUrl } from "../domain/job.ts";
import { needsIndexBuild, publishIndex } from "./publish_index.ts";
import { SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";

Deno.test("needsIndexBuild() is true without an index, false after publishing, true for an old format", async () => {
  const store = await openStore(":memory:");
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    assert.equal(await needsIndexBuild(store, embedder), true);
    const url = "https://www.indeed.com/viewjob?jk=needs-build";
    await store.postings.upsertJobs([{
      id: await jobIdFromUrl(url),
      job_title: "Registered Nurse",
      company_name: "Clinic",
      city: "Austin",
      country: "US",
      publish_time: "2026-11-01 00:00:00",
      job_url: url,
      job_tags: ["nursing"],
      data_source: "indeed",
      job_description: "Care for patients.",
    }]);
    await publishIndex(store, { embedder, logger: silentLogger });
    assert.equal(await needsIndexBuild(store, embedder), false);

    await store.snapshots.publishSnapshot(new Uint8Array([1, 2, 3]), {
      formatVersion: SNAPSHOT_FORMAT_VERSION - 1,
      docCount: 1,
      model: embedder.model,
    });
    assert.equal(await needsIndexBuild(store, embedder), true);
    await store.snapshots.publishSnapshot(new Uint8Array([1, 2, 3]), {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      docCount: 1,
      model: "another-model",
    });
    assert.equal(await needsIndexBuild(store, embedder), true);
  } finally {
    embedder.close();
    store.close();
  }
});
