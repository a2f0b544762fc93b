/**
 * Ranking quality on the judged query set (bench/judged_queries.ts): nDCG@10, P@10 and R@100 of a
 * ranking, and precision/recall of a result set (what a date-ordered page draws from).
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { gradeTitle, type JudgedQuery } from "./judged_queries.ts";

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

/**
 * Scores one query. `ranked` is the whole ranking by relevance (best first, at least 100 long if
 * there are that many), `set` the result set.
 */
export function judge(
  query: JudgedQuery,
  jobs: Job[],
  ranked: Job[],
  set: Job[],
): QualityRow {
  const grades = new Map(jobs.map((job) => [job.id, gradeTitle(query, job.job_title)]));
  const gain = (g: number) => 2 ** g - 1;
  let dcg = 0;
  ranked.slice(0, 10).forEach((job, r) => dcg += gain(grades.get(job.id)!) / Math.log2(r + 2));
  const ideal = [...grades.values()].sort((a, b) => b - a);
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
