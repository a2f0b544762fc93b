/**
 * The smaller items of issue 37, each on its own: bidi controls in a client's name never reach the
 * consent page; JSON Lines site names are read in any case, as a CSV's are.
 */
import { strict as assert } from "node:assert";
import { renderConsentPage } from "../src/auth/oauth_consent_page.ts";
import { importTexts } from "../src/ingest/import_files.ts";
import { openStore } from "../src/store/store.ts";

Deno.test("the consent page shows a client name without its bidi or control characters", () => {
  const page = renderConsentPage({
    action: "/oauth/authorize",
    formToken: "t",
    // Shown raw, U+202E turns "moc.elpmaxe-live" around to read as "evil-example.com".
    clientName: "Job \u202Emoc.elpmaxe-live\u202C helper\u0007",
    clientId: "c",
    redirectUri: "https://app.example/cb",
    scope: "search",
  });
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u0008]/.test(page));
  assert.match(page, /<strong>Job moc\.elpmaxe-live helper<\/strong>/);
});

Deno.test("JSON Lines site names are read in any case, and JobSpy's `site` key too", async () => {
  const store = await openStore(":memory:");
  try {
    const row = (n: number, site: Record<string, string>) =>
      JSON.stringify({
        job_title: `Practice Nurse ${n}`,
        company_name: "Ingeus",
        city: "Liverpool",
        country: "GB",
        publish_time: "2026-11-20",
        job_url: `https://www.linkedin.com/jobs/view/70000${n}`,
        ...site,
      });
    const text = [
      row(1, { data_source: "LinkedIn" }),
      row(2, { data_source: " INDEED " }),
      row(3, { site: "Glassdoor" }),
      row(4, { data_source: "Monster" }),
    ].join("\n");
    const report = await importTexts(store, [{ name: "body", format: "jsonl", text }]);
    assert.equal(report.totals.inserted, 3, JSON.stringify(report.totals));
    assert.deepEqual(report.totals.skipped_by_site, { monster: 1 });
    const sources = [];
    for await (const job of store.postings.listJobs()) sources.push(job.data_source);
    assert.deepEqual(sources.sort(), ["glassdoor", "indeed", "linkedin"]);
  } finally {
    store.close();
  }
});

Deno.test("an empty store (a --no-seed start) is explained, not `starting` for ever", async () => {
  const { createSearchService } = await import("../src/search/search_service.ts");
  const { createHealthRoutes } = await import("../src/http/health_routes.ts");
  const { silentLogger } = await import("../src/log.ts");
  const { testEmbedder } = await import("./helpers.ts");
  const store = await openStore(":memory:");
  const service = createSearchService({
    store,
    embedder: testEmbedder(),
    logger: silentLogger,
    pollMs: 50,
  });
  try {
    await service.start();
    const app = createHealthRoutes({ service, logger: silentLogger } as never);
    const response = await app.request("/healthz");
    assert.equal(response.status, 503);
    const body = await response.json();
    assert.equal(body.status, "unavailable");
    assert.match(body.detail, /no postings have been imported.*jobseek ingest FILE/);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

Deno.test("'Berlin, DE' is Germany, as `near` reads it; 'Dover, DE' stays in Delaware", async () => {
  const { splitLocation } = await import("../src/ingest/location.ts");
  const { resolvePlace } = await import("../src/places/world_places.ts");
  const expected: Record<string, string> = {
    "Berlin, DE": "DE",
    "Hamburg, DE": "DE",
    "Dover, DE": "US",
    "Newark, DE": "US",
    "Mumbai, IN": "IN",
    "Indianapolis, IN": "US",
    "Toronto, CA": "CA",
    "Los Angeles, CA": "US",
  };
  for (const [text, country] of Object.entries(expected)) {
    assert.equal(splitLocation(text).country, country, text);
    // The importer and `near` agree.
    assert.equal(resolvePlace(text)?.country, country, `near=${text}`);
  }
  // The job board's country still decides first.
  assert.equal(splitLocation("Berlin, DE", { countryHint: "US" }).country, "US");
});
