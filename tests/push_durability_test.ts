/**
 * "Rows acknowledged in a 200 are durable", as a property over when the server dies: pushes run
 * against a real `jobseek serve` that is killed with SIGKILL at a generated moment, mid-push or
 * mid-publish; every row of every push that got its 200 is in the store afterwards.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { openStore } from "../src/store/store.ts";
import { seedStoreFile } from "./helpers.ts";
import { serverFleet, type ServerProcess } from "./server_process.ts";

function batch(round: number, push: number, size: number): { urls: string[]; body: string } {
  const urls = Array.from(
    { length: size },
    (_, k) =>
      `https://www.linkedin.com/jobs/view/7${round}${String(push * 1000 + k).padStart(7, "0")}`,
  );
  const body = urls.map((job_url, k) =>
    JSON.stringify({
      job_title: `Harbour Pilot ${k % 7}`,
      company_name: `Port ${push}`,
      city: "Rotterdam",
      country: "NL",
      publish_time: "2026-11-20 09:00:00",
      job_url,
      data_source: "linkedin",
      job_description: `Guide ships into the harbour, shift ${k}.`,
    })
  ).join("\n");
  return { urls, body };
}

/**
 * The batch with, as its line 751, a row whose title and company are 100,000 characters each (the
 * issue's row).
 */
function withOverlongRow({ urls, body }: { urls: string[]; body: string }) {
  const lines = body.split("\n");
  lines.splice(
    750,
    0,
    JSON.stringify({
      ...JSON.parse(lines[750]),
      job_url: "https://www.linkedin.com/jobs/view/999999999",
      job_title: "T".repeat(100_000),
      company_name: "C".repeat(100_000),
    }),
  );
  return { urls, lines };
}

async function storedUrls(kvPath: string): Promise<Set<string>> {
  const store = await openStore(kvPath);
  try {
    const stored = new Set<string>();
    for await (const job of store.postings.listJobs()) stored.add(job.job_url);
    return stored;
  } finally {
    store.close();
  }
}

Deno.test({
  name: "no acknowledged push is lost when the server is killed at any moment",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  let round = 0;
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 50, max: 2500 }), async (killAfterMs) => {
      round++;
      const fleet = await serverFleet("jobseek_durable_");
      const { kvPath } = fleet;
      try {
        const { feeder } = await seedStoreFile(kvPath, 20);
        const server = await fleet.start();
        const acknowledged: string[] = [];
        let alive = true;
        // The moment is counted from the first acknowledged push: a kill before it would find
        // nothing to lose, and how soon it comes depends on the machine's load (under
        // `deno test --parallel`, 4 kills counted from the start found 4 pushes acknowledged).
        const firstAcknowledged = Promise.withResolvers<void>();
        const killed = (async () => {
          const giveUp = setTimeout(
            () => firstAcknowledged.reject(new Error("no push acknowledged within 60 s")),
            60_000,
          );
          try {
            await firstAcknowledged.promise;
            await new Promise((resolve) => setTimeout(resolve, killAfterMs));
          } finally {
            clearTimeout(giveUp);
            alive = false;
            await server.stop("SIGKILL");
          }
        })();
        // Two feeders pushing batches until the server is gone.
        const feeders = [0, 1].map(async (lane) => {
          for (let push = lane; alive; push += 2) {
            const { urls, body } = batch(round, push, 40);
            try {
              const response = await fetch(`${server.url}/v1/postings`, {
                method: "POST",
                headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
                body,
              });
              if (response.status === 200) {
                acknowledged.push(...urls);
                firstAcknowledged.resolve();
              }
              await response.body?.cancel();
            } catch {
              // The connection died with the server: not acknowledged.
            }
          }
        });
        await Promise.all([killed, ...feeders]);
        const stored = await storedUrls(kvPath);
        const lost = acknowledged.filter((url) => !stored.has(url));
        assert.deepEqual(lost, [], `killed after ${killAfterMs} ms`);
      } finally {
        await fleet.close();
      }
    }),
    { numRuns: 4, seed: 20261125 },
  );
});

Deno.test({
  name:
    "kill -9 after a push with an over-long row: the 200 named the row, every other row is kept",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_durable_overlong_");
  const { kvPath } = fleet;
  try {
    const { feeder } = await seedStoreFile(kvPath, 20);
    const server = await fleet.start();
    const { urls, lines } = withOverlongRow(batch(9, 0, 1500));
    let report: {
      totals: { inserted: number; invalid: number; invalid_examples: string[] };
    };
    try {
      const response = await fetch(`${server.url}/v1/postings`, {
        method: "POST",
        headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
        body: lines.join("\n"),
      });
      assert.equal(response.status, 200, await response.clone().text());
      report = await response.json();
    } finally {
      await server.stop("SIGKILL");
    }
    assert.equal(report.totals.inserted, 1500);
    assert.equal(report.totals.invalid, 1);
    assert.deepEqual(report.totals.invalid_examples, [
      "body:751: job_title: 100000 characters, over its cap of 300",
    ]);
    const stored = await storedUrls(kvPath);
    assert.deepEqual(urls.filter((url) => !stored.has(url)), [], "every acknowledged row");
    assert.equal(stored.size, 1520, "and no other: not the over-long one");
  } finally {
    await fleet.close();
  }
});

Deno.test({
  name: "kill -9 during a push with an over-long row: what was stored is whole, and the push " +
    "sent again stores the rest once and names the row",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_durable_midpush_");
  const { kvPath } = fleet;
  try {
    const { feeder } = await seedStoreFile(kvPath, 20);
    const { urls, lines } = withOverlongRow(batch(8, 0, 1500));
    const push = (server: ServerProcess) =>
      fetch(`${server.url}/v1/postings`, {
        method: "POST",
        headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
        body: lines.join("\n"),
      });
    // Killed while the push is being read or stored: no reply, or (on a fast machine) its 200.
    const first = await fleet.start();
    const sent = push(first).then(async (r) => (await r.body?.cancel(), r.status), () => "cut");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await first.stop("SIGKILL");
    const firstStatus = await sent;
    // What the killed push stored is readable postings, never the over-long row.
    const storedBefore = await storedUrls(kvPath);
    assert.equal(storedBefore.has("https://www.linkedin.com/jobs/view/999999999"), false);
    const keptBefore = urls.filter((url) => storedBefore.has(url)).length;
    if (firstStatus === 200) assert.equal(keptBefore, 1500, "a 200 means every good row is kept");

    // The same push sent again (a client retries what got no reply): every good row once, the
    // over-long one named by its line, the rows the killed push stored counted as unchanged.
    const second = await fleet.start();
    try {
      const response = await push(second);
      assert.equal(response.status, 200, await response.clone().text());
      const report = await response.json() as {
        files: { invalid_lines: number[] }[];
        totals: { inserted: number; unchanged: number; updated: number; invalid: number };
      };
      assert.deepEqual(report.files[0].invalid_lines, [751]);
      assert.equal(report.totals.inserted, 1500 - keptBefore, `${keptBefore} kept before`);
      assert.equal(report.totals.unchanged + report.totals.updated, keptBefore);
    } finally {
      await second.stop("SIGKILL");
    }
    const storedAfter = await storedUrls(kvPath);
    assert.deepEqual(urls.filter((url) => !storedAfter.has(url)), []);
    assert.equal(storedAfter.size, 1520, "the 20 served before and the 1,500 good rows, once");
  } finally {
    await fleet.close();
  }
});
