import { strict as assert } from "node:assert";
import type { SearchQuery } from "../domain/search_query.ts";
import type { SearchOutcome } from "../domain/service.ts";
import { instrumentService, ServiceMetrics } from "./metrics.ts";

const MINUTE = 1_700_000_040_000;

function processMetrics(searchesMs: number[], postings: number): ServiceMetrics {
  const metrics = new ServiceMetrics({ now: () => MINUTE + 1000 });
  for (const ms of searchesMs) metrics.observeSearch(ms / 1000, true);
  metrics.observeRequest("GET", "/v1/search", 200, 0.01);
  metrics.observeLog("index snapshot loaded", { doc_count: postings });
  metrics.observeLog("index delta published", { total_ms: 500, doc_count: postings });
  return metrics;
}

Deno.test("search processes' metrics: the one answering sums counters and samples, the index counted once", async () => {
  const own = processMetrics([10, 20], 300);
  const peer = processMetrics([30, 40, 50], 300);
  own.setConnectionSource(() => null);
  own.setPeers(async () => [await peer.share()]);
  const text = await own.text();
  assert.match(text, /^jobseek_searches_total\{outcome="ok",transport="http"\} 5$/m);
  assert.match(
    text,
    /^jobseek_http_requests_total\{method="GET",route="\/v1\/search",status="200"\} 2$/m,
  );
  assert.match(text, /^jobseek_index_postings 300$/m);
  assert.match(text, /^jobseek_search_duration_seconds_count 5$/m);
  const figures = await own.consoleFigures();
  assert.deepEqual(figures.searches, [{ minute: MINUTE, count: 5, p50Ms: 30, p95Ms: 50 }]);
  assert.equal(figures.publishes.length, 2);
  // Its own figures stay its own.
  assert.deepEqual(own.searchMinutes(), [{ minute: MINUTE, count: 2, p50Ms: 20, p95Ms: 20 }]);
});

Deno.test("search processes' metrics: a peer that cannot answer leaves only its own figures out", async () => {
  const own = processMetrics([10], 300);
  own.setPeers(() => Promise.reject(new Error("restarting")));
  assert.match(await own.text(), /^jobseek_searches_total\{outcome="ok",transport="http"\} 1$/m);
  assert.equal((await own.consoleFigures()).searches[0].count, 1);
});

Deno.test("the alert deliverer's searches are counted apart (transport=\"alerts\"), not timed as people's", async () => {
  const metrics = new ServiceMetrics({ now: () => MINUTE + 1000 });
  const service = {
    search: () => Promise.resolve({} as SearchOutcome),
    listCities: () => Promise.resolve([]),
    isReady: () => true,
  };
  const asked = instrumentService(service, metrics);
  const alerts = instrumentService(service, metrics, "alerts");
  await asked.search({} as SearchQuery);
  for (let i = 0; i < 3; i++) await alerts.search({} as SearchQuery);
  const text = await metrics.text();
  assert.match(text, /^jobseek_searches_total\{outcome="ok",transport="http"\} 1$/m);
  assert.match(text, /^jobseek_searches_total\{outcome="ok",transport="alerts"\} 3$/m);
  // The latency people wait for: theirs alone.
  assert.match(text, /^jobseek_search_duration_seconds_count 1$/m);
  assert.equal(metrics.searchMinutes()[0].count, 1);
  // And the help text says so: an operator reading "per search" took it for every search.
  assert.match(
    text,
    /^# HELP jobseek_search_duration_seconds Time the search service took per search asked over HTTP \(REST, MCP and the web page: transport="http"\) that it answered; failed ones \(outcome="error"\) and the saved searches' deliveries \(transport="alerts"\) are counted in jobseek_searches_total alone\.$/m,
  );
});

Deno.test("a search that fails is counted as an error and not timed", async () => {
  const metrics = new ServiceMetrics({ now: () => MINUTE + 1000 });
  const refusing = instrumentService({
    search: () => Promise.reject(new Error("no such place")),
    listCities: () => Promise.resolve([]),
    isReady: () => true,
  }, metrics);
  await assert.rejects(refusing.search({} as SearchQuery), /no such place/);
  const text = await metrics.text();
  assert.match(text, /^jobseek_searches_total\{outcome="error",transport="http"\} 1$/m);
  assert.match(text, /^jobseek_search_duration_seconds_count 0$/m);
});
