/**
 * The served ranking and cut, held to their documented values and to what each part does: remove
 * or change the relative cut, the rescue of weak matches, the floor or the fusion weight in
 * src/index/ranking.ts and one of these fails. Postings get title vectors at a chosen cosine with
 * the query, exact in the int8 rows an index holds, so every score is known in advance.
 */
import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { MINILM_L6_INT8, MODELS } from "../model/catalog.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { assembleIndexData } from "./job_index_data.ts";
import type { IndexSearch } from "./index_search.ts";
import { JobIndex, NEAREST_THERE } from "./job_index.ts";
import { RANKED_MODELS, rankingForModel } from "./ranking.ts";
import { mixScore } from "./score_mix.ts";
import { cutBar } from "./result_cut.ts";
import fc from "fast-check";

const MODEL = MINILM_L6_INT8.stamp;
const served = rankingForModel(MODEL);
/** The index's width: one step of the SIMD kernel. */
const DIMENSIONS = 16;
const QUERY = Float32Array.from({ length: DIMENSIONS }, (_, k) => k === 0 ? 1 : 0);

function job(n: number, title: string): Job {
  return {
    id: `id-${String(n).padStart(4, "0")}`,
    job_title: title,
    company_name: `Company ${n}`,
    city: "Berlin",
    country: "DE",
    publish_time: `2025-01-${String(n + 1).padStart(2, "0")} 10:00:00`,
    job_url: `https://www.linkedin.com/jobs/view/${n}`,
    job_tags: [],
    data_source: "linkedin",
    job_description: "",
  };
}

/** The cosine with the query that gives `semantic` on the served model's mapping. */
function cosineFor(semantic: number): number {
  const { cosineFloor, cosineCeiling } = served.ranking;
  return cosineFloor + semantic * (cosineCeiling - cosineFloor);
}

/**
 * An index of postings titled `titles[i]` whose title vectors meet the query at `cosines[i]` (each
 * 0.25 or more), in `cities[i]` (Berlin when not given): the rest of a vector spread evenly, so
 * that its first value is its largest and its int8 row (127 times the row's scale there) gives the
 * cosine exactly.
 */
function indexOf(titles: string[], cosines: number[], cities?: string[]): JobIndex {
  const jobs = titles.map((title, n) => ({ ...job(n, title), city: cities?.[n] ?? "Berlin" }));
  const vectors = cosines.map((c) => {
    assert.ok(c >= 0.25, `${c}`);
    const spread = Math.sqrt((1 - c * c) / (DIMENSIONS - 1));
    return Float32Array.from({ length: DIMENSIONS }, (_, k) => k === 0 ? c : spread);
  });
  return new JobIndex(assembleIndexData({ model: MODEL, dimensions: DIMENSIONS, jobs, vectors }));
}

/** The strong matches (the result set) of a search with the served settings, best first. */
function servedSearch(index: JobIndex, q: string, extra: Partial<IndexSearch> = {}) {
  return servedTiers(index, q, extra).filter(([, , match]) => match === "strong")
    .map(([title, score]) => [title, score]);
}

/** Every match of a search with the served settings, best first, with its tier. */
function servedTiers(index: JobIndex, q: string, extra: Partial<IndexSearch> = {}) {
  const { hits } = index.search({
    query: analyzeQuery(q),
    vector: QUERY,
    sort: "relevance",
    ranking: served.ranking,
    ...served.cut,
    ...extra,
  });
  return hits.map((h) => [h.job.job_title, h.score, h.match] as const);
}

Deno.test("rankingForModel() serves the measured settings of docs/search.md", () => {
  assert.deepEqual(served, {
    ranking: {
      vectorWeight: 0.5,
      vectorWeightUnmatched: 1,
      cosineFloor: 0.2,
      cosineCeiling: 0.9,
      occupationLabels: true,
      occupationMeanings: true,
      occupationShared: true,
      occupationAgreement: true,
      titleAlone: 0.72,
    },
    cut: {
      minScore: 0.45,
      relativeCut: 0.7,
      weakRelativeCut: 0.9,
      weakFloor: 0.25,
      closeFloor: 0.28,
      rescueStrong: false,
      minScoreUnmatched: 0.55,
    },
  });
  // Only the model they were measured with reads queries with the ESCO occupations.
  assert.equal(rankingForModel("use-lite-512@0.2.0").ranking.occupationLabels, undefined);
  for (const model of MODELS) assert.ok(RANKED_MODELS.includes(model.stamp), model.id);
});

Deno.test("rankingForModel() lets an operator's minimum replace the minimum alone", () => {
  assert.deepEqual(rankingForModel(MODEL, { minScore: 0.7 }).cut, {
    minScore: 0.7,
    relativeCut: 0.7,
    weakRelativeCut: 0.9,
    rescueStrong: false,
    minScoreUnmatched: 0.7 + (0.55 - 0.45),
    weakFloor: 0.25,
    closeFloor: 0.28,
  });
  // A minimum under the floor lowers the floor with it: nothing it admits is cut by the floor.
  assert.deepEqual(rankingForModel(MODEL, { minScore: 0.1 }).cut, {
    minScore: 0.1,
    relativeCut: 0.7,
    weakRelativeCut: 0.9,
    rescueStrong: false,
    minScoreUnmatched: 0.1 + (0.55 - 0.45),
    weakFloor: 0.1,
    closeFloor: 0.1,
  });
  assert.deepEqual(rankingForModel("unknown@1").cut.relativeCut, 0);
});

// Titles share no word with the query "zqxv", so each score is the semantic part alone
// (`vectorWeightUnmatched` 1): the chosen cosine's mapping.
Deno.test("the relative cut drops matches under 70% of the best, above the minimum", () => {
  const index = indexOf(["Alpha", "Beta", "Gamma"], [0.9, 0.64, 0.62].map(cosineFor));
  assert.deepEqual(servedSearch(index, "zqxv"), [["Alpha", 0.9], ["Beta", 0.64]]);
});

Deno.test("weak best matches are rescued down to the floor, within 90% of the best", () => {
  const index = indexOf(["Alpha", "Beta", "Gamma"], [0.4, 0.36, 0.35].map(cosineFor));
  const rescuing = { rescueStrong: true };
  // Best 0.40 < minimum 0.45: kept, with what reaches both 90% of it (0.36) and the floor (0.25);
  // Gamma, within the 70% a strong best would ask, is a close match.
  assert.deepEqual(servedTiers(index, "zqxv", rescuing), [
    ["Alpha", 0.4, "strong"],
    ["Beta", 0.36, "strong"],
    ["Gamma", 0.35, "close"],
  ]);
  const low = indexOf(["Alpha", "Beta"], [0.28, 0.26].map(cosineFor));
  // The floor still bounds the rescue: 90% of 0.28 is under it.
  assert.deepEqual(servedSearch(low, "zqxv", rescuing), [["Alpha", 0.28], ["Beta", 0.26]]);
});

Deno.test("as served, a weak best match makes no strong match: the same list, all of it close", () => {
  const index = indexOf(["Alpha", "Beta", "Gamma"], [0.4, 0.36, 0.35].map(cosineFor));
  assert.deepEqual(servedTiers(index, "zqxv"), [
    ["Alpha", 0.4, "close"],
    ["Beta", 0.36, "close"],
    ["Gamma", 0.35, "close"],
  ]);
  // Under the close floor (0.28) but rescued: still listed, as close matches.
  const low = indexOf(["Alpha", "Beta", "Gamma"], [0.27, 0.25, 0.24].map(cosineFor));
  assert.deepEqual(servedTiers(low, "zqxv"), [["Alpha", 0.27, "close"], ["Beta", 0.25, "close"]]);
  // Newest first: no result, the nearest apart in `closest`.
  const dated = index.search({
    query: analyzeQuery("zqxv"),
    vector: QUERY,
    ranking: served.ranking,
    ...served.cut,
  });
  assert.deepEqual(dated.hits, []);
  assert.equal(dated.total, 0);
  assert.equal(dated.closeTotal, 3);
  assert.deepEqual(dated.closest?.map((h) => h.job.job_title), ["Alpha", "Beta", "Gamma"]);
});

Deno.test("where no title holds a word of the query, a strong match needs the higher minimum", () => {
  // "carpenter" (no posting says it) listed production engineers and chefs as strong at 0.46-0.48.
  const { minScore, minScoreUnmatched } = served.cut;
  fc.assert(
    fc.property(
      fc.double({ min: minScore + 0.001, max: minScoreUnmatched! - 0.001, noNaN: true }),
      (semantic) => {
        const alone = indexOf(["Alpha", "Beta"], [semantic, semantic * 0.95].map(cosineFor));
        // The same list, in the same order; none of it strong.
        const tiers = servedTiers(alone, "zqxv");
        assert.deepEqual(tiers.map(([title]) => title), ["Alpha", "Beta"]);
        assert.ok(tiers.every(([, , match]) => match === "close"), JSON.stringify(tiers));
      },
    ),
    { numRuns: 40, seed: 3903 },
  );
  // Where a posting holds the word, the minimum is the model's: a title with the word and little
  // meaning (half its score is the word's) scores under the higher minimum, and is strong.
  const worded = indexOf(["Zqxv"], [cosineFor(0.08)]);
  assert.deepEqual(servedTiers(worded, "zqxv"), [["Zqxv", 0.54, "strong"]]);
});

Deno.test("the rescue's tier changes which matches are strong, never which are listed or their order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 0.25, max: 0.95, noNaN: true }), { minLength: 1, maxLength: 8 }),
      (semantics) => {
        const index = indexOf(semantics.map((_, i) => `T${i}`), semantics.map(cosineFor));
        const asServed = servedTiers(index, "zqxv");
        const rescuing = servedTiers(index, "zqxv", { rescueStrong: true });
        assert.deepEqual(asServed.map(([t, s]) => [t, s]), rescuing.map(([t, s]) => [t, s]));
        const best = Math.max(0, ...asServed.map(([, score]) => score));
        // No title holds "zqxv": the minimum is the one for words no posting holds.
        if (best >= served.cut.minScoreUnmatched!) assert.deepEqual(asServed, rescuing);
        else assert.ok(asServed.every(([, , match]) => match === "close"));
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("a place the query names that holds a strong match cuts its strong set against the best there, and tops its list up to a page with its nearest", () => {
  const inSydney = { cityKey: "sydney" };
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          // Often all weak: where the rescue keeps matches under the close floor.
          semantic: fc.oneof(
            fc.double({ min: 0.25, max: 0.32, noNaN: true }),
            fc.double({ min: 0.25, max: 0.95, noNaN: true }),
          ),
          sydney: fc.boolean(),
        }),
        { minLength: 1, maxLength: 16 },
      ),
      (postings) => {
        const titles = postings.map((_, i) => `T${i}`);
        const cities = postings.map((p) => p.sydney ? "Sydney" : "Berlin");
        const index = indexOf(titles, postings.map((p) => cosineFor(p.semantic)), cities);
        const alone = postings.flatMap((p, i) => p.sydney ? [{ ...p, title: titles[i] }] : []);
        const aloneIndex = alone.length
          ? indexOf(alone.map((p) => p.title), alone.map((p) => cosineFor(p.semantic)))
          : null;
        // Where the place holds a strong match, its strong matches are those of the place's
        // postings alone: a better match elsewhere sets no bar. Where it holds none, none. So too
        // where the rescue's matches are strong (a cut of other settings).
        const inSydneyAt = (title: string) => cities[titles.indexOf(title)] === "Sydney";
        for (const rescue of [{}, { rescueStrong: true }]) {
          const strongThere = servedSearch(index, "zqxv", { place: inSydney, ...rescue });
          const holds = servedSearch(index, "zqxv", rescue).some(([t]) => inSydneyAt(String(t)));
          assert.deepEqual(
            strongThere,
            holds && aloneIndex ? servedSearch(aloneIndex, "zqxv", rescue) : [],
          );
        }
        const there = servedTiers(index, "zqxv", { place: inSydney });
        // The list is the query's without the place, less the postings elsewhere: the place only
        // moves postings from the close tier to the strong one. Where that leaves less than a
        // page, the place's nearest postings under the close floor follow as close matches, up to
        // a page in all (job_index_test.ts).
        const anywhere = servedTiers(index, "zqxv");
        const atPlace = anywhere.filter(([title]) => inSydneyAt(title));
        assert.deepEqual(
          there.slice(0, atPlace.length).map(([t, s]) => [t, s]),
          atPlace.map(([t, s]) => [t, s]),
        );
        assert.ok(there.length <= Math.max(atPlace.length, NEAREST_THERE));
        for (const [title, score, match] of there.slice(atPlace.length)) {
          assert.ok(inSydneyAt(title) && match === "close");
          assert.ok(score > 0 && score < served.cut.closeFloor);
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("a place with one match listed tops it up with its nearest, a page in all", () => {
  // One Sydney posting reaches the close floor, twelve more lie under it: nine of them follow.
  const titles = ["Best", "Near", ...Array.from({ length: 12 }, (_, i) => `Under${i}`)];
  const semantics = [0.9, 0.5, ...Array.from({ length: 12 }, (_, i) => 0.27 - i * 0.001)];
  const cities = ["Berlin", "Sydney", ...Array(12).fill("Sydney")];
  const index = indexOf(titles, semantics.map(cosineFor), cities);
  const there = servedTiers(index, "zqxv", { place: { cityKey: "sydney" }, sort: "relevance" });
  assert.equal(there.length, NEAREST_THERE);
  assert.deepEqual(there.map(([title]) => title), ["Near", ...titles.slice(2, 11)]);
  assert.ok(there.slice(1).every(([, score, match]) => match === "close" && score > 0));
});

Deno.test("where the rescue's matches are strong, those of a place are listed under the close floor", () => {
  const index = indexOf(["Alpha", "Beta", "Gamma"], [0.3, 0.29, 0.265].map(cosineFor), [
    "Berlin",
    "Sydney",
    "Sydney",
  ]);
  // Sydney's best (0.29) is strong by the rescue's bar anywhere (90% of 0.3); against it, Gamma
  // (0.265, under the close floor 0.28 and under 90% of 0.3) is strong there too.
  assert.deepEqual(
    servedTiers(index, "zqxv", { place: { cityKey: "sydney" }, rescueStrong: true }),
    [["Beta", 0.29, "strong"], ["Gamma", 0.265, "strong"]],
  );
});

Deno.test("cutBar() never falls as the best match rises, whatever the two shares", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (a, b, enough, floor, relativeCut, weakRelativeCut) => {
        const least = Math.min(enough, floor);
        const bars = { enough, least, close: least, relativeCut, weakRelativeCut };
        const [low, high] = a <= b ? [a, b] : [b, a];
        assert.ok(cutBar(low, bars) <= cutBar(high, bars));
        // A best match is always strong: the bar never passes it, unless the floor does.
        assert.ok(cutBar(high, bars) <= Math.max(high, least));
      },
    ),
  );
});

Deno.test("a best match that reaches the minimum rescues nothing under it", () => {
  const index = indexOf(["Alpha", "Beta"], [0.6, 0.4].map(cosineFor));
  // Beta reaches 70% of the best (0.42) and the floor (0.25), but not the minimum (0.45).
  assert.deepEqual(servedSearch(index, "zqxv"), [["Alpha", 0.6]]);
});

Deno.test("what the cut drops above the close floor is a close match, after the strong ones", () => {
  const index = indexOf(["Alpha", "Beta", "Gamma", "Delta"], [0.9, 0.5, 0.29, 0.27].map(cosineFor));
  // The cut's bar is 70% of 0.9 (0.63): Beta and Gamma are under it, Delta under the close floor
  // (0.28 since session 25: Gamma's 0.29 was under 0.3).
  assert.deepEqual(servedTiers(index, "zqxv"), [
    ["Alpha", 0.9, "strong"],
    ["Beta", 0.5, "close"],
    ["Gamma", 0.29, "close"],
  ]);
  // Newest first lists the strong set alone, and says how many close matches there are.
  const dated = index.search({
    query: analyzeQuery("zqxv"),
    vector: QUERY,
    ranking: served.ranking,
    ...served.cut,
  });
  assert.deepEqual(dated.hits.map((h) => h.job.job_title), ["Alpha"]);
  assert.equal(dated.total, 1);
  assert.equal(dated.closeTotal, 2);
  assert.equal(dated.closest, undefined);
});

Deno.test("nothing under the floor is ever shown", () => {
  const index = indexOf(["Alpha", "Beta"], [0.24, 0.2].map(cosineFor));
  assert.deepEqual(servedSearch(index, "zqxv"), []);
});

Deno.test("a posting with the query's words mixes both parts half and half", () => {
  // "nurse" is in every title, so the best keyword score is 1 and the weight is vectorWeight.
  const index = indexOf(["Nurse", "Nurse Assistant"], [0.8, 0.6].map(cosineFor));
  const hits = servedSearch(index, "nurse");
  const keyword = Object.fromEntries(
    servedSearch(index, "nurse", { mode: "keyword", minScore: 0, weakFloor: 0, relativeCut: 0 }),
  );
  assert.equal(keyword["Nurse"], 1);
  assert.deepEqual(hits, [
    ["Nurse", 0.5 * 0.8 + 0.5 * 1],
    ["Nurse Assistant", Math.round((0.5 * 0.6 + 0.5 * keyword["Nurse Assistant"]) * 1e4) / 1e4],
  ]);
});

Deno.test("a title naming the job in other words is not held under titles that share a word", () => {
  // "nurse" is in one title, so the best keyword score is 1 and the mix is half and half: without
  // the title's own floor, "Caregiver" (semantic 0.8, no word) would score 0.4, under "Nurse
  // " (semantic 0.1, its one word: 0.55).
  const index = indexOf(["Nurse", "Caregiver", "Orderly"], [0.1, 0.8, 0.45].map(cosineFor));
  const keyword = Object.fromEntries(
    servedSearch(index, "nurse", { mode: "keyword", minScore: 0, weakFloor: 0, relativeCut: 0 }),
  );
  assert.equal(keyword["Nurse"], 1);
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  assert.deepEqual(servedTiers(index, "nurse"), [
    ["Caregiver", round(0.72 * 0.8), "strong"],
    ["Nurse", round(0.5 * 0.1 + 0.5 * 1), "strong"],
    // Under the cut (70% of 0.576) but over the close floor by its own share alone (0.324): the
    // scan must not pass over a title the mix alone (0.225) would leave under the floor.
    ["Orderly", round(0.72 * 0.45), "close"],
  ]);
});

Deno.test("mixScore() is the served mix: in [0, 1], rising with the cosine and the keyword score", () => {
  const { cosineFloor, cosineCeiling } = served.ranking;
  const span = cosineCeiling - cosineFloor;
  fc.assert(
    fc.property(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (c1, c2, k1, k2, weight) => {
        const [low, high] = c1 <= c2 ? [c1, c2] : [c2, c1];
        const [few, more] = k1 <= k2 ? [k1, k2] : [k2, k1];
        const score = mixScore(low, few, weight, cosineFloor, span);
        assert.ok(score >= 0 && score <= 1);
        assert.ok(mixScore(high, few, weight, cosineFloor, span) >= score);
        assert.ok(mixScore(low, more, weight, cosineFloor, span) >= score);
      },
    ),
    { seed: 36 },
  );
  // Past the ceiling a title counts as at it, under the floor as at the floor: a near-exact title
  // cannot outweigh the keywords it lacks, nor a far one take from those it has. Shares in steps
  // of 1%, so that every case is far from the doubles' edges where a difference would vanish.
  const share = fc.integer({ min: 0, max: 100 }).map((n) => n / 100);
  fc.assert(
    fc.property(share, share, share, (beyond, keyword, weight) => {
      const at = (cosine: number) => mixScore(cosine, keyword, weight, cosineFloor, span);
      assert.equal(at(cosineCeiling + beyond * (1 - cosineCeiling)), at(cosineCeiling));
      assert.equal(at(cosineFloor - beyond * (1 + cosineFloor)), at(cosineFloor));
    }),
    { seed: 36 },
  );
  // With a title's own share: never under that share of the semantic score, the mix wherever the
  // mix is more, and still rising with either part.
  fc.assert(
    fc.property(share, share, share, share, share, (cosineShare, k1, k2, weight, alone) => {
      const cosine = cosineFloor + cosineShare * span;
      const [few, more] = k1 <= k2 ? [k1, k2] : [k2, k1];
      const score = mixScore(cosine, few, weight, cosineFloor, span, alone);
      const mix = mixScore(cosine, few, weight, cosineFloor, span);
      assert.ok(score >= alone * cosineShare - 1e-12 && score >= mix && score <= 1);
      assert.ok(score === mix || Math.abs(score - alone * cosineShare) < 1e-12);
      assert.ok(mixScore(cosine, more, weight, cosineFloor, span, alone) >= score);
      assert.ok(mixScore(cosine + 0.01, few, weight, cosineFloor, span, alone) >= score);
    }),
    { seed: 21 },
  );
  // The title alone at full weight; the keywords alone at none; the ceiling maps to 1.
  assert.equal(mixScore(cosineCeiling, 0.3, 1, cosineFloor, span), 1);
  assert.equal(mixScore(0.95, 0.3, 0, cosineFloor, span), 0.3);
  assert.equal(mixScore(cosineFloor, 1, 0.5, cosineFloor, span), 0.5);
});
