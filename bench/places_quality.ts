/**
 * What reading places in queries does to ranking quality (docs/search.md, "Places in the query"):
 * nDCG@10 and the result sets of the model judged set (the one tuned on) and the held-out set, with
 * places applied as the search service applies them; and which words of everyday job searches are
 * read as places (none should be: towns called Nurse, Sales, Reading, Mobile, Java...).
 * `deno run -A bench/places_quality.ts`.
 *
 * @module
 */
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { placeToApply } from "../src/search/place_to_apply.ts";
import {
  formatKindRow,
  openModel,
  QUALITY_BY_KIND_HEADER,
  qualityByKind,
} from "./model_compare.ts";
import {
  EVERYDAY_QUERIES,
  HELDOUT_JUDGED_QUERIES,
  MODEL_JUDGED_QUERIES,
} from "./judged_queries.ts";
import { importRealJobs } from "./real_data.ts";

/** Job searches whose words are also towns somewhere: none of them names a place. */
export const NOT_PLACES = [
  "nurse",
  "sales jobs",
  "reading specialist",
  "mobile developer",
  "java developer",
  "architect",
  "senior architect jobs",
  "florence nightingale ward nurse",
  "nice team sales",
  "best paid nurse jobs",
  "data center technician",
  "marketing manager",
  "jobs in sales",
  "work in construction",
  "home care aide",
  "lead teacher",
  "customer service",
  "truck driver",
  "office manager",
];

/** Places written as people write them: other languages, other names, no postings there. */
export const WORLDWIDE = [
  "software engineer in Munich",
  "software engineer münchen",
  "developer cologne",
  "accountant in Frankfurt",
  "data analyst in the hague",
  "nurse jobs in Ulaanbaatar",
  "nurse jobs in Mongolia",
  "python developer in Vaughan",
];

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));

const spec = findModel(DEFAULT_MODEL_ID);
const embedder = await openModel(spec);
try {
  const jobs = await importRealJobs();
  const titles = [...new Set(jobs.map(embeddingTextOf))];
  const vectors = await embedder.embed(titles);
  const vectorOf = new Map(titles.map((t, i) => [t, vectors[i]]));
  const index = new JobIndex(assembleIndexData({
    model: embedder.model,
    dimensions: embedder.dimensions,
    jobs,
    vectors: jobs.map((job) => vectorOf.get(embeddingTextOf(job))!),
  }));
  const measured = rankingForModel(spec.stamp);
  const queryVectors = new Map<string, Float32Array>();
  for (
    const { name, queries } of [
      { name: "model set (tuned on)", queries: MODEL_JUDGED_QUERIES },
      { name: "held-out set (never tuned on)", queries: HELDOUT_JUDGED_QUERIES },
    ]
  ) {
    print(`${spec.id}, ${jobs.length} real postings, ${name}, places applied:`);
    print(QUALITY_BY_KIND_HEADER);
    const quality = await qualityByKind(index, embedder, queries, {
      ranking: measured.ranking,
      ...measured.cut,
      places: true,
      vectors: queryVectors,
    });
    for (const [kind, row] of Object.entries(quality)) print(formatKindRow(kind, row));
  }
  const read = (q: string) => {
    const place = placeToApply(index, parseSearchQuery({ q }));
    return place && (place.cityKey || place.country || place.remote)
      ? `${place.matched} -> ${
        [place.city, place.country, place.remote ? "remote" : ""]
          .filter(Boolean).join(", ")
      }`
      : null;
  };
  print("places read in the judged and everyday queries:");
  for (const { q } of [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES, ...EVERYDAY_QUERIES]) {
    const place = read(q);
    if (place) print(`  "${q}": ${place}`);
  }
  const misread = NOT_PLACES.map((q) => [q, read(q)]).filter(([, place]) => place !== null);
  print(`job searches read as places (should be none): ${JSON.stringify(misread)}`);
  print("places named in other ways, with the result set's size (places applied):");
  for (const q of WORLDWIDE) {
    const place = placeToApply(index, parseSearchQuery({ q }));
    const query = analyzeQuery(place?.rest ?? q);
    const [vector] = await embedder.embed([query.embeddingText]);
    const { total } = index.search({
      query,
      vector,
      place: place ?? undefined,
      ranking: measured.ranking,
      ...measured.cut,
      limit: 0,
    });
    print(`  "${q}": ${read(q) ?? "no place"}; ${total} postings`);
  }
} finally {
  embedder.close();
}
