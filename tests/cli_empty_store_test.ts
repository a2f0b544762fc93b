/**
 * A server on a store with nothing imported (`serve --no-seed` on an empty store): the CLI tells
 * the person that an operator must ingest postings, instead of "retry after 5 seconds", and the
 * REST answer keeps NOT_READY for a server that is only starting.
 */
import { strict as assert } from "node:assert";
import { silentLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { createUseLiteEmbedder } from "../src/model/use_lite_embedder.ts";
import { openStore } from "../src/store/store.ts";
import { createCliSandbox } from "./cli_process.ts";
import { startTestServer } from "./test_server.ts";

Deno.test("search on an empty store says an operator must ingest", async () => {
  const store = await openStore(":memory:");
  const embedder = await createUseLiteEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger });
  const server = await startTestServer(store, service);
  await using cli = await createCliSandbox();
  const env = { JOBSEEK_API_KEY: server.key, JOBSEEK_ENDPOINT: server.url };
  try {
    // Not started yet: the server is loading, and waiting is the right advice.
    const starting = await cli.run(["search", "nurse"], { env });
    assert.equal(starting.code, 1);
    assert.equal(
      starting.stderr,
      "jobseek: Cannot search: the search index is not loaded yet (NOT_READY). Retry after 5 " +
        "seconds.\n",
    );

    await service.start();
    const empty = await cli.run(["search", "nurse"], { env });
    assert.equal(empty.code, 1);
    assert.equal(empty.stdout, "");
    assert.equal(
      empty.stderr,
      "jobseek: Cannot search: this server has no index, because no postings have been imported " +
        "into its store. An operator must run `jobseek ingest FILE...` on that store; the server " +
        "picks up the new index within seconds, without a restart. (NO_INDEX)\n",
    );
    assert.doesNotMatch(empty.stderr, /Retry/);

    const rest = await fetch(`${server.url}/v1/search?q=nurse`, {
      headers: { "x-api-key": server.key },
    });
    assert.equal(rest.status, 503);
    assert.equal(rest.headers.get("retry-after"), null);
    assert.equal((await rest.json()).error_code, "NO_INDEX");

    // configure accepts the key (it got past the key check) and passes the advice on.
    const configure = await cli.run(["configure", "--endpoint", server.url], {
      stdin: `${server.key}\n`,
    });
    assert.equal(configure.code, 0, configure.stderr);
    assert.match(
      configure.stdout,
      /accepted by the server at .*; Cannot search: this server has no index/,
    );
  } finally {
    await server.close();
    service.stop();
    await service.whenIdle();
    embedder.close();
    store.close();
  }
});
