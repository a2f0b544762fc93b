/**
 * How a model's ranking calibration and result-set cut (`BY_MODEL` in src/index/ranking.ts) were chosen, on the
 * model judged set only (bench/queries/model.jsonl): first the ranking (vector weight for
 * queries whose words some title has and for those whose words none has, cosine floor and
 * ceiling) by nDCG@10 of paraphrase and keyword queries; then, on that ranking, the cut (minimum
 * score, share of the best match's score, floor below which nothing is rescued) by the result
 * set's F1 plus the nDCG@10 of its first page in the REST default order (newest first), with a
 * penalty per query left empty although it has relevant postings. The held-out
 * set is printed for the chosen settings, never used to pick. Unrelated queries (no posting answers
 * them) must keep an empty result set.
 * `deno run -A bench/tune_ranking.ts [model-id]`.
 *
 * @module
 */
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import type { RankingParams } from "../src/index/ranking.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import {
  formatKindRow,
  type KindQuality,
  openModel,
  QUALITY_BY_KIND_HEADER,
  qualityByKind,
  queryVector,
} from "./model_compare.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { importRealJobs } from "./real_data.ts";

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));

const spec = findModel(Deno.args[0] ?? DEFAULT_MODEL_ID);
const embedder = await openModel(spec);
const jobs = await importRealJobs();
const titles = [...new Set(jobs.map(embeddingTextOf))];
const vectors = await embedder.embed(titles);
const vectorOf = new Map(titles.map((t, i) => [t, vectors[i]]));
/**
 * Queries no posting answers (no such job in the data, or no job at all): their result sets must
 * stay empty, so a cut that lets them in is penalised.
 */
const UNRELATED = [
  "banana bread recipe",
  "football scores tonight",
  "asdfghjkl",
  "cheap flights to paris",
  "how to fix a leaking tap",
  "astronaut",
  "zookeeper",
  "opera singer",
  "weather tomorrow",
  "lottery numbers",
  // Search filler alone names no job (docs/search.md).
  "job",
  "work",
];
async function unrelatedAnswered(
  cut: { minScore: number; relativeCut: number; weakFloor: number },
  ranking: RankingParams,
): Promise<number> {
  let answered = 0;
  for (const q of UNRELATED) {
    const query = analyzeQuery(q);
    const vector = await queryVector(embedder, queryVectors, query.embeddingText);
    if (index.search({ query, vector, ranking, ...cut, limit: 0 }).total > 0) answered++;
  }
  return answered;
}
const index = new JobIndex(assembleIndexData({
  model: embedder.model,
  dimensions: embedder.dimensions,
  jobs,
  vectors: jobs.map((job) => vectorOf.get(embeddingTextOf(job))!),
}));
const queryVectors = new Map<string, Float32Array>();

const f1 = (r: KindQuality) =>
  r.setPrecision + r.setRecall > 0
    ? 2 * r.setPrecision * r.setRecall / (r.setPrecision + r.setRecall)
    : 0;
const describe = (q: Record<string, KindQuality>) =>
  `para ${q.paraphrase.ndcg10.toFixed(3)} kw ${q.keyword.ndcg10.toFixed(3)} first page ${
    q.all.firstPage.toFixed(3)
  } set P ${q.all.setPrecision.toFixed(2)} R ${q.all.setRecall.toFixed(2)} size ${
    q.all.setSize.toFixed(0)
  } empty ${q.all.empty}`;

const rankings: { ranking: RankingParams; objective: number; summary: string }[] = [];
for (const vectorWeight of [0.4, 0.5, 0.6]) {
  for (const vectorWeightUnmatched of [vectorWeight, 0.8, 1]) {
    for (const cosineFloor of [0.2, 0.3, 0.4]) {
      for (const cosineCeiling of [0.8, 0.9]) {
        const ranking = { vectorWeight, vectorWeightUnmatched, cosineFloor, cosineCeiling };
        const q = await qualityByKind(index, embedder, MODEL_JUDGED_QUERIES, {
          ranking,
          minScore: 0.3,
          vectors: queryVectors,
        });
        rankings.push({
          ranking,
          // A floor that zeroes every title of a paraphrase query leaves nothing for the cut to
          // rescue: count such queries against the ranking.
          objective: q.paraphrase.ndcg10 + q.keyword.ndcg10 - 0.01 * q.all.empty,
          summary: describe(q),
        });
      }
    }
  }
}
rankings.sort((a, b) => b.objective - a.objective);
print(
  `${spec.id}: ranking, best of ${rankings.length} on the model set ` +
    "(nDCG@10 para + kw - 0.01 per empty set at a 0.3 cut)",
);
for (const r of rankings.slice(0, 8)) {
  print(`  ${JSON.stringify(r.ranking)}: ${r.objective.toFixed(3)}  ${r.summary}`);
}
const ranking = rankings[0].ranking;

const cuts: {
  cut: { minScore: number; relativeCut: number; weakFloor: number };
  objective: number;
  summary: string;
}[] = [];
for (const minScore of [0.3, 0.35, 0.4, 0.45]) {
  for (const relativeCut of [0, 0.5, 0.6, 0.7, 0.8]) {
    for (const weakFloor of [0.05, 0.1, 0.15, 0.2, minScore]) {
      const cut = { minScore, relativeCut, weakFloor };
      const q = await qualityByKind(index, embedder, MODEL_JUDGED_QUERIES, {
        ranking,
        ...cut,
        vectors: queryVectors,
      });
      const answered = await unrelatedAnswered(cut, ranking);
      cuts.push({
        cut,
        // The set is what a newest-first page draws from: its F1, and that first page itself.
        objective: f1(q.all) + q.all.firstPage - 0.01 * q.all.empty - 0.05 * answered,
        summary: `${describe(q)} unrelated answered ${answered}/${UNRELATED.length}`,
      });
    }
  }
}
cuts.sort((a, b) => b.objective - a.objective);
print(
  `${spec.id}: result-set cut, best of ${cuts.length} on the model set ` +
    "(set F1 + first-page nDCG@10 by date - 0.01 per empty set - 0.05 per unrelated query answered)",
);
for (const c of cuts.slice(0, 8)) {
  print(`  ${JSON.stringify(c.cut)}: ${c.objective.toFixed(3)}  ${c.summary}`);
}
for (
  const { name, queries } of [
    { name: "model set", queries: MODEL_JUDGED_QUERIES },
    { name: "held-out set", queries: HELDOUT_JUDGED_QUERIES },
  ]
) {
  print(`${name} with the chosen ranking and cut:`);
  print(QUALITY_BY_KIND_HEADER);
  const q = await qualityByKind(index, embedder, queries, {
    ranking,
    ...cuts[0].cut,
    vectors: queryVectors,
  });
  for (const [kind, row] of Object.entries(q)) print(formatKindRow(kind, row));
}
embedder.close();
