import { strict as assert } from "node:assert";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { createStoreFile } from "./kv_file.ts";

/** The schema a SQLite file holds, table by table, and Deno KV's migration state. */
function schemaOf(path: string): { sql: string[]; migration: unknown[] } {
  const db = new DatabaseSync(path);
  try {
    const sql = db.prepare("select type, name, sql from sqlite_master order by name").all()
      .map((row) => `${row.type} ${row.name}: ${row.sql}`);
    const migration = db.prepare("select k, version from migration_state").all()
      .map((row) => ({ ...row }));
    return { sql, migration };
  } finally {
    db.close();
  }
}

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_kv_file_" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("createStoreFile() lays out Deno KV's own schema but for the key table's rowid", async () => {
  await withDir(async (dir) => {
    // What this Deno's KV makes of an empty file: when it changes (a migration of its own), the
    // layout must follow it, and this test says so.
    await Deno.writeFile(`${dir}/deno.sqlite3`, new Uint8Array());
    const plain = await Deno.openKv(`${dir}/deno.sqlite3`);
    await plain.set(["probe"], 1);
    plain.close();
    assert.equal(await createStoreFile(`${dir}/ours.sqlite3`), true);
    const ours = await Deno.openKv(`${dir}/ours.sqlite3`);
    await ours.set(["probe"], 1);
    ours.close();
    const expected = schemaOf(`${dir}/deno.sqlite3`);
    const actual = schemaOf(`${dir}/ours.sqlite3`);
    assert.deepEqual(actual.migration, expected.migration);
    const kvTable = (sql: string[]) => sql.find((line) => line.startsWith("table kv:"));
    assert.match(kvTable(expected.sql) ?? "", / without rowid$/);
    assert.doesNotMatch(kvTable(actual.sql) ?? "", /without rowid/);
    // The rowid table's primary key is an index of its own; everything else is the same.
    assert.deepEqual(
      actual.sql.filter((line) => !line.startsWith("index sqlite_autoindex_kv_")),
      expected.sql.map((line) => line.replace(/ without rowid$/, "")),
    );
    assert.equal((await Deno.stat(`${dir}/ours.sqlite3`)).mode! & 0o777, 0o600);
  });
});

Deno.test("createStoreFile() leaves a file that is there alone, and of racing callers one creates", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/kv.sqlite3`;
    const results = await Promise.all(Array.from({ length: 6 }, () => createStoreFile(path)));
    assert.equal(results.filter((created) => created).length, 1);
    const kv = await Deno.openKv(path);
    await kv.set(["a"], "b");
    kv.close();
    assert.equal(await createStoreFile(path), false);
    const again = await Deno.openKv(path);
    assert.equal((await again.get(["a"])).value, "b");
    again.close();
    // Nothing left beside it but SQLite's own files.
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.filter((name) => !/^kv\.sqlite3(-wal|-shm)?$/.test(name)), []);
  });
});

type Op =
  | { kind: "set"; key: Deno.KvKey; value: string; expire: boolean }
  | { kind: "delete"; key: Deno.KvKey }
  | { kind: "checkedSet"; key: Deno.KvKey; value: string }
  | { kind: "sum"; key: Deno.KvKey; n: number };

const keyArb: fc.Arbitrary<Deno.KvKey> = fc.tuple(
  fc.constantFrom("jobs", "jobs_by_city", "snap"),
  fc.string({ maxLength: 3 }),
  fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -3, max: 3 })),
);
// Values from a few bytes to tens of KB, Latin-1 and not: V8 writes the latter two bytes a
// character, so both sides of SQLite's overflow threshold are crossed.
const valueArb = fc.tuple(fc.constantFrom("a", "é", "€", "posting "), fc.nat({ max: 4000 }))
  .map(([unit, n]) => unit.repeat(n));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    key: keyArb,
    value: valueArb,
    expire: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("delete" as const), key: keyArb }),
  fc.record({ kind: fc.constant("checkedSet" as const), key: keyArb, value: valueArb }),
  fc.record({
    kind: fc.constant("sum" as const),
    key: keyArb.map((key) => ["sums", ...key]),
    n: fc.nat({ max: 5 }),
  }),
);

/** Applies one operation; what a caller sees of it (a checked write's outcome). */
async function apply(kv: Deno.Kv, op: Op): Promise<unknown> {
  switch (op.kind) {
    case "set":
      // An expiry a day away: the expiration column and its index are written, nothing expires.
      await kv.set(op.key, op.value, op.expire ? { expireIn: 86_400_000 } : {});
      return null;
    case "delete":
      await kv.delete(op.key);
      return null;
    case "checkedSet": {
      const read = await kv.get(op.key);
      const first = await kv.atomic().check(read).set(op.key, op.value).commit();
      // A stale check must fail the same way on either layout.
      const stale = await kv.atomic().check(read).set(op.key, "stale").commit();
      return [first.ok, stale.ok];
    }
    case "sum":
      await kv.atomic().sum(op.key, BigInt(op.n)).commit();
      return null;
  }
}

async function contents(kv: Deno.Kv): Promise<unknown[]> {
  const entries = [];
  for await (const entry of kv.list({ prefix: [] })) {
    const value = entry.value instanceof Deno.KvU64 ? `u64:${entry.value.value}` : entry.value;
    entries.push([entry.key, value]);
  }
  const reverse = [];
  for await (const entry of kv.list({ prefix: ["jobs"] }, { reverse: true, limit: 3 })) {
    reverse.push(entry.key);
  }
  return [entries, reverse];
}

Deno.test("a store file laid out by createStoreFile() answers every KV call as one Deno KV laid out", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      await withDir(async (dir) => {
        await Deno.writeFile(`${dir}/plain.sqlite3`, new Uint8Array());
        await createStoreFile(`${dir}/ours.sqlite3`);
        const plain = await Deno.openKv(`${dir}/plain.sqlite3`);
        const ours = await Deno.openKv(`${dir}/ours.sqlite3`);
        try {
          for (const op of ops) {
            assert.deepEqual(await apply(ours, op), await apply(plain, op));
          }
          assert.deepEqual(await contents(ours), await contents(plain));
          const keys = ops.map((op) => op.key);
          const values = (reads: Deno.KvEntryMaybe<unknown>[]) => reads.map((read) => read.value);
          for (let i = 0; i < keys.length; i += 10) {
            const some = keys.slice(i, i + 10);
            assert.deepEqual(values(await ours.getMany(some)), values(await plain.getMany(some)));
          }
        } finally {
          ours.close();
          plain.close();
        }
        // Another connection (a restart, another process) reads what was written.
        const reopened = await Deno.openKv(`${dir}/ours.sqlite3`);
        const plainAgain = await Deno.openKv(`${dir}/plain.sqlite3`);
        try {
          assert.deepEqual(await contents(reopened), await contents(plainAgain));
        } finally {
          reopened.close();
          plainAgain.close();
        }
      });
    }),
    { numRuns: 40 },
  );
});
