import { strict as assert } from "node:assert";
import { API_KEY_PREFIX, ApiKeyRegistry, KEY_CACHE_MS } from "./api_keys.ts";
import { rejection } from "./testdata/rejection.ts";
import { openStore, type Store, storeOn } from "../store/store.ts";
import { sha256Hex } from "../crypto.ts";

async function withRegistry(
  staticKeys: { name: string; key: string }[],
  fn: (registry: ApiKeyRegistry, store: Store) => Promise<void>,
): Promise<void> {
  const store = await openStore(":memory:");
  try {
    await fn(new ApiKeyRegistry(store.apiKeys, staticKeys), store);
  } finally {
    store.close();
  }
}

Deno.test("ApiKeyRegistry.create() returns a random key that verify() accepts", async () => {
  await withRegistry([], async (registry) => {
    const { key, record } = await registry.create("alice", { rateLimit: 5 });
    assert.match(key, /^jsk_[A-Za-z0-9_-]{43}$/);
    assert.equal(record.name, "alice");
    assert.equal(record.rateLimit, 5);
    assert.ok(key.startsWith(record.prefix) && record.prefix.length > API_KEY_PREFIX.length);
    assert.deepEqual(await registry.verify(key), {
      subject: "key:alice",
      name: "alice",
      rateLimit: 5,
      via: "api_key",
    });
    const other = await registry.create("bob");
    assert.notEqual(other.key, key);
    assert.equal((await registry.verify(other.key))?.rateLimit, undefined);
  });
});

/** Every key part and value of a KV entry as text: strings as they are, bytes as Latin-1. */
function entryText(value: unknown): string {
  if (value instanceof Uint8Array) return String.fromCharCode(...value);
  if (Array.isArray(value)) return value.map(entryText).join("\u0000");
  if (value !== null && typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}\u0000${entryText(v)}`).join("\u0000");
  }
  return String(value);
}

Deno.test("ApiKeyRegistry keeps the key's SHA-256 in the KV and the key itself nowhere", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv);
  try {
    const registry = new ApiKeyRegistry(store.apiKeys, []);
    const { key, record } = await registry.create("alice", { rateLimit: 5 });
    assert.equal((await registry.verify(key))?.name, "alice");
    const stored: string[] = [];
    for await (const entry of kv.list({ prefix: [] })) {
      stored.push(entryText(entry.key) + "\u0000" + entryText(entry.value));
    }
    const everything = stored.join("\n");
    assert.ok(everything.includes(sha256Hex(key)), "the hash is what is stored");
    // Listings show the first characters (record.prefix); the secret part is nowhere.
    const secretPart = key.slice(record.prefix.length);
    assert.equal(secretPart.length, key.length - record.prefix.length);
    assert.ok(secretPart.length >= 39);
    for (let i = 0; i + 8 <= secretPart.length; i++) {
      assert.ok(!everything.includes(secretPart.slice(i, i + 8)), `key characters ${i}-${i + 8}`);
    }
  } finally {
    store.close();
  }
});

Deno.test("ApiKeyRegistry.verify() rejects missing, unknown and near-miss keys", async () => {
  await withRegistry([{ name: "ops", key: "static-secret" }], async (registry) => {
    const { key } = await registry.create("alice");
    for (
      const bad of [
        null,
        undefined,
        "",
        key + "x",
        key.slice(0, -1),
        "static-secre",
        "x".repeat(600),
      ]
    ) {
      assert.equal(await registry.verify(bad), null, String(bad));
    }
  });
});

Deno.test("ApiKeyRegistry.verify() accepts static keys from JOBSEEK_API_KEYS", async () => {
  await withRegistry(
    [{ name: "ops", key: "static-secret" }, { name: "ci", key: "ci-secret" }],
    async (registry) => {
      assert.deepEqual(await registry.verify("ci-secret"), {
        subject: "key:ci",
        name: "ci",
        via: "api_key",
      });
      assert.equal((await registry.verify("static-secret"))?.name, "ops");
      assert.deepEqual(registry.staticKeyNames(), ["ops", "ci"]);
      assert.equal((await rejection(registry.create("ops"))).code, "CONFLICT");
      assert.equal((await rejection(registry.revoke("ops"))).code, "CONFLICT");
    },
  );
});

Deno.test("ApiKeyRegistry.create() refuses a taken name and a bad name or limit", async () => {
  await withRegistry([], async (registry) => {
    await registry.create("alice");
    assert.equal((await rejection(registry.create("alice"))).code, "CONFLICT");
    for (const name of ["", "has space", "x".repeat(65), "-dash-first"]) {
      assert.equal((await rejection(registry.create(name))).code, "INVALID_PARAMETER", name);
    }
    for (const rateLimit of [0, -1, 1.5]) {
      assert.equal(
        (await rejection(registry.create("z", { rateLimit }))).code,
        "INVALID_PARAMETER",
      );
    }
  });
});

Deno.test("ApiKeyRegistry.revoke() makes a key unusable at once", async () => {
  await withRegistry([], async (registry) => {
    const { key } = await registry.create("alice");
    assert.equal(await registry.revoke("alice"), true);
    assert.equal(await registry.verify(key), null);
    assert.equal(await registry.revoke("alice"), false);
    assert.deepEqual(await registry.list(), []);
  });
});

Deno.test("ApiKeyRegistry: a key revoked by another process stops working KEY_CACHE_MS later", async () => {
  const store = await openStore(":memory:");
  try {
    let now = Date.now();
    const server = new ApiKeyRegistry(store.apiKeys, [], { now: () => now });
    // `jobseek keys revoke` runs in its own process, with its own registry.
    const operator = new ApiKeyRegistry(store.apiKeys, []);
    const { key, record } = await operator.create("alice");
    assert.equal((await server.verify(key))?.name, "alice");
    assert.equal(await operator.revoke("alice"), true);
    now += KEY_CACHE_MS - 1;
    assert.equal((await server.verify(key))?.name, "alice", "remembered for KEY_CACHE_MS");
    assert.equal((await server.verifyHash(record.keyHash))?.name, "alice");
    now += 1;
    assert.equal(await server.verify(key), null);
    assert.equal(await server.verifyHash(record.keyHash), null);
  } finally {
    store.close();
  }
});

Deno.test("ApiKeyRegistry.setRateLimit() sets and resets a key's limit", async () => {
  await withRegistry([], async (registry) => {
    const { key } = await registry.create("alice");
    assert.equal(await registry.setRateLimit("alice", 7), true);
    assert.equal((await registry.verify(key))?.rateLimit, 7);
    assert.equal(await registry.setRateLimit("alice", undefined), true);
    assert.equal((await registry.verify(key))?.rateLimit, undefined);
    assert.equal(await registry.setRateLimit("nobody", 7), false);
  });
});

Deno.test("ApiKeyRegistry.ensureBootstrapKey() creates one key only when none exists", async () => {
  await withRegistry([], async (registry) => {
    const key = await registry.ensureBootstrapKey();
    assert.ok(key);
    assert.equal((await registry.verify(key))?.name, "bootstrap");
    assert.equal(await registry.ensureBootstrapKey(), null);
    assert.equal((await registry.list()).length, 1);
  });
  await withRegistry([{ name: "ops", key: "static-secret" }], async (registry) => {
    assert.equal(await registry.ensureBootstrapKey(), null);
    assert.deepEqual(await registry.list(), []);
  });
  await withRegistry([], async (registry, store) => {
    // Two servers starting on one empty store: exactly one bootstrap key comes out.
    const second = new ApiKeyRegistry(store.apiKeys, []);
    const keys = await Promise.all([registry.ensureBootstrapKey(), second.ensureBootstrapKey()]);
    assert.equal(keys.filter(Boolean).length, 1);
  });
});
