/**
 * Index hits as a search response lists them (REST, MCP, CLI alike), each saying its tier.
 *
 * @module
 */
import { type JobResult, toJobResult } from "../domain/job.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { IndexHit } from "../index/index_search.ts";

/** The hits as results of a `detail` response, each with its `match` tier. */
export function toResults(hits: IndexHit[], detail: SearchQuery["detail"]): JobResult[] {
  return hits.map((hit) => toJobResult(hit.job, hit.score, detail, hit.alsoPostedAt, hit.match));
}
