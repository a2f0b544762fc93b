import { strict as assert } from "node:assert";
import fc from "fast-check";
import { keys } from "./kv_keys.ts";
import { MISSING_PULLS_TO_EXPIRE } from "./sources_store.ts";
import { withStore } from "./testdata/test_store.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EXPIRE_AFTER = 48 * HOUR;
const IDS = Array.from({ length: 8 }, (_, n) => `job${n}`);

/** What one posting's entry should hold, by the rule in docs/operations.md ("Expiry"). */
interface Modelled {
  listedAt: number;
  missingSince?: number;
  missingPulls?: number;
}

/** A good pull listing `listed`, or a 304 (`listed` absent), `gapHours` after the step before. */
const step = fc.record({
  gapHours: fc.integer({ min: 0, max: 60 }),
  listed: fc.option(fc.subarray(IDS), { nil: undefined }),
});

Deno.test("recordGoodPull(): after any good pulls and 304s, the entries and expiredIds() are the model's, and only changed entries were written", async () => {
  await fc.assert(
    fc.asyncProperty(
      // Entries an older store wrote: a plain listing time (0), or missing for so many pulls.
      fc.array(fc.tuple(fc.constantFrom(...IDS), fc.integer({ min: 0, max: 6 })), {
        maxLength: 8,
      }),
      fc.array(step, { maxLength: 12 }),
      async (legacy, steps) => {
        await withStore(async (store, kv) => {
          const start = Date.UTC(2026, 10, 30);
          let at = start;
          await store.sources.addSource({
            name: "feed",
            location: "https://feeds.example/jobs.csv",
            everyMs: HOUR,
            expireAfterMs: EXPIRE_AFTER,
            createdAt: start,
            nextRunAt: start,
          });
          // A folder that lists job0 keeps it from expiring whatever the feed does.
          await store.sources.addSource({
            name: "drop",
            location: "/srv/feeds",
            everyMs: HOUR,
            createdAt: start,
            nextRunAt: start,
          });
          await store.sources.markListed("drop", ["job0"], start);
          const model = new Map<string, Modelled>();
          for (const [id, pulls] of legacy) {
            const value = pulls === 0
              ? { listedAt: start }
              : { listedAt: start - DAY, missingSince: start - pulls * HOUR, missingPulls: pulls };
            await kv.set(keys.sourceListing("feed", id), pulls === 0 ? start : value);
            model.set(id, value);
          }
          const raw = async () => {
            const entries = new Map<string, { value: Modelled; versionstamp: string }>();
            for await (const entry of kv.list({ prefix: keys.sourceListingsPrefix("feed") })) {
              const value = typeof entry.value === "number"
                ? { listedAt: entry.value }
                : entry.value as Modelled;
              entries.set(String(entry.key.at(-1)), { value, versionstamp: entry.versionstamp });
            }
            return entries;
          };
          for (const { gapHours, listed } of steps) {
            at += gapHours * HOUR;
            const changed = new Set<string>();
            const listedSet = listed && new Set(listed);
            for (const id of listed ?? []) {
              const known = model.get(id);
              if (known && known.missingSince === undefined) continue;
              model.set(id, { listedAt: at });
              changed.add(id);
            }
            for (const [id, known] of model) {
              const missing = listedSet ? !listedSet.has(id) : known.missingSince !== undefined;
              if (!missing) continue;
              // The count stops at the rule's number: nothing tells more from that many.
              if ((known.missingPulls ?? 0) >= MISSING_PULLS_TO_EXPIRE) continue;
              model.set(id, {
                listedAt: known.listedAt,
                missingSince: known.missingSince ?? at,
                missingPulls: (known.missingPulls ?? 0) + 1,
              });
              changed.add(id);
            }
            const before = await raw();
            const written = await store.sources.recordGoodPull("feed", at, listedSet);
            const after = await raw();
            const rewritten = [...after].filter(([id, { versionstamp }]) =>
              before.get(id)?.versionstamp !== versionstamp
            ).map(([id]) => id);
            assert.deepEqual(rewritten.sort(), [...changed].sort(), "the entries written");
            assert.equal(written, changed.size);
            assert.deepEqual(
              new Map([...after].map(([id, { value }]) => [id, value])),
              model,
              "the entries",
            );
            for (const now of [at, at + EXPIRE_AFTER, at + 30 * DAY]) {
              const expected = [...model].filter(([id, { missingSince, missingPulls = 0 }]) =>
                id !== "job0" && missingSince !== undefined &&
                missingPulls >= MISSING_PULLS_TO_EXPIRE && missingSince <= now - EXPIRE_AFTER
              ).map(([id]) => id);
              assert.deepEqual(
                [...await store.sources.expiredIds(now)].sort(),
                expected.sort(),
                `expired at +${(now - at) / HOUR} h`,
              );
            }
          }
        });
      },
    ),
    { numRuns: 60 },
  );
});
