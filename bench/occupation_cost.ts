/**
 * `deno run -A bench/occupation_cost.ts`: what finding occupations by meaning costs (docs/search.md,
 * "Occupations described (session 18)"): embedding the ESCO labels and sentences once (into a
 * temporary folder, as a first start on a machine does), reading them back (every later start),
 * and `OccupationLabels.nearest` per query, over the judged queries' vectors; session 19: also
 * `sharedNearest` per query, and what judging an occupation found by meaning costs (the query's
 * five nearest titles among 100,000 and 1,000,000 rows, `topRows`, and a label's mean cosine with
 * them, `meanCosineAt`).
 *
 * @module
 */
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import { openOccupations } from "../src/search/occupations.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { openModel } from "./model_compare.ts";
import { AGREEMENT_TITLES, topRows } from "../src/index/job_index.ts";
import { quantiseRows, TitleVectors } from "../src/index/title_vectors.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const model = await openModel(findModel(DEFAULT_MODEL_ID));
const config = loadConfig(Deno.env.toObject());
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = await Deno.makeTempDir();
try {
  // The CSV is read from the model folder; the vectors go to the temporary one.
  await Deno.mkdir(`${fresh}/esco-occupations`);
  await Deno.copyFile(
    `${config.modelDir}/esco-occupations/occupations.csv`,
    `${fresh}/esco-occupations/occupations.csv`,
  );
  const settings = { modelDir: fresh, modelSource: undefined };
  let started = performance.now();
  const occupations = (await openOccupations(settings, silentLogger, model))!;
  const embedMs = performance.now() - started;
  const reads: number[] = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    await openOccupations(settings, silentLogger, model);
    reads.push(performance.now() - started);
  }
  const texts = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].map((q) =>
    analyzeQuery(q.q).embeddingText
  );
  const vectors = await model.embed(texts);
  const perQuery: number[] = [];
  for (let round = 0; round < 5; round++) {
    vectors.forEach((vector, i) => {
      const t = performance.now();
      occupations.nearest(vector, texts[i]);
      perQuery.push(performance.now() - t);
    });
  }
  const shared: number[] = [];
  for (let round = 0; round < 5; round++) {
    vectors.forEach((vector, i) => {
      const t = performance.now();
      occupations.sharedNearest(vector, texts[i]);
      shared.push(performance.now() - t);
    });
  }
  // The agreement: one pass over every row's cosine for the five largest, then two labels'
  // products with those five rows (random rows: the cost does not depend on the values).
  const agreementMs: Record<number, number[]> = {};
  for (const rows of [100_000, 1_000_000]) {
    const cosines = Float32Array.from({ length: rows }, () => Math.random() * 2 - 1);
    const d = model.dimensions;
    const few = Float32Array.from({ length: 16 * d }, () => Math.random() - 0.5);
    const { values, scales } = quantiseRows(few, d);
    const titleVectors = new TitleVectors({
      vectors: values,
      vectorScales: scales,
      dimensions: d,
      vectorOfDoc: Uint32Array.from({ length: 16 }, (_, p) => p),
    });
    agreementMs[rows] = [];
    for (let round = 0; round < 9; round++) {
      const t = performance.now();
      const top = topRows(cosines, AGREEMENT_TITLES).map((r) => r % 16);
      for (const label of vectors.slice(0, 2)) titleVectors.meanCosineAt(label, top);
      agreementMs[rows].push(performance.now() - t);
    }
    titleVectors.close();
  }
  const load = Deno.loadavg().map((l) => l.toFixed(2)).join(" ");
  print(`load average ${load}; ${occupations.size} occupations`);
  print(`first start (embed labels and sentences): ${(embedMs / 1000).toFixed(1)} s`);
  print(`later starts (read back, parse included): median ${median(reads).toFixed(0)} ms`);
  print(
    `nearest() per query: median ${median(perQuery).toFixed(2)} ms, p95 ${
      perQuery[Math.floor(perQuery.length * 0.95)].toFixed(2)
    } ms (${perQuery.length} calls)`,
  );
  print(
    `sharedNearest() per query: median ${median(shared).toFixed(3)} ms, p95 ${
      shared[Math.floor(shared.length * 0.95)].toFixed(3)
    } ms (${shared.length} calls)`,
  );
  for (const [rows, ms] of Object.entries(agreementMs)) {
    print(
      `agreement (five nearest of ${rows} rows, two labels): median ${median(ms).toFixed(2)} ms`,
    );
  }
} finally {
  await Deno.remove(fresh, { recursive: true });
  model.close();
}
