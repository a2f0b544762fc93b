/**
 * Where the work is done, said alone beside a place or a company: "hybrid jobs in Amsterdam",
 * "on-site jobs in Houston". The words name no job but how it is done; at a place a search lists
 * every posting there, those done that way as strong matches, as "entry level jobs in Berlin" does
 * by the level (src/index/query_seniority.ts). "Remote" is read apart, as a place
 * (src/index/query_place.ts): a remote job has no place of its own.
 *
 * @module
 */
import type { WorkModesAsked } from "../domain/job.ts";
import { withoutJobWords } from "./query_seniority.ts";
import { splitWords } from "./tokenize.ts";

/** How the work is done, said alone. */
export interface QueryWorkMode {
  /** The words as typed. */
  matched: string;
  mode: WorkModesAsked;
}

/**
 * How people say it, folded ("on-site" is "on site"). On-site is what most postings are without
 * saying it: a posting there is on-site unless it says remote or hybrid. "In person" and "in the
 * office" are written "onsite" before the words are read (`onSiteSaidPlainly`,
 * src/index/analyze_query.ts): the asking takes "in", and "office" or "person" alone is work.
 */
const SAID: Record<string, "hybrid" | "onsite"> = {
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

/**
 * Home working said together with another way of working: "remote or hybrid", "hybrid/remote",
 * "on-site or remote". Read as a place, "remote" would ask for the remote postings alone, and of
 * a city only those that are remote too ("remote or hybrid jobs in London" listed nothing).
 */
const REMOTE_WITH_MODE =
  /\b(?:remote\s*(?:\bor\b|\band\b|[/&,])\s*(hybrid|on[- ]?site)|(hybrid|on[- ]?site)\s*(?:\bor\b|\band\b|[/&,])\s*remote)\b/i;

/**
 * Where `text` says home working together with another way of working: the words that say both
 * (`matched`), the other way (`other`), and `text` with those words replaced by the other's alone
 * (`without`), so that the place is read without "remote"; null where it does not.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(remoteWithMode("remote or hybrid jobs in London"), {
 *   matched: "remote or hybrid",
 *   other: "hybrid",
 *   without: "hybrid jobs in London",
 * });
 * assert.equal(remoteWithMode("Hybrid/Remote roles")?.other, "hybrid");
 * assert.equal(remoteWithMode("on-site or remote jobs")?.other, "onsite");
 * assert.equal(remoteWithMode("remote jobs in London"), null);
 * ```
 */
export function remoteWithMode(
  text: string,
): { matched: string; other: "hybrid" | "onsite"; without: string } | null {
  const found = REMOTE_WITH_MODE.exec(text);
  if (!found) return null;
  const said = found[1] ?? found[2];
  return {
    matched: found[0],
    other: said.toLowerCase() === "hybrid" ? "hybrid" : "onsite",
    without: `${text.slice(0, found.index)}${said}${text.slice(found.index + found[0].length)}`,
  };
}
