/**
 * Places written in a query ("nurse jobs in Toronto", "remote python developer", "barista berlin
 * part time", "nurse jobs in Ulaanbaatar"): a city or country the index has postings in, a place
 * of the world GeoNames knows (src/places/), or "remote". The search applies the place as a
 * filter (an explicit `city`/`country` parameter wins) and searches the rest of the words
 * (docs/search.md, "Places in the query"). What the index knows of its postings' places is its
 * gazetteer (src/index/gazetteer.ts).
 *
 * A place without postings is read only where a person plainly names one, because a job word read
 * as a place empties the search: after "in"/"near"/"at" (a place of 15,000 people or more), last in
 * the query (100,000 or more) or anywhere (a million or more), and never when one of its words is
 * a word of the postings' titles or tags or a word job searches use ("Nurse", "Sales", "Reading",
 * "Mobile", "Java" are all towns somewhere).
 *
 * @module
 */
import { RADIUS_DEFAULT_KM } from "../domain/filters.ts";
import { foldText } from "../domain/fold_text.ts";
import { isRemoteWish } from "../domain/remote_words.ts";
import { type Area, areaNamed, metroAreaNamed } from "../places/areas.ts";
import { countryCode } from "../places/country_code.ts";
import { regionsNamed } from "../places/regions.ts";
import { englishOfJobName } from "./job_names_abroad.ts";
import {
  countriesNamed,
  placeInCountry,
  placesNamed,
  regionOfCity,
  type WorldPlace,
} from "../places/world_places.ts";
import { cityNameIsWork, type Gazetteer, placeId, sameCity } from "./gazetteer.ts";
import type { PlaceAround, PlaceRegion } from "./index_search.ts";
import { ownValue } from "../domain/own_value.ts";
import { isEnglishWord } from "./query_spelling.ts";

export interface QueryPlace {
  /**
   * Folded city name (see `foldText`) that the postings' cities are matched on: every spelling of
   * the city ("Zürich", "Zurich"), and every name of the same place ("München", "Munich").
   */
  cityKey?: string;
  /** The city as the postings write it (the most common spelling), or GeoNames' name. */
  city?: string;
  country?: string;
  remote?: boolean;
  /**
   * "near Leeds", "around Köln": the postings within the `near` filter's default radius of the
   * city, in whatever town (then no `cityKey`, `city` or `country` narrows them).
   */
  around?: PlaceAround;
  /** "jobs in Texas": the region of `country` (its postings whose city lies there). */
  region?: PlaceRegion;
  /** "remote jobs in Europe": the postings of the area's countries (src/places/areas.ts). */
  area?: Area;
  /** The words of the query that named the place, as typed. */
  matched: string;
  /**
   * Where home working is read with a place ("work from home, UK"): the words that named the
   * place alone ("UK").
   */
  whereMatched?: string;
  /** The query without the place (and a leading "in"/"near"/...), to be searched as usual. */
  rest: string;
  /**
   * "nurse jobs in Berlin or Munich", "remote or London": the places named together, two to
   * {@linkcode MOST_PLACES}, each read as one place is (with the words that named it); the
   * postings at any of them are kept. The fields above then say only what every one of them asks
   * ("remote jobs in Leeds or York": `remote`), `matched` the words of them all.
   */
  anyOf?: OnePlace[];
}

/** One of several places a query names together (`QueryPlace.anyOf`). */
export type OnePlace = Omit<QueryPlace, "rest" | "anyOf" | "whereMatched">;

/** The most places read together ("in Leeds, York, Hull, Bradford or Wakefield"): a list, not a country. */
export const MOST_PLACES = 5;

/**
 * Words that join places named together: "Berlin or Munich", "Leeds and Bradford" (a person who
 * writes "and" wants the jobs of both, not a job in both), "Leeds / Bradford", "Leeds & York".
 * A comma joins too ("Amsterdam, Rotterdam or Utrecht"). Each side must read as a place on its
 * own: "Marks and Spencer", "research and development" join no places.
 */
const JOINERS = new Set(["or", "and", "&", "/", "oder"]);

const CONNECTORS = new Set([
  "in",
  "near",
  "nearby",
  "at",
  "around",
  "bei",
  "nahe",
  "from",
  "based",
  "jobs",
  "job",
  "im",
  "en",
]);

/** Words before "in" that say the person lives at the place: "I live in Leeds". */
const RESIDING = new Set([
  "live",
  "lives",
  "living",
  "located",
  "reside",
  "residing",
  "wohne",
  "woon",
]);

/** Who lives there, before such a word: "I", "I'm", "we", "who", "currently". */
const RESIDENT = new Set(["i", "i m", "im", "am", "we", "who", "currently", "ich", "ik"]);

/** Words that say a place follows ("nurse jobs in Ulaanbaatar", "near Leeds", "bei Köln"). */
const PREPOSITIONS = new Set([
  "in",
  "near",
  "nearby",
  "at",
  "around",
  "im",
  "bei",
  "en",
  "nahe",
  "nach",
]);

/**
 * Words before a city that ask for the postings around it, not in it alone: a person who writes
 * "cleaning jobs near Manchester" means Salford too ("bei Köln" is German for near Cologne).
 */
const AROUND = new Set(["near", "around", "nahe", "bei", "nearby"]);

/**
 * Words job searches use that are also places somewhere and may be missing from a small index's
 * titles: fields of work, kinds of contract, and what people say around them. Never read as a
 * place without postings.
 */
const SEARCH_WORDS = new Set(
  ("job jobs work works working career careers position positions vacancy vacancies opening " +
    "openings hiring role roles employment full part time fulltime parttime contract temporary " +
    "temp permanent internship intern interns entry level graduate graduates senior junior lead " +
    "head chief assistant associate manager remote hybrid onsite office home person shift night " +
    "day weekend weekends summer winter seasonal paid pay salary high top best good nice great " +
    "new local near me my area city town sales marketing finance banking insurance retail " +
    "hospitality healthcare health care medical nursing pharmacy medicine education teaching " +
    "construction engineering manufacturing logistics security tech technology media design data " +
    "research science law legal government energy property transport aviation accounting " +
    "recruiting recruitment support service services operations management consulting software " +
    "development production quality safety maintenance customer administration admin warehouse " +
    "hospital school university food restaurant hotel travel tourism fashion art music film sport " +
    "sports fitness beauty agriculture farming mining oil gas telecom startup startups industry " +
    "commerce enterprise mission independence opportunity progress success hope mobile web " +
    "cloud reading writing").split(" "),
);

/**
 * People a place without postings must have: after a preposition, last in the query, elsewhere.
 * Cities people search jobs in are bigger than the smallest of these; the smaller a town, the
 * likelier its name is a word ("Sales", France, 1,700 people).
 */
const WORLD_MIN_POPULATION = { preposition: 15_000, last: 100_000, anywhere: 1_000_000 };

/**
 * Small words that alone name no place and never end a place's name ("in a shop", "jobs in the
 * city"), though some begin one ("The Hague", "La Paz", "Den Haag").
 */
const SMALL_WORDS = new Set(
  "a an the of for to and or with on by as is my me our your de la le el der die das und et y"
    .split(" "),
);

/** Words in the longest place name looked up in GeoNames ("Rio de Janeiro", "Salt Lake City"). */
const WORLD_LONGEST = 4;

/**
 * A place named with "City" at its end ("Mexico City", "Quebec City", "New York City") is read
 * only where this many people live there: "city" is a word of job searches ("inner city teacher"
 * would be Innere Stadt, Vienna, 16,000 people).
 */
const CITY_NAME_MIN_POPULATION = 100_000;

function endsInCity(words: string[]): boolean {
  return words.length >= 2 && words[words.length - 1] === "city";
}

/**
 * Short names of cities people type in a search box, as the words they stand for: "NYC" in any
 * case; "LA" and "SF" only in capitals ("la" is a word in several languages).
 */
function cityShorthand(typedWord: string): string | undefined {
  const word = typedWord.replace(/[,;:.!?]+$/u, "");
  if (word.toLowerCase() === "nyc") return "new york city";
  if (word === "LA") return "los angeles";
  if (word === "SF") return "san francisco";
  return undefined;
}

/** Spoken names of countries that `countryCode` does not take in lower case. */
const COUNTRY_WORDS: Record<string, string> = { usa: "US", uk: "GB", america: "US", britain: "GB" };

function countryOf(
  words: string[],
  gazetteer: Gazetteer,
  anyCountry: boolean,
): string | undefined {
  const text = words.join(" ");
  const code = ownValue(COUNTRY_WORDS, text) ??
    (text.length >= 4 ? countryCode(text.replace(/\b\p{L}/gu, (c) => c.toUpperCase())) : undefined);
  if (code === undefined) return undefined;
  // A country without postings only where a person plainly names one ("nurse jobs in Mongolia").
  if (gazetteer.countries.has(code)) return code;
  return anyCountry && !words.some((w) => isJobWord(w, gazetteer)) ? code : undefined;
}

function isJobWord(word: string, gazetteer: Gazetteer): boolean {
  // A job's name abroad is the work's: "Koch / Köchin" read "Köchin" as Cochin (a person's
  // trial, session 56).
  return gazetteer.jobWords.has(word) || SEARCH_WORDS.has(word) || CONNECTORS.has(word) ||
    englishOfJobName(word) !== undefined;
}

/**
 * The place of the name `words` in the region whose code follows them ("salem ma nurse", "boise id
 * jobs"): a town and its region's code name a place as plainly as "in" does.
 */
function placeInRegionSaid(
  words: string[],
  after: string | undefined,
  gazetteer: Gazetteer,
): WorldPlace | null {
  if (after === undefined || after.length > 3 || JOINERS.has(after) || after === "on") return null;
  // "gurgaon hr executive": "hr" is the work, not Haryana (reviewer W, session 39).
  if (isJobWord(after, gazetteer) || PREPOSITIONS.has(after)) return null;
  return placeInRegionNamed(words.join(" "), after);
}

/**
 * The place of the world `words` name where they stand in the query, if a person plainly names one
 * there (see the module doc); null otherwise.
 */
function worldPlaceOf(
  words: string[],
  position: { preposition: boolean; last: boolean; listed?: boolean; after?: string },
  gazetteer: Gazetteer,
): WorldPlace | null {
  const named = endsInCity(words) ? words.slice(0, -1) : words;
  // Joined to a place ("in Leeds or York"), a word of the titles ("New York ...") is a place too;
  // a word job searches use ("in Leeds or remote", "sales") is still none.
  const notPlace = position.listed
    ? (w: string) => SEARCH_WORDS.has(w) || CONNECTORS.has(w)
    : (w: string) => isJobWord(w, gazetteer);
  if (named.some(notPlace) && !regionOutnumbersTitles(named, gazetteer)) return null;
  if (!position.preposition && words.join("").length < 4) return null;
  const inRegion = position.preposition
    ? null
    : placeInRegionSaid(words, position.after, gazetteer);
  if (inRegion && inRegion.population >= WORLD_MIN_POPULATION.preposition) return inRegion;
  const [best] = placesNamed(words.join(" "));
  if (!best) return null;
  const min = position.preposition
    ? WORLD_MIN_POPULATION.preposition
    : position.last
    ? WORLD_MIN_POPULATION.last
    : WORLD_MIN_POPULATION.anywhere;
  return best.population >= Math.max(min, named === words ? 0 : CITY_NAME_MIN_POPULATION)
    ? best
    : null;
}

/**
 * Whether a one-word name of titles ("only for mumbai candidates") is still the city: more
 * postings name only its biggest place's region than titles use the word. The Indian boards write
 * "MH, IN" for Mumbai's postings, so the city has none of its own and its name turns up in titles
 * only as the place; elsewhere ("Orange", "Mobile") a region named alone is rare and titles win.
 */
function regionOutnumbersTitles(words: string[], gazetteer: Gazetteer): boolean {
  if (words.length !== 1) return false;
  const [word] = words;
  const { titlePostings, regionOnlyPostings } = gazetteer;
  if (SEARCH_WORDS.has(word) || CONNECTORS.has(word)) return false;
  if (!titlePostings || !regionOnlyPostings) return false;
  const [best] = placesNamed(word);
  if (!best?.admin1) return false;
  // The city's own name, not another of its names that is the titles' word: "Deli Associate"
  // made "deli counter jobs in leeds" jobs in Delhi ("Deli" in Malay), Leeds unread (session 54).
  if (foldText(best.name) !== word) return false;
  return titlePostings(word) < regionOnlyPostings(best.country, best.admin1);
}

/**
 * The place a query names; null when it names none or when the place is all the query says (a
 * search for "Berlin" searches the word, as before; "in Berlin" asks for the place). A city with
 * postings is matched on every spelling and name of it; a place without postings comes with its
 * GeoNames name and country.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { buildGazetteer } from "./gazetteer.ts";
 * const g = buildGazetteer([
 *   { city: "Toronto", country: "CA", job_title: "Nurse", job_tags: [] },
 *   { city: "Zürich", country: "CH", job_title: "Barista", job_tags: [] },
 *   { city: "München", country: "DE", job_title: "Nurse", job_tags: [] },
 * ] as never);
 * assert.deepEqual(findPlace("nurse jobs in Toronto", g), {
 *   cityKey: "toronto", city: "Toronto", matched: "Toronto", rest: "nurse",
 * });
 * assert.equal(findPlace("barista zurich", g)?.city, "Zürich");
 * assert.equal(findPlace("nurse in Munich", g)?.city, "München");
 * assert.deepEqual(findPlace("nurse jobs in Ulaanbaatar", g), {
 *   cityKey: "ulan bator", city: "Ulan Bator", country: "MN", matched: "Ulaanbaatar",
 *   rest: "nurse",
 * });
 * assert.equal(findPlace("remote nurse", g)?.remote, true);
 * assert.deepEqual(findPlace("python developer remote us", g), {
 *   country: "US", remote: true, matched: "remote, us", whereMatched: "us",
 *   rest: "python developer",
 * });
 * assert.equal(findPlace("Toronto", g), null);
 * assert.equal(findPlace("in Toronto", g)?.city, "Toronto");
 * assert.equal(findPlace("mobile developer", g), null);
 * ```
 */
export function findPlace(query: string, gazetteer: Gazetteer): QueryPlace | null {
  const first = onePlace(query, gazetteer, false);
  if (!first) return null;
  // "remote jobs in the UK", "remote developer Germany": home working and where, read together
  // (the postings of that place that are remote), whichever the query says first.
  const second = onePlace(first.rest, gazetteer, true) ??
    (isRemoteOnly(first) ? usAfterRemote(query, first.rest) : null);
  if (!second || isRemoteOnly(first) === isRemoteOnly(second)) return first;
  const [remote, where] = isRemoteOnly(first) ? [first, second] : [second, first];
  if (where.remote || where.anyOf?.some((one) => one.remote)) return first;
  const inOrder = query.indexOf(first.matched) <= query.indexOf(second.matched)
    ? [first.matched, second.matched]
    : [second.matched, first.matched];
  return {
    ...where,
    remote: remote.remote,
    matched: inOrder.join(", "),
    whereMatched: where.matched,
    rest: second.rest,
  };
}

/** "remote" alone: home working with no city, country or area beside it. */
export function isRemoteOnly(
  place: Omit<QueryPlace, "matched" | "rest"> | null | undefined,
): boolean {
  return place?.remote === true && place.cityKey === undefined && place.country === undefined &&
    place.around === undefined && place.area === undefined && place.anyOf === undefined;
}

/** Ways to ask for home working that, alone in a query, may be what the person searches for. */
const WISHES_ALSO_WORDS = new Set(["remote", "home office", "homeoffice"]);

/**
 * The first place `query` names (see `findPlace`); `aloneIsPlace`: a place that is all the text
 * says is read (the rest of a query that already named one: "remote in the UK").
 */
/**
 * Words a query ends in after its place that leave the place the last thing it names: "nurse texas
 * jobs", "nurse texas part time", "data analyst california hybrid" (reviewer W, session 36).
 */
const TRAILING_WORDS: ReadonlySet<string> = new Set([
  "jobs",
  "job",
  "roles",
  "role",
  "positions",
  "position",
  "vacancies",
  "vacancy",
  "openings",
  "opportunities",
  "work",
  "part",
  "full",
  "time",
  "parttime",
  "fulltime",
  "contract",
  "temp",
  "temporary",
  "permanent",
  "internship",
  "internships",
  "hybrid",
  "onsite",
  "on",
  "site",
  // German and Dutch (session 56): "Koch Berlin Stellen", "schilder Amsterdam vacatures".
  "stellen",
  "stellenangebote",
  "vacatures",
  "vacature",
  "banen",
  "werk",
  "arbeit",
]);

function onePlace(query: string, gazetteer: Gazetteer, aloneIsPlace: boolean): QueryPlace | null {
  const typed = splitSlashes(query.trim().split(/\s+/).filter(Boolean), gazetteer);
  const folded = typed.map((w) => cityShorthand(w) ?? foldText(w));
  const longest = Math.max(gazetteer.longest, WORLD_LONGEST);
  for (let length = Math.min(longest, typed.length); length >= 1; length--) {
    for (let start = 0; start + length <= typed.length; start++) {
      const span = folded.slice(start, start + length);
      // "Leeds / Bradford" is two places, not one of the name "Leeds Bradford".
      if (length > 1 && span.some((w) => w === "")) continue;
      const words = span.join(" ").split(" ").filter(Boolean);
      if (words.length === 0) continue;
      const found = placeOf(words, {
        preposition: start > 0 && PREPOSITIONS.has(folded[start - 1]),
        last: folded.slice(start + length).every((w) => TRAILING_WORDS.has(w)),
        before: folded[start - 1],
        after: folded[start + length],
        typed: typed.slice(start, start + length).join(" "),
      }, gazetteer);
      if (!found) continue;
      // "Leeds, United Kingdom": the country is said of the city before it, read with it below.
      if (isCountryAlone(found) && qualifiesCityBefore(typed, folded, start, length, gazetteer)) {
        continue;
      }
      const head = withQualifier(found, typed, start, start + length, gazetteer);
      // "in Berlin or Munich", "Amsterdam, Rotterdam or Utrecht": the places named with it.
      const chain = placesJoined(typed, folded, head, gazetteer);
      const { place, qualified } = head;
      const { end } = chain[chain.length - 1];
      let from = chain[0].start;
      const first = chain[0].start;
      // "close to Leeds" asks as "near Leeds" does; "close" and "to" are no connectors elsewhere.
      const closeTo = first >= 2 && folded[first - 2] === "close" && folded[first - 1] === "to";
      // "within 10 miles of Leeds": near it, that far (zoo 8, session 43: the words were searched).
      const within = first >= 4 ? withinDistance(folded.slice(first - 4, first)) : null;
      const nearWord = closeTo || within !== null || (first > 0 && AROUND.has(folded[first - 1]));
      const aroundOf = (one: Omit<QueryPlace, "matched" | "rest">, key: string) => {
        const near = nearWord && one.cityKey !== undefined
          ? placeAround(one, key, gazetteer)
          : null;
        return near && within !== null ? { ...near, radiusKm: within } : near;
      };
      const around = chain.length === 1 ? aroundOf(place, words.join(" ")) : null;
      if (closeTo) from -= 2;
      if (within !== null) from -= 4;
      // "in the UK": the article goes with its preposition (left in the words, "full time jobs in
      // the" read "jobs in the" as the work beside the type).
      const article = (k: number) =>
        folded[k] === "the" && k > 0 && PREPOSITIONS.has(folded[k - 1]);
      while (from > 0 && (CONNECTORS.has(folded[from - 1]) || article(from - 1))) from--;
      // "..., I live in Leeds", "I'm based in Leeds", "ik woon in Utrecht": where the person lives
      // is the place's phrase, not words of the work ("I live" was searched, and the hint offered
      // '"I need a job, no experience, I live"': a person's trial, session 56).
      if (from > 0 && (RESIDING.has(folded[from - 1]) || folded[from] === "based")) {
        if (RESIDING.has(folded[from - 1])) from--;
        while (from > 0 && RESIDENT.has(folded[from - 1])) from--;
      }
      const restWords = [...typed.slice(0, from), ...typed.slice(end)]
        .filter((w, i, all) => !(i === all.length - 1 && CONNECTORS.has(foldText(w))));
      let rest = restWords.join(" ").trim().replace(/[,;:]+$/u, "");
      if (foldText(rest) === "" || [...foldText(rest).split(" ")].every((w) => CONNECTORS.has(w))) {
        // The place and nothing else: "Berlin" alone searches the word, as before; "jobs in
        // Berlin", "remote jobs", and a city with postings asked for by a preposition ("in
        // Liverpool", "near Liverpool", "close to Leeds") ask for every posting there, which the
        // index lists where the words left name no job (src/index/job_index.ts). A place without
        // postings after a preposition alone stays words ("in finance" is a town somewhere).
        // Several places named together ("Leeds or Bradford") are as plainly places.
        const others = [
          ...folded.slice(0, within !== null ? first - 4 : first),
          ...folded.slice(end),
        ];
        // "Liverpool, UK" alone is as plainly a place as "in Liverpool"; "work from home" or
        // "wfh" alone is as plainly home working as "remote jobs" ("remote" alone is a title's
        // word too, "home office" a department's name).
        const wish = folded.slice(first, end).join(" ");
        const plainWish = place.remote === true && !WISHES_ALSO_WORDS.has(wish);
        const asked = chain.length > 1 || plainWish ||
          (place.cityKey !== undefined && gazetteer.cities.has(place.cityKey) &&
            (closeTo || within !== null || qualified ||
              (first > 0 && PREPOSITIONS.has(folded[first - 1]))));
        const jobWord = others.some((w) => w === "jobs" || w === "job");
        if (!asked && !jobWord && !aloneIsPlace) return null;
        rest = jobWord ? others.filter((w) => !PREPOSITIONS.has(w) && w !== "the").join(" ") : "";
      }
      // "near Birmingham, nights": the comma ends the clause, it is no part of the name shown.
      const shown = (a: number, b: number) =>
        typed.slice(a, b).join(" ").replace(/[,;:.!?/&]+$/u, "");
      const matched = shown(first, end);
      if (chain.length === 1) {
        return around ? { around, matched, rest } : { ...place, matched, rest };
      }
      const anyOf: OnePlace[] = chain.map((one) => {
        const near = aroundOf(one.place, folded.slice(one.start, one.end).join(" "));
        const named = shown(one.start, one.end);
        return near ? { around: near, matched: named } : { ...one.place, matched: named };
      });
      return { matched, rest, anyOf };
    }
  }
  return null;
}

/** Kilometres in a mile. */
const KM_PER_MILE = 1.609344;

/**
 * The radius in km four folded words say before a place ("within 10 miles of", "within 20 km
 * of"), rounded to a whole km and at least 1; null where they say none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(withinDistance(["within", "10", "miles", "of"]), 16);
 * assert.equal(withinDistance(["within", "25", "km", "of"]), 25);
 * assert.equal(withinDistance(["jobs", "in", "the", "of"]), null);
 * ```
 */
export function withinDistance(words: readonly string[]): number | null {
  const [within, amount, unit, of] = words;
  if (within !== "within" || of !== "of" || !/^\d{1,3}$/.test(amount)) return null;
  const miles = ["mile", "miles", "mi"].includes(unit);
  const km = ["km", "kms", "kilometres", "kilometers", "kilometre", "kilometer"].includes(unit);
  if (!miles && !km) return null;
  return Math.max(1, Math.round(Number(amount) * (miles ? KM_PER_MILE : 1)));
}

/** A place read at `start`..`end` of the typed words, with the country or region said after it. */
interface PlaceSpan {
  place: Omit<QueryPlace, "matched" | "rest">;
  start: number;
  end: number;
  /** Whether words after the city said its country or region ("Liverpool, UK"). */
  qualified: boolean;
  /** In a list of places: how it is joined to the one before ("or", "and", ... or a comma). */
  joinedBy?: "word" | "comma";
}

function withQualifier(
  found: Omit<QueryPlace, "matched" | "rest">,
  typed: string[],
  start: number,
  end: number,
  gazetteer: Gazetteer,
): PlaceSpan {
  // "Liverpool, UK", "Toronto, ON", "Chicago IL": the city's country or region said after it.
  const key = foldText(typed.slice(start, end).join(" "));
  // "Ontario, CA": a region read over a city of its name (`regionOverCity`), unless the words
  // after it say where the city is.
  const city = found.region !== undefined && gazetteer.cities.has(key)
    ? postingCity(key, gazetteer)
    : found;
  let qualified = city.cityKey !== undefined ? cityQualified(city, typed, end, gazetteer) : null;
  if (qualified && inList(typed, end, qualified.end, gazetteer)) qualified = null;
  return qualified
    ? { place: qualified.place, start, end: qualified.end, qualified: true }
    : { place: found, start, end, qualified: false };
}

/**
 * Whether the words from `from` to `to`, read as where the city before them is, are rather the
 * next city of a list: read as a city with postings on their own, with a comma or a joiner after
 * them ("Berlin, Hamburg or Munich": Hamburg is a German state too).
 */
function inList(typed: string[], from: number, to: number, gazetteer: Gazetteer): boolean {
  const words = foldText(typed.slice(from, to).join(" ")).split(" ").filter(Boolean);
  const read = placeOf(words, { preposition: true, last: false, listed: true }, gazetteer);
  // "Toronto, Ontario or Vancouver": Ontario reads as the province, which says where Toronto is.
  if (read?.cityKey === undefined || !gazetteer.cities.has(read.cityKey)) return false;
  const next = typed[to] === undefined ? "" : foldText(typed[to]);
  return endsClause(typed[to - 1]) || JOINERS.has(next) || JOINERS.has(typed[to] ?? "");
}

/**
 * "Leeds/Bradford": a word of places joined by a slash, as its places and the slash, where each
 * part is a city, country or region of the postings ("full/part time", "AI/ML" stay one word).
 */
function splitSlashes(typed: string[], gazetteer: Gazetteer): string[] {
  return typed.flatMap((word) => {
    const parts = word.split("/");
    if (parts.length < 2 || parts.length > MOST_PLACES || parts.some((p) => foldText(p) === "")) {
      return [word];
    }
    const places = parts.every((part) => {
      const key = foldText(part);
      return (gazetteer.cities.has(key) && !cityNameIsWork(key, gazetteer)) ||
        countryOf(key.split(" "), gazetteer, false) !== undefined;
    });
    return places ? parts.flatMap((part, i) => i === 0 ? [part] : ["/", part]) : [word];
  });
}

/** Whether a joiner stands at `at`: "or", "and", "/", "&" ("Berlin or Munich"). */
function joinerAt(typed: string[], folded: string[], at: number): boolean {
  return at >= 0 && at < typed.length && (JOINERS.has(folded[at]) || JOINERS.has(typed[at]));
}

/**
 * The places named together with `head` ("nurse jobs in Berlin or Munich", "developer jobs in
 * Amsterdam, Rotterdam or Utrecht", "remote or London"), in the order typed, `head` among them;
 * `[head]` where none is. Places are joined by a joiner (`JOINERS`, a preposition may follow it:
 * "in Leeds or in York") or a comma, and each is read as a place at that position would be, with
 * the preposition before the first counting for all ("in Leeds or Ulaanbaatar"). At most
 * `MOST_PLACES`; the same place twice counts once.
 */
function placesJoined(
  typed: string[],
  folded: string[],
  head: PlaceSpan,
  gazetteer: Gazetteer,
): PlaceSpan[] {
  const chain = [head];
  const longest = Math.max(gazetteer.longest, WORLD_LONGEST);
  const afterPreposition = () => {
    const first = chain[0].start;
    return first > 0 && PREPOSITIONS.has(folded[first - 1]);
  };
  const read = (start: number, length: number): PlaceSpan | null => {
    if (start < 0 || length < 1 || start + length > typed.length) return null;
    // A joiner is no part of a place ("Leeds or" is no name), nor a comma inside one.
    const span = folded.slice(start, start + length);
    if (span.some((w) => JOINERS.has(w) || w === "")) return null;
    if (typed.slice(start, start + length - 1).some(endsClause)) return null;
    const words = span.join(" ").split(" ").filter(Boolean);
    const found = placeOf(words, {
      preposition: afterPreposition() || PREPOSITIONS.has(folded[start - 1] ?? ""),
      last: start + length === typed.length,
      before: folded[start - 1],
      after: folded[start + length],
      listed: true,
    }, gazetteer);
    if (!found || found.around !== undefined) return null;
    return withQualifier(found, typed, start, start + length, gazetteer);
  };
  const same = (a: PlaceSpan, b: PlaceSpan) => JSON.stringify(a.place) === JSON.stringify(b.place);
  // To the right: "Berlin or Munich", "Amsterdam, Rotterdam or Utrecht".
  while (chain.length < MOST_PLACES) {
    const last = chain[chain.length - 1];
    let next = last.end;
    const word = joinerAt(typed, folded, next);
    if (word) next++;
    else if (!endsClause(typed[next - 1])) break;
    if (PREPOSITIONS.has(folded[next] ?? "") && !AROUND.has(folded[next])) next++;
    let found: PlaceSpan | null = null;
    for (let length = Math.min(longest, typed.length - next); length >= 1 && !found; length--) {
      found = read(next, length);
    }
    if (!found) break;
    found.joinedBy = word ? "word" : "comma";
    if (!chain.some((one) => same(one, found))) chain.push(found);
    // "London or London": the same place once, with the words of both.
    else chain[chain.length - 1] = { ...last, end: found.end, joinedBy: last.joinedBy ?? "word" };
  }
  // To the left: "Boston or New York" (the longer name was read first).
  while (chain.length < MOST_PLACES) {
    const first = chain[0];
    let before = first.start;
    if (PREPOSITIONS.has(folded[before - 1] ?? "") && joinerAt(typed, folded, before - 2)) before--;
    let endAt: number;
    const word = joinerAt(typed, folded, before - 1);
    if (word) endAt = before - 1;
    else if (before > 0 && endsClause(typed[before - 1])) endAt = before;
    else break;
    let found: PlaceSpan | null = null;
    for (let length = Math.min(longest, endAt); length >= 1 && !found; length--) {
      const one = read(endAt - length, length);
      if (one && one.end === endAt) found = one;
    }
    if (!found) break;
    if (!chain.some((one) => same(one, found))) {
      chain[0] = { ...first, joinedBy: word ? "word" : "comma" };
      chain.unshift(found);
    } else chain[0] = { ...first, start: found.start };
  }
  // A comma joins places only in a list that a joiner ends ("Amsterdam, Rotterdam or Utrecht"):
  // "Liverpool, Canada" and "Berlin, remote" say where the city is, or home working with it.
  // A list cut at `MOST_PLACES` is a list, whatever ends it (the names past it stay words).
  if (chain.length === MOST_PLACES) return chain;
  const lastWord = chain.findLastIndex((one) => one.joinedBy === "word");
  if (lastWord < 0) return [{ ...head, joinedBy: undefined }];
  return chain.slice(0, lastWord + 1);
}

/** Words after a city that may say its country or region ("United States of America"). */
const QUALIFIER_LONGEST = 4;

function isCountryAlone(place: Omit<QueryPlace, "matched" | "rest">): boolean {
  return place.country !== undefined && place.cityKey === undefined && !place.remote;
}

/** The countries a city the query names lies in: its postings', or GeoNames' for a world place. */
function countriesOfCity(
  place: Omit<QueryPlace, "matched" | "rest">,
  gazetteer: Gazetteer,
): Set<string> {
  const countries = new Set(gazetteer.placed.get(place.cityKey!)?.keys() ?? []);
  // A place without postings may be another of its name than the most populous ("Cambridge, MA").
  if (countries.size === 0 && place.city !== undefined) {
    for (const country of countriesNamed(place.city)) countries.add(country);
  }
  if (place.country !== undefined) countries.add(place.country);
  return countries;
}

/** A word that ends a clause: what follows it is no part of what came before. */
function endsClause(word: string | undefined): boolean {
  return word !== undefined && /[,;]$/u.test(word);
}

/**
 * A country or region of `countries` that the typed words from `at` name, up to a comma: a
 * country by name or code ("UK", "Canada", "DE"), a region by name or code ("Ontario", "ON",
 * "NSW", "England"). A code of three letters or fewer counts typed in capitals, after a comma, or
 * last in the query (but for words of the job's kind: "accountant washington dc", "chicago il
 * jobs"), as places are written ("Toronto, ON"); "nurse in Toronto on weekends" names no Ontario,
 * and a connector ("in", "at") last is no code.
 */
function qualifierAt(
  typed: string[],
  at: number,
  countries: Set<string>,
  afterComma: boolean,
  city?: string,
  elsewhere = false,
): { end: number; country: string; region?: PlaceRegion } | null {
  for (let length = Math.min(QUALIFIER_LONGEST, typed.length - at); length >= 1; length--) {
    const words = typed.slice(at, at + length);
    if (words.slice(0, -1).some(endsClause)) continue;
    const text = words.join(" ").replace(/[,;:.!?]+$/u, "");
    if (text === "") continue;
    const code = ownValue(COUNTRY_WORDS, text.toLowerCase()) ?? countryCode(text);
    if (code !== undefined && countries.has(code)) return { end: at + length, country: code };
    if (text.length <= 3 && text !== text.toUpperCase() && !afterComma) {
      const last = typed.slice(at + length).every((w) => TRAILING_WORDS.has(foldText(w)));
      const folded = foldText(text);
      // Before more words a code that is an English word counts only where it joins no phrase and
      // a town of the city's name lies in a region it names, of the city's postings' countries
      // ("pittsburgh pa nurse", "columbus oh warehouse"; session 39): "toronto on weekends" names
      // no Ontario, "portland or seattle" no Oregon, and where the city's postings are in another
      // country the word is a word ("chester pa receptionist": a personal assistant in Chester,
      // England; "leeds me nurse"; reviewer W).
      const wordBefore = !last && isEnglishWord(folded);
      if (
        CONNECTORS.has(folded) || PREPOSITIONS.has(folded) ||
        (wordBefore &&
          (elsewhere || JOINERS.has(folded) || folded === "on" ||
            (placeInRegionNamed(city, text, countries)?.population ?? 0) <
              WORLD_MIN_POPULATION.preposition))
      ) {
        continue;
      }
      // "berlin de", "london ca": a country of the city's first, as in capitals (reviewer W: a
      // region of the code, Delaware or California, was read over it).
      const country = countryCode(text.toUpperCase());
      if (country !== undefined && countries.has(country)) {
        return { end: at + length, country };
      }
    }
    // "Perth, WA": of the regions the code names (Washington, Western Australia), the one where a
    // place of the city's name lies, where the city is named (it read a Perth of the US).
    const regions = regionsNamed(text).filter((r) => countries.has(r.country));
    const placed = placeInRegionNamed(city, text, countries);
    const region = regions.find((r) =>
      r.admin1 === placed?.admin1 && r.country === placed.country
    ) ??
      regions[0];
    if (region) {
      return {
        end: at + length,
        country: region.country,
        region: { admin1: region.admin1, name: region.name },
      };
    }
  }
  return null;
}

/**
 * The place of the name `name` that lies in a region the words `region` name (in one of
 * `countries`, where given), the first such region's: "pittsburgh" in "pa" (Pennsylvania), "perth"
 * in "wa" (Western Australia, not Washington).
 */
function placeInRegionNamed(
  name: string | undefined,
  region: string,
  countries?: Set<string>,
): WorldPlace | null {
  if (name === undefined) return null;
  for (const named of regionsNamed(region)) {
    if (countries && !countries.has(named.country)) continue;
    const place = placeInCountry(name, { country: named.country, region: named.admin1 });
    if (place?.admin1 === named.admin1) return place;
  }
  return null;
}

/**
 * The city of `place` with what the words after it (from `end`) say of where it is: its country
 * ("Liverpool, UK"), its region ("Toronto, ON", "Chicago IL"), or both ("Houston, TX, US"). The
 * country then narrows the city (Liverpool, NSW, is in Australia) and the words are the place's,
 * not the query's. Words that name another country or region with a place of the city's name
 * ("Birmingham, AL" where the postings' Birmingham is England's) are that place, without postings.
 * Null when the words say nothing of where it is.
 */
function cityQualified(
  place: Omit<QueryPlace, "matched" | "rest">,
  typed: string[],
  end: number,
  gazetteer: Gazetteer,
): { place: Omit<QueryPlace, "matched" | "rest">; end: number } | null {
  const afterComma = endsClause(typed[end - 1]);
  let first = qualifierAt(typed, end, countriesOfCity(place, gazetteer), afterComma, place.city);
  // "Birmingham, AL", "London, Ontario": another place of the name than the postings' city.
  const elsewhere = first === null && place.city !== undefined;
  if (elsewhere) {
    first = qualifierAt(
      typed,
      end,
      new Set(countriesNamed(place.city!)),
      afterComma,
      place.city,
      true,
    );
  }
  if (!first) return null;
  let last = first;
  if (first.region !== undefined) {
    // "Houston, TX, US": the country after the region, when it is the region's.
    const then = qualifierAt(
      typed,
      first.end,
      new Set([first.country]),
      endsClause(typed[first.end - 1]),
    );
    if (then && then.region === undefined) last = then;
  }
  const { country, region } = first;
  if (elsewhere || (place.city !== undefined && !gazetteer.cities.has(place.cityKey!))) {
    // A place without postings ("Springfield, IL"): the one of that name in the region said.
    const world = placeInCountry(place.city!, { country, region: region?.admin1 });
    if (!world) return null;
    return {
      place: { cityKey: foldText(world.name), city: world.name, country: world.country },
      end: last.end,
    };
  }
  // "Portland, Maine" where the postings' Portland is Oregon's: the region said narrows the city's
  // postings to those that lie in it, as a region alone does (it listed Oregon's for Maine).
  return { place: { ...place, country, ...(region ? { region } : {}) }, end: last.end };
}

/**
 * Whether the country found at `start` (of `length` words) is said of a city just before it
 * ("Leeds, United Kingdom"), which is then read as that city in that country.
 */
function qualifiesCityBefore(
  typed: string[],
  folded: string[],
  start: number,
  length: number,
  gazetteer: Gazetteer,
): boolean {
  for (let cityLength = Math.min(gazetteer.longest, start); cityLength >= 1; cityLength--) {
    const words = folded.slice(start - cityLength, start).join(" ").split(" ").filter(Boolean);
    if (words.length === 0) continue;
    const city = placeOf(words, { preposition: false, last: false }, gazetteer);
    if (city?.cityKey === undefined) continue;
    const qualified = cityQualified(city, typed, start, gazetteer);
    if (qualified !== null && qualified.end >= start + length) return true;
  }
  return false;
}

/**
 * `place`, one city the query names in it alone ("registered nurse sydney"), as the postings around
 * it: what "near Sydney" reads. Null for any other place, or where GeoNames cannot place the city.
 * A search whose city has no strong match of its own lists these instead (src/search/
 * search_service.ts): its suburbs' postings ("Strathfield") are what a person there means too.
 */
export function aroundCity(place: QueryPlace, gazetteer: Gazetteer): QueryPlace | null {
  const alone = place.cityKey !== undefined && place.around === undefined &&
    place.anyOf === undefined && place.area === undefined && place.region === undefined &&
    place.remote !== true;
  if (!alone) return null;
  const around = placeAround(place, place.cityKey!, gazetteer);
  return around ? { matched: place.matched, rest: place.rest, around } : null;
}

/**
 * The point of a city the query names and the `near` filter's default radius around it: GeoNames'
 * place of the city's postings (the most populous where its postings are in several countries:
 * "Manchester" of England, not of New Hampshire), or the place of the world it names. Null where
 * GeoNames cannot place it: the city's own postings are kept then.
 */
function placeAround(
  place: Omit<QueryPlace, "matched" | "rest">,
  typedKey: string,
  gazetteer: Gazetteer,
): PlaceAround | null {
  const candidates: WorldPlace[] = [];
  if (place.country !== undefined && place.city !== undefined) {
    const world = placeInCountry(place.city, { country: place.country });
    if (world) candidates.push(world);
  } else {
    const keys = new Set([typedKey, place.cityKey!]);
    for (const key of keys) {
      for (const [country, spelling] of gazetteer.placed.get(key) ?? []) {
        const world = placeInCountry(spelling, { country });
        if (world) candidates.push(world);
      }
    }
  }
  const best = candidates.sort((a, b) => b.population - a.population)[0];
  if (!best) return null;
  return {
    latitude: best.latitude,
    longitude: best.longitude,
    radiusKm: RADIUS_DEFAULT_KM,
    label: `${best.name}, ${best.country}`,
    city: best.name,
    country: best.country,
  };
}

/** What `words` name at their position: remote, a city with postings, a country, a world place. */
function placeOf(
  words: string[],
  position: {
    preposition: boolean;
    last: boolean;
    before?: string;
    after?: string;
    listed?: boolean;
    /** The words as typed (case kept), where known. */
    typed?: string;
  },
  gazetteer: Gazetteer,
): Omit<QueryPlace, "matched" | "rest"> | null {
  const key = words.join(" ");
  if (isRemoteWish(words, position.before, position.after)) return { remote: true };
  if (namesUnitedStates(key, position)) return { country: "US" };
  // "remote jobs in Europe", "developer DACH": after "in" or last, as a region is read.
  const area = position.preposition || position.last ? areaNamed(words.join(" ")) : undefined;
  if (area) return { area };
  // "data scientist bay area", "jobs in the GTA": the postings around the area's city, where a
  // place stands (after "in" or last): mid-query the name is a company's as often ("silicon valley
  // bank jobs", "greater london authority", "gta 6 developer").
  const metro = position.preposition || position.last ? metroAreaNamed(key) : undefined;
  const metroPlace = metro && placeInCountry(metro.city, { country: metro.country });
  if (metro && metroPlace) {
    return {
      around: {
        latitude: metroPlace.latitude,
        longitude: metroPlace.longitude,
        radiusKm: metro.radiusKm,
        label: `${metroPlace.name}, ${metroPlace.country}`,
        city: metroPlace.name,
        country: metroPlace.country,
      },
    };
  }
  if (gazetteer.cities.has(key) && !cityNameIsWork(key, gazetteer)) {
    // "nurse jobs in Ontario": the province, not Ontario, California (see `regionOverCity`).
    const region = regionOf(words, position, gazetteer);
    if (region && regionOverCity(key, region, gazetteer)) return region;
    return postingCity(key, gazetteer);
  }
  if (endsInCity(words)) {
    // "New York City" where the postings write "New York", "Quebec City" for "Québec".
    const [named] = placesNamed(key);
    const cityKey = named && sameCity(gazetteer).keyOfPlace.get(placeId(named));
    if (cityKey !== undefined && named.population >= CITY_NAME_MIN_POPULATION) {
      return postingCity(cityKey, gazetteer);
    }
  }
  const region = regionOf(words, position, gazetteer);
  if (words.length <= gazetteer.longest) {
    const country = countryOf(words, gazetteer, position.preposition);
    // "jobs in Georgia": the state where postings are, not the country where none are.
    if (country && (region === null || gazetteer.countries.has(country))) return { country };
  }
  if (region) return region;
  if (words.length > WORLD_LONGEST || CONNECTORS.has(words[0])) return null;
  if (SMALL_WORDS.has(words[words.length - 1])) return null;
  const world = worldPlaceOf(words, position, gazetteer);
  if (!world) return null;
  // Another name of a city with postings ("Munich" for "München"): that city, as postings write it.
  const key2 = sameCity(gazetteer).keyOfPlace.get(placeId(world));
  if (key2 !== undefined) return postingCity(key2, gazetteer);
  // A word of English naming a town without postings is the word, unless a preposition asks for
  // a place or the town is a metropolis: "retail sale" and "car sale jobs" were jobs in Salé,
  // Morocco (reviewer R54b), while "nurse paris" and "nurse phoenix" are the cities. "nurse
  // cologne" is Köln, which has postings.
  if (
    !position.preposition && words.length === 1 && isEnglishWord(words[0]) &&
    world.population < METROPOLIS
  ) {
    return null;
  }
  return { cityKey: foldText(world.name), city: world.name, country: world.country };
}

/** People in a town whose name, a word of English, is read as the town without "in" before it. */
const METROPOLIS = 1_000_000;

/**
 * "US" is the pronoun "us" as often as the country ("jobs near us", "join us"): the country only
 * typed in capitals ("python developer US", "remote jobs in the US"), with dots ("U.S."), or after
 * "the" or "in" ("nurse jobs in the us", "jobs in us": in a search box no one asks for jobs "in"
 * themselves), or after "remote" or a word for jobs ("remote us", "nurse jobs us").
 */
function namesUnitedStates(key: string, position: { before?: string; typed?: string }): boolean {
  // Folded, "U.S." and "U.S.A." are "u s" and "u s a".
  if (key === "u s" || key === "u s a") return true;
  if (key !== "us") return false;
  return position.before === "the" || position.before === "in" ||
    // "senior python developer remote us", "nurse jobs us": no one asks for remote work or jobs
    // for themselves (a person's trial, session 57: "us" was dropped, and Berlin listed).
    US_AFTER.has(position.before ?? "") ||
    position.typed?.replace(/[,;:.!?]+$/u, "") === "US";
}

/**
 * "us" right after "remote" ("senior python developer remote us"): the country, which the words
 * without "remote" read as the pronoun ("developer us"). Null where the query does not say so.
 */
function usAfterRemote(query: string, rest: string): QueryPlace | null {
  const said = /(?<![\p{L}\p{N}])remote[\s,]+(us)(?![\p{L}\p{N}])/iu.exec(query);
  if (!said) return null;
  const words = rest.split(/\s+/);
  const at = words.findLastIndex((word) => foldText(word) === "us");
  if (at < 0) return null;
  return {
    country: "US",
    matched: said[1],
    rest: [...words.slice(0, at), ...words.slice(at + 1)].join(" ").trim(),
  };
}

/** Words after which "us" is the country, not the pronoun. */
const US_AFTER = new Set(["remote", "jobs", "job", "roles", "positions", "vacancies", "openings"]);

/**
 * A region of a country with postings that `words` name whole ("Texas", "Bavaria", "New South
 * Wales"; src/places/regions.ts), after "in"/"near"/... or last in the query. Last without a
 * preposition ("nurse texas") only where the titles do not use the name as a word as often as the
 * region has postings ("Texas Instruments", "Georgia-Pacific"), as a city's name is read
 * (`Gazetteer.ambiguous`): a person types the place they look for work in last, and a word of
 * titles that rarely names a job is still the place.
 */
function regionOf(
  words: string[],
  position: { preposition: boolean; last: boolean },
  gazetteer: Gazetteer,
): Omit<QueryPlace, "matched" | "rest"> | null {
  if (!position.preposition && !position.last) return null;
  const text = words.join(" ");
  if (text.length < 4 || CONNECTORS.has(words[0])) return null;
  const reading = regionsNamed(text).find((r) => gazetteer.countries.has(r.country));
  if (!reading) return null;
  if (!position.preposition && !namesRegionAlone(words, reading, gazetteer)) return null;
  return { country: reading.country, region: { admin1: reading.admin1, name: reading.name } };
}

/**
 * Whether a region's name said last without a preposition is the region: it is no word job
 * searches use ("remote", "and") nor a name all of such words, and, for a name of one word, fewer
 * titles use the word than the region has postings.
 */
function namesRegionAlone(
  words: string[],
  region: { country: string; admin1: string },
  gazetteer: Gazetteer,
): boolean {
  // A name of several words is a place however common one of its words ("new south wales",
  // "new jersey", "west virginia"); a name of one word that searches use ("remote") is none.
  const common = (w: string) => SEARCH_WORDS.has(w) || CONNECTORS.has(w);
  // Titles use each word of a name of several words ("New Grad", "Island Manager") but seldom the
  // name: the fewest titles of any one word overstated them, and "nurse new mexico" read Mexico
  // City, "cook new brunswick" the city Brunswick (reviewer W, session 37).
  if (words.length > 1) return !words.every(common);
  const [word] = words;
  if (common(word)) return false;
  if (!gazetteer.jobWords.has(word)) return true;
  const { titlePostings } = gazetteer;
  if (!titlePostings) return false;
  return titlePostings(word) < regionPostings(gazetteer, region.country, region.admin1);
}

/**
 * Whether a name that is both a city with postings and a region of a country with postings
 * ("Ontario", "Victoria", "Washington", "Limburg") reads as the region: unless the city lies in
 * that region ("New York", "Berlin", "Hamburg": the city is what is named), the reading with more
 * postings, the region's (its cities' postings) against the city's. A person names the place they
 * look for work in, and the bigger of two places of one name is the likelier one; the postings
 * are what the index can count of each, as GeoNames has no population of a region.
 */
function regionOverCity(
  cityKey: string,
  region: Omit<QueryPlace, "matched" | "rest">,
  gazetteer: Gazetteer,
): boolean {
  const { country } = region;
  const admin1 = region.region!.admin1;
  for (const [cityCountry, spelling] of gazetteer.placed.get(cityKey) ?? []) {
    if (cityCountry === country && regionOfCity(spelling, country) === admin1) return false;
  }
  const cityPostings = gazetteer.cities.get(cityKey)?.postings ?? 0;
  return regionPostings(gazetteer, country!, admin1) > cityPostings;
}

const REGION_POSTINGS = new WeakMap<Gazetteer, Map<string, number>>();

/** The postings of a region: those of the gazetteer's cities of `country` that lie in it. */
function regionPostings(gazetteer: Gazetteer, country: string, admin1: string): number {
  let counts = REGION_POSTINGS.get(gazetteer);
  if (!counts) REGION_POSTINGS.set(gazetteer, counts = new Map());
  const key = `${country}\u0000${admin1}`;
  let count = counts.get(key);
  if (count === undefined) {
    count = 0;
    for (const [cityKey, countries] of gazetteer.placed) {
      const spelling = countries.get(country);
      if (spelling === undefined) continue;
      // A name with postings in several countries counts them all: the gazetteer counts a name.
      if (regionOfCity(spelling, country) === admin1) {
        count += gazetteer.cities.get(cityKey)?.postings ?? 0;
      }
    }
    count += gazetteer.regionOnlyPostings?.(country, admin1) ?? 0;
    counts.set(key, count);
  }
  return count;
}

function postingCity(key: string, gazetteer: Gazetteer): Omit<QueryPlace, "matched" | "rest"> {
  const shared = sameCity(gazetteer).keyOf.get(key) ?? key;
  return { cityKey: shared, city: gazetteer.cities.get(shared)!.name };
}
