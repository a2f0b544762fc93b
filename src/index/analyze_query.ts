/**
 * Query → what each side of the index searches for. Job titles are full of abbreviations
 * ("RN", "HGV", "SRE") that neither the keyword index nor the sentence encoder can resolve on their
 * own, so the common ones are spelled out: the keyword side searches the abbreviation and its
 * expansion as alternatives, and the encoder sees both.
 *
 * @module
 */
import { splitWords, tokenize } from "./tokenize.ts";

/** Common abbreviations in job titles, as a person would spell them out. */
const ABBREVIATIONS: Record<string, string> = {
  rn: "registered nurse",
  lpn: "licensed practical nurse",
  lvn: "licensed vocational nurse",
  cna: "certified nursing assistant",
  hca: "health care assistant",
  hha: "home health aide",
  emt: "emergency medical technician",
  gp: "general practitioner",
  hgv: "heavy goods vehicle driver",
  cdl: "commercial driver license",
  sre: "site reliability engineer",
  qa: "quality assurance",
  sdet: "software development engineer in test",
  swe: "software engineer",
  hr: "human resources",
  pm: "project manager",
  dba: "database administrator",
  ux: "user experience",
  ui: "user interface",
  bi: "business intelligence",
  ml: "machine learning",
  ai: "artificial intelligence",
  nlp: "natural language processing",
  seo: "search engine optimization",
  sdr: "sales development representative",
  csr: "customer service representative",
  cfo: "chief financial officer",
  cto: "chief technology officer",
  ceo: "chief executive officer",
  k8s: "kubernetes",
  js: "javascript",
};

/** Expansion → abbreviation, so that "registered nurse" also finds "RN" titles. */
const PHRASES = Object.entries(ABBREVIATIONS).map(([short, long]) => ({ short, long }));

export interface AnalyzedQuery {
  /**
   * Alternative term lists for the keyword side; a posting's keyword score is its best score over
   * them. The first is the query as typed.
   */
  termVariants: string[][];
  /** The text given to the sentence encoder: lower-cased, abbreviations spelled out beside them. */
  embeddingText: string;
}

/**
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const q = analyzeQuery("RN jobs");
 * assert.deepEqual(q.termVariants, [["rn"], ["regist", "nurs"]]);
 * assert.equal(q.embeddingText, "rn (registered nurse) jobs");
 * ```
 */
export function analyzeQuery(query: string): AnalyzedQuery {
  const words = splitWords(query);
  const typed = tokenize(query);
  const variants: string[][] = [typed];
  const embeddingWords: string[] = [];
  for (const word of words) {
    const long = ABBREVIATIONS[word];
    embeddingWords.push(long ? `${word} (${long})` : word);
    if (long) {
      variants.push(tokenize(words.map((w) => (w === word ? long : w)).join(" ")));
    }
  }
  const joined = ` ${words.join(" ")} `;
  for (const { short, long } of PHRASES) {
    if (long.includes(" ") && joined.includes(` ${long} `)) {
      variants.push(tokenize(joined.replace(` ${long} `, ` ${short} `)));
    }
  }
  const unique = new Map(variants.filter((v) => v.length > 0).map((v) => [v.join(" "), v]));
  return {
    termVariants: unique.size > 0 ? [...unique.values()] : [typed],
    embeddingText: embeddingWords.join(" ") || query.toLowerCase().trim(),
  };
}
