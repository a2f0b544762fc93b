/**
 * What a `q` search tells a person whose filters left nothing: which filters (or the query's
 * place) emptied the result set, how many postings the same words find without them, and a city
 * that the postings spell another way. The counts are made, only when a result set is empty, from
 * the empty search's own scores (`IndexSearch.ifEmpty`): the same sets other filters would give,
 * without scoring the query again (at 1,000,000 postings a search of its own per count).
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import {
  FILTER_NAMES,
  type FilterName,
  type FilterParam,
  FILTERS,
  showValue,
  withQualifiers,
} from "../domain/filters.ts";
import { countInWords, RESULT_SET_MAX, type SearchQuery } from "../domain/search_query.ts";
import { COUNTRY_CODES_MEANT, countryName } from "../domain/job.ts";
import { ownValue } from "../domain/own_value.ts";
import { placeNarrows, type TotalWith } from "../index/index_search.ts";
import type { JobIndex } from "../index/job_index.ts";
import type { QueryCompany } from "../index/query_company.ts";
import { isRemoteOnly, type QueryPlace } from "../index/query_place.ts";
import { editDistance } from "../index/query_spelling.ts";

/** What emptied a result set, and how many postings the query finds without it. */
export interface Emptied {
  /** Filter names, and `query_place` for the place the query text names. */
  names: string[];
  /** What the query finds without the filters (or place, company) `names` lists, the rest kept. */
  withoutThem: number;
  /**
   * The place the words name, which those filters had overridden and which that count is in
   * (`NamedInQuery.placeWith`): "Leeds" of "nurse in leeds" with `city=Berlin`.
   */
  wordsPlace?: string;
}

/** How a place the words name is said in a hint: its city, the place it is around, or the words. */
function placeName(place: QueryPlace): string {
  return place.city ?? place.around?.label ?? place.matched;
}

export const QUERY_PLACE = "query_place";
export const QUERY_COMPANY = "query_company";

/** The filters a query applies, without their qualifiers: what can empty a result set. */
function testedFilters(query: SearchQuery): FilterName[] {
  return FILTER_NAMES.filter((name) =>
    query[name] !== undefined && (FILTERS[name] as FilterParam).test !== undefined
  );
}

/** What the words of `q` narrowed beside the filters: the list of a place or company ("jobs in Leeds"). */
export interface NamedInQuery {
  /** The words name no job: the query lists the place's or company's postings. */
  browse?: boolean;
  /** The company names the words named (`IndexSearch.namedCompany`). */
  company?: readonly string[];
  /**
   * The place the words apply under these filters, where a filter given now overrides the place
   * they name ("nurse in leeds" with `city=Berlin`): a count without that filter is the search
   * without it, where the words' place applies. The count had been of every place (104, where the
   * link without the city listed Leeds' 2: reviewer W51).
   */
  placeWith?: (filters: Record<string, unknown>) => QueryPlace | undefined;
}

/**
 * What emptied a result set whose query alone finds postings: each filter (or the query's place or
 * company) that leaves nothing on its own, or, when none does alone, all of them together. Empty
 * when the query alone finds nothing.
 */
export function emptiedBy(
  query: SearchQuery,
  place: QueryPlace | null,
  totalWith: TotalWith,
  named: NamedInQuery = {},
): Emptied {
  const applied = testedFilters(query);
  const hasPlace = placeNarrows(place);
  const { company } = named;
  const at = hasPlace ? place : undefined;
  if (named.browse && (hasPlace || company)) {
    // "jobs in Leeds", "jobs at Amazon": the words name no job, so without the place or company
    // the query lists nothing (not every posting, as its candidates are); what the filters leave
    // is counted there.
    const there = totalWith({}, at, company);
    if (there === 0) {
      return {
        names: [...(hasPlace ? [QUERY_PLACE] : []), ...(company ? [QUERY_COMPANY] : [])],
        withoutThem: 0,
      };
    }
    const alone = applied.filter((name) =>
      totalWith(withQualifiers(query, name), at, company) === 0
    );
    return { names: alone.length > 0 ? alone : applied, withoutThem: there };
  }
  // Nothing narrowed the set: the query alone found nothing, and counting again would say so.
  if (applied.length === 0 && !hasPlace && !company) return { names: [], withoutThem: 0 };
  const unfiltered = totalWith({}, undefined);
  if (unfiltered === 0) return { names: [], withoutThem: unfiltered };
  const alone: string[] = [];
  for (const name of applied) {
    if (totalWith(withQualifiers(query, name), undefined) === 0) alone.push(name);
  }
  if (hasPlace && totalWith({}, place) === 0) alone.push(QUERY_PLACE);
  if (company && totalWith({}, undefined, company) === 0) alone.push(QUERY_COMPANY);
  // What the query finds without those alone, the rest still applied: "warehouse jobs posted today
  // in toronto" said the 42 postings anywhere, where Toronto has 2 (reviewer W, session 39).
  if (alone.length > 0) {
    // The filters as given, less those named (a qualifier named goes, as "salary_currency").
    const rest: Record<string, unknown> = {};
    for (const name of FILTER_NAMES) {
      if (query[name] !== undefined && !alone.includes(name)) rest[name] = query[name];
    }
    const wordsPlace = alone.includes(QUERY_PLACE) || at ? undefined : named.placeWith?.(rest);
    const without = totalWith(
      rest,
      alone.includes(QUERY_PLACE) ? undefined : at ?? wordsPlace,
      alone.includes(QUERY_COMPANY) ? undefined : company,
    );
    return {
      names: alone,
      withoutThem: without,
      ...(wordsPlace ? { wordsPlace: placeName(wordsPlace) } : {}),
    };
  }
  const wordsPlace = at ? undefined : named.placeWith?.({});
  return {
    names: [...applied, ...(hasPlace ? [QUERY_PLACE] : []), ...(company ? [QUERY_COMPANY] : [])],
    withoutThem: wordsPlace ? totalWith({}, wordsPlace) : unfiltered,
    ...(wordsPlace ? { wordsPlace: placeName(wordsPlace) } : {}),
  };
}

/**
 * A `country` no posting has because it is no ISO code, with the code meant ("UK": GB); null for
 * any other. Said for a `q` search and a profile's alike.
 */
export function countryCodeMeantHint(query: Pick<SearchQuery, "country">): string | null {
  const meant = query.country !== undefined ? ownValue(COUNTRY_CODES_MEANT, query.country) : null;
  return meant
    ? `No postings have the country code '${query.country}' (country is matched exactly); ` +
      `use '${meant}' (${countryName(meant)}).`
    : null;
}

/**
 * What to tell a person whose filters left nothing: a city that exists under another spelling,
 * or which filters emptied the set and how many postings the same words find without them; with
 * no filter to blame, that the words have close matches only (`closestApart`: the response lists
 * them apart).
 */
export function searchHint(
  index: JobIndex,
  query: SearchQuery,
  emptied: Emptied | null,
  place: QueryPlace | null,
  closeMatches = 0,
  closestApart = false,
  company: QueryCompany | null = null,
  /** The day the words asked ("this week"), applied as `since` where no parameter replaced it. */
  posted: { matched: string; since: string } | null = null,
): string | undefined {
  // First: with it the set stays empty whatever else is mended (reviewer C57: "city=london" beside
  // it was told about the city alone).
  const country = countryCodeMeantHint(query);
  if (country) return country;
  // Spaces around the name count as another spelling: the match is exact, the hint forgiving.
  const spelled = query.city !== undefined ? index.cityNamed(query.city.trim()) : undefined;
  if (query.city !== undefined && spelled !== undefined && spelled !== query.city) {
    return `No postings have the city '${query.city}' (city is matched exactly); ` +
      `the postings write it '${spelled}'.`;
  }
  if (
    emptied?.withoutThem === 0 &&
    emptied.names.every((name) => name === QUERY_PLACE || name === QUERY_COMPANY)
  ) {
    // A place's or company's own list with no strong match: none there ("of Amazon" where a
    // company is named too), or close ones only (none states the type asked: "part time jobs at
    // Tesco"), said as for words without a strong match.
    if (closeMatches === 0 && emptied.names.includes(QUERY_PLACE)) {
      const of = emptied.names.includes(QUERY_COMPANY) ? ` of ${company?.matched}` : "";
      // The place has postings the filters left out ("weekend jobs in Leeds" with
      // seniority=intern said none was in Leeds: reviewer R, session 43).
      const tested = testedFilters(query);
      if (tested.length > 0) {
        return `No posting${of} ${placeWhere(place)} passes ${
          tested.map((name) => `${name}=${showValue(query[name])}`).join(" and ")
        }.`;
      }
      return `No posting${of} is ${placeWhere(place)}.`;
    }
    emptied = { names: [], withoutThem: 0 };
  }
  if (!emptied || emptied.names.length === 0) {
    // No filter emptied it: nothing the index holds is a strong match for the words themselves
    // (a weak best match makes close matches only), and the nearest are shown apart.
    if (!emptied || !closestApart || closeMatches === 0) return undefined;
    return `No posting is a strong match for these words; ${
      closeMatches === 1
        ? "the close match is listed apart (`closest`)."
        : `the ${closeMatches} close matches are listed apart (\`closest\`), best first.`
    }`;
  }
  // "remote" alone is no place: it is named as the words that asked for it.
  const remoteOnly = isRemoteOnly(place);
  const named = emptied.names.map((name) =>
    name === QUERY_COMPANY
      ? `the company in the query ('${company?.matched}')`
      : name === "since" && posted !== null
      // The words' day, not a parameter the person gave ("Nothing matches with since=..." named
      // one they never did: reviewer W, session 37).
      ? `the day in the query ('${posted.matched}': since ${posted.since})`
      : name !== QUERY_PLACE
      ? `${name}=${showValue(query[name as FilterName])}`
      : remoteOnly
      ? `'${place?.matched}' in the query`
      : `the place in the query ('${place?.matched}')`
  );
  const without = `without ${named.length > 1 ? "them" : "it"} the query finds ${
    countInWords(emptied.withoutThem)
  }`;
  // The words' own place, which the filter had replaced, applies once it goes: said, with the
  // count there ("nurse in leeds" with city=Berlin said 104 of every place: reviewer W51).
  const inWordsPlace = emptied.wordsPlace
    ? ` in ${emptied.wordsPlace}, the place the words name`
    : "";
  if (closeMatches > 0) {
    // Apart in date order; in relevance order they are the list itself, marked `match: "close"`.
    const where = closestApart ? "listed apart (`closest`)" : 'listed (`match: "close"`)';
    // Only what the words themselves asked (their place, their company) emptied it: no filter was
    // given, and the list is the postings there nearest the words, topped up to a page below the
    // close floor where few reach it (reviewer W44: "labourer leeds" called a Midwife at 0.25 one
    // of "the close matches that pass the filters").
    const askedOnly = emptied.names.every((name) => name === QUERY_PLACE || name === QUERY_COMPANY);
    const listed = askedOnly
      ? closeMatches === 1
        ? `the posting there nearest these words is ${where}.`
        : `the ${closeMatches} postings there nearest these words are ${where}, best first.`
      : closeMatches === 1
      ? `the close match that passes the filters is ${where}.`
      : `the ${closeMatches} close matches that pass the filters are ${where}, best first.`;
    // One city the words named, said as a person would (a user trial, session 46, read "No strong
    // match with the place in the query ('leeds')" as a programmer's words).
    if (askedOnly && emptied.names.length === 1 && place?.city && !place.anyOf) {
      const withoutPlace = without.replace(/^without it/, "without the place");
      return `No strong match in ${place.city} (${withoutPlace}); ${listed}`;
    }
    return `No strong match with ${named.join(", ")} (${without}${inWordsPlace}); ${listed}`;
  }
  return `Nothing matches with ${named.join(", ")}; ${without} posting${
    emptied.withoutThem === 1 ? "" : "s"
  }${inWordsPlace}.`;
}

/**
 * What to tell a person whose words find nothing at the place they named, where the place has
 * postings (`there`, under the filters): the query that lists them all; where the response lists
 * the place's postings nearest the words as close matches, how many (`nearest`); and how many
 * strong matches the words have elsewhere (`elsewhere`), where they have some.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const liverpool = { cityKey: "liverpool", city: "Liverpool", matched: "Liverpool", rest: "" };
 * assert.equal(
 *   placeBrowseHint(liverpool, 36),
 *   'Nothing in Liverpool is near these words; "jobs in Liverpool" lists all 36 postings there.',
 * );
 * assert.equal(
 *   placeBrowseHint(liverpool, 36, { nearest: 10, elsewhere: 4 }),
 *   "Nothing in Liverpool is near these words (elsewhere they find 4 postings): the 10 postings " +
 *     'there nearest them are listed as close matches, best first; "jobs in Liverpool" lists ' +
 *     "all 36 postings there.",
 * );
 * // The words without the place: the query that lists those elsewhere.
 * assert.equal(
 *   placeBrowseHint(liverpool, 36, { nearest: 10, elsewhere: 4, elsewhereQuery: "teacher" }),
 *   'Nothing in Liverpool is near these words ("teacher" lists the 4 postings elsewhere): the ' +
 *     '10 postings there nearest them are listed as close matches, best first; "jobs in ' +
 *     'Liverpool" lists all 36 postings there.',
 * );
 * // A count at the cap is said once as a floor (it read "at least at least 1000").
 * assert.match(
 *   placeBrowseHint(liverpool, 36, { nearest: 10, elsewhere: 1000, elsewhereQuery: "teacher" }),
 *   /^Nothing in Liverpool is near these words \("teacher" lists at least 1000 postings elsewhere\)/,
 * );
 * ```
 */
export function placeBrowseHint(
  place: QueryPlace,
  there: number,
  { filtered = false, nearest = 0, elsewhere = 0, elsewhereQuery, pay, posted }: {
    /** Whether filters (or pay the words name) apply: `there` counts what passes them. */
    filtered?: boolean;
    nearest?: number;
    elsewhere?: number;
    /**
     * The query's words without the place ("teacher" of "teacher in Manchester"): the query that
     * lists the `elsewhere` postings, offered as one (the page links it), as the place's own list is.
     */
    elsewhereQuery?: string;
    /** The words that named pay or a day ("£30k", "this week"): the suggested query says them too. */
    pay?: string;
    posted?: string;
  } = {},
): string {
  const remoteOnly = isRemoteOnly(place);
  const lists = placeListed(place, there, { filtered, pay, posted });
  const where = place.remote
    ? `among the remote postings${remoteOnly ? "" : ` ${placeWhere({ ...place, remote: false })}`}`
    : placeWhere(place);
  const plural = elsewhere === 1 ? "" : "s";
  const offered = elsewhereQuery?.replaceAll('"', "").trim();
  const other = elsewhere === 0
    ? ""
    : offered
    ? ` ("${offered}" lists ${
      elsewhere === 1
        ? "the one posting"
        : elsewhere >= RESULT_SET_MAX
        ? `${countInWords(elsewhere)} postings`
        : `the ${countInWords(elsewhere)} postings`
    } elsewhere)`
    : ` (elsewhere they find ${countInWords(elsewhere)} posting${plural})`;
  if (nearest === 0) return `Nothing ${where} is near these words${other}; ${lists}`;
  const shown = nearest === 1
    ? `the one ${remoteOnly ? "remote posting" : "posting there"} nearest them is listed as a ` +
      "close match"
    : `the ${nearest} ${
      remoteOnly ? "remote postings" : "postings there"
    } nearest them are listed as close matches, best first`;
  return `Nothing ${where} is near these words${other}: ${shown}; ${lists}`;
}

/**
 * What to tell a person whose words name no work but its type, hours, level, way of working or
 * language (`said`, as typed), at a place or company (`where`: "in London", "at Google") where no
 * posting is that: the `there` postings there (under the filters, where `filtered`) are listed as
 * close matches, in date order apart from the list (`apart`) or as the list; where postings
 * elsewhere are it, how many, and the query that lists them (`elsewhereQuery`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   noneThereHint("in London", ["hybrid"], 6, {
 *     apart: true,
 *     elsewhere: 196,
 *     elsewhereQuery: "hybrid jobs",
 *   }),
 *   'Nothing in London is "hybrid" ("hybrid jobs" lists the 196 postings elsewhere): all 6 ' +
 *     "postings there are listed apart as close matches (`closest`).",
 * );
 * assert.equal(
 *   noneThereHint("at Google", ["part time", "senior"], 1, { filtered: true }),
 *   'Nothing at Google is "part time" and "senior": its one posting that passes the filters is ' +
 *     'listed as a close match (`match: "close"`).',
 * );
 * ```
 */
export function noneThereHint(
  where: string,
  said: readonly string[],
  there: number,
  { apart = false, filtered = false, elsewhere = 0, elsewhereQuery = "" }: {
    apart?: boolean;
    filtered?: boolean;
    elsewhere?: number;
    elsewhereQuery?: string;
  },
): string {
  const words = said.map((one) => `"${one.replaceAll('"', "")}"`).join(" and ");
  const offered = elsewhereQuery.replaceAll('"', "").trim();
  const other = elsewhere === 0 || offered === ""
    ? ""
    : ` ("${offered}" lists ${
      elsewhere === 1
        ? "the one posting"
        : elsewhere >= RESULT_SET_MAX
        ? `${countInWords(elsewhere)} postings`
        : `the ${countInWords(elsewhere)} postings`
    } elsewhere)`;
  const own = where.startsWith("at ") ? "its" : "";
  const passing = filtered ? " that passes the filters" : "";
  const listedAs = apart ? "listed apart as" : "listed as";
  const shown = apart ? "(`closest`)" : '(`match: "close"`)';
  const listed = there === 1
    ? `${own || "the"} one posting${own ? "" : " there"}${passing} is ${listedAs} a close match`
    : `${filtered ? "the" : "all"} ${countInWords(there)} ${own ? "of its " : ""}postings${
      own ? "" : " there"
    }${filtered ? " that pass the filters" : ""} are ${listedAs} close matches`;
  return `Nothing ${where} is ${words}${other}: ${listed} ${shown}.`;
}

/**
 * What to tell a person whose words find nothing among a company's postings, where it has some
 * (`there`, under the filters where `filtered`): the query that lists them all.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   companyBrowseHint("Google", 35),
 *   'Nothing at Google is near these words; "jobs at Google" lists all 35 of its postings.',
 * );
 * assert.equal(
 *   companyBrowseHint("Acme", 1, true),
 *   'Nothing at Acme is near these words; "jobs at Acme" lists its one posting that passes the ' +
 *     "filters.",
 * );
 * ```
 */
export function companyBrowseHint(company: string, there: number, filtered = false): string {
  return `Nothing at ${company} is near these words; ${companyListOffer(company, there, filtered)}`;
}

/**
 * The query that lists a company's postings (`there` of them, under the filters where `filtered`),
 * offered where nothing of the company's is near the words.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(companyListOffer("Google", 35), '"jobs at Google" lists all 35 of its postings.');
 * ```
 */
export function companyListOffer(company: string, there: number, filtered = false): string {
  const passing = filtered
    ? (there === 1 ? " that passes the filters" : " that pass the filters")
    : "";
  const lists = there === 1
    ? `its one posting${passing}`
    : `all ${there} of its postings${passing}`;
  return `"jobs at ${company}" lists ${lists}.`;
}

/**
 * What to tell a person whose whole query is a place ("london", "Toronto", "germany", "remote"),
 * searched as words (a title's words too: "Elixir / Phoenix Developer", "Remote Sales
 * Executive"): the query that lists the place's postings (`there`, under the filters).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const london = { cityKey: "london", city: "London", matched: "london", rest: "jobs" };
 * assert.equal(
 *   placeAloneHint("london", london, 212),
 *   'Searched "london" as words, as a title would say it; "jobs in London" lists all 212 ' +
 *     "postings there.",
 * );
 * ```
 */
export function placeAloneHint(
  typed: string,
  place: QueryPlace,
  there: number,
  filtered = false,
): string {
  return `Searched "${typed}" as words, as a title would say it; ${
    placeListed(place, there, { filtered })
  }`;
}

/**
 * What to say where no posting at the place the query names passes its filters (`filters`: a
 * parameter or the pay its words name) or the day its words name, whatever the words.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const amsterdam = { cityKey: "amsterdam", city: "Amsterdam", matched: "Amsterdam", rest: "" };
 * const week = { matched: "posted this week", since: "2026-11-23" };
 * assert.equal(
 *   placeFilteredHint(amsterdam, false, week),
 *   "No posting in Amsterdam was posted since 2026-11-23 ('posted this week' in the query).",
 * );
 * assert.equal(
 *   placeFilteredHint(amsterdam, true, week),
 *   "No posting in Amsterdam passes the filters and was posted since 2026-11-23 ('posted this " +
 *     "week' in the query).",
 * );
 * assert.equal(placeFilteredHint(amsterdam, true, null), "No posting in Amsterdam passes the filters.");
 * ```
 */
export function placeFilteredHint(
  place: QueryPlace,
  filters: boolean,
  posted: { matched: string; since: string } | null,
): string {
  const passing = filters ? " passes the filters" : "";
  const day = posted
    ? `${filters ? " and" : ""} was posted since ${posted.since} ('${posted.matched}' in the query)`
    : "";
  return `No posting ${placeWhere(place)}${passing}${day}.`;
}

/** '"jobs in Leeds" lists all 14 postings there.': the query that lists a place's postings. */
function placeListed(
  place: QueryPlace,
  there: number,
  { filtered = false, pay, posted }: { filtered?: boolean; pay?: string; posted?: string },
): string {
  const remoteOnly = isRemoteOnly(place);
  const named = spokenPlace(place);
  const { anyOf } = place;
  // Several places: "jobs in Leeds or York", "jobs near Leeds or York", "remote or London jobs".
  const near = place.around !== undefined || (anyOf?.every((one) => one.around) ?? false);
  const browse = anyOf?.some(isRemoteOnly)
    ? `${named} jobs`
    : `${place.remote ? "remote " : ""}jobs${
      remoteOnly ? "" : near ? ` near ${named}` : ` in ${named}`
    }`;
  // The browse's count stops at the result set's cap: past it, "all" would understate.
  const all = there >= RESULT_SET_MAX ? "at least" : "all";
  const listed = there === 1
    ? remoteOnly ? "the one remote posting" : "the one posting there"
    : remoteOnly
    ? `${all} ${there} remote postings`
    : `${all} ${there} postings there`;
  const passing = filtered ? ` that ${there === 1 ? "passes" : "pass"} the filters` : "";
  // Pay and a day the words name are filters of the count: the query suggested names them too,
  // or it would list more than it is said to ("jobs in Leeds" for "nurse jobs in Leeds this week").
  const asked = `${pay ? `${pay} ` : ""}${browse}${posted ? ` ${posted}` : ""}`;
  return `"${asked}" lists ${listed}${passing}.`;
}

/**
 * A place as a person is told of it. One city by its own name where the words wrote it in
 * other case or accents, or misspelt it by one letter ("leeds" is "Leeds", "londn" "London":
 * reviewers W52 and M52 read "Nothing in londn"); by the words' other name for it with capitals
 * ("munich", "ulaanbaatar": "Munich", "Ulaanbaatar", not "München", "Ulan Bator"). Other places
 * as the words said them ("work from home, UK", "Leeds or York", "bay area").
 */
function spokenPlace(place: QueryPlace): string {
  if (place.whereMatched !== undefined) return place.whereMatched;
  const { city, matched } = place;
  if (city === undefined || place.anyOf !== undefined || place.around !== undefined) {
    return matched;
  }
  if (editDistance(foldText(matched), foldText(city)) <= 1) return city;
  return matched === matched.toLowerCase()
    ? matched.replace(/(^|[\s-])(\p{L})/gu, (_, before, letter) => before + letter.toUpperCase())
    : matched;
}

/** Where the place the query names is, as a phrase: "in Leeds", "within 25 km of Leeds", "remote". */
export function placeWhere(place: QueryPlace | null): string {
  if (!place) return "there";
  if (isRemoteOnly(place)) return "remote";
  // "work from home, UK": the place's own words, home working said before them.
  const named = spokenPlace(place);
  if (place.anyOf) {
    // "in Berlin or Munich", "remote or in London", "within 25 km of Leeds or York".
    const each = place.anyOf.map((one) =>
      isRemoteOnly(one)
        ? "remote"
        : one.around
        ? `within ${one.around.radiusKm} km of ${one.matched}`
        : `in ${one.matched}`
    );
    const within = place.anyOf.every((one) => one.around) && place.anyOf[0].around;
    const joined = each.every((one) => one.startsWith("in "))
      ? `in ${named}`
      : within
      ? `within ${within.radiusKm} km of ${named}`
      : each.join(" or ");
    return place.remote ? `remote ${joined}` : joined;
  }
  const around = place.around;
  // An area named for its city ("bay area": San Francisco's) is said by its name, then measured.
  const area = around !== undefined && !foldText(named).includes(foldText(around.city));
  const where = !around
    ? `in ${named}`
    : area
    ? `in ${named} (within ${around.radiusKm} km of ${around.label})`
    : `within ${around.radiusKm} km of ${named}`;
  return place.remote ? `remote ${where}` : where;
}

/**
 * The hint where the list holds close matches alone and nothing else explains it (no filter or
 * place emptied the strong set): the words searched, quoted as the search read them.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   closeOnlyHint("ux designer daily rate", 12),
 *   'No posting is a strong match for "ux designer daily rate"; the 12 close matches are ' +
 *     'listed (`match: "close"`), best first.',
 * );
 * assert.match(closeOnlyHint("x", 1), /; the close match is listed \(`match: "close"`\)\.$/);
 * ```
 */
export function closeOnlyHint(words: string, closeMatches: number): string {
  const quoted = words.length > 80 ? `${[...words].slice(0, 77).join("")}...` : words;
  return `No posting is a strong match for "${quoted}"; ${
    closeMatches === 1
      ? 'the close match is listed (`match: "close"`).'
      : `the ${closeMatches} close matches are listed (\`match: "close"\`), best first.`
  }`;
}
