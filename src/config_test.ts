import { strict as assert } from "node:assert";
import { loadConfig } from "./config.ts";

Deno.test("loadConfig() reads JOBSEEK_PUBLISH_LEASE_MS and refuses what is not a lease", () => {
  assert.equal(loadConfig({}).publishLeaseMs, 30_000);
  assert.equal(loadConfig({ JOBSEEK_PUBLISH_LEASE_MS: "5000" }).publishLeaseMs, 5000);
  // Renewed every third of it with a KV commit: below a second it runs out under a live publisher.
  for (const bad of ["abc", "30s", "0", "-5000", "2.5", "999"]) {
    assert.throws(
      () => loadConfig({ JOBSEEK_PUBLISH_LEASE_MS: bad }),
      new RegExp(
        `^Error: Cannot start: JOBSEEK_PUBLISH_LEASE_MS must be a whole number of milliseconds, ` +
          `at least 1000; got '${bad}'$`,
      ),
      bad,
    );
  }
});
