/**
 * Job names in German and Dutch, the postings' languages beside English, as the English the
 * encoder reads: it is an English model, and "Krankenschwester" met DevOps titles at 0.52, above
 * any nurse; "Elektriker" an AI developer (session 38). Each is searched beside its English, as an
 * abbreviation is, and spelled out for the encoder ("krankenschwester (nurse)"). Words English
 * uses too ("chauffeur", "docent", "stage", "backer") are left out.
 *
 * @module
 */
import { ownValue } from "../domain/own_value.ts";

const GERMAN_NAMES: Record<string, string> = {
  krankenschwester: "nurse",
  krankenpfleger: "nurse",
  krankenpflegerin: "nurse",
  pflegekraft: "nurse",
  pflegefachkraft: "nurse",
  altenpfleger: "care worker",
  altenpflegerin: "care worker",
  arzt: "doctor",
  arztin: "doctor",
  lehrer: "teacher",
  lehrerin: "teacher",
  erzieher: "nursery teacher",
  erzieherin: "nursery teacher",
  fahrer: "driver",
  fahrerin: "driver",
  berufskraftfahrer: "truck driver",
  koch: "chef",
  kochin: "chef",
  kellner: "waiter",
  kellnerin: "waitress",
  elektriker: "electrician",
  mechaniker: "mechanic",
  verkaufer: "sales assistant",
  verkauferin: "sales assistant",
  kassierer: "cashier",
  kassiererin: "cashier",
  buchhalter: "bookkeeper",
  buchhalterin: "bookkeeper",
  lagerist: "warehouse operative",
  lagermitarbeiter: "warehouse operative",
  reinigungskraft: "cleaner",
  ingenieur: "engineer",
  ingenieurin: "engineer",
  tischler: "joiner",
  schreiner: "joiner",
  friseur: "hairdresser",
  friseurin: "hairdresser",
  // Plurals, as a search box gets them ("Krankenschwestern", "Pflegekräfte"; reviewer W).
  krankenschwestern: "nurse",
  pflegekrafte: "nurse",
  pflegefachkrafte: "nurse",
  arzte: "doctor",
  lehrerinnen: "teacher",
  erzieherinnen: "nursery teacher",
  fahrerinnen: "driver",
  koche: "chef",
  kellnerinnen: "waitress",
  verkauferinnen: "sales assistant",
  buchhalterinnen: "bookkeeper",
  reinigungskrafte: "cleaner",
  ingenieure: "engineer",
  ingenieurinnen: "engineer",
  friseure: "hairdresser",
};

const DUTCH_NAMES: Record<string, string> = {
  verpleegkundige: "nurse",
  leraar: "teacher",
  lerares: "teacher",
  kok: "chef",
  schoonmaker: "cleaner",
  magazijnmedewerker: "warehouse operative",
  verkoper: "sales assistant",
  boekhouder: "bookkeeper",
  ontwikkelaar: "developer",
  monteur: "mechanic",
  verpleegkundigen: "nurse",
  leraren: "teacher",
  koks: "chef",
  schoonmakers: "cleaner",
  magazijnmedewerkers: "warehouse operative",
  verkopers: "sales assistant",
  boekhouders: "bookkeeper",
  ontwikkelaars: "developer",
  monteurs: "mechanic",
};

const OTHER_LANGUAGES: Record<string, string> = { ...GERMAN_NAMES, ...DUTCH_NAMES };

/** Names German writes too ("Monteur"): they tell no language apart. */
const SHARED_NAMES = new Set(["monteur", "monteurs"]);

/**
 * The English of a German or Dutch job name (folded, lower case, as `splitWords` gives it), read by
 * the query's analysis and known to the spelling correction ("lehrerin" is no misspelt "lehrer").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(englishOfJobName("krankenschwester"), "nurse");
 * assert.equal(englishOfJobName("constructor"), undefined);
 * ```
 */
export function englishOfJobName(word: string): string | undefined {
  return ownValue(OTHER_LANGUAGES, word);
}

/**
 * Which language a job name of {@linkcode englishOfJobName} is: `de` or `nl`, or undefined for a
 * word that is neither or both ("monteur"). What tells a title's language at import
 * (src/ingest/posting_languages.ts).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(languageOfJobName("krankenschwester"), "de");
 * assert.equal(languageOfJobName("verpleegkundige"), "nl");
 * assert.equal(languageOfJobName("monteur"), undefined);
 * ```
 */
export function languageOfJobName(word: string): "de" | "nl" | undefined {
  if (SHARED_NAMES.has(word)) return undefined;
  if (ownValue(GERMAN_NAMES, word) !== undefined) return "de";
  return ownValue(DUTCH_NAMES, word) !== undefined ? "nl" : undefined;
}
