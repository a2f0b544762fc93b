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

Deno.test("loadConfig() reads JOBSEEK_SEARCH_PROCESSES: 1 unless set, auto a core each, and says what is wrong", () => {
  assert.equal(loadConfig({}).searchProcesses, 1);
  assert.equal(loadConfig({ JOBSEEK_SEARCH_PROCESSES: "3" }).searchProcesses, 3);
  assert.equal(loadConfig({ JOBSEEK_SEARCH_PROCESSES: " 2 " }).searchProcesses, 2);
  assert.equal(
    loadConfig({ JOBSEEK_SEARCH_PROCESSES: "auto" }).searchProcesses,
    Math.min(64, navigator.hardwareConcurrency),
  );
  assert.equal(loadConfig({ JOBSEEK_SEARCH_PROCESSES: "AUTO" }).searchProcesses > 0, true);
  // An in-memory store lives in one process: auto is 1 there, and a number above 1 is refused.
  assert.equal(
    loadConfig({ JOBSEEK_SEARCH_PROCESSES: "auto", JOBSEEK_KV: ":memory:" }).searchProcesses,
    1,
  );
  assert.equal(
    loadConfig({ JOBSEEK_SEARCH_PROCESSES: "1", JOBSEEK_KV: ":memory:" }).searchProcesses,
    1,
  );
  assert.throws(
    () => loadConfig({ JOBSEEK_SEARCH_PROCESSES: "2", JOBSEEK_KV: ":memory:" }),
    /^Error: Cannot start: JOBSEEK_SEARCH_PROCESSES=2 needs a store the processes can share; an in-memory store \(:memory:\) lives in one process: set JOBSEEK_KV to a file$/,
  );
  for (const bad of ["0", "-1", "1.5", "two", "65", "2x", "0x2", "1e1"]) {
    assert.throws(
      () => loadConfig({ JOBSEEK_SEARCH_PROCESSES: bad }),
      new RegExp(
        "^Error: Cannot start: JOBSEEK_SEARCH_PROCESSES must be a whole number from 1 to 64 or " +
          `auto, got '${bad.replace(".", "\\.")}'$`,
      ),
      bad,
    );
  }
});

Deno.test("loadConfig() takes JOBSEEK_SEARCH_SOCKET only when set", () => {
  assert.equal(loadConfig({}).searchSocket, undefined);
  assert.equal(loadConfig({}).searchProcessShare, 1);
  assert.equal(loadConfig({ JOBSEEK_SEARCH_PROCESS_SHARE: "4" }).searchProcessShare, 4);
  assert.throws(
    () => loadConfig({ JOBSEEK_SEARCH_PROCESS_SHARE: "0" }),
    /JOBSEEK_SEARCH_PROCESS_SHARE/,
  );
  assert.equal(
    loadConfig({ JOBSEEK_SEARCH_SOCKET: "/tmp/x/search-0.sock" }).searchSocket,
    "/tmp/x/search-0.sock",
  );
});

Deno.test("loadConfig() reads JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY: 20 unless set, 1 to 1000", () => {
  assert.equal(loadConfig({}).alerts?.confirmationsPerKeyPerDay, 20);
  const cap = (value: string) =>
    loadConfig({ JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY: value }).alerts?.confirmationsPerKeyPerDay;
  assert.equal(cap("5"), 5);
  assert.equal(cap("1000"), 1000);
  for (const bad of ["0", "-1", "2.5", "1001", "many"]) {
    assert.throws(() => cap(bad), /JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY/, bad);
  }
});

Deno.test("loadConfig() reads JOBSEEK_WEBHOOK_ALLOW_HOSTS: hosts and host:port pairs; anything else stops the start", () => {
  const hosts = (value: string) =>
    loadConfig({ JOBSEEK_WEBHOOK_ALLOW_HOSTS: value }).alerts?.webhookAllowHosts;
  assert.deepEqual(hosts(" Hooks.Example:8443, [fd00::5]:9000,10.0.0.7,,"), [
    "hooks.example:8443",
    "[fd00::5]:9000",
    "10.0.0.7",
  ]);
  // An entry that names no host (it matched nothing, silently) is said at start.
  for (
    const bad of [
      "hooks.example/x",
      "hooks.example:99999",
      "user@hooks.example",
      "a b",
      "hooks.example:",
      "*.example.com",
    ]
  ) {
    assert.throws(
      () => hosts(`ok.example,${bad}`),
      new RegExp(
        `JOBSEEK_WEBHOOK_ALLOW_HOSTS must be hosts or host:port pairs.*'${
          bad.replace(/[.*]/g, "\\$&")
        }' is neither`,
      ),
      bad,
    );
  }
});

Deno.test("loadConfig() writes JOBSEEK_PUBLIC_URL in one form and refuses what no link can join", () => {
  // Every user of the setting compares or joins this text: one spelling for all of them.
  for (
    const [raw, form] of [
      ["HTTPS://Jobs.Example.COM", "https://jobs.example.com"],
      ["https://jobs.example.com:443/", "https://jobs.example.com"],
      ["Http://jobs.example.com:8080/jobseek/", "http://jobs.example.com:8080/jobseek"],
    ]
  ) assert.equal(loadConfig({ JOBSEEK_PUBLIC_URL: raw }).publicUrl, form, raw);
  assert.equal(loadConfig({}).publicUrl, undefined);
  for (
    const bad of [
      "ftp://jobs.example.com",
      "https://jobs.example.com/?a=1",
      "https://x.example/#top",
    ]
  ) {
    assert.throws(
      () => loadConfig({ JOBSEEK_PUBLIC_URL: bad }),
      /^Error: Cannot start: JOBSEEK_PUBLIC_URL must be an http or https URL/,
      bad,
    );
  }
});
