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
import { HEAD_NOUNS } from "./head_group.ts";
import { splitWords } from "./tokenize.ts";

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
  erzieher: "early childhood educator",
  erzieherin: "early childhood educator",
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
  erzieherinnen: "early childhood educator",
  fahrerinnen: "driver",
  koche: "chef",
  kellnerinnen: "waitress",
  verkauferinnen: "sales assistant",
  buchhalterinnen: "bookkeeper",
  reinigungskrafte: "cleaner",
  ingenieure: "engineer",
  ingenieurinnen: "engineer",
  friseure: "hairdresser",
  // Trades and occupations a person names in German (session 56): beside the list above, "Maler"
  // was corrected to "male", "Gärtner" to "partner", and "Bäcker" (folded "backer") met front
  // office jobs, for want of the English.
  maler: "painter",
  malerin: "painter",
  lackierer: "painter",
  backer: "baker",
  backerin: "baker",
  baecker: "baker",
  metzger: "butcher",
  fleischer: "butcher",
  gartner: "gardener",
  gartnerin: "gardener",
  landschaftsgartner: "landscape gardener",
  maurer: "bricklayer",
  dachdecker: "roofer",
  klempner: "plumber",
  installateur: "plumber",
  zimmerer: "carpenter",
  zimmermann: "carpenter",
  fliesenleger: "tiler",
  gipser: "plasterer",
  stuckateur: "plasterer",
  schlosser: "metalworker",
  schweisser: "welder",
  "schweißer": "welder",
  elektroniker: "electronics technician",
  elektroinstallateur: "electrician",
  techniker: "technician",
  hausmeister: "caretaker",
  hausmeisterin: "caretaker",
  handwerker: "tradesperson",
  bauarbeiter: "construction worker",
  bauleiter: "site manager",
  hilfsarbeiter: "labourer",
  apotheker: "pharmacist",
  apothekerin: "pharmacist",
  rechtsanwalt: "lawyer",
  rechtsanwaltin: "lawyer",
  anwalt: "lawyer",
  anwaltin: "lawyer",
  steuerberater: "tax advisor",
  steuerberaterin: "tax advisor",
  sekretar: "secretary",
  sekretarin: "secretary",
  sachbearbeiter: "clerk",
  sachbearbeiterin: "clerk",
  kaufmann: "clerk",
  kauffrau: "clerk",
  burokaufmann: "office clerk",
  burokauffrau: "office clerk",
  berater: "consultant",
  beraterin: "consultant",
  lagerarbeiter: "warehouse worker",
  lagerhelfer: "warehouse worker",
  staplerfahrer: "forklift driver",
  gabelstaplerfahrer: "forklift driver",
  kommissionierer: "order picker",
  kommissioniererin: "order picker",
  zusteller: "delivery driver",
  paketzusteller: "delivery driver",
  kurier: "courier",
  kurierfahrer: "courier",
  busfahrer: "bus driver",
  busfahrerin: "bus driver",
  tierarzt: "vet",
  tierarztin: "vet",
  zahnarzt: "dentist",
  zahnarztin: "dentist",
  hebamme: "midwife",
  physiotherapeut: "physiotherapist",
  physiotherapeutin: "physiotherapist",
  polizist: "police officer",
  polizistin: "police officer",
  architekt: "architect",
  architektin: "architect",
  pfleger: "carer",
  pflegerin: "carer",
  pflegehelfer: "care assistant",
  pflegehelferin: "care assistant",
  arzthelferin: "medical assistant",
  zahnarzthelferin: "dental assistant",
  putzkraft: "cleaner",
  putzfrau: "cleaner",
  gebaudereiniger: "cleaner",
  beikoch: "commis chef",
  kuchenhilfe: "kitchen assistant",
  spuler: "dishwasher",
  einzelhandelskaufmann: "retail sales assistant",
  filialleiter: "store manager",
  filialleiterin: "store manager",
  projektleiter: "project manager",
  projektleiterin: "project manager",
  teamleiter: "team leader",
  teamleiterin: "team leader",
  geschaftsfuhrer: "managing director",
  sozialarbeiter: "social worker",
  sozialarbeiterin: "social worker",
  psychologe: "psychologist",
  psychologin: "psychologist",
  tagesmutter: "childminder",
  kosmetiker: "beautician",
  kosmetikerin: "beautician",
  fotograf: "photographer",
  fotografin: "photographer",
  grafiker: "graphic designer",
  grafikerin: "graphic designer",
  ubersetzer: "translator",
  ubersetzerin: "translator",
  dolmetscher: "interpreter",
  redakteur: "editor",
  redakteurin: "editor",
  wissenschaftler: "scientist",
  forscher: "researcher",
  chemiker: "chemist",
  mathematiker: "mathematician",
  rezeptionist: "receptionist",
  rezeptionistin: "receptionist",
  sicherheitsmitarbeiter: "security guard",
  wachmann: "security guard",
  flugbegleiter: "flight attendant",
  flugbegleiterin: "flight attendant",
  landwirt: "farmer",
  erntehelfer: "farm worker",
  tierpfleger: "animal keeper",
  lehrling: "apprentice",
  azubi: "apprentice",
  auszubildender: "apprentice",
  auszubildende: "apprentice",
  praktikant: "intern",
  praktikantin: "intern",
  konditor: "pastry chef",
  konditorin: "pastry chef",
  mechatroniker: "mechatronics technician",
  industriemechaniker: "industrial mechanic",
  bilanzbuchhalter: "accountant",
  bilanzbuchhalterin: "accountant",
  finanzbuchhalter: "accountant",
  finanzbuchhalterin: "accountant",
  steuerfachangestellte: "tax clerk",
  steuerfachangestellter: "tax clerk",
  lkw: "truck",
  // Missing when a person tried the German and Dutch searches again (session 57): "Entwickler"
  // and "Programmierer" met no developer title by the words.
  entwickler: "developer",
  entwicklerin: "developer",
  softwareentwickler: "software developer",
  softwareentwicklerin: "software developer",
  programmierer: "programmer",
  programmiererin: "programmer",
  taxifahrer: "taxi driver",
  taxifahrerin: "taxi driver",
  brieftrager: "postman",
  brieftragerin: "postman",
  servicekraft: "waiter",
  servicekrafte: "waiter",
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
  // Beside the list above (session 56): "lasser" (welder) was corrected to "laser".
  schilder: "painter",
  bakker: "baker",
  slager: "butcher",
  tuinman: "gardener",
  hovenier: "gardener",
  metselaar: "bricklayer",
  dakdekker: "roofer",
  loodgieter: "plumber",
  timmerman: "carpenter",
  lasser: "welder",
  elektricien: "electrician",
  stukadoor: "plasterer",
  tegelzetter: "tiler",
  kapper: "hairdresser",
  kapster: "hairdresser",
  kassamedewerker: "cashier",
  caissiere: "cashier",
  verzorgende: "carer",
  verzorger: "carer",
  verpleger: "nurse",
  verpleegster: "nurse",
  huisarts: "doctor",
  dokter: "doctor",
  tandarts: "dentist",
  dierenarts: "vet",
  fysiotherapeut: "physiotherapist",
  psycholoog: "psychologist",
  advocaat: "lawyer",
  programmeur: "programmer",
  beveiliger: "security guard",
  bewaker: "security guard",
  bezorger: "delivery driver",
  pakketbezorger: "delivery driver",
  koerier: "courier",
  serveerster: "waitress",
  afwasser: "dishwasher",
  afwashulp: "dishwasher",
  receptioniste: "receptionist",
  schoonmaakster: "cleaner",
  glazenwasser: "window cleaner",
  huishoudster: "housekeeper",
  vrachtwagenchauffeur: "truck driver",
  buschauffeur: "bus driver",
  heftruckchauffeur: "forklift driver",
  orderpicker: "order picker",
  productiemedewerker: "production worker",
  klantenservicemedewerker: "customer service agent",
  callcentermedewerker: "call centre agent",
  secretaresse: "secretary",
  adviseur: "advisor",
  projectleider: "project manager",
  teamleider: "team leader",
  bedrijfsleider: "manager",
  leerkracht: "teacher",
  onderwijsassistent: "teaching assistant",
  gastouder: "childminder",
  automonteur: "car mechanic",
  vertaler: "translator",
  fotograaf: "photographer",
  ontwerper: "designer",
  redacteur: "editor",
  onderzoeker: "researcher",
  wetenschapper: "scientist",
  stagiair: "intern",
  stagiaire: "intern",
  schilders: "painter",
  bakkers: "baker",
  loodgieters: "plumber",
  lassers: "welder",
  elektriciens: "electrician",
  kappers: "hairdresser",
  beveiligers: "security guard",
  bezorgers: "delivery driver",
  programmeurs: "programmer",
  advocaten: "lawyer",
  // Session 57: "kok of kelner" had "kelner" corrected to "kolner".
  kelner: "waiter",
  kelners: "waiter",
  serveerder: "waiter",
  verkoopster: "sales assistant",
  taxichauffeur: "taxi driver",
  barmedewerker: "bartender",
  keukenhulp: "kitchen assistant",
  postbode: "postman",
  oppas: "babysitter",
};

const OTHER_LANGUAGES: Record<string, string> = { ...GERMAN_NAMES, ...DUTCH_NAMES };

/**
 * Names that tell no language apart at import: German and Dutch write "Monteur", English
 * "backer", French "stagiaire"; and surnames a company or a title may carry ("Zimmermann Store
 * Manager", "Sous Chef at Bakker & Co": reviewer C56).
 */
const SHARED_NAMES = new Set([
  "monteur",
  "monteurs",
  "installateur",
  "apotheker",
  "backer",
  "stagiaire",
  "caissiere",
  "redacteur",
  "programmeur",
  "orderpicker",
  "zimmermann",
  "metzger",
  "maurer",
  "kaufmann",
  "forscher",
  "wachmann",
  "kurier",
  "bakker",
  "schilder",
  "kapper",
  "timmerman",
  "slager",
  "kok",
]);

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

/** German and Dutch "and"/"or", read as English between two job names. */
const CONNECTORS: Record<string, string> = { und: "and", oder: "or", en: "and", of: "or" };

/**
 * The text with German and Dutch "and"/"or" between two job names in English ("Maler und
 * Lackierer", "kok of kelner"), so that two trades read as the English do: "Maler und Lackierer"
 * had no strong match where "painter and decorator" has four, and "Koch oder Kellner" was not two
 * alternatives as "chef or waiter" is (a person's trial, session 56). Both sides must name a job
 * (a German or Dutch one of {@linkcode englishOfJobName}, or an English head noun beside one):
 * the Dutch words are English ones too ("head of sales", "Koch of the year", "Bakker en Zonen"),
 * "und" inside a request is the request's ("ich bin Koch und suche Arbeit"), and a German
 * compound's "Gesundheits- und Krankenpfleger" is one name (reviewer C57).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(connectorsInEnglish("Maler und Lackierer"), "Maler and Lackierer");
 * assert.equal(connectorsInEnglish("kok of kelner"), "kok or kelner");
 * assert.equal(connectorsInEnglish("Koch oder Barista"), "Koch or Barista");
 * assert.equal(connectorsInEnglish("head of sales"), "head of sales");
 * assert.equal(connectorsInEnglish("Koch of the year"), "Koch of the year");
 * assert.equal(connectorsInEnglish("Ich bin Koch und suche Arbeit"), "Ich bin Koch und suche Arbeit");
 * assert.equal(
 *   connectorsInEnglish("Gesundheits- und Krankenpfleger"),
 *   "Gesundheits- und Krankenpfleger",
 * );
 * ```
 */
export function connectorsInEnglish(text: string): string {
  const fold = (word: string | undefined) => (word && splitWords(word)[0]) ?? "";
  const named = (word: string) => englishOfJobName(word) !== undefined;
  const trade = (word: string) =>
    named(word) || HEAD_NOUNS.has(word) ||
    (word.endsWith("s") && HEAD_NOUNS.has(word.slice(0, -1)));
  return text.replace(
    /(?<=(?:^|[^\p{L}\p{N}]))(\p{L}+)(?=$|[^\p{L}\p{N}])/gu,
    (word: string, _: string, at: number) => {
      const english = ownValue(CONNECTORS, word.toLowerCase());
      if (!english) return word;
      // The word before, right before the connector: "Gesundheits-" is half of a compound.
      const before = fold(text.slice(0, at).match(/(\p{L}+)\s+$/u)?.[1]);
      const after = fold(text.slice(at + word.length).match(/^\s+(\p{L}+)/u)?.[1]);
      return trade(before) && trade(after) && (named(before) || named(after)) ? english : word;
    },
  );
}
