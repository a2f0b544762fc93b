/**
 * `deno run -A bench/role_text.ts`: what is embedded for a posting (the whole cleaned title, or
 * the role in it: src/index/role_text.ts), what is embedded for a query (as typed, or without
 * filler such as "jobs"), and the fusion weights, on the real postings with the default model.
 * Settings are chosen on the model set (bench/queries/model.jsonl); the held-out set is
 * printed beside it and never used to choose (docs/search.md, "The role leads").
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { assembleIndexData } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { rankingForModel, type RankingParams } from "../src/index/ranking.ts";
import { roleTextOf, withoutGenderMarkers } from "../src/index/role_text.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import {
  formatKindRow,
  openModel,
  QUALITY_BY_KIND_HEADER,
  qualityByKind,
} from "./model_compare.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { importRealJobs } from "./real_data.ts";

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));

/** What was embedded before: the whole title, lower-cased, without gender markers. */
const wholeTitle = (job: Job) => withoutGenderMarkers(job.job_title).toLowerCase();

const spec = findModel(DEFAULT_MODEL_ID);
const embedder = await openModel(spec);
const jobs = await importRealJobs();

async function indexWith(textOf: (job: Job) => string): Promise<JobIndex> {
  const texts = jobs.map(textOf);
  const distinct = [...new Set(texts)];
  const vectors = await embedder.embed(distinct);
  const vectorOf = new Map(distinct.map((t, i) => [t, vectors[i]]));
  return new JobIndex(assembleIndexData({
    model: embedder.model,
    dimensions: embedder.dimensions,
    jobs,
    vectors: texts.map((t) => vectorOf.get(t)!),
  }));
}

const served = rankingForModel(spec.stamp);
const sets = [
  { name: "model set (chosen on)", queries: MODEL_JUDGED_QUERIES },
  { name: "held-out set (never tuned on)", queries: HELDOUT_JUDGED_QUERIES },
];
const queryVectors = new Map<string, Float32Array>();

async function report(label: string, index: JobIndex, ranking: RankingParams) {
  for (const set of sets) {
    print(`  ${label}; ${set.name}:`);
    print(QUALITY_BY_KIND_HEADER);
    const quality = await qualityByKind(index, embedder, set.queries, {
      ranking,
      ...served.cut,
      places: true,
      vectors: queryVectors,
    });
    for (const [kind, q] of Object.entries(quality)) print(formatKindRow(kind, q));
  }
}

print(`${jobs.length} real postings, ${spec.id}; the served cut ${JSON.stringify(served.cut)}`);
const byTitle = await indexWith(wholeTitle);
await report("whole title embedded (before)", byTitle, served.ranking);
const byRole = await indexWith(roleTextOf);
print(
  `  distinct embedded texts: whole titles ${new Set(jobs.map(wholeTitle)).size}, roles ${
    new Set(jobs.map(roleTextOf)).size
  }`,
);
await report("role embedded", byRole, served.ranking);
for (const vectorWeight of Deno.args.includes("--weights") ? [0.6, 0.7, 0.8] : []) {
  await report(`role embedded, vectorWeight ${vectorWeight}`, byRole, {
    ...served.ranking,
    vectorWeight,
  });
}
print(`  query embedded for "RN jobs": ${JSON.stringify(analyzeQuery("RN jobs").embeddingText)}`);
embedder.close();
