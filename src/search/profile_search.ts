/**
 * A profile as the query: the roles, skills, places and seniority derived from it
 * (src/search/profile/derive_profile.ts) scored against every posting and fused into one score
 * per posting, the result set then made by the rules of a `q` search. Measured on judged CVs in
 * docs/search.md ("A profile as the query"), which gives every setting
 * (src/search/profile_ranking.ts) with what it is worth.
 *
 * - Role: each derived role scored as a `q` search scores it (`JobIndex.scoresOf`: keyword share
 *   and title likeness), times the role's weight, times `HEAD_MISMATCH` when the posting's role is
 *   of another kind; the best role counts.
 * - Relevance, what decides membership as the score does for `q`: the role score times a seniority
 *   factor (1 when the posting's level fits or is unknown, less the further apart; a student wants
 *   student jobs).
 * - Places: part of what the profile asks, as a place in a `q` text is: the set takes postings
 *   within `AREA_KM` of the cities it names, in the countries it names, and remote ones there when
 *   it wants remote work (the whole countries when nothing fits near). An explicit `city`,
 *   `country` or `near` replaces them.
 * - The cut, reposts, filters, cap, order and page: `JobIndex.searchScores`, as for `q`.
 * - The score shown and the relevance order add a bonus for skills the posting names and one for
 *   being near a city the profile names (or remote, when wanted).
 *
 * @module
 */
import { FILTER_NAMES, type FilterContext } from "../domain/filters.ts";
import { distanceKm } from "../domain/geo.ts";
import type { Derived, Job } from "../domain/job.ts";
import { toResults } from "./to_results.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { SearchOutcome } from "../domain/service.ts";
import { foldText } from "../domain/fold_text.ts";
import {
  analyzeQuery,
  namesNoWork,
  searchedAlternatives,
  typeAlone,
} from "../index/analyze_query.ts";
import type { IndexHit, IndexResult, IndexSearch } from "../index/index_search.ts";
import type { JobIndex } from "../index/job_index.ts";
import type { RankingParams, ResultCut } from "../index/ranking.ts";
import { roleTextOf } from "../index/role_text.ts";
import { REMOTE_CITY } from "../ingest/location.ts";
import { indexPlaces } from "./index_places.ts";
import { filtersWithSalary } from "./filters_from_words.ts";
import {
  asksNearMe,
  NOT_KNOWN_WHERE,
  type QueryReading,
  readingFields,
  readQuery,
} from "./query_reading.ts";
import {
  DEFAULT_PROFILE_RANKING,
  type ProfileRanking,
  Q_LEAD,
  seniorityFactor,
} from "./profile_ranking.ts";
import { type DerivedProfile, deriveProfile, UNRELATED_WEIGHT } from "./profile/derive_profile.ts";
import { headGroupOf } from "../index/head_group.ts";
import { countryCodeMeantHint } from "./search_hint.ts";

export interface ProfileSearchOptions {
  /** Embeds query texts (the service's cached embedder). */
  embed(texts: string[]): Promise<Float32Array[]>;
  ranking: RankingParams;
  cut: ResultCut;
  profileRanking?: ProfileRanking;
  /**
   * The request's filters, order and page (as for `JobIndex.search`). With an explicit `city`,
   * `country` or `near` filter the profile's places do not narrow the set.
   */
  request: Omit<IndexSearch, "query" | "vector" | "mode" | "ranking">;
  /** A `q` given beside the profile: searched as one more wished role. */
  q?: string;
  /**
   * The words asked for remote work ("remote", "remote germany" beside the profile): its remote
   * postings only, anywhere or in the country the words name, as a `q` search's "remote jobs"
   * lists them, in place of the profile's places.
   */
  remoteOnly?: boolean;
}

export interface ProfileSearchResult extends IndexResult {
  /** The roles searched with the weight each got once their likeness was known. */
  roles: { title: string; weight: number }[];
  /** The countries of the places the set was narrowed to (none: anywhere). */
  countries: string[];
  /** Nothing fitted near the profile's cities, so the set is taken from their whole countries. */
  widened: boolean;
  /** Few postings near the person: the close matches reach the rest of their countries. */
  closeBeyond: boolean;
  /** When filters left nothing: the size of the set without them. */
  unfiltered?: number;
  /**
   * When the profile's places hold no strong match: how many strong matches it has anywhere
   * (under the same filters), for the hint.
   */
  anywhere?: number;
}

/** Per index: the head-noun group of each posting's role (undefined: none known), computed once. */
const postingHeads = new WeakMap<JobIndex, (number | undefined)[]>();

function headsOf(index: JobIndex): (number | undefined)[] {
  let heads = postingHeads.get(index);
  if (!heads) {
    heads = index.data.jobs.map((job) => headGroupOf(roleTextOf(job)));
    postingHeads.set(index, heads);
  }
  return heads;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += a[k] * b[k];
  return sum;
}

function isRemote(job: Job): boolean {
  return job.city === REMOTE_CITY || job.work_mode === "remote" || job.job_tags.includes("remote");
}

/**
 * Ranks the index's postings for a derived profile and makes the result set.
 */
export async function searchProfile(
  index: JobIndex,
  profile: DerivedProfile,
  options: ProfileSearchOptions,
): Promise<ProfileSearchResult> {
  const settings = options.profileRanking ?? DEFAULT_PROFILE_RANKING;
  const { jobs } = index.data;
  const n = jobs.length;
  const roles = profile.roles.map((r) => ({ ...r }));
  if (options.q !== undefined && options.q.trim() !== "") {
    // The query steers: what the profile names counts a little less than what was typed.
    for (const role of roles) role.weight *= Q_LEAD;
    roles.unshift({ title: options.q.trim(), weight: 1, from: "wish" });
  }
  const analyzed = roles.map((r) => analyzeQuery(r.title));
  const vectors = roles.length > 0 ? await options.embed(analyzed.map((a) => a.embeddingText)) : [];
  // A wish named as alternatives ("nurse or midwife") is searched as each, as `q` alone is.
  const alternatives = await Promise.all(analyzed.map(async (a) => {
    const each = searchedAlternatives(a);
    if (each.length === 0) return undefined;
    const embedded = await options.embed(each.map((one) => one.embeddingText));
    return each.map((query, k) => ({ query, vector: embedded[k] }));
  }));

  // A past role unlike every role the person asks for weighs little, whatever its words share.
  const anchors = roles.map((r, i) => ({ r, i })).filter(({ r }) => r.from !== "experience");
  if (anchors.length > 0) {
    roles.forEach((role, i) => {
      if (role.from !== "experience") return;
      const likeness = Math.max(...anchors.map(({ i: a }) => cosine(vectors[i], vectors[a])));
      if (likeness < settings.relatedCosine) role.weight = Math.min(role.weight, UNRELATED_WEIGHT);
    });
  }

  const heads = headsOf(index);
  const role = new Float32Array(n);
  roles.forEach((r, i) => {
    if (r.weight <= 0) return;
    const scores = index.scoresOf(analyzed[i], vectors[i], {
      ranking: options.ranking,
      ...(alternatives[i] ? { alternatives: alternatives[i] } : {}),
    });
    const head = headGroupOf(r.title);
    for (let p = 0; p < n; p++) {
      let weighted = r.weight * scores[p];
      if (head !== undefined && heads[p] !== undefined && heads[p] !== head) {
        weighted *= settings.headMismatch;
      }
      if (weighted > role[p]) role[p] = weighted;
    }
  });

  // Skills: how many a posting names, each counted by the keyword side (title and tags fully,
  // the description at most half).
  const skill = new Float32Array(n);
  for (const name of profile.skills) {
    const query = analyzeQuery(name);
    if (namesNoWork(query)) continue;
    const scores = index.scoresOf(query, undefined, { mode: "keyword" });
    for (let p = 0; p < n; p++) skill[p] += scores[p];
  }

  const cities = new Set(profile.places.filter((p) => p.city).map((p) => foldText(p.city!)));
  const points = profile.places.filter((p) => p.latitude !== undefined);
  /** How near a posting is to a city the profile names: 1 there, fading to 0 at twice `nearKm`. */
  const nearness = (job: Job) => {
    if (job.latitude !== undefined && job.longitude !== undefined && points.length > 0) {
      const at = { latitude: job.latitude, longitude: job.longitude };
      const km = Math.min(
        ...points.map((point) =>
          distanceKm({ latitude: point.latitude!, longitude: point.longitude! }, at)
        ),
      );
      return Math.max(0, Math.min(1, 2 - km / settings.nearKm));
    }
    return cities.has(foldText(job.city)) ? 1 : 0;
  };
  // Relevance (what decides membership, as the score does for `q`): the role, at the person's
  // level, over every posting. Skills and place then order the members and make the score shown.
  const norm = (1 + settings.skillBonus) * (1 + settings.placeBonus);
  const scoreEvery = () => {
    const relevance = new Float32Array(n);
    const fused = new Float32Array(n);
    for (let p = 0; p < n; p++) {
      if (role[p] <= 0) continue;
      const job = jobs[p];
      if (options.remoteOnly && !isRemote(job)) continue;
      relevance[p] = role[p] * seniorityFactor(profile.levels, job.seniority, settings);
      const local = Math.max(nearness(job), profile.remote && isRemote(job) ? 1 : 0);
      const skills = Math.min(1, skill[p] / settings.skillsForFullBonus);
      fused[p] = relevance[p] * (1 + settings.skillBonus * skills) *
        (1 + settings.placeBonus * local) / norm;
    }
    return { relevance, fused };
  };
  const { relevance, fused } = scoreEvery();
  // The bar a posting must pass anywhere to be strong: a posting near the person is strong only
  // when it passes it, as a place named in `q` sets the strong cut only where a posting there is
  // strong by the query's cut (docs/search.md, session 26). A cashier's CV in Leeds, where no
  // cashier is posted, listed care assistants at 0.48 as strong, where the sales assistants
  // elsewhere score 0.94 (session 55).
  let bestAnywhere = 0;
  for (let p = 0; p < n; p++) if (relevance[p] > bestAnywhere) bestAnywhere = relevance[p];
  const strongAnywhere = strongBar(bestAnywhere, options.cut);
  // The profile's places are part of what it asks, as a place in a `q` text is: postings within
  // `areaKm` of a city it names, in a country it names (postings not on the map, by city name or
  // country), and remote ones in those countries when it wants remote work. The cut is made among
  // them. An explicit city, country or near filter replaces the places' area.
  const explicitPlace = options.request.filters?.city !== undefined ||
    options.request.filters?.country !== undefined ||
    options.request.filters?.near !== undefined;
  let area = explicitPlace ? [] : profile.places;
  const narrowed = area.length > 0;
  const countries = [...new Set(area.filter((p) => p.country).map((p) => p.country!))];
  let widened = false;
  /** Postings beyond the area listed as close matches only (see below); null: none. */
  let outside: Uint8Array | null = null;
  if (area.length > 0) {
    const inside = (places: DerivedProfile["places"]) =>
      Uint8Array.from(
        jobs,
        (job, p) =>
          relevance[p] > 0 && inArea(job, places, profile.remote, settings.areaKm) ? 1 : 0,
      );
    let mask = inside(area);
    // Nothing of the kind near the person: the rest of their country rather than nothing. Of the
    // kind means a strong match where the cut makes no rescued match strong (session 54: a
    // London nurse's CV, with no nurse within the area, listed every British nurse as close).
    const ofTheKind = (p: number) =>
      mask[p] === 1 && relevance[p] >= strongAnywhere &&
      (options.cut.rescueStrong !== false || relevance[p] >= options.cut.minScore);
    let anyOfTheKind = false;
    for (let p = 0; p < n && !anyOfTheKind; p++) anyOfTheKind = ofTheKind(p);
    if (!anyOfTheKind && countries.length > 0 && area.some((p) => p.city !== undefined)) {
      area = countries.map((country) => ({ country, wished: false }));
      mask = inside(area);
      widened = true;
    }
    // Few of the kind near the person: the close matches reach the rest of their country, after
    // the near ones (the place bonus orders them), so that a page of the closest jobs is listed.
    // The strong matches stay near: the cut is still made among the area's postings alone.
    let beyond: Uint8Array | null = null;
    if (!widened && countries.length > 0 && area.some((p) => p.city !== undefined)) {
      let near = 0;
      for (let p = 0; p < n; p++) {
        if (mask[p] === 1 && relevance[p] >= options.cut.closeFloor) near++;
      }
      if (near < CLOSE_PAGE) {
        beyond = inside(countries.map((country) => ({ country, wished: false })));
      }
    }
    for (let p = 0; p < n; p++) {
      if (mask[p] === 1) continue;
      if (beyond?.[p] === 1) {
        (outside ??= new Uint8Array(n))[p] = 1;
        continue;
      }
      relevance[p] = 0;
      fused[p] = 0;
    }
  }
  const strong = keepRelevant(fused, relevance, options.cut, outside, strongAnywhere);
  const asIs = { minScore: Number.MIN_VALUE, relativeCut: 0, weakFloor: Number.MIN_VALUE };
  const result = index.searchScores(fused, { ...options.request, ...asIs }, strong);
  // An empty set under filters: how many the profile finds without them, for the hint.
  const filters = (options.request.filters ?? {}) as Record<string, unknown>;
  const filtered = FILTER_NAMES.some((name) => filters[name] !== undefined);
  const unfiltered = result.total === 0 && filtered
    ? index.searchScores(
      fused,
      { ...options.request, filters: undefined, facets: undefined, limit: 0, ...asIs },
      strong,
    ).total
    : undefined;
  // Where the area holds no strong match: how many the profile has anywhere, scored again (rare,
  // so that the common search keeps no copy of every posting's scores).
  let anywhere: number | undefined;
  if (result.total === 0 && narrowed) {
    const every = scoreEvery();
    anywhere = index.searchScores(
      every.fused,
      { ...options.request, facets: undefined, limit: 0, ...asIs },
      keepRelevant(every.fused, every.relevance, options.cut, null, strongAnywhere),
    ).total;
  }
  return {
    ...result,
    roles: roles.map((r) => ({ title: r.title, weight: Math.round(r.weight * 100) / 100 })),
    countries,
    widened,
    closeBeyond: outside !== null,
    ...(unfiltered !== undefined ? { unfiltered } : {}),
    ...(anywhere ? { anywhere } : {}),
  };
}

/** Whether a posting lies in the area a profile's places make (see `searchProfile`). */
function inArea(
  job: Job,
  places: DerivedProfile["places"],
  remote: boolean,
  areaKm: number,
): boolean {
  return places.some((place) => {
    if (remote && isRemote(job) && job.country === place.country) return true;
    if (place.city === undefined) return job.country === place.country;
    if (place.latitude !== undefined && job.latitude !== undefined) {
      const from = { latitude: place.latitude, longitude: place.longitude! };
      return distanceKm(from, { latitude: job.latitude, longitude: job.longitude! }) <= areaKm;
    }
    // Not on the map: a posting naming no city by its country, one naming a city the places data
    // does not know by that name (a far one would let a date order show it first).
    return job.country === place.country &&
      (job.city === "" || foldText(job.city) === foldText(place.city));
  });
}

/**
 * What the hint adds where the profile's places hold no strong match: how many it has elsewhere
 * and how to search there (a place in `q` replaces the profile's, as `near`, `city` and `country`
 * do), else `otherwise`.
 */
function elsewhere(anywhere: number | undefined, otherwise = ""): string {
  if (!anywhere) return otherwise;
  return ` Elsewhere it has ${anywhere} strong match${
    anywhere === 1 ? "" : "es"
  }: give \`near\`, ` +
    "`city` or `country`, or name a place in `q`, to search there.";
}

/** A page of the closest jobs: fewer near the person, and the close matches reach their country. */
const CLOSE_PAGE = 10;

/**
 * The relevance a posting needs to be strong where `best` is the best there, as `JobIndex.search`
 * decides it for one query: the minimum when the best reaches it, else the floor, and the share
 * of the best.
 */
function strongBar(best: number, cut: ResultCut): number {
  const least = Math.min(cut.minScore, cut.weakFloor);
  return Math.max(best >= cut.minScore ? cut.minScore : least, cut.relativeCut * best, least);
}

/**
 * The strong matches (1 by posting), whose relevance passes the bar of the best relevance left
 * (`strongBar`), where some posting left passes `strongAnywhere`, the bar of the best anywhere:
 * else none is strong. Zeroes the scores of postings that are neither strong nor close (relevance
 * under the close floor). Postings `outside` the profile's area are close at best, and their
 * relevance sets no bar.
 */
function keepRelevant(
  scores: Float32Array,
  relevance: Float32Array,
  cut: ResultCut,
  outside: Uint8Array | null,
  strongAnywhere: number,
): Uint8Array {
  let best = 0;
  for (let p = 0; p < relevance.length; p++) {
    if (outside?.[p] !== 1 && relevance[p] > best) best = relevance[p];
  }
  const bar = strongBar(best, cut);
  // Where even the best misses the minimum, the rescue keeps the best as close matches under a
  // model whose cut says so (`rescueStrong: false`), as for `q`: a German nurse's CV in Berlin,
  // where no nurse is posted, listed two IT jobs at 0.25 as strong matches (reviewer C52). So
  // where the best left is no strong match anywhere.
  const noneStrong = (best < cut.minScore && cut.rescueStrong === false) ||
    best < strongAnywhere;
  // What the rescue keeps is close then, even under the close floor (as `cutByScore` keeps it).
  const closeFrom = noneStrong ? Math.min(bar, cut.closeFloor) : cut.closeFloor;
  const strong = new Uint8Array(scores.length);
  for (let p = 0; p < scores.length; p++) {
    if (relevance[p] >= bar && outside?.[p] !== 1 && !noneStrong) strong[p] = 1;
    else if (relevance[p] < closeFrom || relevance[p] <= 0) scores[p] = 0;
  }
  return strong;
}

export interface ProfileOutcomeOptions {
  embed(texts: string[]): Promise<Float32Array[]>;
  ranking: RankingParams;
  cut: ResultCut;
  profileRanking?: ProfileRanking;
  /** Where a `near` place lies (the service's places). */
  context?: FilterContext;
  /** The page's hits with their descriptions, for `detail=full` (the index holds none). */
  describe?: (hits: IndexHit[]) => Promise<IndexHit[]>;
  /** The time "this week" in `q` counts back from (ms); default: the clock's. */
  now?: number;
}

/** How a derived profile reads in a response (`derived`). */
export function summarizeProfile(profile: DerivedProfile, q?: string): Derived {
  const places = profile.places.map((p) =>
    p.city ? `${p.city}${p.country ? `, ${p.country}` : ""}` : p.country!
  );
  if (profile.remote) places.push("remote");
  const roles = profile.roles.map((r) => r.title);
  return {
    roles: q ? [q, ...roles] : roles,
    skills: profile.skills,
    places,
    seniority: profile.seniority ?? null,
  };
}

/**
 * A search by `query.profile` (beside `query.q`, searched as one more wished role, its place as a
 * wished place), as the service answers it: the page, the total, facets, what was derived, and a
 * hint when nothing fits.
 */
export async function searchByProfile(
  index: JobIndex,
  query: SearchQuery,
  options: ProfileOutcomeOptions,
): Promise<SearchOutcome> {
  const profile = deriveProfile(query.profile ?? "", { places: indexPlaces(index) });
  const reading = readBesideProfile(index, query, options.now);
  const { place, analyzed } = reading;
  let remoteOnly = false;
  if (place) {
    // A place typed in the query says where, as in a `q` search: it replaces the profile's ("near"
    // a city names the city, whose area is the profile's own).
    // Several places ("in Leeds or York"): each is one of the profile's places, as a CV's are.
    const wishedPlaces = (place.anyOf ?? [place]).flatMap((one) => {
      const { around } = one;
      const known = one.city ? indexPlaces(index).city(one.city) : undefined;
      return around
        ? [{
          city: around.city,
          country: around.country,
          latitude: around.latitude,
          longitude: around.longitude,
          wished: true,
        }]
        : one.city || one.country
        ? [{
          ...(known ?? (one.city ? { city: one.city } : {})),
          ...(one.country ? { country: one.country } : {}),
          wished: true,
        }]
        : [];
    });
    if (wishedPlaces.length > 0) profile.places = wishedPlaces;
    if (place.anyOf?.some((one) => one.remote)) profile.remote = true;
    if (place.remote) profile.remote = true;
    // "remote" replaces the profile's places too, as the remote postings (of the country it names,
    // if any): beside a CV in Berlin it listed on-site Berlin jobs (reviewer R54), and "remote
    // germany" every German posting (reviewer R54b).
    if (place.remote) {
      if (wishedPlaces.length === 0) profile.places = [];
      remoteOnly = true;
    }
  }
  // The role the words name, without the place and the pay read from them; none where they name
  // no work ("jobs", "near me") or only how, when or at what level it is done ("full time",
  // "entry level", "nights", "hybrid"): beside a CV those were searched as a role, ahead of the
  // CV's own (reviewer C58b, once the page searched its box as the API does).
  const words = reading.words;
  const q = namesNoWork(analyzed) || typeAlone(analyzed) !== null ? "" : withoutSaid(words, [
    analyzed.salary?.matched,
    analyzed.bestPaid?.matched,
  ]);
  const result = await searchProfile(index, profile, {
    embed: options.embed,
    ranking: options.ranking,
    cut: options.cut,
    profileRanking: options.profileRanking,
    q: q === "" ? undefined : q,
    remoteOnly,
    request: {
      filters: filtersWithSalary(query, reading),
      ...(reading.company ? { namedCompany: reading.company.names } : {}),
      // "... not in Berlin" beside a CV: left out as in a plain search (src/search/query_reading.ts).
      ...(reading.notAt ? { notAt: reading.notAt } : {}),
      ...(analyzed.bestPaid ? { bestPaidFirst: true } : {}),
      context: options.context,
      sort: query.sort,
      facets: query.facets,
      offset: query.offset,
      limit: query.top_k,
    },
  });
  const derived = summarizeProfile(profile, q === "" ? undefined : q);
  const describe = (hits: IndexHit[]) =>
    query.detail === "full" && options.describe ? options.describe(hits) : Promise.resolve(hits);
  const outcome: SearchOutcome = {
    total: result.total,
    close_total: result.closeTotal,
    search_time_ms: 0,
    results: toResults(await describe(result.hits), query.detail),
    derived,
    ...readingFields(reading),
  };
  if (result.noPayStated && outcome.query_pay) {
    outcome.query_pay = { ...outcome.query_pay, none_stated: true };
  }
  // A city the words name ("in Liverpool", "near Liverpool") is the profile's place, whose area is
  // the profile's own: said as such where the city is on the map.
  const [wished] = profile.places;
  if (
    outcome.query_place && (place?.city || place?.around) && wished?.latitude !== undefined &&
    wished.city
  ) {
    outcome.query_place = {
      matched: outcome.query_place.matched,
      ...(outcome.query_place.remote ? { remote: true } : {}),
      near: derived.places[0],
      radius_km: (options.profileRanking ?? DEFAULT_PROFILE_RANKING).areaKm,
    };
  }
  if (result.closest) outcome.closest = toResults(await describe(result.closest), query.detail);
  if (result.facets) outcome.facets = result.facets;
  if (result.widened && result.total > 0) {
    // Not "Nothing fits": close matches from the area may follow the strong ones (session 56).
    outcome.hint = `No strong match for the profile within ${DEFAULT_PROFILE_RANKING.areaKm} km ` +
      `of ${derived.places.join(" / ")}: the strong matches are from the rest of ` +
      `${result.countries.join(", ")}.`;
  }
  if (result.closeBeyond && result.total > 0) {
    const few = `Few postings fit the profile within ${DEFAULT_PROFILE_RANKING.areaKm} km of ` +
      derived.places.join(" / ");
    // None found beyond either: "the close matches after them" named a list that is not there (a
    // teacher's CV in Manchester, session 57).
    outcome.hint = result.closeTotal > 0
      ? `${few}: the close matches after them reach the rest of ${result.countries.join(", ")}.`
      : `${few}, and no posting in the rest of ${result.countries.join(", ")} is a close match.`;
  }
  if (result.total === 0 && result.closeTotal > 0 && derived.roles.length > 0) {
    const matches = result.closeTotal === 1
      ? "its close match"
      : `its ${result.closeTotal} close matches`;
    const one = result.closeTotal === 1;
    const where = result.countries.length > 0
      ? ` near ${derived.places.join(" / ")}` +
        (result.widened ? ` or in the rest of ${result.countries.join(", ")}` : "")
      : "";
    outcome.hint = `No strong match for the profile${where}; ${matches} ` +
      (result.closest
        ? (one ? "is listed apart (`closest`)." : "are listed apart (`closest`), best first.")
        : (one ? "follows." : "follow, best first.")) +
      elsewhere(result.anywhere);
  } else if (result.total === 0) {
    outcome.hint = countryCodeMeantHint(query) ??
      (derived.roles.length === 0
        ? 'No role could be read from the profile: say what work is wanted ("I am looking for a ' +
          'job as a nurse") or give `q` beside it.'
        : result.unfiltered
        ? `Nothing fits the profile with these filters; without them it finds ${result.unfiltered} ` +
          `posting${result.unfiltered === 1 ? "" : "s"}.`
        : result.countries.length > 0
        ? `Nothing fits the profile near ${derived.places.join(" / ")}.${
          elsewhere(result.anywhere, " Give `near`, `city` or `country` to search elsewhere.")
        }`
        : "Nothing fits the profile with these filters.");
  }
  // A profile's own places (its address) say where "near me" is.
  if (!outcome.hint && profile.places.length === 0 && asksNearMe(query, reading)) {
    outcome.hint = NOT_KNOWN_WHERE;
  }
  // Words beside the CV that say only how the work is done were not searched as a role: said, with
  // the filters that keep such postings (reviewer C58b).
  const how = namesNoWork(analyzed) ? null : typeAlone(analyzed);
  if (!outcome.hint && how !== null && words.trim() !== "") {
    outcome.hint = `"${words.trim()}" names no work, so the CV's roles are searched alone; ` +
      "`employment_type`, `seniority` or `remote` keep only the postings of a type, level or " +
      "way of working.";
  }
  return outcome;
}

/**
 * `q` beside a profile, read as a `q` search reads it (src/search/query_reading.ts); a place alone
 * ("Liverpool", "remote") is the place, as "Liverpool jobs" is: the profile names the work, so a
 * place is what the words add (a `q` search reads a lone "Liverpool" as a word it searches).
 */
function readBesideProfile(index: JobIndex, query: SearchQuery, now?: number): QueryReading {
  const reading = readQuery(index, query, { typeAlone: false, now });
  if (reading.place || query.q.trim() === "") return reading;
  const asPlace = readQuery(index, { ...query, q: `${query.q.trim()} jobs` }, {
    typeAlone: false,
    now,
  });
  return asPlace.place && namesNoWork(asPlace.analyzed) ? asPlace : reading;
}

/**
 * `words` without each of `said` (the words of pay read from them, as typed or folded to lower
 * case), its spaces closed up.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(withoutSaid("Well Paid accountant £40k", ["£40k", "well paid"]), "accountant");
 * assert.equal(withoutSaid("accountant", [undefined]), "accountant");
 * ```
 */
export function withoutSaid(words: string, said: readonly (string | undefined)[]): string {
  let rest = words;
  for (const phrase of said) {
    if (!phrase) continue;
    const pattern = phrase.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s+");
    rest = rest.replace(new RegExp(pattern, "i"), " ");
  }
  return rest.replace(/\s+/g, " ").trim();
}
