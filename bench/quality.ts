/**
 * Ranking quality on a judged query set (bench/queries/judged.jsonl on the real postings,
 * bench/queries/fixture.jsonl on the bundled ones): nDCG@10, P@10 and R@100 of a ranking, and
 * precision/recall of a result set (what a date-ordered page draws from).
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import type { Embedder } from "../src/model/embedder.ts";
import type { ScoreMode } from "../src/index/index_search.ts";
import { DEFAULT_CUT, type RankingParams } from "../src/index/ranking.ts";
import type { JobIndex } from "../src/index/job_index.ts";

export interface QualityRow {
  ndcg10: number;
  p10: number;
  r100: number;
  /** Share of the result set that is relevant or acceptable (grade >= 1). */
  setPrecision: number;
  /** Share of the relevant postings (grade 2, at most 1,000) that are in the result set. */
  setRecall: number;
  setSize: number;
}

/** A posting's grade for one query: 2 relevant, 1 acceptable neighbour, 0 not relevant. */
export type Grade = 0 | 1 | 2;

/**
 * Scores one query. `ranked` is the whole ranking by relevance (best first, at least 100 long if
 * there are that many), `set` the result set. With `jobOf` (a posting's repost group), a job
 * counts once: the ideal ranking holds it once, at its best copy's grade, as a result list shows
 * it, and a second copy on the ranking gains nothing; without it, every copy is a posting of its
 * own.
 */
export function judge(
  gradeOf: (job: Job) => Grade,
  jobs: Job[],
  ranked: Job[],
  set: Job[],
  jobOf?: (job: Job) => number,
): QualityRow {
  const grades = new Map(jobs.map((job) => [job.id, gradeOf(job)]));
  const gain = (g: number) => 2 ** g - 1;
  let dcg = 0;
  // Counted once: a job's second copy on the list tells a person nothing new.
  const listedJobs = new Set<number>();
  ranked.slice(0, 10).forEach((job, r) => {
    if (jobOf) {
      if (listedJobs.has(jobOf(job))) return;
      listedJobs.add(jobOf(job));
    }
    dcg += gain(grades.get(job.id)!) / Math.log2(r + 2);
  });
  const jobGrades = new Map<number | string, Grade>();
  if (jobOf) {
    for (const job of jobs) {
      const key = jobOf(job);
      jobGrades.set(key, Math.max(jobGrades.get(key) ?? 0, grades.get(job.id)!) as Grade);
    }
  }
  const ideal = [...(jobOf ? jobGrades : grades).values()].sort((a, b) => b - a);
  let idcg = 0;
  ideal.slice(0, 10).forEach((g, r) => idcg += gain(g) / Math.log2(r + 2));
  const relevant = ideal.filter((g) => g === 2).length;
  const top = (n: number) => ranked.slice(0, n).filter((job) => grades.get(job.id) === 2).length;
  const acceptable = set.filter((job) => grades.get(job.id)! >= 1).length;
  const found = set.filter((job) => grades.get(job.id) === 2).length;
  return {
    ndcg10: idcg > 0 ? dcg / idcg : 0,
    p10: top(10) / 10,
    r100: relevant > 0 ? top(100) / Math.min(100, relevant) : 0,
    setPrecision: set.length > 0 ? acceptable / set.length : 1,
    setRecall: relevant > 0 ? Math.min(1, found / Math.min(1000, relevant)) : 0,
    setSize: set.length,
  };
}

export function meanRows(rows: QualityRow[]): QualityRow {
  const mean = (f: (r: QualityRow) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  return {
    ndcg10: mean((r) => r.ndcg10),
    p10: mean((r) => r.p10),
    r100: mean((r) => r.r100),
    setPrecision: mean((r) => r.setPrecision),
    setRecall: mean((r) => r.setRecall),
    setSize: mean((r) => r.setSize),
  };
}

/** A query of a judged set with the grade of any posting for it. */
export interface GradedQuery {
  q: string;
  grade: (job: Job) => Grade;
}

/** How the parts of the score are evaluated: the ranking and the result-set cut of each. */
export const PARTS: { name: string; mode: ScoreMode; cut: string; minScore: number }[] = [
  { name: "keyword part alone", mode: "keyword", cut: "any match", minScore: 0.0001 },
  { name: "vector part alone (cosine)", mode: "vector", cut: "cosine>=0.6", minScore: 0.6 },
  {
    name: "hybrid (the service)",
    mode: "hybrid",
    cut: `score>=${DEFAULT_CUT.minScore}`,
    minScore: DEFAULT_CUT.minScore,
  },
];

/**
 * Mean quality of each part of the score (keyword, vector, hybrid) over a judged set. Query
 * vectors are embedded once per text and kept in `vectorCache` across calls.
 */
export async function evaluateParts(
  index: JobIndex,
  embedder: Embedder,
  queries: GradedQuery[],
  options: {
    ranking?: RankingParams;
    minScore?: number;
    vectorCache?: Map<string, Float32Array>;
    /** The parts to evaluate; default all. */
    modes?: ScoreMode[];
  } = {},
): Promise<Record<string, QualityRow>> {
  const jobs = index.data.jobs;
  const cache = options.vectorCache ?? new Map<string, Float32Array>();
  const rows: Record<string, QualityRow[]> = {};
  for (const judged of queries) {
    const query = analyzeQuery(judged.q);
    let vector = cache.get(query.embeddingText);
    if (!vector) {
      [vector] = await embedder.embed([query.embeddingText]);
      cache.set(query.embeddingText, vector);
    }
    const { ranking } = options;
    for (const part of PARTS) {
      if (options.modes && !options.modes.includes(part.mode)) continue;
      const search = (minScore: number, limit?: number) =>
        index.search({
          query,
          vector,
          mode: part.mode,
          sort: "relevance",
          minScore,
          limit,
          ranking,
        })
          .hits.map((h) => h.job);
      const minScore = part.mode === "hybrid" ? options.minScore ?? part.minScore : part.minScore;
      (rows[part.name] ??= []).push(
        judge(judged.grade, jobs, search(0, 100), search(minScore)),
      );
    }
  }
  return Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, meanRows(list)]));
}

/** One line of the quality table. */
export function formatRow(name: string, cut: string, m: QualityRow): string {
  return `    ${name.padEnd(28)} ${m.ndcg10.toFixed(3)}  ${m.p10.toFixed(3)}  ${
    m.r100.toFixed(3)
  } | ${cut.padEnd(12)} ${m.setPrecision.toFixed(2)}   ${m.setRecall.toFixed(2)}  ${
    m.setSize.toFixed(0).padStart(6)
  }`;
}

export const QUALITY_HEADER = `    ${
  "".padEnd(28)
} nDCG@10   P@10  R@100 | result set: precision recall  mean size`;
