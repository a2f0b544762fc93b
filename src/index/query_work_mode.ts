/**
 * Where the work is done, said alone beside a place or a company: "hybrid jobs in Amsterdam",
 * "on-site jobs in Houston". The words name no job but how it is done; at a place a search lists
 * every posting there, those done that way as strong matches, as "entry level jobs in Berlin" does
 * by the level (src/index/query_seniority.ts). "Remote" is read apart, as a place
 * (src/index/query_place.ts): a remote job has no place of its own.
 *
 * @module
 */
import type { WorkMode } from "../domain/job.ts";
import { withoutJobWords } from "./query_seniority.ts";
import { splitWords } from "./tokenize.ts";

/** How the work is done, said alone. */
export interface QueryWorkMode {
  /** The words as typed. */
  matched: string;
  mode: Exclude<WorkMode, "remote">;
}

/**
 * How people say it, folded ("on-site" is "on site"). On-site is what most postings are without
 * saying it: a posting there is on-site unless it says remote or hybrid. Not "in office" or "in
 * person": the asking takes "in" ("in" opens a request), and "office" or "person" alone is work.
 */
const SAID: Record<string, Exclude<WorkMode, "remote">> = {
  "hybrid": "hybrid",
  "hybrid working": "hybrid",
  "on site": "onsite",
  "onsite": "onsite",
  "office based": "onsite",
};

/**
 * The way of working `text` names, where it names nothing else ("hybrid jobs", "on-site roles");
 * null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(workModeAlone("Hybrid jobs")?.mode, "hybrid");
 * assert.equal(workModeAlone("on-site roles")?.mode, "onsite");
 * assert.equal(workModeAlone("hybrid cloud engineer"), null);
 * assert.equal(workModeAlone("jobs"), null);
 * ```
 */
export function workModeAlone(text: string): QueryWorkMode | null {
  const mode = SAID[withoutJobWords(splitWords(text)).join(" ")];
  return mode ? { matched: text.trim(), mode } : null;
}
