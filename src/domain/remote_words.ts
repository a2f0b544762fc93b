/**
 * The words a person uses to ask for remote work, read alike wherever a person's own words are
 * read: a query's place (src/index/query_place.ts) and a CV's wishes
 * (src/search/profile/read_wishes.ts). A posting's own text is read otherwise
 * (src/ingest/work_mode.ts): there "remote" must be said as the job's mode and may be denied.
 *
 * @module
 */
import { foldText } from "./fold_text.ts";

/** Folded as `foldText` folds (lower case, no accents, any run of other characters one space). */
export const REMOTE_WISH_PHRASES: readonly string[] = [
  "remote",
  "work from home",
  "working from home",
  "wfh",
  "home office",
  "homeoffice",
  "telework",
  "teleworking",
  "fully distributed",
];

/**
 * Whether `text` asks for remote work: it holds one of the phrases as whole words.
 *
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(saysRemoteWish("Open to remote roles"), true);
 * assert.equal(saysRemoteWish("happy with a Home-Office setup"), true);
 * assert.equal(saysRemoteWish("remotely controlled drones"), false);
 * ```
 */
export function saysRemoteWish(text: string): boolean {
  const folded = ` ${foldText(text)} `;
  return REMOTE_WISH_PHRASES.some((phrase) => folded.includes(` ${phrase} `));
}
