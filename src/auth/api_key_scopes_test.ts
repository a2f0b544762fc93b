import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "./api_keys.ts";
import { JobseekError } from "../domain/errors.ts";
import { requireScope } from "../http/api_key_auth.ts";
import { openStore } from "../store/store.ts";

Deno.test("API keys carry scopes: search by default, ingest when asked, both when both", async () => {
  const store = await openStore(":memory:");
  try {
    const registry = new ApiKeyRegistry(store.apiKeys, []);
    const reader = await registry.create("reader");
    const feeder = await registry.create("feeder", { scopes: ["ingest"] });
    const both = await registry.create("both", { scopes: ["ingest", "search", "ingest"] });
    assert.equal(reader.record.scopes, undefined, "the default stays implicit in the record");
    assert.deepEqual(feeder.record.scopes, ["ingest"]);
    assert.deepEqual(both.record.scopes, ["ingest", "search"]);
    const allowed = async (key: string, scope: "search" | "ingest") => {
      const principal = await registry.verify(key);
      assert.ok(principal);
      try {
        requireScope(principal, scope);
        return true;
      } catch (error) {
        assert.ok(error instanceof JobseekError && error.code === "AUTH_INSUFFICIENT_SCOPE");
        assert.match(error.message, new RegExp(`lacks the '${scope}' scope`));
        return false;
      }
    };
    assert.deepEqual(
      [
        await allowed(reader.key, "search"),
        await allowed(reader.key, "ingest"),
        await allowed(feeder.key, "search"),
        await allowed(feeder.key, "ingest"),
        await allowed(both.key, "search"),
        await allowed(both.key, "ingest"),
      ],
      [true, false, false, true, true, true],
    );
    // The same through the hash an OAuth grant keeps.
    const { apiKeyHash } = await import("./api_keys.ts");
    assert.deepEqual((await registry.verifyHash(apiKeyHash(feeder.key)))?.scopes, ["ingest"]);
  } finally {
    store.close();
  }
});

Deno.test("API keys refuse unknown or empty scopes", async () => {
  const store = await openStore(":memory:");
  try {
    const registry = new ApiKeyRegistry(store.apiKeys, []);
    for (const scopes of [[], ["superuser"]] as never[]) {
      await assert.rejects(
        registry.create("x", { scopes }),
        (e) =>
          e instanceof JobseekError &&
          /scopes must be one or more of search, ingest, admin/.test(e.message),
      );
    }
    assert.deepEqual(await registry.list(), []);
  } finally {
    store.close();
  }
});
