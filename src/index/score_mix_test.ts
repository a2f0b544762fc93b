import { strict as assert } from "node:assert";
import fc from "fast-check";
import { type Candidates, SCORE_STEPS } from "./result_cut.ts";
import type { RankingParams } from "./ranking.ts";
import { cosineBarsOf, rowPostingsOf, scoreEveryPosting } from "./score_mix.ts";

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

/**
 * The candidates (position, steps) `scoreEveryPosting` keeps in one pass: through a narrow query's
 * few postings (`narrow`: its word lists and limit), or over every posting.
 */
function candidatesOf(
  postings: {
    vectorOfDoc: Uint32Array;
    keyword: Float32Array;
    cosines: Float32Array;
    wordPostings: number;
  },
  narrow: { wordLists: Uint32Array[]; limit: number } | undefined,
  mode: "hybrid" | "vector",
  ranking: RankingParams,
  bars: { least: number; vectorWeight: number; titleBar: number; wordBar: number },
): number[][] {
  const n = postings.keyword.length;
  const candidates: Candidates = {
    positions: new Uint32Array(n),
    scores: new Uint16Array(n),
    count: 0,
  };
  scoreEveryPosting(
    {
      ...postings,
      narrow: narrow && { rows: rowPostingsOf(postings.vectorOfDoc), ...narrow },
    },
    mode,
    ranking,
    bars,
    candidates,
    new Uint32Array(n),
  );
  return Array.from(
    { length: candidates.count },
    (_, k) => [candidates.positions[k], candidates.scores[k]],
  );
}

Deno.test("a narrow query's few postings keep the candidates, in their order, that the pass over every posting keeps", () => {
  fc.assert(
    fc.property(
      setting,
      fc.constantFrom<"hybrid" | "vector">("hybrid", "hybrid", "vector"),
      fc.array(fc.nat(), { minLength: 48, maxLength: 48 }),
      fc.array(fc.tuple(fc.nat(2), fc.boolean()), { minLength: 48, maxLength: 48 }),
      fc.integer({ min: 1, max: 48 }),
      fc.nat(48),
      (
        { vectorWeight, titleAlone, least, n, seed },
        mode,
        rowSeed,
        listSeed,
        rowCount,
        limit,
      ) => {
        const ranking: RankingParams = {
          vectorWeight,
          cosineFloor: 0.2,
          cosineCeiling: 0.9,
          titleAlone,
        };
        const { titleBar, wordBar } = cosineBarsOf(mode, ranking, least, vectorWeight);
        // Postings share rows; some rows have no posting.
        const vectorOfDoc = Uint32Array.from({ length: n }, (_, p) => rowSeed[p] % rowCount);
        const edge = ((least - 0.5) / SCORE_STEPS) / (1 - vectorWeight);
        const keyword = Float32Array.from({ length: n }, (_, p) => {
          const [kind, x] = seed[p];
          if (mode === "vector" || kind < 4) return 0;
          return kind < 7 && Number.isFinite(edge)
            ? Math.max(0, Math.min(1, edge + (x - 0.5) * 4 / SCORE_STEPS))
            : x;
        });
        const cosines = Float32Array.from({ length: rowCount }, (_, r) => {
          const [kind, x] = seed[48 + r];
          if (kind === 9 && x < 0.1) return NaN;
          return [titleBar, wordBar, 0.2, titleBar - 1e-5, wordBar - 1e-5][kind % 5] +
            (kind < 5 ? 0 : x - 0.5);
        });
        // Every posting with a keyword score in one list or more (in no order), and some
        // without one too, as the keyword scorer lists a term's postings.
        const lists: number[][] = [[], [], []];
        if (mode === "hybrid") {
          for (let p = n - 1; p >= 0; p--) {
            const [list, also] = listSeed[p];
            if (keyword[p] !== 0 || also) lists[list].push(p);
            if (keyword[p] !== 0 && also) lists[(list + 1) % 3].push(p);
          }
        }
        const score = (narrow: boolean) =>
          candidatesOf(
            { vectorOfDoc, keyword, cosines, wordPostings: 0 },
            narrow ? { wordLists: lists.map((list) => Uint32Array.from(list)), limit } : undefined,
            mode,
            ranking,
            { least, vectorWeight, titleBar, wordBar },
          );
        assert.deepEqual(score(true), score(false));
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("a narrow query keeps a posting whose keyword share alone just reaches the least score", () => {
  // The property above meets this edge only by chance; here it is met every run.
  const vectorWeight = 0.5;
  const least = 3_000;
  const ranking: RankingParams = {
    vectorWeight,
    cosineFloor: 0.2,
    cosineCeiling: 0.9,
    titleAlone: 0.72,
  };
  const bars = cosineBarsOf("hybrid", ranking, least, vectorWeight);
  assert.ok(bars.wordBar <= ranking.cosineFloor, "no title adds to the words here");
  // Posting 0's words alone score exactly `least` steps; posting 1's a step under; the other 62
  // have no word (so the query is narrow). Every title is under the cosine floor.
  const n = 64;
  const share = (steps: number) => steps / SCORE_STEPS / (1 - vectorWeight);
  const keyword = new Float32Array(n);
  keyword[0] = share(least);
  keyword[1] = share(least - 1);
  const vectorOfDoc = Uint32Array.from({ length: n }, (_, p) => p);
  const cosines = Float32Array.from({ length: n }, (_, r) => 0.05 + (r % 3) * 0.05);
  const run = (narrow: boolean) =>
    candidatesOf(
      { vectorOfDoc, keyword, cosines, wordPostings: 2 },
      narrow ? { wordLists: [Uint32Array.from([1, 0])], limit: n } : undefined,
      "hybrid",
      ranking,
      { least, vectorWeight, ...bars },
    );
  assert.deepEqual(run(false), [[0, least]]);
  assert.deepEqual(run(true), [[0, least]]);
});

Deno.test("each row's postings are the postings of that row, in position order", () => {
  fc.assert(
    fc.property(fc.array(fc.nat(20), { maxLength: 60 }), (rows) => {
      const vectorOfDoc = Uint32Array.from(rows);
      const { start, postings } = rowPostingsOf(vectorOfDoc);
      const count = rows.length === 0 ? 0 : Math.max(...rows) + 1;
      assert.equal(start.length, count + 1);
      for (let r = 0; r < count; r++) {
        const expected = rows.flatMap((row, p) => row === r ? [p] : []);
        assert.deepEqual([...postings.subarray(start[r], start[r + 1])], expected);
      }
    }),
  );
});
