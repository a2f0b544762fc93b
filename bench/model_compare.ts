/**
 * The embedding models side by side on the real postings: embedding throughput with an empty
 * cache, query embedding latency, and ranking quality per query kind on two judged sets written
 * before any result was seen (bench/queries/model.jsonl, used to choose; and
 * bench/queries/heldout.jsonl, never tuned on). Each model is also tried with other texts
 * embedded for a posting (title; title + tags; title + the start of the description).
 *
 * Run alone: `deno run -A bench/model_compare.ts [--quick]`; `deno task bench` runs it too.
 *
 * @module
 */
import countries from "i18n-iso-countries";
import type { Job } from "../src/domain/job.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import type { ScoreMode } from "../src/index/index_search.ts";
import { DEFAULT_CUT, rankingForModel, type RankingParams } from "../src/index/ranking.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { silentLogger } from "../src/log.ts";
import { loadConfig } from "../src/config.ts";
import { MODELS, type ModelSpec } from "../src/model/catalog.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import {
  EVERYDAY_QUERIES,
  gradeTitle,
  HELDOUT_JUDGED_QUERIES,
  MODEL_JUDGED_QUERIES,
  type TypedJudgedQuery,
} from "./judged_queries.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { placeToApply } from "../src/search/place_to_apply.ts";
import { type Grade, judge, meanRows, type QualityRow } from "./quality.ts";

/** What is embedded for a posting. */
export const EMBEDDED_TEXTS: Record<string, (job: Job) => string> = {
  title: embeddingTextOf,
  "title + tags": (job) =>
    [embeddingTextOf(job), ...job.job_tags.filter((t) => t !== "remote")].join(", "),
  "title + description start": (job) =>
    `${embeddingTextOf(job)}. ${job.job_description.replace(/\s+/g, " ").slice(0, 300)}`,
};

function normalisePlace(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Whether a posting is where a place query asks (a city, a country, or remote). */
export function inPlace(job: Job, place: TypedJudgedQuery["place"]): boolean {
  if (!place) return true;
  if (place.remote) {
    // What the posting itself shows, read independently of the importer's work mode: a "Remote"
    // tag in any case (the real files capitalise it), a remote city, or a title that says so
    // ("DevOps Engineer - Remote"). Until session 21 only a lower-case tag or the city counted,
    // which graded such postings 0 (the service's place read the same way then).
    return job.job_tags.some((tag) => tag.toLowerCase() === "remote") ||
      /remote|home ?office/i.test(job.city) || /\bremote\b/i.test(job.job_title);
  }
  const code = place.country
    ? (countries.getAlpha2Code(place.country, "en") ?? place.country)
    : undefined;
  if (code && job.country && job.country !== code) return false;
  if (place.city) {
    const city = normalisePlace(job.city);
    // A district written with the city's name is in the city, as a person reads it ("Amsterdam
    // Centrum", "Berlin-Kreuzberg"; session 56); a name in brackets after it is another place
    // ("Frankfurt (Oder)").
    return [place.city].flat().map(normalisePlace).some((name) =>
      city === name || ((city.startsWith(`${name} `) || city.startsWith(`${name}-`)) &&
        !city.startsWith(`${name} (`))
    );
  }
  return job.country === code;
}

/**
 * How a posting's own words say an employment type, written for the grader apart from any rule of
 * the service (title and description, no negations: a bench's approximation).
 */
const EMPLOYMENT_WORDS: Record<string, RegExp> = {
  fulltime: /full[- ]?time|vollzeit|voltijd/i,
  parttime: /part[- ]?time|teilzeit|deeltijd/i,
  contract:
    /\bcontract(or)? (role|position|job|basis|assignment)|\bfreelanc|\bcontractor\b|fixed[- ]term contract/i,
  internship: /\bintern(ship)?s?\b|praktik|\bplacement (year|student)/i,
  temporary: /\btemp\b|temporary|seasonal|fixed[- ]term|befristet/i,
};

/**
 * Whether a posting is of the employment type a query asks. Lenient (the default): unless it says
 * another (a JobSpy type without this one, and no word of this one in its title or description);
 * a posting that does not say is taken to fit, as a person would read it. `strict`: only where the
 * posting says this type (its JobSpy type or its words).
 */
export function ofEmployment(job: Job, type: string, strict = false): boolean {
  const given = (job.employment_type ?? "").toLowerCase().replace(/[^a-z,]/g, "").split(",")
    .filter((t) => t !== "");
  if (given.includes(type)) return true;
  if (EMPLOYMENT_WORDS[type].test(`${job.job_title}\n${job.job_description}`)) return true;
  return strict ? false : given.length === 0;
}

/**
 * The grade of a posting for a typed query: its title's grade, 0 outside the asked place, and at
 * most 1 where the query asks an employment type the posting is not of (`strictEmployment`: does
 * not say it is of).
 */
export function gradeTyped(query: TypedJudgedQuery, job: Job, strictEmployment = false): Grade {
  if (!inPlace(job, query.place)) return 0;
  const grade = gradeTitle(query, job.job_title);
  if (grade === 2 && query.employment && !ofEmployment(job, query.employment, strictEmployment)) {
    return 1;
  }
  return grade;
}

export interface KindQuality extends QualityRow {
  queries: number;
  /** Queries with relevant postings whose result set is empty. */
  empty: number;
  /** nDCG@10 of the first page in the REST default order (newest first, then score). */
  firstPage: number;
}

/** The query's vector, embedded once per text across the calls that share `cache`. */
export async function queryVector(
  embedder: Embedder,
  cache: Map<string, Float32Array>,
  text: string,
): Promise<Float32Array> {
  let vector = cache.get(text);
  if (!vector) {
    [vector] = await embedder.embed([text]);
    cache.set(text, vector);
  }
  return vector;
}

/** Quality of one index on a judged set, per query kind and over all. */
export async function qualityByKind(
  index: JobIndex,
  embedder: Embedder,
  queries: TypedJudgedQuery[],
  options: {
    ranking: RankingParams;
    minScore: number;
    relativeCut?: number;
    weakFloor?: number;
    /** Apply a place named in the query, as the search service does. */
    places?: boolean;
    /** Keep reposts apart (as before they were collapsed). */
    keepReposts?: boolean;
    mode?: ScoreMode;
    vectors?: Map<string, Float32Array>;
  },
): Promise<Record<string, KindQuality>> {
  const jobs = index.data.jobs;
  const vectors = options.vectors ?? new Map<string, Float32Array>();
  const rows: Record<string, { row: QualityRow; empty: boolean; firstPage: number }[]> = {};
  for (const judged of queries) {
    const place = options.places ? placeToApply(index, parseSearchQuery({ q: judged.q })) : null;
    const query = analyzeQuery(place?.rest ?? judged.q);
    const vector = await queryVector(embedder, vectors, query.embeddingText);
    const search = (cut: boolean, limit?: number, sort: "relevance" | "date" = "relevance") =>
      index.search({
        query,
        vector,
        place: place ?? undefined,
        keepReposts: options.keepReposts,
        mode: options.mode ?? "hybrid",
        sort,
        limit,
        ranking: options.ranking,
        ...(cut
          ? {
            minScore: options.minScore,
            relativeCut: options.relativeCut,
            weakFloor: options.weakFloor,
          }
          : { minScore: 0 }),
      }).hits.map((h) => h.job);
    const grade = (job: Job) => gradeTyped(judged, job);
    // The ranking is judged whole (no cut), the result set and its first page with the cut.
    const row = judge(grade, jobs, search(false, 100), search(true));
    const firstPage = judge(grade, jobs, search(true, 10, "date"), []).ndcg10;
    const hasRelevant = jobs.some((job) => grade(job) === 2);
    const entry = { row, empty: hasRelevant && row.setSize === 0, firstPage };
    (rows[judged.kind] ??= []).push(entry);
    (rows.all ??= []).push(entry);
  }
  return Object.fromEntries(
    Object.entries(rows).map(([kind, list]) => [kind, {
      ...meanRows(list.map((e) => e.row)),
      queries: list.length,
      empty: list.filter((e) => e.empty).length,
      firstPage: list.reduce((s, e) => s + e.firstPage, 0) / list.length,
    }]),
  );
}

/**
 * The ten everyday searches of issue 9 (bench/queries/everyday.jsonl): of their first five results
 * in the REST default order (newest first), how many are what was asked for (grade 2) and how
 * many a neighbour (grade 1).
 */
async function everydayFirstPages(
  index: JobIndex,
  embedder: Embedder,
  settings: {
    ranking: RankingParams;
    minScore: number;
    relativeCut?: number;
    weakFloor?: number;
    keepReposts?: boolean;
    places?: boolean;
  },
  vectors: Map<string, Float32Array>,
): Promise<{ relevant: number; acceptable: number; shown: number }> {
  let relevant = 0, acceptable = 0, shown = 0;
  for (const judged of EVERYDAY_QUERIES) {
    const place = settings.places ? placeToApply(index, parseSearchQuery({ q: judged.q })) : null;
    const query = analyzeQuery(place?.rest ?? judged.q);
    const vector = await queryVector(embedder, vectors, query.embeddingText);
    const { hits } = index.search({
      query,
      vector,
      place: place ?? undefined,
      sort: "date",
      limit: 5,
      ...settings,
    });
    for (const hit of hits) {
      const grade = gradeTyped(judged, hit.job);
      if (grade === 2) relevant++;
      else if (grade === 1) acceptable++;
    }
    shown += hits.length;
  }
  return { relevant, acceptable, shown };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const QUALITY_BY_KIND_HEADER =
  "      kind        queries  nDCG@10  R@100 | set precision recall  size  empty | first page nDCG@10";

export function formatKindRow(kind: string, q: KindQuality): string {
  return `      ${kind.padEnd(11)} ${String(q.queries).padStart(7)}  ${q.ndcg10.toFixed(3)}  ${
    q.r100.toFixed(3)
  } |      ${q.setPrecision.toFixed(2)}   ${q.setRecall.toFixed(2)} ${
    q.setSize.toFixed(0).padStart(5)
  }  ${String(q.empty).padStart(5)} | ${q.firstPage.toFixed(3)}`;
}

/** `spec`, from this machine's model folder and sources; never a fallback in its place. */
export function openModel(spec: ModelSpec): Promise<Embedder & { close(): void }> {
  const config = loadConfig(Deno.env.toObject());
  return openConfiguredEmbedder({ ...config, model: spec.id }, {
    logger: silentLogger,
    noFallback: true,
  });
}

/**
 * Prints the comparison for `jobs` (the real postings). `texts` limits the embedded-text variants
 * tried beyond the title (they re-embed every posting).
 */
export async function compareModels(
  jobs: Job[],
  print: (line?: string) => void,
  options: { variants?: boolean } = {},
): Promise<void> {
  const sets = [
    { name: "model set (chosen on)", queries: MODEL_JUDGED_QUERIES },
    { name: "held-out set (never tuned on)", queries: HELDOUT_JUDGED_QUERIES },
  ];
  const probes = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].slice(0, 40)
    .map((q) => analyzeQuery(q.q).embeddingText);
  print();
  print(`embedding models on ${jobs.length} real postings (medians; 2 shared cores):`);
  for (const spec of MODELS) {
    const embedder = await openModel(spec);
    try {
      const titles = [...new Set(jobs.map(embeddingTextOf))];
      const started = performance.now();
      const titleVectors = await embedder.embed(titles);
      const embedMs = performance.now() - started;
      const latencies: number[] = [];
      for (const text of probes) {
        const t = performance.now();
        await embedder.embed([`${text} `]);
        latencies.push(performance.now() - t);
      }
      print(
        `  ${spec.id} (${spec.description}): embedding with an empty cache ${
          (jobs.length / embedMs * 1000).toFixed(0)
        } postings/s (${titles.length} distinct titles in ${(embedMs / 1000).toFixed(1)} s); ` +
          `query embedding p50 ${median(latencies).toFixed(1)} ms`,
      );
      const byTitle = new Map(titles.map((t, i) => [t, titleVectors[i]]));
      const variants = options.variants && spec.kind === "onnx"
        ? Object.keys(EMBEDDED_TEXTS)
        : ["title"];
      for (const variant of variants) {
        const textOf = EMBEDDED_TEXTS[variant];
        const texts = jobs.map(textOf);
        let vectorOf = byTitle;
        if (variant !== "title") {
          const distinct = [...new Set(texts)];
          const vectors = await embedder.embed(distinct);
          vectorOf = new Map(distinct.map((t, i) => [t, vectors[i]]));
        }
        const index = new JobIndex(assembleIndexData({
          model: embedder.model,
          dimensions: embedder.dimensions,
          jobs,
          vectors: texts.map((t) => vectorOf.get(t)!),
        }));
        const queryVectors = new Map<string, Float32Array>();
        const measured = rankingForModel(spec.stamp);
        for (const set of sets) {
          print(
            `    embedded: ${variant}; ${set.name}; the model's cut ${
              JSON.stringify(measured.cut)
            }:`,
          );
          print(QUALITY_BY_KIND_HEADER);
          const quality = await qualityByKind(index, embedder, set.queries, {
            ranking: measured.ranking,
            ...measured.cut,
            places: true,
            vectors: queryVectors,
          });
          for (const [kind, q] of Object.entries(quality)) print(formatKindRow(kind, q));
        }
        if (variant !== "title") continue;
        // Before issue 9: one fixed cut, reposts shown apart, places in the text searched as words.
        const before = {
          ranking: measured.ranking,
          minScore: DEFAULT_CUT.minScore,
          keepReposts: true,
          places: false,
        };
        const now = { ...measured.cut, ranking: measured.ranking, places: true };
        for (const [label, settings] of [["as before", before], ["now", now]] as const) {
          const quality = await qualityByKind(index, embedder, HELDOUT_JUDGED_QUERIES, {
            ...settings,
            vectors: queryVectors,
          });
          const everyday = await everydayFirstPages(index, embedder, settings, queryVectors);
          print(
            `    first page (REST default order), ${label}: held-out first-page nDCG@10 ${
              quality.all.firstPage.toFixed(3)
            } (paraphrase ${quality.paraphrase.firstPage.toFixed(3)}, keyword ${
              quality.keyword.firstPage.toFixed(3)
            }, place ${quality.place.firstPage.toFixed(3)}); set P ${
              quality.all.setPrecision.toFixed(2)
            } R ${quality.all.setRecall.toFixed(2)}, empty ${quality.all.empty}; ` +
              `10 everyday searches: ${everyday.relevant} relevant (+${everyday.acceptable} ` +
              `acceptable) of the first ${everyday.shown} (5 each)`,
          );
        }
      }
    } finally {
      embedder.close();
    }
  }
}

if (import.meta.main) {
  const { importRealJobs } = await import("./real_data.ts");
  const jobs = await importRealJobs();
  const encoder = new TextEncoder();
  await compareModels(jobs, (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n")), {
    variants: !Deno.args.includes("--quick"),
  });
}
