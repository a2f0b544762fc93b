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
import { HYBRID_ROLES } from "./query_phrasing.ts";
import { seniorityAlone, withoutJobWords } from "./query_seniority.ts";
import { splitWords } from "./tokenize.ts";
import { ownValue } from "../domain/own_value.ts";

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
  const mode = ownValue(SAID, withoutJobWords(splitWords(text)).join(" "));
  return mode ? { matched: text.trim(), mode } : null;
}

/** The words of `SAID`'s phrases. */
const MODE_WORDS: ReadonlySet<string> = new Set(
  Object.keys(SAID).flatMap((said) => said.split(" ")),
);

/** `SAID`'s phrases as words, the longest first. */
const SAID_WORDS = Object.entries(SAID)
  .map(([said, mode]) => ({ words: said.split(" "), mode }))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * How the work is done, said first or last beside the work ("data analyst hybrid", "hybrid python
 * developer", "nurse onsite"; `role`: the query's words without its phrasing and employment type):
 * the work is what is searched, and its postings done that way are the strong matches
 * (`JobIndex.search`), as a level beside the work makes those of the level. Null where the words
 * name no work beside it ("hybrid jobs", "senior hybrid roles": read alone) or where "hybrid"
 * opens a role ("hybrid cloud engineer").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { splitWords } from "./tokenize.ts";
 * assert.deepEqual(workModeBeside(splitWords("data analyst hybrid")), {
 *   matched: "hybrid",
 *   mode: "hybrid",
 * });
 * assert.equal(workModeBeside(splitWords("hybrid python developer"))?.mode, "hybrid");
 * assert.equal(workModeBeside(splitWords("accountant on-site"))?.matched, "on site");
 * assert.equal(workModeBeside(splitWords("hybrid cloud engineer")), null);
 * assert.equal(workModeBeside(splitWords("hybrid jobs")), null);
 * assert.equal(workModeBeside(splitWords("hybrid senior roles")), null);
 * assert.equal(workModeBeside(splitWords("hybrid hybrid")), null);
 * ```
 */
export function workModeBeside(role: readonly string[]): QueryWorkMode | null {
  const work = withoutJobWords(role);
  for (const { words, mode } of SAID_WORDS) {
    if (words.length >= work.length) continue;
    const last = work.length - words.length;
    const atEnd = words.every((word, k) => work[last + k] === word);
    const atStart = !atEnd && words.every((word, k) => work[k] === word) &&
      !(mode === "hybrid" && HYBRID_ROLES.has(work[words.length]));
    if (!atEnd && !atStart) continue;
    const rest = withoutJobWords(atEnd ? work.slice(0, last) : work.slice(words.length));
    // Beside a level alone ("hybrid senior roles") it is read alone with the level; beside only
    // ways of working ("hybrid hybrid", "on site onsite") it names no work either.
    if (rest.every((word) => MODE_WORDS.has(word)) || seniorityAlone(rest.join(" ")) !== null) {
      return null;
    }
    return { matched: words.join(" "), mode };
  }
  return null;
}

/** Words after "hybrid" in a title that name the thing hybrid, not how the work is done. */
const HYBRID_THINGS: ReadonlySet<string> = new Set([
  ...HYBRID_ROLES,
  "infrastruktur",
  "infrastrukturen",
  "environment",
  "environments",
  "architecture",
]);

/**
 * Whether a posting's title says the work is hybrid: "Senior DevOps Engineer (Berlin, hybrid)",
 * "Support Engineer (Berlin/Hybrid)", not "Hybrid Cloud Engineer" or "Senior Systems Engineer
 * (Hybrid Infrastructure)", where "hybrid" names the thing worked on (`HYBRID_ROLES`, as a query
 * opening with it reads it: src/index/query_phrasing.ts).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(titleSaysHybridWork("Senior Python Engineer - Hybrid"), true);
 * assert.equal(titleSaysHybridWork("Support Engineer (Berlin/Hybrid)"), true);
 * assert.equal(titleSaysHybridWork("DevOps Engineer - Kubernetes & Hybrid Infrastructure"), false);
 * assert.equal(titleSaysHybridWork("Colocation & Hybrid Cloud Architect (hybrid)"), true);
 * assert.equal(titleSaysHybridWork("On-Prem & Hybrid Infrastrukturen"), false);
 * ```
 */
export function titleSaysHybridWork(title: string): boolean {
  const words = splitWords(title);
  return words.some((word, k) => word === "hybrid" && !HYBRID_THINGS.has(words[k + 1] ?? ""));
}

/**
 * A way of working as people write it in a list with others: home working (as "remote", "wfh",
 * "work from home" or "telework"), hybrid, on-site ("in person" and "in the office" are on-site
 * too, as `onSiteSaidPlainly` reads them alone).
 */
const HOME_WORD = String.raw`(?:remote|wfh|telework(?:ing)?|work(?:ing)? (?:from|at) home)`;
const MODE_WORD = String.raw`(?:${HOME_WORD}|hybrid|on[- ]?site|in[- ]person|in (?:the )?office)`;
const JOINER = String.raw`\s*(?:\bor\b|\band\b|[/&,])\s*`;

/**
 * Ways of working joined by "or", "and", "/", "&" or a comma: "remote or hybrid", "hybrid/remote",
 * "on-site or remote", "remote or in person". Read as a place, "remote" would ask for the remote
 * postings alone, and of a city only those that are remote too ("remote or hybrid jobs in London"
 * listed nothing).
 */
const MODES_JOINED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${MODE_WORD}(?:${JOINER}${MODE_WORD})+(?![\p{L}\p{N}])`,
  "iu",
);

/** The way of working one of `MODE_WORD` names. */
function modeOf(said: string): "remote" | "hybrid" | "onsite" {
  const word = said.toLowerCase();
  if (new RegExp(`^${HOME_WORD}$`, "i").test(word)) return "remote";
  return word === "hybrid" ? "hybrid" : "onsite";
}

/**
 * Where `text` says home working together with other ways of working: the words that say them
 * (`matched`), the others (`others`: hybrid, on-site or both, each once), and `text` with those
 * words replaced by the others' own word where there is one ("hybrid"), or taken out where every
 * way is named (`without`), so that the place is read without "remote"; null where it does not.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(remoteWithMode("remote or hybrid jobs in London"), {
 *   matched: "remote or hybrid",
 *   others: ["hybrid"],
 *   without: "hybrid jobs in London",
 * });
 * assert.deepEqual(remoteWithMode("Hybrid/Remote roles")?.others, ["hybrid"]);
 * assert.deepEqual(remoteWithMode("on-site or remote jobs")?.others, ["onsite"]);
 * assert.deepEqual(remoteWithMode("remote or in person jobs")?.others, ["onsite"]);
 * assert.deepEqual(remoteWithMode("work from home or hybrid jobs")?.without, "hybrid jobs");
 * assert.deepEqual(remoteWithMode("Hybrid / WFH roles")?.others, ["hybrid"]);
 * assert.deepEqual(remoteWithMode("hybrid or remote or hybrid jobs")?.others, ["hybrid"]);
 * assert.deepEqual(remoteWithMode("remote, hybrid or onsite jobs in Berlin"), {
 *   matched: "remote, hybrid or onsite",
 *   others: ["hybrid", "onsite"],
 *   without: " jobs in Berlin",
 * });
 * assert.equal(remoteWithMode("remote jobs in London"), null);
 * assert.equal(remoteWithMode("hybrid or onsite jobs"), null);
 * ```
 */
export function remoteWithMode(
  text: string,
): { matched: string; others: ("hybrid" | "onsite")[]; without: string } | null {
  const found = MODES_JOINED.exec(text);
  if (!found) return null;
  const said = found[0].match(new RegExp(MODE_WORD, "giu")) ?? [];
  const modes = new Set(said.map(modeOf));
  if (!modes.has("remote")) return null;
  const others = (["hybrid", "onsite"] as const).filter((mode) => modes.has(mode));
  if (others.length === 0) return null;
  const instead = others.length === 1 ? others[0] : "";
  return {
    matched: found[0],
    others: [...others],
    without: `${text.slice(0, found.index)}${instead}${text.slice(found.index + found[0].length)}`,
  };
}

/** Home working said with how many days a week: "from home two days a week", "3 days in office". */
const SOME_DAYS = (() => {
  const home = String.raw`(?:(?:work(?:ing)?\s+)?(?:from|at)\s+home|remote(?:ly)?|wfh)`;
  const office = String.raw`(?:in[\s-]+(?:the\s+)?office|on\s*-?\s*site|onsite)`;
  const one = String.raw`(?:[1-4]|one|two|three|four)`;
  // "2-3 days", "2 to 3 days", "two or three days", "3+ days" (reviewer W: "2-3 days a week in
  // office" was read from its "3" and left "2-" searched).
  const some = String
    .raw`(?:${one}(?:\s*(?:-|–|to|or|\/)\s*${one})?\+?|a\s+couple\s+of|a\s+few|some)`;
  const days = String
    .raw`${some}\s*-?\s*days?(?:\s+(?:a|per|each|every)\s+week|\s+weekly)?`;
  const allowing = String.raw`(?:(?:that\s+allows?|allowing|with)\s+(?:you\s+to\s+)?)?`;
  const split = String
    .raw`(?:${home}\s+${days}|${days}\s+(?:of\s+)?(?:${home}|${office})|${office}\s+${days})`;
  // "3 days in office, 2 from home": the rest of the week said after it goes with it (reviewer
  // R, session 43: "from home" left over was read as a remote place).
  const rest = String
    .raw`(?:\s*,?\s*(?:and\s+)?${some}(?:\s*-?\s*days?)?\s+(?:${home}|${office}))?`;
  return new RegExp(
    // Not a span of days ("posted in the last 3 days remote") nor "a month".
    String
      .raw`(?<![\p{L}\p{N}])(?<!(?:last|past|previous|within|next|first|over)\s+)${allowing}${split}${rest}(?![\p{L}\p{N}])(?!\s+(?:ago|old|notice|a\s+month|per\s+month|every\s+month|a\s+year))`,
    "iu",
  );
})();

/**
 * `text` with home working said for some days of the week ("accounting jobs that allow working
 * from home two days a week", "3 days in the office") said as "hybrid", which is what it is: read
 * as "from home", it asked for remote postings alone (zoo 7, session 43); null where it says none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(hybridOfSomeDays("accounting jobs that allow working from home two days a week"), {
 *   matched: "working from home two days a week",
 *   without: "accounting jobs hybrid",
 * });
 * assert.equal(hybridOfSomeDays("analyst 3 days in the office")?.without, "analyst hybrid");
 * assert.equal(hybridOfSomeDays("nurse 2 days remote, London")?.without, "nurse hybrid, London");
 * assert.equal(hybridOfSomeDays("working from home jobs"), null);
 * assert.equal(hybridOfSomeDays("5 days in the office"), null);
 * assert.equal(hybridOfSomeDays("data science, 2-3 days a week in office")?.without, "data science, hybrid");
 * assert.equal(hybridOfSomeDays("two or three days from home")?.matched, "two or three days from home");
 * assert.equal(hybridOfSomeDays("3+ days in the office, Leeds")?.without, "hybrid, Leeds");
 * assert.equal(hybridOfSomeDays("developer 3 days in office, 2 from home")?.without, "developer hybrid");
 * assert.equal(hybridOfSomeDays("hybrid 2 days in-office analyst")?.without, "hybrid analyst");
 * assert.equal(hybridOfSomeDays("developer jobs posted in the last 3 days remote"), null);
 * assert.equal(hybridOfSomeDays("on site 2 days a month"), null);
 * ```
 */
export function hybridOfSomeDays(text: string): { matched: string; without: string } | null {
  const found = SOME_DAYS.exec(text);
  if (!found) return null;
  const without = `${text.slice(0, found.index)}hybrid${text.slice(found.index + found[0].length)}`;
  return {
    // What says the days, without the words that allowed them.
    matched: found[0].replace(/^(?:that\s+allows?|allowing|with)\s+(?:you\s+to\s+)?/i, ""),
    // "hybrid 2 days in office": one "hybrid".
    without: without.replace(/\bhybrid(?:[\s,]+hybrid)+\b/giu, "hybrid"),
  };
}
