/**
 * What a `q` text says beside the work (its place, its pay, its employment type, "near me"), read
 * one way for a plain search and for a `q` given beside a profile (src/search/profile_search.ts),
 * and said back in the response the same way: a person who types "nurse near Liverpool £30k" gets
 * the same place and pay whether or not a CV is attached.
 *
 * @module
 */
import type { ReadingFields } from "../domain/service.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import {
  type AnalyzedQuery,
  analyzeQuery,
  namesNoWork,
  typeAlone,
} from "../index/analyze_query.ts";
import { placeNarrows } from "../index/index_search.ts";
import type { JobIndex } from "../index/job_index.ts";
import type { QueryCompany } from "../index/query_company.ts";
import { isRemoteOnly, type OnePlace, type QueryPlace } from "../index/query_place.ts";
import { hybridOfSomeDays, remoteWithMode } from "../index/query_work_mode.ts";
import type { QueryPlaceResult } from "../domain/job.ts";
import { correctText, type SpellingCorrection, withCorrections } from "../index/query_spelling.ts";
import { postedIn } from "../index/query_posted.ts";
import { splitWords } from "../index/tokenize.ts";
import { placeToApply, radiusGiven } from "./place_to_apply.ts";
import { type FiltersInWords, salaryToApply, sinceToApply } from "./filters_from_words.ts";

/** A `q` text read: the place and company to apply, the words left analysed, the pay to apply. */
export interface QueryReading extends FiltersInWords {
  place: QueryPlace | null;
  /** The company the words name after "at"/"for" (a `company` parameter narrows it further). */
  company: QueryCompany | null;
  analyzed: AnalyzedQuery;
  /** The words left once the place and company are read, as searched (misspellings corrected). */
  words: string;
  /** The words no posting has, searched as the words of the postings they are near. */
  corrections: SpellingCorrection[];
  /** `q` as searched, those words replaced (`q` itself when none is). */
  corrected: string;
  /**
   * The words of a reading alone said with others that no posting at the place is too ("hybrid"
   * of "senior hybrid roles in Amsterdam", where no senior posting there says hybrid): the others
   * are read without it, and the response says so.
   */
  unmet?: string[];
  /**
   * The words of the readings alone that no posting at the place (or of the company) is ("hybrid"
   * of "hybrid jobs in Houston", where no posting there says hybrid): every posting there is
   * listed, all close matches, and the response says why.
   */
  noneThere?: string[];
  /**
   * With `noneThere`, the readings alone where some posting elsewhere is them ("hybrid jobs"
   * anywhere): what a hint counts as what the words find elsewhere.
   */
  aloneElsewhere?: AnalyzedQuery;
  /**
   * A place the words say is not wanted ("developer jobs not in Berlin"): its postings are left
   * out; `said` is the words that said so ("not in berlin"). It had been read as the place.
   */
  notAt?: QueryPlace & { said: string };
}

/**
 * Reads `query.q` against the index's places (explicit place parameters win, as documented).
 * `typeAlone: false` leaves an employment type alone beside a place as words (a profile's search,
 * which scores roles, not a place's postings).
 */
export function readQuery(
  index: JobIndex,
  query: SearchQuery,
  options: { typeAlone?: boolean; now?: number } = {},
): QueryReading {
  // "from home two days a week" is hybrid work, not a wish for remote postings alone; it is said
  // back as typed.
  const someDays = hybridOfSomeDays(query.q);
  if (!someDays) return readWords(index, query, options);
  const reading = readWords(index, { ...query, q: someDays.without }, options);
  const typed = someDays.matched.trim();
  const asTyped = <M extends { matched: string }>(mode: M | undefined) =>
    mode && { ...mode, matched: mode.matched.replace(/\bhybrid\b/i, typed) };
  const { workMode, workModeBeside } = reading.analyzed;
  return {
    ...reading,
    analyzed: {
      ...reading.analyzed,
      ...(workMode ? { workMode: asTyped(workMode) } : {}),
      ...(workModeBeside ? { workModeBeside: asTyped(workModeBeside) } : {}),
    },
  };
}

/** {@linkcode readQuery} of words that say no home working some days a week. */
function readWords(
  index: JobIndex,
  query: SearchQuery,
  options: { typeAlone?: boolean; now?: number },
): QueryReading {
  const reading = readOnce(index, query, options);
  // "remote or hybrid jobs in London": home working said with another way of working is how the
  // work is done, not a place (read as one, only London's remote postings were asked for, and
  // London has none).
  const joined = remoteWithMode(query.q);
  if (joined) {
    const again = readOnce(index, { ...query, q: joined.without }, {
      ...options,
      ...(joined.others.length === 1 ? { orRemote: joined.matched } : {}),
    });
    // The place or company read without "remote": its postings of either way first, every one of
    // them where every way is named, or what the words name there ("remote or hybrid data analyst
    // in Amsterdam"); where neither way is there, the words there, not "remote" and the place
    // together, which lists nothing ("remote or hybrid jobs in London"). With no other place,
    // the postings of either way anywhere ("remote or hybrid jobs"), where the words name no job;
    // beside the work, either way beside it (below). What was searched is said of the query as
    // typed, "remote or" included.
    const there = !isRemoteOnly(reading.place) || reading.company !== null;
    const either = again.analyzed.workMode?.mode.includes("remote") === true;
    if ((there && (placeNarrows(again.place) || again.company !== null)) || (!there && either)) {
      return { ...again, corrected: withCorrections(query.q, again.corrections) };
    }
    // Beside the work, anywhere ("remote or hybrid data analyst", "data analyst remote or
    // hybrid"): how the work is done, either way, as a way of working beside the work is read
    // (session 44: "remote" had stayed the place, and the hybrid postings were left out).
    const beside = again.analyzed.workModeBeside;
    if (
      !there && again.place === null && again.company === null && beside &&
      joined.others.length === 1
    ) {
      const mode = joined.others[0] === "hybrid" ? "remote,hybrid" : "remote,onsite";
      return {
        ...again,
        analyzed: { ...again.analyzed, workModeBeside: { matched: joined.matched, mode } },
        corrected: withCorrections(query.q, again.corrections),
      };
    }
  }
  return reading;
}

/**
 * {@linkcode readQuery} once; `orRemote`: the words that said home working with the way of
 * working the text now says alone, which a reading alone then asks for too.
 */
function readOnce(
  index: JobIndex,
  query: SearchQuery,
  options: { typeAlone?: boolean; now?: number; orRemote?: string },
): QueryReading {
  // The company first: after "at" a company of the postings is what is meant, not a place of
  // the world of its name ("at Google": a Topeka, Kansas, is also called so), unless it is a city
  // with postings too.
  const named = index.companyIn(query.q);
  let company = named && index.cityNamed(named.matched) === undefined ? named : null;
  let place = placeToApply(index, company ? { ...query, q: company.rest } : query);
  // "developer jobs not in Berlin": the place is what is not wanted, not where to search.
  // "nurse not in london or manchester": each of them (reviewer R54: they were where to search).
  let notAt = place ? placeNotWanted(query.q, place) : null;
  if (notAt) place = null;
  // After the place and company are read (a city or an employer is never a misspelling), before
  // the words are: the keyword side and the embedded text both search the corrected word
  // (src/index/query_spelling.ts).
  const corrected = correctText(
    { text: index.positionText(), jobs: index.data.jobs, cities: () => index.cities() },
    notAt?.rest ?? place?.rest ?? company?.rest ?? query.q,
  );
  const { corrections } = corrected;
  let rest = corrected.text;
  if (company === null && corrections.length > 0) {
    // "jobs at Amazn": the word searched instead may be a company of the postings after "at".
    const again = index.companyIn(rest);
    if (again && index.cityNamed(again.matched) === undefined) {
      [company, rest] = [again, again.rest];
    }
  }
  if (place === null && notAt === null && corrections.length > 0) {
    // "nurse in Liverpol": the word searched instead may be a place of the postings; it is then
    // read as one, as the person meant.
    const again = placeToApply(index, { ...query, q: rest });
    // "nurse not in manchster": the corrected place is what is not wanted, as typed right it is
    // (it had become the only place searched: reviewer R51b).
    const notThere = again ? placeNotWanted(rest, again) : null;
    if (notThere) [notAt, rest] = [notThere, notThere.rest];
    else if (again) [place, rest] = [again, again.rest];
  } else if (isRemoteOnly(place) && company === null && corrections.length > 0) {
    // "remote jobs in Berlni": the place is read again from the corrected query, home working
    // and the city together ("jobs in berlin" was searched as words: nothing).
    const again = placeToApply(index, { ...query, q: withCorrections(query.q, corrections) });
    if (again && !isRemoteOnly(again)) [place, rest] = [again, again.rest];
  }
  place = radiusGiven(place, query);
  let analyzed = analyzeQuery(rest);
  const narrowed = placeNarrows(place) || company !== null;
  // "this week in Leeds", "latest jobs in Leeds": the place took "jobs in" with it, and when alone
  // is searched as typed ("latest jobs in Leeds" had no strong match: a person's trial, session 57).
  const postedAlone = [`jobs ${rest}`, `${rest} jobs`].find((text) =>
    postedIn(text)?.rest === "jobs"
  );
  if (narrowed && !analyzed.posted && postedAlone !== undefined) {
    analyzed = analyzeQuery(postedAlone);
  } else if (narrowed && namesNoWork(analyzed) && rest.trim() !== "") {
    // "jobs in Toronto with no experience": the place took "jobs in" with it, and "with no
    // experience" alone is phrasing a role would drop; after "jobs" it is the level asked for.
    const asJobs = analyzeQuery(`jobs ${rest}`);
    if (typeAlone(asJobs) !== null) analyzed = asJobs;
  }
  // "part time jobs in Leeds", "night shift jobs in London": the place's postings, those of the
  // type or saying the hours first; "part time jobs", "hybrid jobs": those alone, anywhere
  // (src/index/job_index.ts).
  let unmet: string[] | undefined;
  let aloneElsewhere: AnalyzedQuery | undefined;
  let noneThere: string[] | undefined;
  if (options.typeAlone !== false) {
    let alone = typeAlone(analyzed);
    if (alone?.workMode && options.orRemote !== undefined) {
      const mode = alone.workMode.mode === "hybrid" ? "remote,hybrid" : "remote,onsite";
      alone = { ...alone, workMode: { matched: options.orRemote, mode } };
    }
    if (alone && index.anyFitsAloneAt(alone, place ?? undefined, company?.names)) analyzed = alone;
    else if (alone) {
      // "senior hybrid roles in Amsterdam" where no senior posting there says hybrid: the others
      // without the fewest that none is too as well (the hours and the way of working first: few
      // postings say them), said in the response.
      const said = ALONE_PARTS.filter((part) => alone![part] !== undefined);
      for (const dropped of dropsInOrder(said)) {
        const without: AnalyzedQuery = { ...alone };
        for (const part of dropped) delete without[part];
        if (index.anyFitsAloneAt(without, place ?? undefined, company?.names)) {
          analyzed = without;
          unmet = dropped.map((part) => asTypedIn(rest, alone![part]!.matched));
          break;
        }
      }
      if (narrowed && unmet === undefined) {
        // "hybrid jobs in London" where no posting there says hybrid: the place's postings are
        // still what was asked for, every one a close match, and the response says none there
        // is it (its words searched had listed nothing: their meaning is near no title). Where
        // no place or company narrows them, the words are searched.
        analyzed = alone;
        const typedAt = (words: string) => rest.toLowerCase().indexOf(words.toLowerCase());
        noneThere = said.map((part) => asTypedIn(rest, alone![part]!.matched))
          .sort((a, b) => typedAt(a) - typedAt(b));
        if (index.anyFitsAloneAt(alone, undefined)) aloneElsewhere = alone;
      }
    }
  }
  // "h1b jobs in London": the place said is what is asked; a visa of another place's names no
  // posting there, and the hints said "No posting is in london" (reviewer R50c).
  const visaWhere = analyzed.sponsorship?.where;
  if (
    visaWhere && placeNarrows(place) && !isRemoteOnly(place) &&
    !index.anyInCountriesAt(visaWhere.countries, place)
  ) {
    analyzed = { ...analyzed, sponsorship: { matched: analyzed.sponsorship!.matched } };
  }
  const salary = salaryToApply(query, analyzed);
  return {
    place,
    company,
    analyzed,
    words: rest,
    corrections,
    corrected: withCorrections(query.q, corrections),
    salary,
    salaryCurrency: salary !== null && query.salary_currency === undefined
      ? analyzed.salary?.currency ?? null
      : null,
    salaryStatedOnly: salary !== null && query.salary_include_unknown !== true &&
      (query.salary_min !== undefined || query.salary_currency !== undefined),
    // Beside a profile the profile names the work (`typeAlone: false`).
    paysAlone: options.typeAlone !== false && analyzed.salary !== undefined &&
      namesNoWork(analyzed) && ALONE_PARTS.every((part) => analyzed[part] === undefined),
    since: sinceToApply(query, analyzed, options.now ?? Date.now()),
    ...(unmet !== undefined ? { unmet } : {}),
    ...(aloneElsewhere !== undefined ? { aloneElsewhere } : {}),
    ...(noneThere !== undefined ? { noneThere } : {}),
    ...(notAt ? { notAt } : {}),
  };
}

/** The words that say a place is not wanted, before its name, folded. */
const NOT_AT = String
  .raw`(?:but\s+)?(?:not|except|excluding|outside(?:\s+of)?)(?:\s+(?:in|at|near))?`;

/**
 * `place` read from `q` as a place not wanted, where the words before it say so ("not in Berlin",
 * "except in London", "outside of Leeds"): `said` those words and the place's, its `rest` the
 * query without them; null where they do not.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const berlin = { matched: "berlin", rest: "developer jobs not in", city: "Berlin" };
 * assert.deepEqual(placeNotWanted("developer jobs not in berlin", berlin), {
 *   ...berlin,
 *   said: "not in berlin",
 *   rest: "developer jobs",
 * });
 * assert.equal(placeNotWanted("developer jobs in berlin", { ...berlin, rest: "developer jobs" }), null);
 * ```
 */
export function placeNotWanted(
  q: string,
  place: QueryPlace,
): (QueryPlace & { said: string }) | null {
  const name = place.matched.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const said = new RegExp(`(?<![\\p{L}\\p{N}])${NOT_AT}\\s+${name}(?![\\p{L}\\p{N}])`, "iu").exec(
    q,
  );
  if (!said) return null;
  const rest = place.rest.replace(new RegExp(`(?:^|\\s+)${NOT_AT}\\s*$`, "iu"), "").trim();
  return { ...place, said: said[0], rest };
}

/**
 * The response's account of what was read from the words: `query_place`, `_company`, `_salary`,
 * `_employment`, `_seniority`, `_corrected`.
 */
export function readingFields(reading: QueryReading): ReadingFields {
  const { place, company, analyzed, salary } = reading;
  const typed = (folded: string) => asTypedIn(reading.words, folded);
  const fields: ReadingFields = {};
  if (company) fields.query_company = { matched: company.matched, company: company.names };
  if (placeNarrows(place)) fields.query_place = placeOrPlacesFields(place);
  if (analyzed.salary && salary !== null) {
    fields.query_salary = {
      matched: analyzed.salary.matched,
      salary_min: salary,
      ...(reading.salaryCurrency !== null ? { currency: reading.salaryCurrency } : {}),
      ...(reading.paysAlone ? { alone: true as const } : {}),
      ...(reading.salaryStatedOnly ? { stated_only: true as const } : {}),
    };
  }
  if (analyzed.bestPaid) fields.query_pay = { matched: typed(analyzed.bestPaid.matched) };
  if (analyzed.employment) {
    fields.query_employment = {
      matched: analyzed.employment.matched,
      employment_type: analyzed.employment.type,
      // "part time jobs": read alone, the type's postings are listed, not lifted among the work's.
      ...(namesNoWork(analyzed) ? { alone: true as const } : {}),
    };
  }
  // A `since` parameter on the words' day or later is what is applied: the words' day is then not
  // said as if it were.
  const replaced = analyzed.posted?.days !== undefined && reading.since === null;
  if (analyzed.posted && !replaced) {
    fields.query_posted = {
      matched: analyzed.posted.matched,
      ...(reading.since !== null ? { since: reading.since } : {}),
    };
  }
  if (analyzed.workMode) {
    fields.query_work_mode = {
      matched: typed(analyzed.workMode.matched),
      work_mode: analyzed.workMode.mode,
    };
  } else if (analyzed.workModeBeside) {
    fields.query_work_mode = {
      matched: typed(analyzed.workModeBeside.matched),
      work_mode: analyzed.workModeBeside.mode,
      beside_work: true,
    };
  }
  if (analyzed.shift) {
    fields.query_shift = {
      matched: typed(analyzed.shift.matched),
      says: [...analyzed.shift.words],
    };
  }
  if (analyzed.language) {
    fields.query_language = { ...analyzed.language, matched: typed(analyzed.language.matched) };
  } else if (analyzed.languageBeside) {
    fields.query_language = {
      ...analyzed.languageBeside,
      matched: typed(analyzed.languageBeside.matched),
      beside_work: true,
    };
  }
  const searchedAs = workSearchedAs(analyzed, reading.words);
  if (searchedAs !== null) {
    const english = analyzed.inEnglishToo ? analyzed.alternatives?.[1] : undefined;
    fields.query_work = {
      searched_as: searchedAs,
      ...(english ? { also_as: english.workText ?? english.embeddingText } : {}),
    };
  }
  if (analyzed.sponsorship) {
    fields.query_visa_sponsorship = {
      matched: typed(analyzed.sponsorship.matched),
      ...(analyzed.sponsorship.where
        ? {
          where: analyzed.sponsorship.where.name,
          countries: [...analyzed.sponsorship.where.countries],
        }
        : {}),
      ...(namesNoWork(analyzed) ? {} : { beside_work: true as const }),
    };
  }
  if (analyzed.alternatives && !analyzed.inEnglishToo) {
    fields.query_alternatives = {
      matched: typed(analyzed.workText ?? analyzed.embeddingText),
      each: analyzed.alternatives.map((one) => one.workText ?? one.embeddingText),
    };
  }
  if (analyzed.exclusion) {
    fields.query_excluded = {
      matched: typed(analyzed.exclusion.matched),
      words: analyzed.exclusion.words.map(typed),
    };
  } else if (reading.notAt) {
    fields.query_excluded = {
      matched: reading.notAt.said,
      place: placeOrPlacesFields(reading.notAt),
    };
  }
  if (analyzed.seniority) {
    fields.query_seniority = {
      matched: typed(analyzed.seniority.matched),
      seniority: [...analyzed.seniority.levels],
    };
  } else if (analyzed.seniorityBeside) {
    fields.query_seniority = {
      matched: typed(analyzed.seniorityBeside.matched),
      seniority: [...analyzed.seniorityBeside.levels],
      beside_work: true,
      ...(analyzed.seniorityBeside.lacking ? { no_level_asked: true as const } : {}),
    };
  }
  if (reading.corrections.length > 0) {
    fields.query_corrected = { q: reading.corrected, words: reading.corrections };
  }
  return fields;
}

/**
 * The work's text the encoder searched, where it holds words the query (`typed`: as corrected,
 * without its place and company) did not: a title's name for it ("sparky (electrician)"), the work
 * a phrase names ("accounting and finance" for "good with numbers"). Null where every word was
 * typed, a compound written apart only joined ("health care": "healthcare"), the query names no
 * work or alternatives (`query_alternatives` says each).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { analyzeQuery } from "../index/analyze_query.ts";
 * const said = (q: string) => workSearchedAs(analyzeQuery(q), q);
 * assert.equal(said("i want to help people"), "job helping others");
 * assert.equal(said("sparky"), "sparky (electrician)");
 * assert.equal(said("I want to work as a kitchen manager"), null);
 * assert.equal(said("health care assistant nights"), null);
 * ```
 */
export function workSearchedAs(analyzed: AnalyzedQuery, typed: string): string | null {
  if ((analyzed.alternatives && !analyzed.inEnglishToo) || namesNoWork(analyzed)) return null;
  const searched = analyzed.workText ?? analyzed.embeddingText;
  const words = splitWords(typed);
  const said = new Set(words);
  for (let k = 0; k + 1 < words.length; k++) said.add(words[k] + words[k + 1]);
  return splitWords(searched).some((word) => !said.has(word)) ? searched : null;
}

/** A place read from the words, or the places named together, as the response says it. */
function placeOrPlacesFields(place: QueryPlace): QueryPlaceResult {
  if (!place.anyOf) return placeFields(place);
  return {
    matched: place.matched,
    ...(place.remote ? { remote: true } : {}),
    places: place.anyOf.map(placeFields),
  };
}

/** One place read from the words, as the response says it. */
function placeFields(place: OnePlace): QueryPlaceResult {
  return {
    matched: place.matched,
    ...(place.city ? { city: place.city } : {}),
    ...(place.region ? { region: place.region.name } : {}),
    ...(place.country ? { country: place.country } : {}),
    ...(place.area ? { area: place.area.name } : {}),
    ...(place.remote ? { remote: true } : {}),
    ...(place.around ? { near: place.around.label, radius_km: place.around.radiusKm } : {}),
  };
}

/** "nurse jobs near me": where the person is, a server cannot know. */
const NEAR_ME = /\b(?:near|around|close to)\s+me\b|\bin my area\b|\bnearby\s*$/i;

/** Said where the words ask for "near me" and nothing says where. */
export const NOT_KNOWN_WHERE = 'The search does not know where you are, so "near me" kept ' +
  'postings everywhere: name the place ("nurse near Leeds") or give `near`.';

/** Whether the words ask for "near me" while neither they nor a place parameter say where. */
export function asksNearMe(query: SearchQuery, reading: QueryReading): boolean {
  return !placeNarrows(reading.place) && query.near === undefined && query.city === undefined &&
    query.country === undefined && NEAR_ME.test(query.q);
}

/**
 * The words of `typed` that `folded` was read from, as the person wrote them ("Entry-Level" for
 * "entry level", "on-site" for "on site", "in person" for the "onsite" it is read as); `folded`
 * where none are found.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(asTypedIn("Entry-Level jobs", "entry level"), "Entry-Level");
 * assert.equal(asTypedIn("in-person jobs", "onsite"), "in-person");
 * assert.equal(asTypedIn("senior roles", "senior"), "senior");
 * assert.equal(asTypedIn("seniority", "senior"), "senior");
 * ```
 */
export function asTypedIn(typed: string, folded: string): string {
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return folded;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const spans = [escaped.join("[^\\p{L}\\p{N}]+")];
  // "In person", "in the office": read as "onsite" (src/index/analyze_query.ts).
  if (folded === "onsite") spans.push("in[- ]person", "in (?:the )?office");
  const found = new RegExp(`(?<![\\p{L}\\p{N}])(?:${spans.join("|")})(?![\\p{L}\\p{N}])`, "iu")
    .exec(typed);
  return found ? found[0] : folded;
}

/** The readings alone a query may say together, the first the first to leave out. */
const ALONE_PARTS = ["shift", "workMode", "language", "employment", "seniority"] as const;

/**
 * The ways to leave some of `said` out, fewest first, each leaving one at least: for three
 * readings, each one alone left out in `said`'s order, then each two.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(dropsInOrder(["a", "b", "c"]), [
 *   ["a"],
 *   ["b"],
 *   ["c"],
 *   ["a", "b"],
 *   ["a", "c"],
 *   ["b", "c"],
 * ]);
 * assert.deepEqual(dropsInOrder(["a"]), []);
 * ```
 */
export function dropsInOrder<T>(said: readonly T[]): T[][] {
  const pick = (size: number, from: number, chosen: T[]): T[][] =>
    chosen.length === size
      ? [chosen]
      : said.slice(from).flatMap((one, k) => pick(size, from + k + 1, [...chosen, one]));
  return said.slice(1).flatMap((_, k) => pick(k + 1, 0, []));
}
