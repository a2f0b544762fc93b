import { strict as assert } from "node:assert";
import fc from "fast-check";
import { type Candidates, SCORE_STEPS } from "./result_cut.ts";
import type { RankingParams } from "./ranking.ts";
import { cosineBarsOf, scoreEveryPosting } from "./score_mix.ts";

/** The candidates `scoreEveryPosting` keeps, as (position, steps) pairs. */
function scored(
  keyword: Float32Array,
  cosines: Float32Array,
  wordPostings: number,
  ranking: RankingParams,
  least: number,
  vectorWeight: number,
): [number, number][] {
  const n = keyword.length;
  const candidates: Candidates = {
    positions: new Uint32Array(n),
    scores: new Uint16Array(n),
    count: 0,
  };
  const vectorOfDoc = Uint32Array.from({ length: n }, (_, p) => (p * 7) % n);
  const bars = cosineBarsOf("hybrid", ranking, least, vectorWeight);
  scoreEveryPosting(
    { vectorOfDoc, keyword, cosines, wordPostings },
    "hybrid",
    ranking,
    { least, vectorWeight, ...bars },
    candidates,
    new Uint32Array(n),
  );
  return Array.from(
    { length: candidates.count },
    (_, k) => [candidates.positions[k], candidates.scores[k]],
  );
}

// Keyword scores and cosines where the passes decide: at the keyword score whose share of the
// mix is one step either side of the floor, and at the bars and the cosine floor.
const setting = fc.record({
  vectorWeight: fc.oneof(
    fc.constantFrom(0, 0.5, 0.75, 1),
    fc.double({ min: 0, max: 1, noNaN: true }),
  ),
  titleAlone: fc.constantFrom(0, 0.72),
  least: fc.oneof(fc.constantFrom(0, 1, 2500, 3000, 4500), fc.integer({ min: 0, max: 10_000 })),
  n: fc.integer({ min: 1, max: 48 }),
  seed: fc.array(fc.tuple(fc.nat(9), fc.double({ min: 0, max: 1, noNaN: true })), {
    minLength: 96,
    maxLength: 96,
  }),
});

Deno.test("a broad query's passes keep the postings, with the steps, that one pass over each keeps", () => {
  fc.assert(
    fc.property(setting, ({ vectorWeight, titleAlone, least, n, seed }) => {
      const ranking: RankingParams = {
        vectorWeight,
        cosineFloor: 0.2,
        cosineCeiling: 0.9,
        titleAlone,
      };
      const { titleBar, wordBar } = cosineBarsOf("hybrid", ranking, least, vectorWeight);
      const edge = ((least - 0.5) / SCORE_STEPS) / (1 - vectorWeight);
      const keywordOf = ([kind, x]: [number, number]) =>
        kind < 4
          ? 0
          : kind < 7 && Number.isFinite(edge)
          ? Math.max(0, Math.min(1, edge + (x - 0.5) * 4 / SCORE_STEPS))
          : x;
      const cosineOf = ([kind, x]: [number, number]) =>
        [titleBar, wordBar, 0.2, titleBar - 1e-5, wordBar - 1e-5][kind % 5] +
        (kind < 5 ? 0 : x - 0.5);
      const keyword = Float32Array.from({ length: n }, (_, p) => keywordOf(seed[p]));
      const cosines = Float32Array.from({ length: n }, (_, p) => cosineOf(seed[48 + p]));
      // The one-pass path (no posting counted as having a word) against the broad one.
      assert.deepEqual(
        scored(keyword, cosines, n, ranking, least, vectorWeight),
        scored(keyword, cosines, 0, ranking, least, vectorWeight),
      );
    }),
    { numRuns: 2000 },
  );
});
