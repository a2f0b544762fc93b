import { strict as assert } from "node:assert";
import { openStore } from "./store.ts";

async function modeOf(path: string): Promise<string> {
  return ((await Deno.stat(path)).mode! & 0o777).toString(8);
}

Deno.test({
  name: "openStore() creates a new store file 0600, its sidecars 0600 and a new folder 0700",
  ignore: Deno.build.os === "windows",
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "jobseek_store_" });
  try {
    const path = `${root}/srv/jobseek/kv.sqlite3`;
    const store = await openStore(path);
    try {
      // A write makes SQLite create its write-ahead log and shared-memory files.
      await store.secrets.sharedSecret("probe");
      assert.equal(await modeOf(path), "600");
      for (const suffix of ["-wal", "-shm"]) assert.equal(await modeOf(path + suffix), "600");
      assert.equal(await modeOf(`${root}/srv/jobseek`), "700");
      assert.equal(await modeOf(`${root}/srv`), "700");
    } finally {
      store.close();
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test({
  name: "openStore() leaves an existing store file and folder as the operator set them",
  ignore: Deno.build.os === "windows",
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "jobseek_store_" });
  try {
    await Deno.chmod(root, 0o750);
    const path = `${root}/kv.sqlite3`;
    (await openStore(path)).close();
    await Deno.chmod(path, 0o640);
    const store = await openStore(path);
    store.close();
    assert.equal(await modeOf(path), "640");
    assert.equal(await modeOf(root), "750");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
