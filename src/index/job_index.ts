/**
 * The in-memory search index: `JobIndex` scores every posting against a query and makes the result
 * set. Pure computation, no I/O. Its parts, one a file:
 * - the terms of the postings' text by position (src/index/term_dictionary.ts), built with Orama
 *   (src/index/position_text.ts) or loaded from a snapshot;
 * - the keyword score (src/index/keyword_scorer.ts) and the title-vector score
 *   (src/index/title_vectors.ts: int8 rows, every index's scored by one SIMD kernel), mixed by the
 *   settings of src/index/ranking.ts (src/index/score_mix.ts);
 * - the cut, the 1,000 cap and the order (src/index/result_cut.ts), one copy of each reposted job
 *   (src/index/reposts.ts), the filters (src/index/filter_masks.ts) and the places
 *   (src/index/posting_places.ts).
 *
 * The request and answer shapes are in src/index/index_search.ts, what an index is made of in
 * src/index/job_index_data.ts.
 *
 * @module
 */
import { countFacets } from "../domain/facets.ts";
import { RESULT_SET_MAX } from "../domain/search_query.ts";
import {
  type CityCount,
  employmentTypesOf,
  type Job,
  type VisaSponsorship,
} from "../domain/job.ts";
import { type AnalyzedQuery, analyzeQuery, namesNoWork, typeAlone } from "./analyze_query.ts";
import { FilterMasks } from "./filter_masks.ts";
import {
  type IndexHit,
  type IndexResult,
  type IndexSearch,
  type MatchTier,
  type PlaceFilter,
  placeNarrows,
  type ScoreMode,
  type WorkSearch,
} from "./index_search.ts";
import type { JobIndexData } from "./job_index_data.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { KeywordScorer } from "./keyword_scorer.ts";
import { PostingPlaces } from "./posting_places.ts";
import {
  companiesByKey,
  companyKey,
  type CompanyNames,
  employerBeforeJobs,
  findCompany,
  nameBeforeJobs,
  type QueryCompany,
} from "./query_company.ts";
import { aroundCity, type QueryPlace } from "./query_place.ts";
import type { QuerySeniority } from "./query_seniority.ts";
import { titleSaysExperienced, titleSaysLevel, titleSaysManager } from "../domain/title_levels.ts";
import { type QueryShift, saysOtherTime, type TimeOfDay } from "./query_shift.ts";
import { saysOtherSense, type WordSense } from "./word_senses.ts";
import { saysOtherSpecialty } from "./specialty.ts";
import { fitsLanguages, type QueryLanguage } from "./query_language.ts";
import { roughYearlyUsd } from "../domain/salary.ts";
import { type QueryWorkMode, titleSaysHybridWork } from "./query_work_mode.ts";
import { DEFAULT_RANKING, type RankingParams } from "./ranking.ts";
import { type OtherCopy, rememberJobKeys, Reposts, repostTextOf } from "./reposts.ts";
import { type Gazetteer, rememberJobWords, tallyGazetteer } from "./gazetteer.ts";
import {
  bestByScore,
  byDateThenId,
  byDateThenScore,
  byScoreThenDate,
  type Candidates,
  type CutBars,
  cutBarsOf,
  cutByScore,
  cutByScoreEach,
  cutByScoreOfEach,
  gatherFloor,
  type RankedHit,
  SCORE_STEPS,
  specialtyBarOf,
  strongBarsOfEach,
  strongBarWithin,
  strongOfAny,
} from "./result_cut.ts";
import { buildPositionText } from "./position_text.ts";
import type { PositionText } from "./term_dictionary.ts";
import {
  cosineBarsOf,
  mixScore,
  type RowPostings,
  rowPostingsOf,
  scoreEveryPosting,
  vectorShare,
} from "./score_mix.ts";
import { StatedTypes, withoutTypeTerms } from "./stated_type.ts";
import { tokenize } from "./tokenize.ts";
import { foldText } from "../domain/fold_text.ts";
import { TitleVectors } from "./title_vectors.ts";

/** What the result set is made from besides the scores. */
type SetRequest = Omit<IndexSearch, "query" | "vector" | "mode" | "ranking">;

/** A loaded index. Searching is synchronous, so scratch buffers are shared between calls. */
/** Work whose head noun is a manager's: "project manager", "entry level management". */
const MANAGER_WORK = /\bmanag(?:er|ers|ement)\s*(?:\(|$)/i;

export class JobIndex {
  readonly data: JobIndexData;
  readonly #keywords: KeywordScorer;
  readonly #vectors: TitleVectors;
  readonly #filters: FilterMasks;
  readonly #statedTypes: StatedTypes;
  readonly #places: PostingPlaces;
  readonly #reposts: Reposts;
  /** Stated pay per posting, made when a query first asks for good pay (`#statedPay`). */
  #pay: Float64Array | undefined;
  /** Posting → 1 once a keyword search has scored it (a posting has several of the words). */
  readonly #seen: Uint8Array;
  readonly #candidates: Candidates;
  /**
   * A posting each: the postings a broad query scores (src/index/score_mix.ts), then the close
   * matches of the result set.
   */
  readonly #scratch: Uint32Array;
  /** Each title row's postings, for a narrow query's few (made at the first search that needs it). */
  #rowPostings?: RowPostings;
  /** The postings' companies by `companyKey`, gathered at the first query that names one. */
  #companies?: CompanyNames;

  /**
   * `screenVectors`: whether searches screen the title vectors (src/index/title_vectors.ts); by
   * default for large indexes.
   */
  constructor(data: JobIndexData, options: { screenVectors?: boolean } = {}) {
    const n = data.jobs.length;
    if (data.vectorOfDoc.length !== n) {
      throw new RangeError("Cannot build index: one vector row per posting is required");
    }
    const text = data.text ?? buildPositionText(data.jobs);
    if (text.lengths.title.length !== n) {
      throw new RangeError("Cannot build index: the text's postings are not the index's");
    }
    this.#vectors = new TitleVectors(data, { screen: options.screenVectors });
    // The rows as the vectors hold them (in the SIMD kernel's memory): one copy, not two.
    this.data = { ...data, text, vectors: this.#vectors.rows };
    this.#keywords = new KeywordScorer(n, text);
    this.#filters = new FilterMasks(data.jobs);
    this.#statedTypes = new StatedTypes(data.jobs);
    this.#places = new PostingPlaces(
      data.jobs,
      data.gazetteer,
      (term) => this.#keywords.titlePositions(term),
    );
    this.#reposts = new Reposts(data.jobs, (p) => this.repostTextAt(p), data.repostGroups);
    this.#seen = new Uint8Array(n);
    this.#scratch = new Uint32Array(n);
    this.#candidates = {
      positions: new Uint32Array(n),
      scores: new Uint16Array(n),
      count: 0,
    };
  }

  get size(): number {
    return this.data.jobs.length;
  }

  /** The folded start of a posting's description, as reposts compare it. */
  repostTextAt(position: number): string {
    return this.data.repostTexts?.get(position) ??
      repostTextOf(this.data.jobs[position].job_description);
  }

  /** A posting's fingerprint as it was indexed (with its description, which the store keeps). */
  fingerprintAt(position: number): string {
    return this.data.fingerprints?.get(position) ?? jobFingerprint(this.data.jobs[position]);
  }

  /** Each posting's repost group (src/index/reposts.ts), which a delta's merge starts from. */
  repostGroups(): Uint32Array {
    return this.#reposts.groups();
  }

  /** The gazetteer of the postings (src/index/gazetteer.ts), which a delta's merge starts from. */
  gazetteer(): Gazetteer {
    return this.#places.gazetteer();
  }

  /** This index's terms and field lengths by posting position, what a delta is merged into. */
  positionText(): PositionText {
    return this.#keywords.positionText();
  }

  /**
   * Ends the threads that share its searches' pass over the title vectors (an index of tens of
   * thousands of titles and more has them): a server calls it once it serves another index.
   * Searching still works after, on the caller's thread alone.
   */
  close(): void {
    this.#vectors.close();
  }

  /**
   * Works out, `slice` postings at a time with a turn of the event loop between, what the first
   * delta merged into this index otherwise works out for every posting at once (each posting's
   * folded repost key and title words, kept with the posting object, which merged indexes share;
   * then the counts of the places' gazetteer, which each merge updates rather than rebuilds): at
   * 100,000 postings 1.3 s of one thread on an idle machine, 5-7 s at a load of 9, on the first
   * push after a server's start (docs/scaling.md, "Issue #40: every push searchable within 10 s").
   * Stops early when `stop()` says so.
   */
  async prepareForDeltas(options: { slice?: number; stop?: () => boolean } = {}): Promise<void> {
    const { jobs } = this.data;
    const slice = options.slice ?? 2000;
    for (let start = 0; start < jobs.length; start += slice) {
      if (options.stop?.()) return;
      const part = jobs.slice(start, start + slice);
      rememberJobKeys(part);
      rememberJobWords(part);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // What the merge updates of the places (src/index/gazetteer.ts `mergedGazetteer`).
    await tallyGazetteer(this.gazetteer(), jobs, options);
  }

  /** Builds what the first search would otherwise build (a server calls it before serving). */
  prepare(): this {
    this.#places.prepare();
    this.#reposts.prepare();
    return this;
  }

  /**
   * The cities of this index's postings with their country and number of postings (reposts each
   * counted), most postings first, then by name and country; with `country`, that country's only.
   * Postings without a city are not counted. Read from the index, not the store, so that every city
   * listed is one a search on this index finds postings in, as many as listed (a search shows
   * reposts of one job as one hit, with the others' URLs).
   */
  cities(country?: string): CityCount[] {
    return this.#places.cities(country);
  }

  /**
   * The place the query text names: a city or country the index has postings in, or a place of
   * the world a person plainly names (src/index/query_place.ts).
   */
  placeIn(query: string): QueryPlace | null {
    return this.#places.placeIn(query);
  }

  /** `place`, one city alone, as the postings around it (src/index/query_place.ts `aroundCity`). */
  aroundCity(place: QueryPlace): QueryPlace | null {
    return aroundCity(place, this.gazetteer());
  }

  /** The spelling the postings use for a city written with other case or accents, if any. */
  cityNamed(city: string): string | undefined {
    return this.#places.cityNamed(city);
  }

  /**
   * The company a query text names after "at" or "for", or before words for a job alone ("amazon
   * jobs": `employerBeforeJobs`) where its postings outnumber the titles elsewhere that say its
   * name (src/index/query_company.ts). The postings' companies are gathered at the first such
   * query, not when the index loads.
   */
  companyIn(query: string): QueryCompany | null {
    const afterAt = /\b(?:at|for|bei|bij)\s/i.test(query);
    // Before words for a job, only words said in companies and places at least as often as in
    // titles: "nurse jobs" never gathers the companies (200-420 ms at 1,000,000 postings, again
    // after each new index).
    const name = afterAt ? null : nameBeforeJobs(query);
    const terms = name === null ? [] : tokenize(name);
    const beforeJobs = terms.length > 0 && terms.every((term) => {
      const { titles, names } = this.#keywords.postingsOf(term).saidIn;
      return names > 0 && titles <= names;
    });
    if (!afterAt && !beforeJobs) return null;
    this.#companies ??= companiesByKey(this.data.jobs.map((job) => job.company_name));
    if (afterAt) return findCompany(query, this.#companies);
    // A place or a reading alone the words make is what they mean ("remote jobs" where Remote.com
    // posts, "graduate jobs"): an employer of that name is asked for after "at".
    if (this.placeIn(query) !== null || typeAlone(analyzeQuery(query)) !== null) return null;
    const employer = employerBeforeJobs(query, this.#companies);
    return employer && this.#employerOverTitles(employer) ? employer : null;
  }

  /**
   * Whether a company's postings outnumber the other companies' titles that say its name: "amazon
   * jobs" asks for Amazon's 85 postings (two titles elsewhere say "Amazon"), where "salesforce
   * jobs" asks for the Salesforce developers of other companies, whose titles name it (session 48).
   */
  #employerOverTitles(company: QueryCompany): boolean {
    const { jobs } = this.data;
    const key = ` ${companyKey(company.matched)} `;
    const terms = tokenize(company.matched);
    if (terms.length === 0) return false;
    const own = new Set(company.names);
    const ofCompany = company.names.reduce(
      (sum, name) => sum + (this.#companies?.postingsOf.get(name) ?? 0),
      0,
    );
    let elsewhere = 0;
    // Every title that says the name has its first term somewhere.
    for (const p of this.#keywords.postingsOf(terms[0]).positions) {
      const job = jobs[p];
      if (!own.has(job.company_name) && ` ${foldText(job.job_title)} `.includes(key)) elsewhere++;
    }
    return ofCompany > elsewhere;
  }

  /** Whether searches screen the title vectors (a large index: src/index/title_vectors.ts). */
  get screensVectors(): boolean {
    return this.#vectors.screens;
  }

  /**
   * Starts the title vectors' part of the searches of several query vectors at once, in one sweep
   * over the rows (`TitleVectors.prefetchTogether`); each `search` with one of these vectors as its
   * `vector` then finds what it finds alone.
   */
  prefetchTogether(vectors: readonly Float32Array[]): void {
    this.#vectors.prefetchTogether(vectors);
  }

  /**
   * The result set and the requested page of it. Which postings are relevant is decided on the
   * query alone, over every posting: the score, the floor, the relative cut against the best match
   * anywhere (or at the place the query names, where it holds a strong match: `cutByScore`), the
   * rescue of weak best matches, and which copy of a reposted job stands for it.
   * Only then do the filters and the place remove postings, and the 1,000 cap applies to what
   * remains. So the set for (query, filters) is exactly the members of the query's set that pass
   * the filters (docs/search.md, "Filters only narrow").
   */
  search(request: IndexSearch): IndexResult {
    const mode = request.mode ?? "hybrid";
    // Only filler ("job", "work", "jobs in"): the query names no job, and a sentence encoder
    // relates filler to every title a little. With a place ("jobs in Leeds", "remote jobs") or a
    // company ("jobs at Amazon") it asks for every posting there, each as good a match as any;
    // without one the set stays empty, unless the words name a type, hours, a level or a way of
    // working (docs/search.md, "Every job at a place", "A reading alone, anywhere").
    if (mode !== "vector" && namesNoWork(request.query)) {
      const there = placeNarrows(request.place) || (request.namedCompany?.length ?? 0) > 0;
      // "part time jobs in Leeds": the postings that state the type or say it are the strong
      // matches, the place's others close ones (most postings state no type: none is left out).
      // "part time jobs" anywhere: those alone; every other posting would be a close one.
      // Pay alone ("jobs paying over 100k", "£40k jobs in London"): the postings that state it are
      // what it names, those that state none the place's close ones (those that state less the
      // pay's filter removes: src/search/filters_from_words.ts).
      const typed = this.#strongAlone(request.query) ?? this.#statingPay(request);
      // "latest jobs", "jobs posted this week": the day the words name is applied as a filter,
      // which alone narrows what is every posting's list.
      if (!there && typed === null && request.query.posted === undefined) {
        return { total: 0, closeTotal: 0, hits: [] };
      }
      const { positions, scores } = this.#candidates;
      const postings = this.data.jobs.length;
      const bars = cutBarsOf(request);
      let count = 0;
      for (let p = 0; p < postings; p++) {
        const strong = typed === null || typed[p] > 0;
        if (!strong && (!there || bars.close > SCORE_STEPS)) continue;
        positions[count] = p;
        scores[count++] = strong ? SCORE_STEPS : bars.close;
      }
      this.#candidates.count = count;
      if (request.nearestFirst && there) this.#nearestFirst(request, bars);
      return this.#resultSet(
        request,
        bars,
        undefined,
        undefined,
        this.#besideNoWork(request.query),
      );
    }
    const ranking = request.ranking ?? DEFAULT_RANKING;
    let bars = cutBarsOf(request);
    // Candidates of either tier: the close floor may lie under the cut's floor.
    const least = gatherFloor(bars);

    const lift = this.#statedTypes.liftFor(request.query);
    // What the title vectors can do before the keywords decide their bars runs meanwhile.
    const alternatives = request.alternatives && request.alternatives.length > 1
      ? request.alternatives
      : null;
    if (mode !== "keyword" && request.vector && !request.exactVectors && !alternatives) {
      this.#vectors.prefetch(request.vector);
    }
    if (mode !== "keyword") {
      if (!request.vector) throw new RangeError("Cannot search: a query vector is required");
      if (alternatives) {
        return this.#searchAlternatives(request, alternatives, mode, ranking, least);
      }
      const { unmatched, stepsAt } = this.#scoreWork(request, request, mode, ranking, least);
      // No posting holds a word of the query: its best match is a title near it by meaning alone,
      // which needs more to be strong (`ResultCut.minScoreUnmatched`). The floors stay, so what is
      // gathered does not change.
      if (unmatched) bars = cutBarsOf(request, true);
      return this.#resultSet(request, bars, undefined, stepsAt, this.#besideWork(request.query));
    }

    const keyword = this.#keywords.scores;
    const touched = this.#keywords.score(request.query, lift);
    // Keywords alone: the postings with a query word are the candidates (every posting when a
    // score of 0 is enough), each scored once; cleared first, a failed search may leave it dirty.
    const seen = this.#seen;
    seen.fill(0);
    const { positions, scores } = this.#candidates;
    let kept = 0;
    const add = (p: number) => {
      if (seen[p] !== 0) return;
      seen[p] = 1;
      const scoreSteps = Math.round(Math.min(1, keyword[p]) * SCORE_STEPS);
      if (scoreSteps >= least) {
        positions[kept] = p;
        scores[kept] = scoreSteps;
        kept++;
      }
    };
    for (const list of touched) for (const p of list) add(p);
    if (least === 0) { for (let p = 0; p < this.data.jobs.length; p++) add(p); }
    this.#candidates.count = kept;
    return this.#resultSet(request, bars, undefined, undefined, this.#besideWork(request.query));
  }

  /**
   * Scores every posting for one piece of work (`part`: the query's own, or an alternative it
   * names) into `#candidates`, in position order: its keyword scores (`#keywords` holds them
   * after), its title cosines (the work's own vector where no posting has all its words, and the
   * occupations' labels there), mixed. Whether no posting holds a word of it, and how to score
   * other postings the same way later (`#stepsAt`).
   */
  #scoreWork(
    part: WorkSearch,
    request: IndexSearch,
    mode: "hybrid" | "vector",
    ranking: RankingParams,
    least: number,
  ): { unmatched: boolean; stepsAt: StepsAt } {
    const { vectorOfDoc } = this.data;
    const vectors = this.#vectors;
    let touched: Uint32Array[] = [];
    let best = 0;
    if (mode === "vector") this.#keywords.clear();
    else ({ touched, best } = this.#scoreKeywords(part.query, request.query));
    const vectorWeight = vectorShare(ranking, best);
    const cosineBars = cosineBarsOf(mode, ranking, least, vectorWeight);
    const screen = {
      exact: request.exactVectors,
      bars: { ...cosineBars, wordPostings: touched },
    };
    // The work alone, without when or how long it is done, where no posting has all the query's
    // words: there the qualifier ("at night") names no title of the work, only others' ("Night
    // Auditor"). Where one does ("health care assistant nights"), the qualifier is in its title.
    const own = best < FULL_MATCH && part.workVector ? part.workVector : part.vector!;
    let cosines = vectors.begin(own, screen);
    // The titles nearest the query's own vector, found once and only if an occupation found by
    // meaning is to be judged (before any label's pass overwrites the cosines).
    const ownCosines = cosines;
    let nearestOwn: number[] | undefined;
    const agreement = (v: Float32Array) =>
      vectors.meanCosineAt(v, nearestOwn ??= topRows(ownCosines, AGREEMENT_TITLES));
    const labelVectors = best < FULL_MATCH
      ? part.labelVectors ?? part.labelVectorsIfUsed?.(agreement)
      : undefined;
    if (labelVectors?.length) {
      // The vectors' buffer is overwritten by the next pass: keep the query's own cosines.
      cosines = bestCosines(cosines.slice(), labelVectors, (v) => vectors.begin(v, screen));
    }
    const wordPostings = touched.reduce((sum, list) => sum + list.length, 0);
    scoreEveryPosting(
      {
        vectorOfDoc,
        keyword: this.#keywords.scores,
        cosines,
        wordPostings,
        narrow: { rows: this.#rowPostings ??= rowPostingsOf(vectorOfDoc), wordLists: touched },
      },
      mode,
      ranking,
      { least, vectorWeight, ...cosineBars },
      this.#candidates,
      this.#scratch,
    );
    const queryVectors = labelVectors?.length ? [own, ...labelVectors] : [own];
    return {
      unmatched: mode === "hybrid" && best === 0,
      stepsAt: (postings) => this.#stepsAt(postings, queryVectors, mode, ranking, vectorWeight),
    };
  }

  /**
   * The keyword scores of `query` into the scorer, the stated type of `asked` lifting its words
   * (src/index/stated_type.ts), with the postings lists touched and the best score as far as the
   * work's own words go: the type's words aside (`withoutTypeTerms`), since few postings state or
   * say a type, and counted they made a work every posting names look unmatched ("admin assistant
   * temp" was searched by the occupations near "assistant": 66 healthcare assistants strong).
   */
  #scoreKeywords(
    query: AnalyzedQuery,
    asked: AnalyzedQuery,
  ): { touched: Uint32Array[]; best: number } {
    const work = withoutTypeTerms(query);
    let workBest = 0;
    if (work) {
      this.#keywords.score(work);
      workBest = this.#keywords.best;
    }
    const touched = this.#keywords.score(query, this.#statedTypes.liftFor(asked));
    return { touched, best: Math.max(this.#keywords.best, workBest) };
  }

  /**
   * A search whose work is named as alternatives ("nurse or midwife": `IndexSearch.alternatives`):
   * each scored as if asked alone (`#scoreWork`), a posting scoring its best among them and
   * belonging to that one, whose own best and bars cut it (`#resultSet`): the query lists what
   * each alternative's own query lists.
   */
  #searchAlternatives(
    request: IndexSearch,
    alternatives: readonly WorkSearch[],
    mode: "hybrid" | "vector",
    ranking: RankingParams,
    least: number,
  ): IndexResult {
    const n = this.data.jobs.length;
    const best = new Int32Array(n).fill(-1);
    // Each alternative's own score of each posting, for its own cut (`strongBarsOfEach`).
    const own = alternatives.map(() => new Int16Array(n).fill(-1));
    const scored = alternatives.map((part, i) => {
      const work = this.#scoreWork(part, request, mode, ranking, least);
      const { positions, scores, count } = this.#candidates;
      for (let k = 0; k < count; k++) {
        const p = positions[k];
        own[i][p] = scores[k];
        if (scores[k] > best[p]) best[p] = scores[k];
      }
      return work;
    });
    // What follows reads the keyword scores of every alternative's words (a level's work).
    if (mode === "vector") this.#keywords.clear();
    else this.#keywords.score(request.query, this.#statedTypes.liftFor(request.query));
    const { positions, scores } = this.#candidates;
    let count = 0;
    for (let p = 0; p < n; p++) {
      if (best[p] < 0) continue;
      positions[count] = p;
      scores[count++] = best[p];
    }
    this.#candidates.count = count;
    const stepsAt: StepsAt = (postings) => {
      const each = scored.map((work) => work.stepsAt(postings));
      return Uint16Array.from(postings, (_, k) => Math.max(...each.map((steps) => steps[k])));
    };
    const bars = cutBarsOf(request, scored.every((work) => work.unmatched));
    return this.#resultSet(
      request,
      bars,
      undefined,
      stepsAt,
      this.#besideWork(request.query),
      scored.map((work, i) => ({
        scores: own[i],
        cut: cutBarsOf(request, work.unmatched),
        otherSpecialty: this.#sayingOtherSpecialty(alternatives[i].query),
      })),
    );
  }

  /**
   * Per posting, 1 where it states the query's employment type (src/index/stated_type.ts) or its
   * title or tags say it ("Part Time Cleaner"): a description's "part time" may be anything ("no
   * part time", "time" alone).
   */
  #sayingType(query: AnalyzedQuery): Uint8Array {
    const { type, matched } = query.employment!;
    const says = Uint8Array.from(this.#statedTypes.stating(type));
    const terms = tokenize(matched);
    this.#keywords.score({ ...query, termVariants: [terms], titleTerms: [terms] });
    const scores = this.#keywords.scores;
    for (let p = 0; p < says.length; p++) if (scores[p] > 0) says[p] = 1;
    return says;
  }

  /**
   * Whether a posting at `place` (of `companies`, where given; anywhere where neither is) is all
   * that a query naming no job but a type, hours, a level, a way of working or a language
   * (`typeAlone`) asks for: where one is, the query lists the postings there by it; where none
   * is, a narrowed query still lists every posting there, all close matches
   * (src/search/query_reading.ts), and one not narrowed searches the words.
   */
  anyFitsAloneAt(
    alone: AnalyzedQuery,
    place: PlaceFilter | undefined,
    companies?: readonly string[],
  ): boolean {
    const strong = this.#strongAlone(alone);
    return strong === null || this.#anyAt(strong, place, companies);
  }

  /**
   * Whether some posting at `place` lies in one of `countries`: "h1b jobs in London" names a place
   * none of whose postings is in the United States (a city's name may be several countries':
   * London, England and London, Ontario).
   */
  anyInCountriesAt(countries: readonly string[], place: PlaceFilter): boolean {
    const atPlace = this.#places.maskOf(place);
    const wanted = new Set(countries);
    const { jobs } = this.data;
    for (let p = 0; p < jobs.length; p++) {
      if ((atPlace?.(p) ?? true) && wanted.has(jobs[p].country ?? "")) return true;
    }
    return false;
  }

  /**
   * Per posting, 1 where it is what a query naming no job but a type, hours, a level or a way of
   * working asks for: the strong matches of its place's list; null where it names none of these.
   */
  #strongAlone(query: AnalyzedQuery): Uint8Array | null {
    // Asked twice of one reading, to decide (`anyFitsAloneAt`) and to list: each mask is a pass
    // over every posting, and the index never changes.
    const known = this.#strongAloneOf.get(query);
    if (known !== undefined) return known;
    const strong = this.#strongAloneOnce(query);
    this.#strongAloneOf.set(query, strong);
    return strong;
  }

  /**
   * Per posting, 1 where it states the pay the query's words name, by the salary filters' own
   * tests; null where the words name none. The words' own floor and currency, which the filters
   * (the words' pay as applied, a parameter's higher floor, a currency) then narrow: made of the
   * parameters, the postings an empty set's hint counts without a filter were only those of
   * another ("over 100k" with `salary_currency=AUD` and `seniority=senior` named the level alone
   * as emptying it, though the senior postings over 100k are in other currencies: session 50).
   * Where a currency parameter replaces the words' other one ("£30k" with `salary_currency=EUR`),
   * that parameter's pay is what is asked.
   */
  #statingPay({ query, filters }: IndexSearch): Uint8Array | null {
    if (query.salary === undefined) return null;
    const { salary_min, salary_currency } = filters ?? {};
    const { yearlyMin, currency } = query.salary;
    if (salary_currency !== undefined && currency !== undefined && currency !== salary_currency) {
      return this.#filters.allowed({ salary_min: salary_min ?? yearlyMin, salary_currency });
    }
    return this.#filters.allowed({
      salary_min: yearlyMin,
      ...(currency !== undefined ? { salary_currency: currency } : {}),
    });
  }

  /** The readings' postings of `query`, made once for each reading (`#strongAlone`). */
  readonly #strongAloneOf = new WeakMap<AnalyzedQuery, Uint8Array | null>();

  #strongAloneOnce(query: AnalyzedQuery): Uint8Array | null {
    const { employment, shift, seniority, workMode, language } = query;
    const masks = [
      employment
        ? this.#kept(
          `type ${employment.type} ${tokenize(employment.matched).join(" ")}`,
          () => this.#sayingType(query),
        )
        : null,
      shift ? this.#kept(`hours ${shift.words.join(" ")}`, () => this.#sayingHours(shift)) : null,
      seniority
        ? this.#kept(`level ${seniority.levels.join(" ")}`, () => this.#ofSeniority(seniority))
        : null,
      workMode ? this.#kept(`mode ${workMode.mode}`, () => this.#ofWorkMode(workMode)) : null,
      language ? this.#ofLanguage(language) : null,
      query.sponsorship ? this.#offering(query.sponsorship.where?.countries) : null,
    ].filter((mask) => mask !== null);
    if (masks.length === 0) return null;
    // Several together ("entry level hybrid jobs"): a strong match is all of them.
    const [first, ...others] = masks;
    const all = Uint8Array.from(first);
    for (const other of others) for (let p = 0; p < all.length; p++) all[p] &= other[p];
    return all;
  }

  /**
   * Each reading's postings, kept by what it reads for the few latest: a reading said with others
   * is tried without each of them in turn (src/search/query_reading.ts), each try a pass over
   * every posting per reading otherwise.
   */
  readonly #keptMasks = new Map<string, Uint8Array>();
  /** `#anyTitleSaysEvery`'s answers by the words asked. */
  readonly #titledEvery = new Map<string, boolean>();

  #kept(key: string, make: () => Uint8Array): Uint8Array {
    const known = this.#keptMasks.get(key);
    if (known !== undefined) {
      this.#keptMasks.delete(key);
      this.#keptMasks.set(key, known);
      return known;
    }
    const made = make();
    this.#keptMasks.set(key, made);
    // A byte a posting each: a few at 1,000,000 postings are megabytes.
    if (this.#keptMasks.size > MASKS_KEPT) {
      this.#keptMasks.delete(this.#keptMasks.keys().next().value!);
    }
    return made;
  }

  #anyAt(says: Uint8Array, place: PlaceFilter | undefined, companies?: readonly string[]): boolean {
    const atPlace = this.#places.maskOf(place);
    const ofCompany = companyMask(companies, this.data.jobs);
    for (let p = 0; p < says.length; p++) {
      if (says[p] === 1 && (atPlace?.(p) ?? true) && (ofCompany?.(p) ?? true)) return true;
    }
    return false;
  }

  /**
   * Per posting, 1 where it is done that way: hybrid where it says so; on-site where it says so or
   * says neither remote nor hybrid (most on-site postings do not say it).
   */
  #ofWorkMode(workMode: QueryWorkMode): Uint8Array {
    const { jobs } = this.data;
    const asked = new Set<string>(workMode.mode.split(","));
    const unstated = asked.has("onsite");
    const of = new Uint8Array(jobs.length);
    for (let p = 0; p < jobs.length; p++) {
      const mode = jobs[p].work_mode;
      if (mode === undefined ? unstated : asked.has(mode)) of[p] = 1;
    }
    // "Senior DevOps Engineer (Berlin, hybrid)": a title or its tags may say it where the board's
    // fields do not, as titles say the hours (`#sayingHours`).
    // Not "Hybrid Cloud Engineer": there the word names what is worked on.
    if (asked.has("hybrid")) {
      for (const term of tokenize("hybrid")) {
        const { positions, inTitle } = this.#keywords.postingsOf(term);
        for (let k = 0; k < positions.length; k++) {
          if (inTitle[k] !== 1) continue;
          const title = jobs[positions[k]].job_title;
          if (!/hybrid/i.test(title) || titleSaysHybridWork(title)) of[positions[k]] = 1;
        }
      }
    }
    return of;
  }

  /** What the words said beside the work, as masks of the postings (null where they said it not). */
  #besideWork(query: AnalyzedQuery): BesideWork {
    const mode = query.workModeBeside;
    const type = query.employment?.type;
    const language = query.languageBeside;
    return {
      levels: this.#levelsBeside(query),
      levelsLacking: query.seniorityBeside?.lacking === true,
      modes: mode ? this.#kept(`mode ${mode.mode}`, () => this.#ofWorkMode(mode)) : null,
      otherType: type ? this.#statedTypes.statingOther(type) : null,
      otherTime: query.timeOfDay ? this.#sayingOtherTime(query.timeOfDay) : null,
      otherSense: query.senses ? this.#sayingOtherSense(query.senses) : null,
      otherSpecialty: this.#sayingOtherSpecialty(query),
      languages: language ? this.#ofLanguage(language) : null,
      sponsored: query.sponsorship ? this.#offering(query.sponsorship.where?.countries) : null,
      excluded: this.#excluded(query),
    };
  }

  /**
   * A sponsored visa asked for: per posting, 1 where it says it sponsors none, or lies outside the
   * one place whose visa the words name ("h1b": the United States; "eu visa": the EU), no answer
   * as work not wanted is none; null where the words ask for none.
   */
  #denyingVisa(query: AnalyzedQuery): Uint8Array | null {
    if (!query.sponsorship) return null;
    const countries = query.sponsorship.where?.countries;
    return this.#kept(
      `visa not offered ${countries?.join(" ") ?? ""}`,
      () => this.#sayingSponsorship("not_offered", countries, 1),
    );
  }

  /**
   * What is beside no work ("jobs with visa sponsorship in Leeds"): only the postings that say they
   * sponsor no visa, where one is asked for, are left out.
   */
  #besideNoWork(query: AnalyzedQuery): BesideWork {
    return {
      levels: null,
      levelsLacking: false,
      modes: null,
      otherType: null,
      otherTime: null,
      otherSense: null,
      otherSpecialty: null,
      languages: null,
      sponsored: null,
      excluded: this.#denyingVisa(query),
    };
  }

  /**
   * Per posting, 1 where its text says it sponsors a work visa (`visa_sponsorship`, at import) and,
   * where the visa asked is one place's ("h1b"), it is in that place: an H-1B is no answer in Berlin
   * (reviewer R50b: "h1b jobs" listed German and Dutch postings first).
   */
  #offering(countries?: readonly string[]): Uint8Array {
    return this.#kept(
      `visa offered ${countries?.join(" ") ?? ""}`,
      () => this.#sayingSponsorship("offered", countries, 0),
    );
  }

  /**
   * Per posting, 1 where its text gives `answer`; a posting outside `countries` (where given) is
   * `outside` whatever it says.
   */
  #sayingSponsorship(
    answer: VisaSponsorship,
    countries: readonly string[] | undefined,
    outside: 0 | 1,
  ): Uint8Array {
    const { jobs } = this.data;
    const there = countries && new Set(countries);
    const says = new Uint8Array(jobs.length);
    for (let p = 0; p < jobs.length; p++) {
      says[p] = there && !there.has(jobs[p].country ?? "")
        ? outside
        : Number(jobs[p].visa_sponsorship === answer);
    }
    return says;
  }

  /**
   * Whether a posting's title says `test`, read of the postings asked about alone and each once a
   * search: the rules beside the work ask of the strong matches only (`#resultSet`), where a mask
   * read every title on an index's first query that said the hours or a shared word, and again
   * after each publish (over 1,000,000 titles, the real ones repeated: 0.4-1.0 s for the side of
   * the day, 0.9-1.1 s for "office admin"'s two senses; session 47, one thread, load ~1).
   */
  #titleSays(test: (title: string) => boolean): Says {
    const { jobs } = this.data;
    const read = new Map<number, boolean>();
    return (p) => {
      let says = read.get(p);
      if (says === undefined) read.set(p, says = test(jobs[p].job_title));
      return says;
    };
  }

  /** Whether a posting's title says the other side of the day than `asked` alone. */
  #sayingOtherTime(asked: TimeOfDay): Says {
    return this.#titleSays((title) => saysOtherTime(title, asked));
  }

  /**
   * Whether a posting's title names only the other kind of work than one of `asked` by a stem two
   * kinds share (src/index/word_senses.ts).
   */
  #sayingOtherSense(asked: readonly WordSense[]): Says {
    return this.#titleSays((title) => asked.some((sense) => saysOtherSense(title, sense)));
  }

  /**
   * Whether a posting's title names the work's head noun only after another specialty
   * (src/index/specialty.ts); null where the work names no specialty or a title has every word of
   * it.
   */
  #sayingOtherSpecialty(query: AnalyzedQuery): Says | null {
    const asked = query.specialty;
    if (!asked) return null;
    // Where a title has every word of the work, its own titles lead ("registered nurse": every
    // "Staff Nurse" is one). Not the keyword score's best: a long title with every word scores
    // under a full match ("... Occupational Therapist/Social Worker").
    if (this.#anyTitleSaysEvery(asked.words)) return null;
    return this.#titleSays((title) => saysOtherSpecialty(title, asked));
  }

  /**
   * Whether some posting's title or tags have every word of `words`: from the rarest word's
   * postings, kept while each other word's have them (no mask of every posting: a search asks
   * this once).
   */
  #anyTitleSaysEvery(words: readonly string[]): boolean {
    // A property of the index and the words alone, asked by every search for a specialty: about
    // 2% of a search's CPU at 100,000 postings (session 51, bench/search_cost.ts --profile).
    const key = words.join(" ");
    const known = this.#titledEvery.get(key);
    if (known !== undefined) return known;
    const answer = this.#titlesSayEvery(words);
    if (this.#titledEvery.size >= TITLED_EVERY_KEPT) this.#titledEvery.clear();
    this.#titledEvery.set(key, answer);
    return answer;
  }

  #titlesSayEvery(words: readonly string[]): boolean {
    const lists = [...new Set(tokenize(words.join(" ")))]
      .map((term) => this.#keywords.postingsOf(term))
      .sort((a, b) => a.positions.length - b.positions.length);
    let kept: Set<number> | undefined;
    for (const { positions, inTitle } of lists) {
      const next = new Set<number>();
      for (let k = 0; k < positions.length; k++) {
        if (inTitle[k] === 1 && (kept === undefined || kept.has(positions[k]))) {
          next.add(positions[k]);
        }
      }
      if (next.size === 0) return false;
      kept = next;
    }
    return kept !== undefined;
  }

  /**
   * Per posting, 1 where its title or tags say the work the words do not want (every word of it,
   * or its words written as one: "help desk", "helpdesk"); null where they want all.
   */
  #excluded(query: AnalyzedQuery): Uint8Array | null {
    const unwanted = query.exclusion;
    const denying = this.#denyingVisa(query);
    if (unwanted === undefined) return denying;
    const words = this.#kept(`not ${unwanted.words.join(" ")}`, () => this.#saying(unwanted.words));
    if (denying === null) return words;
    return this.#kept(`not ${unwanted.words.join(" ")}, visa not offered`, () => {
      const either = Uint8Array.from(words);
      for (let p = 0; p < either.length; p++) either[p] |= denying[p];
      return either;
    });
  }

  #saying(words: readonly string[]): Uint8Array {
    const saying = (terms: string[]) => {
      const distinct = new Set(terms);
      const count = new Uint8Array(this.data.jobs.length);
      for (const term of distinct) {
        const { positions, inTitle } = this.#keywords.postingsOf(term);
        for (let k = 0; k < positions.length; k++) if (inTitle[k] === 1) count[positions[k]]++;
      }
      return (p: number) => distinct.size > 0 && count[p] === distinct.size;
    };
    const apart = saying(tokenize(words.join(" ")));
    const joined = saying(words.length > 1 ? tokenize(words.join("")) : []);
    const of = new Uint8Array(this.data.jobs.length);
    for (let p = 0; p < of.length; p++) if (apart(p) || joined(p)) of[p] = 1;
    return of;
  }

  /** Per posting, 1 where the languages it needs (read at import) are what `asked` asks. */
  #ofLanguage(asked: QueryLanguage): Uint8Array {
    return this.#kept(`language ${asked.needs} ${asked.language ?? ""}`, () => {
      const { jobs } = this.data;
      const of = new Uint8Array(jobs.length);
      for (let p = 0; p < jobs.length; p++) if (fitsLanguages(jobs[p].languages, asked)) of[p] = 1;
      return of;
    });
  }

  /**
   * Per posting, for a level the words said beside the work ("entry level marketing"): 2 where its
   * title or job level says an asked level, 1 where it says one they rule out (a head of
   * marketing), 0 otherwise; null where the words say none.
   */
  #levelsBeside(query: AnalyzedQuery): Uint8Array | null {
    const beside = query.seniorityBeside;
    if (beside === undefined) return null;
    const { levels, ruledOut } = beside;
    const firstJob = ruledOut.includes("senior");
    // "Graduate trainee manager", "entry level management" ask a manager's first post: then a
    // manager's title rules none out (reviewer C58: "management" had ruled every manager out). The
    // work's head says it: a "management accountant" is an accountant (reviewer C58b).
    const managersOut = firstJob && !MANAGER_WORK.test(query.workText ?? query.embeddingText);
    const key = `${levels.join(" ")} not ${ruledOut.join(" ")}${managersOut ? " manager" : ""}`;
    const known = this.#levelMasks.get(key);
    if (known) return known;
    const { jobs } = this.data;
    const made = new Uint8Array(jobs.length);
    const interns = levels.includes("intern");
    for (let p = 0; p < jobs.length; p++) {
      const level = jobs[p].seniority;
      // "Junior or Senior Frontend Developer" is senior by its title's first level, and junior too.
      if (level !== undefined && levels.includes(level)) made[p] = 2;
      else if (titleSaysLevel(jobs[p].job_title, levels)) made[p] = 2;
      // An internship is an intern's post whatever its title says ("Barista", typed Internship).
      else if (interns && employmentTypesOf(jobs[p]).includes("internship")) made[p] = 2;
      else if (level !== undefined && ruledOut.includes(level)) made[p] = 1;
      // "Accounting Canada Summer Student Job" for "senior accountant": its title rules it out
      // where the board stated no level the words ask or rule out.
      else if (titleSaysLevel(jobs[p].job_title, ruledOut)) made[p] = 1;
      // "Journeyman Electrician" for "electrician apprentice": no level, but no first job.
      else if (firstJob && titleSaysExperienced(jobs[p].job_title)) made[p] = 1;
      // "Business Analyst - Manager" for "entry level finance": a manager's post is no first job.
      else if (managersOut && titleSaysManager(jobs[p].job_title)) made[p] = 1;
    }
    this.#levelMasks.set(key, made);
    return made;
  }

  /**
   * The masks of levels said beside the work (`#levelsBeside`), kept apart from the readings' LRU:
   * a few level sets at most, each a read of every title (0.1-0.3 s at 1,000,000 postings), which
   * varied readings alone would otherwise evict.
   */
  readonly #levelMasks = new Map<string, Uint8Array>();

  /** Per posting, 1 where its seniority (its title's or the board's job level) is of `seniority`. */
  #ofSeniority(seniority: QuerySeniority): Uint8Array {
    const { jobs } = this.data;
    const levels = new Set(seniority.levels);
    const of = new Uint8Array(jobs.length);
    for (let p = 0; p < jobs.length; p++) {
      const level = jobs[p].seniority;
      if (level !== undefined && levels.has(level)) of[p] = 1;
    }
    return of;
  }

  /**
   * Per posting, 1 where its title or tags say the hours ("Night Auditor", "Weekend Supervisor"): a
   * description's "nights" may be anything ("no nights", "days and nights").
   */
  #sayingHours(shift: QueryShift): Uint8Array {
    const says = new Uint8Array(this.data.jobs.length);
    for (const term of new Set(shift.words.flatMap((word) => tokenize(word)))) {
      const { positions, inTitle } = this.#keywords.postingsOf(term);
      for (let k = 0; k < positions.length; k++) if (inTitle[k] === 1) says[positions[k]] = 1;
    }
    return says;
  }

  /**
   * The result set from the scored candidates (`#candidates`, in score steps at or above the
   * floor), for `search` and `searchScores` alike: the cut decided on the scores alone, one copy
   * per reposted job, then the filters and the place remove postings, then the 1,000 cap, the
   * order, the page and the facets.
   */
  #resultSet(
    request: SetRequest,
    bars: CutBars,
    strongMask?: Uint8Array,
    stepsAt?: StepsAt,
    beside?: BesideWork,
    eachAlternative?: readonly {
      scores: Int16Array;
      cut: CutBars;
      otherSpecialty: Says | null;
    }[],
  ): IndexResult {
    const levels = beside?.levels ?? null;
    const modes = beside?.modes ?? null;
    const languages = beside?.languages ?? null;
    const sponsored = beside?.sponsored ?? null;
    const otherType = beside?.otherType ?? null;
    const otherTime = beside?.otherTime ?? null;
    const otherSense = beside?.otherSense ?? null;
    const otherSpecialty = beside?.otherSpecialty ?? null;
    const candidates = this.#candidates;
    const { positions, scores } = candidates;
    const relative = {
      relativeCut: request.relativeCut,
      weakRelativeCut: request.weakRelativeCut,
      rescueStrong: request.rescueStrong,
    };
    const cut = { ...bars, ...relative };
    // Each alternative the work names, by its own bars (`#searchAlternatives`).
    const alternativeCuts = eachAlternative?.map(({ scores, cut, otherSpecialty }) => ({
      scores,
      otherSpecialty,
      cut: { ...cut, ...relative },
    }));
    const atPlace = this.#places.maskOf(request.place);
    // Work the words say is not wanted ("hospital jobs that aren't nursing") is left out as
    // another company's postings are: what the query asks of its postings, which sets the bar.
    const excluded = beside?.excluded ?? null;
    const notThere = this.#places.maskOf(request.notAt);
    const namedCompany = companyMask(request.namedCompany, this.data.jobs);
    const ofCompany = wanted(namedCompany, excluded, notThere);
    // What the query itself asks (its place, its company) sets the strong set's bar, not a filter.
    const asked = atPlace && ofCompany
      ? (p: number) => atPlace(p) && ofCompany(p)
      : atPlace ?? ofCompany;
    // Several places named together: each cut as the query naming it alone would be.
    const eachPlace = this.#places.eachOf(request.place);
    const isStrong = eachPlace
      ? strongAtAny(
        cutByScoreEach(
          candidates,
          cut,
          eachPlace.map((at) => ofCompany ? (p: number) => at(p) && ofCompany(p) : at),
        ),
        eachPlace,
      )
      : alternativeCuts
      ? strongOfAny(
        alternativeCuts,
        cutByScoreOfEach(candidates, alternativeCuts, asked),
        candidates,
        asked,
      )
      : strongFrom(cutByScore(candidates, cut, asked ?? undefined));
    // A level said beside the work ("entry level marketing"): where some strong match of the work
    // is of that level, those are the strong matches; else those of no level it rules out. The
    // others are close matches, none left out (decided before the filters). Of the level means of
    // the work too: its title or tags have the work's words at least half as well as the best (the
    // keyword side searches the work without the level), not a "Graduate Engineer Trainee" the
    // encoder found near "apprentice plumber" by the level's words, nor a "Senior Data Engineer"
    // for "senior data scientist".
    const keyword = this.#keywords.scores;
    const workBar = this.#keywords.best / 2;
    const ofWork = (p: number) => keyword[p] > 0 && keyword[p] >= workBar;
    const ofLevel = (p: number) => levels![p] === 2 && ofWork(p);
    const strongAsked = (p: number, k: number) =>
      (asked === null || asked(p)) && isStrong(p, scores[k]);
    let requireLevel = false;
    // "No experience" asks for no level: those of none ruled out are the strong ones.
    for (
      let k = 0;
      levels && !beside!.levelsLacking && k < candidates.count && !requireLevel;
      k++
    ) {
      const p = positions[k];
      requireLevel = ofLevel(p) && strongAsked(p, k);
    }
    const atLevel = (p: number) => levels === null || (requireLevel ? ofLevel(p) : levels[p] !== 1);
    // How the work is done said beside it ("data analyst hybrid"), likewise, among those of the
    // level where there are any: the work's postings done that way, else all of them.
    const inMode = (p: number) => modes![p] === 1 && ofWork(p);
    let requireMode = false;
    for (let k = 0; modes && k < candidates.count && !requireMode; k++) {
      const p = positions[k];
      requireMode = inMode(p) && atLevel(p) && strongAsked(p, k);
    }
    const atMode = (p: number) => !requireMode || inMode(p);
    // The language said beside the work ("german speaking customer support"), likewise, among
    // those of the level and the way of working where there are any.
    const inLanguage = (p: number) => languages![p] === 1 && ofWork(p);
    let requireLanguage = false;
    // Whether the work has a strong match the language would decide at all: where it has none,
    // no sentence says that none of them fits.
    let strongOfWork = false;
    for (let k = 0; languages && k < candidates.count && !requireLanguage; k++) {
      const p = positions[k];
      const strongHere = atLevel(p) && atMode(p) && strongAsked(p, k);
      strongOfWork ||= strongHere;
      requireLanguage = inLanguage(p) && strongHere;
    }
    const atLanguage = (p: number) => !requireLanguage || inLanguage(p);
    // A sponsored visa asked for beside the work ("software engineer visa sponsorship"), likewise,
    // among those of the level, the way of working and the language: the work's strong matches
    // that say they sponsor one, where any does. Not of the work by its keywords too, as a
    // language is: the visa is no word of a title that the encoder could have met instead.
    let requireSponsored = false;
    let strongBesideVisa = false;
    for (let k = 0; sponsored && k < candidates.count && !requireSponsored; k++) {
      const p = positions[k];
      const strongHere = atLevel(p) && atMode(p) && atLanguage(p) && strongAsked(p, k);
      strongBesideVisa ||= strongHere;
      requireSponsored = sponsored[p] === 1 && strongHere;
    }
    const atSponsored = (p: number) => !requireSponsored || sponsored![p] === 1;
    // What the words rule out beside the work, each alike: a posting that says it is a close match
    // where some strong match does not (decided before the filters). An employment type ("part
    // time cleaner": "Cleaner - Permanent Full Time"), the other side of the day ("care assistant
    // mornings": "Care Assistant (Nights)"), the other kind of work a shared stem names ("office
    // admin": "Security Officer", "IT System Administrator"). Where every strong match says it,
    // they stay strong ("security officer days" where every title says nights).
    const unlessSomeStrongDoesNot = (says: Says | null) => {
      for (let k = 0; says && k < candidates.count; k++) {
        const p = positions[k];
        if (strongAsked(p, k) && !says(p)) return says;
      }
      return null;
    };
    const ruledOut = [saysOf(otherType), otherTime, otherSense]
      .map(unlessSomeStrongDoesNot)
      .filter((says) => says !== null);
    // Where no title has every word of the work, a title of its head noun after another
    // specialty ("compliance officer": "Security Officer") likewise, where a strong match not of
    // one scores higher: a specialty the words name otherwise ("psychiatric nurse": "Mental Health
    // Nurse") is as near as the best of them. The bar is that best's score (0: none is ruled out).
    const specialtyBar = otherSpecialty
      ? specialtyBarOf(candidates, (_, k) => scores[k], strongAsked, otherSpecialty)
      : 0;
    const notRuledOut = (p: number, score: number) =>
      ruledOut.every((says) => !says(p)) && (score >= specialtyBar || !otherSpecialty!(p));
    // The score first: what a title says is read of the strong ones alone.
    const strongAtLevel =
      levels || modes || requireLanguage || requireSponsored || ruledOut.length > 0 ||
        specialtyBar > 0
        ? (p: number, score: number) =>
          isStrong(p, score) && atLevel(p) && atMode(p) && notRuledOut(p, score) &&
          atLanguage(p) && atSponsored(p)
        : isStrong;
    // Fewer than a page at the place the query names reach the close floor: its nearest postings
    // there are close matches too, up to a page (decided before the filters, so that they still
    // only narrow). Several places: each one's, as each one's own query lists them.
    // Not where a company is named (its postings there are what is asked); beside work not wanted
    // ("sales jobs not retail in London") the nearest that are wanted (session 41: none had been
    // added, and the list was empty).
    const unwantedOut = wanted(null, excluded, notThere);
    const nearestThere = stepsAt !== undefined && atPlace !== null && namedCompany === null &&
      (eachPlace ?? [atPlace]).map((at) =>
        this.#addNearestThere(
          unwantedOut ? (p: number) => at(p) && unwantedOut(p) : at,
          bars.close,
          stepsAt,
        )
      ).some(Boolean);
    let others: OtherCopy[] = [];
    // What the words ask (a place, a company, a place ruled out) is part of the query, not a
    // filter: the copy it asks for stands for its job.
    if (!request.keepReposts) others = this.#reposts.keepOneCopy(candidates, asked ?? undefined);
    const standIns = this.#reposts.standIns(others);
    const allowed = this.#filters.allowed(request.filters, request.context);
    const kept = (p: number) =>
      (allowed === null || allowed[p] === 1) && (asked === null || asked(p));
    // The copies shown in place of the copy that stands for their job, which a filter turned away
    // (a remote job's copy under Leeds for city=Leeds where the copy under Sheffield scores best):
    // the job keeps its score and tier, and the copy that stood is listed beside the one shown.
    const shownInstead = new Set<number>();
    const stoodAside: OtherCopy[] = [];
    // The filters remove postings of both tiers; the strong ones are compacted to the front, the
    // close ones kept apart in the scratch buffer (free once the scores are made).
    const closeList = this.#scratch;
    const closeScores = new Uint16Array(candidates.count);
    const cutCount = candidates.count;
    let strong = 0;
    let close = 0;
    for (let k = 0; k < candidates.count; k++) {
      const p = positions[k];
      let shown = p;
      if (!kept(p)) {
        // A copy the query's own words turn away has no other they keep (`keepOneCopy`).
        const standIn = asked !== null && !asked(p) ? undefined : standIns.first(p, kept);
        if (!standIn) continue;
        shown = standIn.position;
        shownInstead.add(shown);
        stoodAside.push({ position: p, score: scores[k] });
      }
      if (strongMask ? strongMask[p] === 1 : strongAtLevel(p, scores[k])) {
        positions[strong] = shown;
        scores[strong] = scores[k];
        strong++;
      } else {
        closeList[close] = shown;
        closeScores[close] = scores[k];
        close++;
      }
    }
    candidates.count = strong;
    if (strong === 0 && request.ifEmpty) {
      // No strong match moved: the candidates before the filters are still in place, and another
      // search with other filters would score them the same.
      request.ifEmpty((filters, place, company) => {
        const allowedThen = this.#filters.allowed(filters, request.context);
        const atPlaceThen = this.#places.maskOf(place);
        const ofCompanyThen = wanted(companyMask(company, this.data.jobs), excluded, notThere);
        // The strong set at another place is cut against the best there (`cutByScore`).
        const before = { positions, scores, count: cutCount };
        const eachThen = this.#places.eachOf(place);
        const strongThen = place === request.place
          ? isStrong
          : eachThen
          ? strongAtAny(eachThen.map((at) => strongBarWithin(before, cut, at)), eachThen)
          : alternativeCuts
          ? strongOfAny(
            alternativeCuts,
            strongBarsOfEach(before, alternativeCuts, atPlaceThen),
            before,
            atPlaceThen,
          )
          : strongFrom(strongBarWithin(before, cut, atPlaceThen ?? undefined));
        const strongThenAtLevel =
          levels || modes || requireLanguage || requireSponsored || ruledOut.length > 0 ||
            specialtyBar > 0
            ? (p: number, score: number) =>
              strongThen(p, score) && atLevel(p) && atMode(p) && notRuledOut(p, score) &&
              atLanguage(p) && atSponsored(p)
            : strongThen;
        const askedThen = (p: number) =>
          (atPlaceThen === null || atPlaceThen(p)) && (ofCompanyThen === null || ofCompanyThen(p));
        const keptThen = (p: number) =>
          (allowedThen === null || allowedThen[p] === 1) && askedThen(p);
        let count = 0;
        // A job counts where that search keeps any of its copies, by its score and tier here.
        for (let k = 0; k < cutCount; k++) {
          const p = positions[k];
          if (!keptThen(p) && !standIns.first(p, keptThen)) continue;
          if (strongMask ? strongMask[p] === 1 : strongThenAtLevel(p, scores[k])) count++;
        }
        return Math.min(count, RESULT_SET_MAX);
      });
    }
    const jobs = this.data.jobs;
    const set = bestByScore(candidates, jobs).sort(byScoreThenDate);
    // Good pay asked for: those that state pay first, the best paid first, the others after them
    // in their order. By each posting's own pay, so a filter only removes postings.
    const paid = request.bestPaidFirst ? this.#statedPay() : null;
    if (paid && request.sort === "relevance") {
      const payOf = ({ position }: RankedHit) => paid[position];
      set.sort((a, b) => payOf(b) - payOf(a) || byScoreThenDate(a, b));
    }
    // Among the close matches the work's postings of a level the words rule out come last: a head
    // of marketing is not the first close match of "entry level marketing".
    // Only among the work's own postings: reviewer W (session 43) found the UK's one finance
    // posting, a senior one, listed below a field sales executive for "graduate scheme uk finance".
    const closeGroup = (position: number) => ofWork(position) ? Number(levels![position] === 1) : 2;
    const ruledOutLast = (a: RankedHit, b: RankedHit) =>
      closeGroup(a.position) - closeGroup(b.position) || byScoreThenDate(a, b);
    const closeSet = bestByScore(
      { positions: closeList, scores: closeScores, count: close },
      jobs,
    ).sort(levels ? ruledOutLast : byScoreThenDate);
    this.#reposts.listOtherCopies(
      [...set, ...closeSet],
      stoodAside.length === 0
        ? others
        : [...others.filter(({ position }) => !shownInstead.has(position)), ...stoodAside],
    );
    const sort = request.sort ?? "date";
    if (sort === "date") set.sort(byDateThenScore);
    const offset = request.offset ?? 0;
    const limit = request.limit ?? set.length + closeSet.length;
    const tiered = (list: RankedHit[], match: MatchTier) =>
      list.map(({ position: _, ...hit }): IndexHit => ({ ...hit, match }));
    const page = (list: RankedHit[], match: MatchTier) =>
      tiered(list.slice(offset, offset + limit), match);
    const result: IndexResult = {
      total: set.length,
      closeTotal: closeSet.length,
      hits: sort === "date" ? page(set, "strong") : [
        ...tiered(set.slice(offset, offset + limit), "strong"),
        ...tiered(
          closeSet.slice(
            Math.max(0, offset - set.length),
            Math.max(0, offset + limit - set.length),
          ),
          "close",
        ),
      ],
    };
    if (sort === "date" && set.length === 0 && closeSet.length > 0) {
      result.closest = page(closeSet, "close");
    }
    if (nearestThere) result.nearestThere = true;
    if (levels && !requireLevel && !beside!.levelsLacking) result.noneAtLevel = true;
    if (modes && !requireMode) result.noneInMode = true;
    if (languages && strongOfWork && !requireLanguage) result.noneInLanguage = true;
    if (sponsored && strongBesideVisa && !requireSponsored) result.noneSponsored = true;
    if (paid && set.length > 0 && !set.some(({ position }) => paid[position] >= 0)) {
      result.noPayStated = true;
    }
    if (request.facets?.length) {
      // A job counts under each value of its copies the search keeps: the count a value shows is
      // what its filter would find.
      result.facets = countFacets(
        standIns.passingEach(set.map((hit) => hit.position), kept).map((copies) =>
          copies.map((p) => jobs[p])
        ),
        request.facets,
      );
    }
    return result;
  }

  /**
   * Per posting, its stated pay as `roughYearlyUsd` reads it (its range's top, yearly, in rough
   * US dollars), -1 where it states none: made on the first search that asks for good pay, kept
   * with the index (8 bytes a posting).
   */
  #statedPay(): Float64Array {
    if (this.#pay) return this.#pay;
    const jobs = this.data.jobs;
    const pay = new Float64Array(jobs.length).fill(-1);
    for (let p = 0; p < jobs.length; p++) pay[p] = roughYearlyUsd(jobs[p].base_salary) ?? -1;
    this.#pay = pay;
    return pay;
  }

  /**
   * Where fewer than {@linkcode NEAREST_THERE} candidates lie at the place (`atPlace`), adds the
   * place's other postings nearest the query (`stepsAt`, above 0 and under the close floor
   * `close`) to the candidates, up to that many there in all ("backend python berlin": one
   * Berlin posting reached the close floor, and Berlin's other software postings were not
   * listed); whether none lay there and it added some: then every close match there is a
   * nearest one.
   */
  #addNearestThere(
    atPlace: (position: number) => boolean,
    close: number,
    stepsAt: StepsAt,
  ): boolean {
    const candidates = this.#candidates;
    const { positions, scores } = candidates;
    const listed = new Set<number>();
    for (let k = 0; k < candidates.count; k++) {
      if (atPlace(positions[k])) listed.add(positions[k]);
      if (listed.size >= NEAREST_THERE) return false;
    }
    const there: number[] = [];
    const jobs = this.data.jobs;
    for (let p = 0; p < jobs.length; p++) if (atPlace(p) && !listed.has(p)) there.push(p);
    if (there.length === 0) return false;
    const room = NEAREST_THERE - listed.size;
    const steps = stepsAt(there);
    // The best few by score, then newest: kept in order as they come (a country at 1,000,000
    // postings has a hundred thousand, too many to sort for ten).
    const nearer = (a: number, b: number) =>
      steps[a] - steps[b] || byDateThenId(jobs[there[b]], jobs[there[a]]);
    const nearest: number[] = [];
    for (let k = 0; k < there.length; k++) {
      if (steps[k] === 0 || steps[k] >= close) continue;
      if (nearest.length === room && nearer(k, nearest[room - 1]) <= 0) continue;
      let at = Math.min(nearest.length, room - 1);
      while (at > 0 && nearer(k, nearest[at - 1]) > 0) {
        nearest[at] = nearest[at - 1];
        at--;
      }
      nearest[at] = k;
    }
    for (const k of nearest) {
      positions[candidates.count] = there[k];
      scores[candidates.count++] = steps[k];
    }
    return listed.size === 0 && nearest.length > 0;
  }

  /**
   * The close candidates of a reading alone (`IndexSearch.nearestFirst`) ordered by their title's
   * cosine with the words: scored in the band between the close floor and the cut by that cosine
   * (words such as "weekend for a student" are far from every title, so a title's own score
   * would put them all at the floor), so that none becomes strong and the nearest come first.
   */
  #nearestFirst(request: IndexSearch, bars: CutBars): void {
    const { positions, scores, count } = this.#candidates;
    const close: number[] = [];
    for (let k = 0; k < count; k++) if (scores[k] < SCORE_STEPS) close.push(k);
    if (close.length === 0 || request.vector === undefined) return;
    const { vectorOfDoc } = this.data;
    const rows = close.map((k) => vectorOfDoc[positions[k]]);
    const cosines = this.#vectors.cosinesAt(request.vector, rows);
    const band = Math.max(0, Math.min(bars.enough, SCORE_STEPS) - 1 - bars.close);
    for (let i = 0; i < close.length; i++) {
      scores[close[i]] = bars.close + Math.round(band * Math.max(0, Math.min(1, cosines[i])));
    }
  }

  /**
   * The postings' scores in steps, as the search's pass computes them (`scoreEveryPosting`), but
   * from exact cosines of their rows: the best of `queryVectors`' (the query's own, then the
   * labels'), mixed with the keyword scores of the search just made.
   */
  #stepsAt(
    postings: readonly number[],
    queryVectors: readonly Float32Array[],
    mode: "hybrid" | "vector",
    ranking: RankingParams,
    vectorWeight: number,
  ): Uint16Array {
    const { vectorOfDoc } = this.data;
    const vectors = this.#vectors;
    let cosineOf: (p: number) => number;
    if (postings.length * WHOLE_PASS_SHARE > vectors.rowCount) {
      // Many rows: the kernel's pass over every row costs less than the rows one by one.
      const best = new Float32Array(vectors.rowCount).fill(-Infinity);
      for (const vector of queryVectors) {
        const all = vectors.cosines(vector);
        for (let r = 0; r < best.length; r++) if (all[r] > best[r]) best[r] = all[r];
      }
      cosineOf = (p) => best[vectorOfDoc[p]];
    } else {
      const rowOf = new Map<number, number>();
      for (const p of postings) {
        if (!rowOf.has(vectorOfDoc[p])) rowOf.set(vectorOfDoc[p], rowOf.size);
      }
      const rows = [...rowOf.keys()];
      const best = new Float64Array(rows.length).fill(-Infinity);
      for (const vector of queryVectors) {
        const cosines = vectors.cosinesAt(vector, rows);
        for (let k = 0; k < rows.length; k++) if (cosines[k] > best[k]) best[k] = cosines[k];
      }
      cosineOf = (p) => best[rowOf.get(vectorOfDoc[p])!];
    }
    const keyword = this.#keywords.scores;
    const { cosineFloor, cosineCeiling } = ranking;
    const span = cosineCeiling - cosineFloor;
    const titleAlone = ranking.titleAlone ?? 0;
    return Uint16Array.from(postings, (p) => {
      const cosine = cosineOf(p);
      const score = mode === "vector"
        ? Math.max(0, cosine)
        : mixScore(cosine, keyword[p], vectorWeight, cosineFloor, span, titleAlone);
      return Math.round(Math.min(1, score) * SCORE_STEPS);
    });
  }

  // Scores given from outside. A profile search (src/search/profile_search.ts) scores several
  // queries, fuses them per posting, and hands the fused scores back: the set is then made by the
  // same rules as `search` makes it. Kept apart from `search` so that each can change alone; the
  // parity test (tests/profile_search_test.ts) holds the two to the same result.

  /**
   * Every posting's score for one query, as `search` computes it before the cut (the keyword
   * share, the title cosine mapped onto [0, 1], and their mix, whose vector share follows the best
   * keyword score), unrounded, indexed like `data.jobs`; 0 for a posting with none of the words and
   * no likeness above the floor.
   */
  scoresOf(
    query: AnalyzedQuery,
    vector: Float32Array | undefined,
    options: {
      mode?: ScoreMode;
      ranking?: RankingParams;
      labelVectors?: Float32Array[];
      /** `IndexSearch.workVector`. */
      workVector?: Float32Array;
      /** `IndexSearch.alternatives`: the score is the best of each one's. */
      alternatives?: WorkSearch[];
    } = {},
  ): Float32Array {
    const mode = options.mode ?? "hybrid";
    const ranking = options.ranking ?? DEFAULT_RANKING;
    const n = this.data.jobs.length;
    if (options.alternatives && options.alternatives.length > 1) {
      const best = new Float32Array(n);
      for (const part of options.alternatives) {
        const scores = this.scoresOf(part.query, part.vector, {
          mode,
          ranking,
          ...(part.labelVectors ? { labelVectors: part.labelVectors } : {}),
          ...(part.workVector ? { workVector: part.workVector } : {}),
        });
        for (let p = 0; p < n; p++) if (scores[p] > best[p]) best[p] = scores[p];
      }
      return best;
    }
    const out = new Float32Array(n);
    if (mode !== "vector" && namesNoWork(query)) return out;
    const keyword = this.#keywords.scores;
    let bestKeyword = 0;
    if (mode === "vector") this.#keywords.clear();
    else bestKeyword = this.#scoreKeywords(query, query).best;
    if (mode === "keyword") {
      out.set(keyword.subarray(0, n));
      return out;
    }
    if (!vector) throw new RangeError("Cannot score: a query vector is required");
    let cosines = this.#vectors.cosines(
      options.workVector && bestKeyword < FULL_MATCH ? options.workVector : vector,
    );
    if (options.labelVectors?.length && bestKeyword < FULL_MATCH) {
      cosines = bestCosines(cosines.slice(), options.labelVectors, (v) => this.#vectors.cosines(v));
    }
    const { vectorOfDoc } = this.data;
    const { cosineFloor, cosineCeiling, titleAlone } = ranking;
    const span = cosineCeiling - cosineFloor;
    const vectorWeight = vectorShare(ranking, bestKeyword);
    for (let p = 0; p < n; p++) {
      const cosine = cosines[vectorOfDoc[p]];
      if (mode === "vector") out[p] = Math.max(0, cosine);
      else out[p] = mixScore(cosine, keyword[p], vectorWeight, cosineFloor, span, titleAlone);
    }
    return out;
  }

  /**
   * The result set for scores given per posting (`scores[p]` in [0, 1] for `data.jobs[p]`), made
   * as `search` makes it: the cut decided on the scores alone over every posting (given scores
   * hold no words, so `minScoreUnmatched` has no part), one copy per reposted job, then the
   * filters and the place remove postings, then the 1,000 cap, the order, the page and the facets.
   */
  searchScores(
    scores: Float32Array,
    request: SetRequest,
    strongMask?: Uint8Array,
  ): IndexResult {
    const n = this.data.jobs.length;
    if (scores.length !== n) {
      throw new RangeError(`Cannot search: ${scores.length} scores for ${n} postings`);
    }
    // With the tiers given, every posting scoring above 0 is in one of them.
    const bars = strongMask ? { enough: 1, least: 1, close: 1 } : cutBarsOf(request);
    const least = gatherFloor(bars);
    const { positions, scores: stepped } = this.#candidates;
    let kept = 0;
    for (let p = 0; p < n; p++) {
      const scoreSteps = Math.round(Math.min(1, Math.max(0, scores[p])) * SCORE_STEPS);
      // A posting scoring 0 is no match, whatever the floor.
      if (scoreSteps > 0 && scoreSteps >= least) {
        positions[kept] = p;
        stepped[kept] = scoreSteps;
        kept++;
      }
    }
    this.#candidates.count = kept;
    return this.#resultSet(request, bars, strongMask);
  }
}

/**
 * A posting has all the query's words in its title when its keyword score reaches this (a full
 * title match scores ~1, a little less for a long title): then the postings name the job as the
 * query does, and the taxonomy's words for it are not needed (docs/search.md, "Occupations in
 * other words": 0.9, 0.95 and 0.99 measured alike).
 */
const FULL_MATCH = 0.95;

/**
 * How many of the query's own nearest titles an occupation found by meaning is compared with
 * (`LabelAgreement`; docs/search.md, "Occupations on both sides (session 19)": 3 / 5 / 10 measured
 * 0.510 / 0.522 / 0.522 on the model set's paraphrases).
 */
export const AGREEMENT_TITLES = 5;

/** The rows of the `k` largest values, largest first (ties: the lower row). */
export function topRows(values: Float32Array, k: number): number[] {
  const best: number[] = [];
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    if (best.length === k && v <= values[best[k - 1]]) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && values[best[at - 1]] < v) {
      if (at < k) best[at] = best[at - 1];
      at--;
    }
    best[at] = r;
  }
  return best;
}

/**
 * How many of its nearest postings a place the query names lists as close matches where none
 * there reaches the close floor (docs/search.md, "The nearest postings at a place"): a page.
 */
export const NEAREST_THERE = 10;

/** Answers of whether some title has every word of a specialty kept per index (then begun again). */
const TITLED_EVERY_KEPT = 10_000;
/** How many readings' postings an index keeps (`JobIndex#kept`). */
const MASKS_KEPT = 8;

/**
 * A place holding more than one in this many of the rows has its nearest scored from the kernel's
 * pass over every row: one by one in JavaScript, its rows would cost more.
 */
const WHOLE_PASS_SHARE = 32;

/** The scores in steps of some postings (`JobIndex#stepsAt`, bound to one search). */
type StepsAt = (postings: readonly number[]) => Uint16Array;

/**
 * What the words said beside the work, per posting: `levels` 2 of an asked level, 1 of a level
 * ruled out (`#levelsBeside`); `modes` 1 done the asked way (`#ofWorkMode`); `otherType` 1 saying
 * another employment type than the one asked; null where not said.
 */
interface BesideWork {
  levels: Uint8Array | null;
  /** The level said is what the person lacks (`QuerySeniorityBeside.lacking`). */
  levelsLacking: boolean;
  modes: Uint8Array | null;
  /** 1 where the posting's languages fit the language said beside the work (`#ofLanguage`). */
  languages: Uint8Array | null;
  /** 1 where the posting says it sponsors a work visa, asked for beside the work (`#offering`). */
  sponsored: Uint8Array | null;
  /** 1 where the posting is work the words do not want (`#excluded`). */
  excluded: Uint8Array | null;
  /** 1 where the posting says another employment type than the one read (`statingOther`). */
  otherType: Uint8Array | null;
  /** Whether the posting's title says the other side of the day than the one read. */
  otherTime: Says | null;
  /** Whether the posting's title names only another kind of work than the words' shared stem. */
  otherSense: Says | null;
  /**
   * Whether the posting's title names the work's head noun after another specialty; null where
   * some posting has every word of the work, or the work names no specialty.
   */
  otherSpecialty: Says | null;
}

/** Whether a posting (by position) says something. */
type Says = (position: number) => boolean;

/** A mask's 1s as a {@linkcode Says}; null for null. */
function saysOf(mask: Uint8Array | null): Says | null {
  return mask && ((p) => mask[p] === 1);
}

/** Each title's best cosine over the query's (`own`, changed in place) and the labels'. */
function bestCosines(
  own: Float32Array,
  labelVectors: Float32Array[],
  cosinesOf: (vector: Float32Array) => Float32Array,
): Float32Array {
  for (const vector of labelVectors) {
    const other = cosinesOf(vector);
    for (let r = 0; r < own.length; r++) if (other[r] > own[r]) own[r] = other[r];
  }
  return own;
}

/** Whether a posting is of one of `companies` (names as the postings write them); null: any. */
function companyMask(
  companies: readonly string[] | undefined,
  jobs: readonly Job[],
): ((position: number) => boolean) | null {
  if (!companies?.length) return null;
  const named = new Set(companies);
  return (p) => named.has(jobs[p].company_name);
}

/**
 * `ofCompany` without the postings `excluded` marks and those at a place not wanted (`notThere`);
 * null where none narrows.
 */
function wanted(
  ofCompany: ((position: number) => boolean) | null,
  excluded: Uint8Array | null,
  notThere: ((position: number) => boolean) | null = null,
): ((position: number) => boolean) | null {
  if (excluded === null && notThere === null) return ofCompany;
  return (p) =>
    (ofCompany === null || ofCompany(p)) && (excluded === null || excluded[p] !== 1) &&
    (notThere === null || !notThere(p));
}

/** Whether a candidate is strong: its score reaches the strong tier's bar. */
function strongFrom(bar: number): (position: number, score: number) => boolean {
  return (_position, score) => score >= bar;
}

/** Several places named together: strong where it reaches the bar of a place it is at. */
function strongAtAny(
  bars: readonly number[],
  at: readonly ((position: number) => boolean)[],
): (position: number, score: number) => boolean {
  return (position, score) => bars.some((bar, i) => score >= bar && at[i](position));
}
