/**
 * `deno run -A bench/tiered_quality.ts [--json] [--try FILE]`: what a searcher sees, on the real
 * postings with the default model, as the service answers (the place read from the query, the
 * analysed query, the model's ranking and cut, strong and close matches):
 * - nDCG@10 of the relevance order (`sort=relevance`: the strong matches, then the close ones);
 * - nDCG@10 of the first page of the newest-first order (`sort=date`: the strong set alone);
 * - the same page as a person is shown it: where no strong match is there, the close matches the
 *   response carries apart (`closest`, best first), which the web page, MCP and the CLI show in its
 *   place (session 26);
 * - how many queries with fitting postings (grade 2) get an empty relevance-order list;
 * - the mean size of the strong set and of the whole list;
 * - how many queries have a strong set, and its precision (the share graded 1 or 2, and 2 alone,
 *   averaged over those queries): a strong match reads as "what you asked for";
 * - the close matches' precision (the share graded 1 or 2, averaged over the queries with one):
 *   what a lower close floor adds to the lists (session 25);
 * per judged set (bench/queries/) and query kind. The tuned sets (model, spoken) and the held-out
 * ones (heldout, spoken_heldout) are printed side by side; settings are chosen on the tuned ones.
 *
 * `--try FILE`: a JSON list of `{ "name", "ranking"?, "cut"? }`, each merged over the model's
 * settings, measured one after the other on the same vectors (what bench/tune_ranking.ts does for
 * the cut alone); `"ranking": { "occupationLabels": false }` measures without the ESCO labels.
 * Title vectors are kept between runs in the model folder (tests/vector_cache.ts).
 *
 * `--per-query`: one line per query (set, query, the labels it named, both figures), to read what
 * a setting changed query by query.
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { occupationVectors } from "../src/search/occupation_vectors.ts";
import { rankingForModel, type RankingParams, type ResultCut } from "../src/index/ranking.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import { readQuery } from "../src/search/query_reading.ts";
import { aroundCityIfNone } from "../src/search/around_city.ts";
import type { IndexSearch } from "../src/index/index_search.ts";
import { filtersWithSalary } from "../src/search/filters_from_words.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { openOccupations } from "../src/search/occupations.ts";
import { openVectorCache } from "../tests/vector_cache.ts";
import {
  ABSENT_JUDGED_QUERIES,
  DESCRIBED_HELDOUT_JUDGED_QUERIES,
  DESCRIBED_JUDGED_QUERIES,
  EMPLOYMENT_HELDOUT_JUDGED_QUERIES,
  EMPLOYMENT_JUDGED_QUERIES,
  HELDOUT_JUDGED_QUERIES,
  MODEL_JUDGED_QUERIES,
  OTHER_WORDS_HELDOUT_JUDGED_QUERIES,
  QUALIFIED_HELDOUT_JUDGED_QUERIES,
  QUALIFIED_JUDGED_QUERIES,
  SAID_HELDOUT_JUDGED_QUERIES,
  SAID_JUDGED_QUERIES,
  SPOKEN_HELDOUT_JUDGED_QUERIES,
  SPOKEN_JUDGED_QUERIES,
  type TypedJudgedQuery,
} from "./judged_queries.ts";
import { gradeTyped, openModel } from "./model_compare.ts";
import { judge } from "./quality.ts";
import { importRealJobs } from "./real_data.ts";

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));

interface Tried {
  name: string;
  ranking?: Partial<RankingParams>;
  cut?: Partial<ResultCut>;
}

const tryAt = Deno.args.indexOf("--try");
const tries: Tried[] = tryAt >= 0
  ? JSON.parse(Deno.readTextFileSync(Deno.args[tryAt + 1]))
  : [{ name: "served" }];

const spec = findModel(DEFAULT_MODEL_ID);
const model = await openModel(spec);
const embedder = await openVectorCache(
  model,
  `${loadConfig(Deno.env.toObject()).modelDir}/../test-vectors`,
);
const jobs = await importRealJobs();
const titles = [...new Set(jobs.map(embeddingTextOf))];
const vectorOf = new Map((await embedder.embed(titles)).map((v, i) => [titles[i], v]));
await embedder.save();
const index = new JobIndex(assembleIndexData({
  model: embedder.model,
  dimensions: embedder.dimensions,
  jobs,
  vectors: jobs.map((job) => vectorOf.get(embeddingTextOf(job))!),
}));
const positionOf = new Map(index.data.jobs.map((job, p) => [job, p]));
/** The repost group of a posting: copies of one job are one entry of an ideal ranking. */
const repostGroupOf = index.repostGroups();
const jobOf = (job: Job) => repostGroupOf[positionOf.get(job)!];
const served = rankingForModel(embedder.model);
const obtained = await openOccupations(loadConfig(Deno.env.toObject()), silentLogger, model);
if (!obtained) throw new Error("the ESCO occupations could not be obtained");
const occupations = obtained;
const perQuery = Deno.args.includes("--per-query");
/** `--show QUERY` (repeatable): the query's first twelve in relevance order, graded. */
const showing = new Set(Deno.args.flatMap((a, i) => Deno.args[i - 1] === "--show" ? [a] : []));

const SETS: [string, TypedJudgedQuery[]][] = [
  ["model (tuned)", MODEL_JUDGED_QUERIES],
  ["heldout", HELDOUT_JUDGED_QUERIES],
  ["spoken (tuned)", SPOKEN_JUDGED_QUERIES],
  ["spoken heldout", SPOKEN_HELDOUT_JUDGED_QUERIES],
  ["described (tuned)", DESCRIBED_JUDGED_QUERIES],
  ["described heldout", DESCRIBED_HELDOUT_JUDGED_QUERIES],
  ["other words heldout", OTHER_WORDS_HELDOUT_JUDGED_QUERIES],
  ["qualified (tuned)", QUALIFIED_JUDGED_QUERIES],
  ["qualified heldout", QUALIFIED_HELDOUT_JUDGED_QUERIES],
  ["employment (tuned)", EMPLOYMENT_JUDGED_QUERIES],
  ["employment heldout", EMPLOYMENT_HELDOUT_JUDGED_QUERIES],
  ["said (tuned)", SAID_JUDGED_QUERIES],
  ["said heldout", SAID_HELDOUT_JUDGED_QUERIES],
  ["absent", ABSENT_JUDGED_QUERIES],
];
/**
 * `--strict-employment`: a query's employment type counts as met only where the posting says it
 * (bench/model_compare.ts `ofEmployment`); by default unless the posting says another.
 */
const strictEmployment = Deno.args.includes("--strict-employment");
/** `--only PART` (repeatable): only the sets whose name holds PART ("employment", "model"). */
const only = Deno.args.flatMap((a, i) => Deno.args[i - 1] === "--only" ? [a] : []);

interface Row {
  queries: number;
  relevance: number;
  /** The relevance order against an ideal ranking that holds each job once (its reposts joined). */
  relevanceOnce: number;
  firstPage: number;
  /** The newest-first page as shown: `closest` where the strong set is empty. */
  shownPage: number;
  empty: number;
  strong: number;
  listed: number;
  /** Queries with a non-empty strong set. */
  withStrong: number;
  /** The share of the strong set graded 1 or 2 (fitting or a neighbour); 0 when it is empty. */
  precision: number;
  /** The share of the strong set graded 2. */
  precision2: number;
  /** Queries with a close match listed. */
  withClose: number;
  /**
   * The share of the close matches graded 1 or 2: what a lower close floor adds is read here (the
   * nDCG of a list can only rise as the list grows at its end).
   */
  closePrecision: number;
}

const queryVectors = new Map<string, Float32Array>();
async function vectorFor(text: string): Promise<Float32Array> {
  let vector = queryVectors.get(text);
  if (!vector) {
    [vector] = await model.embed([text]);
    queryVectors.set(text, vector);
  }
  return vector;
}

async function measure(
  queries: TypedJudgedQuery[],
  ranking: RankingParams,
  cut: ResultCut,
): Promise<Record<string, Row>> {
  const rows: Record<string, Row[]> = {};
  for (const judged of queries) {
    // The words read as the service reads them (src/search/query_reading.ts): the place, the
    // analysed rest, the pay (applied as the service applies it).
    const parsed = parseSearchQuery({ q: judged.q });
    const reading = readQuery(index, parsed);
    const { place, analyzed: query } = reading;
    // As the service does (src/search/search_service.ts): per piece of work (the query's own, and
    // each alternative it names), the work's own vector where the query qualifies it, and the
    // labels read from the work alone (they are used only where that vector is), the occupations'
    // vectors being of this model (src/search/occupation_vectors.ts).
    const workSearch = async (work: typeof query) => {
      const vector = await vectorFor(work.embeddingText);
      const workVector = work.workText === undefined ? undefined : await vectorFor(work.workText);
      const labels = await occupationVectors(
        occupations,
        ranking,
        work.workText ?? work.embeddingText,
        workVector ?? vector,
        { sameModel: true, embed: vectorFor },
      );
      return { query: work, vector, workVector, ...labels };
    };
    const { vector, workVector, labelVectors, labelVectorsIfUsed, named } = await workSearch(query);
    const alternatives = query.alternatives &&
      await Promise.all(query.alternatives.map(workSearch));
    let around: IndexSearch["place"];
    const search = (sort: "date" | "relevance", limit: number) => {
      const request: IndexSearch = {
        query,
        vector,
        workVector,
        alternatives,
        labelVectors,
        labelVectorsIfUsed,
        place: place ?? undefined,
        filters: filtersWithSalary(parsed, reading),
        ...(reading.company ? { namedCompany: reading.company.names } : {}),
        ...(reading.noneThere ? { nearestFirst: true } : {}),
        sort,
        limit,
        ranking,
        ...cut,
      };
      if (around) return index.search({ ...request, place: around });
      const found = index.search(request);
      // A city with no strong match of its own: the postings around it (src/search/around_city.ts).
      const wider = aroundCityIfNone(index, request, reading, parsed, found);
      if (!wider || !("widen" in wider)) return found;
      around = wider.widen.place;
      return index.search(wider.widen.request);
    };
    const grade = (job: Job) => gradeTyped(judged, job, strictEmployment);
    const listed = search("relevance", 1000);
    const dated = search("date", 10);
    const hasFitting = jobs.some((job) => grade(job) === 2);
    const row: Row = {
      queries: 1,
      relevance: judge(grade, jobs, listed.hits.slice(0, 10).map((h) => h.job), []).ndcg10,
      relevanceOnce: judge(grade, jobs, listed.hits.slice(0, 10).map((h) => h.job), [], jobOf)
        .ndcg10,
      firstPage: judge(grade, jobs, dated.hits.map((h) => h.job), []).ndcg10,
      shownPage: judge(grade, jobs, (dated.closest ?? dated.hits).map((h) => h.job), []).ndcg10,
      empty: hasFitting && listed.hits.length === 0 ? 1 : 0,
      strong: listed.total,
      listed: listed.hits.length,
      withStrong: listed.total > 0 ? 1 : 0,
      precision: 0,
      precision2: 0,
      withClose: 0,
      closePrecision: 0,
    };
    const closeHits = listed.hits.filter((hit) => hit.match === "close");
    if (closeHits.length) {
      row.withClose = 1;
      row.closePrecision = closeHits.filter((hit) => grade(hit.job) > 0).length / closeHits.length;
    }
    const strongHits = listed.hits.filter((hit) => hit.match === "strong");
    if (strongHits.length) {
      const grades = strongHits.map((hit) => grade(hit.job));
      row.precision = grades.filter((g) => g > 0).length / grades.length;
      row.precision2 = grades.filter((g) => g === 2).length / grades.length;
    }
    if (perQuery) {
      print(
        `    ${judged.kind.padEnd(10)} ${JSON.stringify(judged.q)} [${named.join("; ")}] ` +
          `relevance ${row.relevance.toFixed(3)} (each job once ${row.relevanceOnce.toFixed(3)}) ` +
          `first page ${row.firstPage.toFixed(3)} ` +
          `shown ${row.shownPage.toFixed(3)} ` +
          `strong ${row.strong} precision ${row.precision.toFixed(2)} best ${
            (listed.hits[0]?.score ?? 0).toFixed(3)
          }`,
      );
    }
    if (showing.has(judged.q)) {
      // Each side apart: the keyword score and the title's own cosine (labels not applied).
      const words = index.scoresOf(query, vector, { mode: "keyword", ranking });
      const own = index.scoresOf(query, vector, { mode: "vector", ranking });
      for (const hit of listed.hits.slice(0, 12)) {
        const p = positionOf.get(hit.job)!;
        print(
          `      ${grade(hit.job)} ${hit.score.toFixed(3)} ${hit.match} keyword ${
            words[p].toFixed(2)
          } cosine ${own[p].toFixed(3)} ${hit.job.job_title}`,
        );
      }
    }
    for (const kind of [judged.kind, "all"]) (rows[kind] ??= []).push(row);
  }
  return Object.fromEntries(
    Object.entries(rows).map(([kind, list]) => {
      const mean = (f: (r: Row) => number) => list.reduce((s, r) => s + f(r), 0) / list.length;
      return [kind, {
        queries: list.length,
        relevance: mean((r) => r.relevance),
        relevanceOnce: mean((r) => r.relevanceOnce),
        firstPage: mean((r) => r.firstPage),
        shownPage: mean((r) => r.shownPage),
        empty: list.reduce((s, r) => s + r.empty, 0),
        strong: mean((r) => r.strong),
        listed: mean((r) => r.listed),
        withStrong: list.reduce((s, r) => s + r.withStrong, 0),
        // Over the queries with a strong set: an empty set is not an imprecise one.
        precision: list.reduce((s, r) => s + r.precision, 0) /
          Math.max(1, list.reduce((s, r) => s + r.withStrong, 0)),
        precision2: list.reduce((s, r) => s + r.precision2, 0) /
          Math.max(1, list.reduce((s, r) => s + r.withStrong, 0)),
        withClose: list.reduce((s, r) => s + r.withClose, 0),
        closePrecision: list.reduce((s, r) => s + r.closePrecision, 0) /
          Math.max(1, list.reduce((s, r) => s + r.withClose, 0)),
      }];
    }),
  );
}

const load = Deno.loadavg().map((l) => l.toFixed(2)).join(" ");
print(`${jobs.length} real postings; ${spec.id}; load average ${load}`);
const results: Record<string, unknown> = {};
for (const tried of tries) {
  const ranking = { ...served.ranking, ...tried.ranking };
  const cut = { ...served.cut, ...tried.cut };
  print(`\n${tried.name}: ranking ${JSON.stringify(ranking)} cut ${JSON.stringify(cut)}`);
  print(
    "  set              kind        queries | relevance nDCG@10 | newest-first page nDCG@10 | " +
      "empty | strong  listed | with strong | strong precision (>=1 / 2) | close precision (>=1) | " +
      "page as shown | relevance nDCG@10, each job once",
  );
  const bySet: Record<string, Record<string, Row>> = {};
  for (const [name, queries] of SETS) {
    if (only.length && !only.some((part) => name.includes(part))) continue;
    const quality = await measure(queries, ranking, cut);
    bySet[name] = quality;
    for (const [kind, q] of Object.entries(quality).sort(([a], [b]) => a.localeCompare(b))) {
      print(
        `  ${name.padEnd(19)} ${kind.padEnd(11)} ${String(q.queries).padStart(7)} | ${
          q.relevance.toFixed(3).padStart(17)
        } | ${q.firstPage.toFixed(3).padStart(25)} | ${String(q.empty).padStart(5)} | ${
          q.strong.toFixed(0).padStart(6)
        } ${q.listed.toFixed(0).padStart(7)} | ${String(q.withStrong).padStart(11)} | ${
          q.precision.toFixed(3)
        } / ${q.precision2.toFixed(3)} | ${q.closePrecision.toFixed(3)} | ${
          q.shownPage.toFixed(3).padStart(13)
        } | ${q.relevanceOnce.toFixed(3).padStart(31)}`,
      );
    }
  }
  results[tried.name] = bySet;
}
if (Deno.args.includes("--json")) print(JSON.stringify(results));
model.close();
