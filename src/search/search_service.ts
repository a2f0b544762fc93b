/**
 * The one search service behind REST, MCP and the CLI. It answers from the index snapshot it holds
 * in memory ({@linkcode SnapshotFollower}), which swaps in a newer one when it is published,
 * without a restart and without failing a request: a search runs on the index it started with,
 * and a snapshot that cannot be loaded leaves the previous one serving.
 *
 * @module
 */
import { JobseekError, NO_INDEX_MESSAGE } from "../domain/errors.ts";
import { type CityCount, type Job, jobIdFromUrl } from "../domain/job.ts";
import { toResults } from "./to_results.ts";
import type { FilterContext } from "../domain/filters.ts";
import { countInWords, type SearchQuery } from "../domain/search_query.ts";
import { parseNear } from "../places/mod.ts";
import type { SearchOutcome, SearchService, ServiceInfo } from "../domain/service.ts";
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import {
  type AnalyzedQuery,
  analyzeQuery,
  namesNoWork,
  searchedAlternatives,
} from "../index/analyze_query.ts";
import type { OccupationLabels } from "../index/occupation_labels.ts";
import type { Embedder } from "../model/embedder.ts";
import {
  type IndexHit,
  type IndexSearch,
  placeNarrows,
  type WorkSearch,
} from "../index/index_search.ts";
import { isRemoteOnly } from "../index/query_place.ts";
import { cityMisspeltAs, withCorrections } from "../index/query_spelling.ts";
import { roleText } from "../index/query_phrasing.ts";
import type { JobIndex } from "../index/job_index.ts";
import { rankingForModel } from "../index/ranking.ts";
import { appliedFilters } from "./applied_filters.ts";
import { aroundCityIfNone, aroundOffer } from "./around_city.ts";
import { LruCache } from "./lru_cache.ts";
import { asksNearMe, NOT_KNOWN_WHERE, readingFields, readQuery } from "./query_reading.ts";
import { filtersWithSalary, withSince } from "./filters_from_words.ts";
import { placeToApply } from "./place_to_apply.ts";
import { foldText } from "../domain/fold_text.ts";
import { SearchesTogether } from "./searches_together.ts";
import { searchByProfile } from "./profile_search.ts";
import { occupationVectors } from "./occupation_vectors.ts";
import {
  closeOnlyHint,
  companyBrowseHint,
  companyListOffer,
  type Emptied,
  emptiedBy,
  noneThereHint,
  placeAloneHint,
  placeBrowseHint,
  placeFilteredHint,
  placeWhere,
  QUERY_COMPANY,
  QUERY_PLACE,
  searchHint,
} from "./search_hint.ts";
import {
  type ServedIndex,
  SnapshotFollower,
  type SnapshotFollowerOptions,
} from "./snapshot_follower.ts";

export interface JobSearchService extends SearchService {
  getJob(jobUrl: string): Promise<Job | null>;
  readWords(query: SearchQuery): ReturnType<NonNullable<SearchService["readWords"]>>;
  /**
   * Loads the current snapshot, if any, then watches for newer ones. Safe without a snapshot:
   * `isReady()` stays false and `search` throws NOT_READY until one is published.
   */
  start(): Promise<void>;
  /** Stops watching for snapshots; the loaded index keeps serving. */
  stop(): void;
  /** Resolves once no snapshot is being loaded (tests use it before closing the store). */
  whenIdle(): Promise<void>;
  /** Loads the store's current snapshot now if it is not the one served; settles once done. */
  catchUp(): Promise<void>;
  /** The id of the snapshot being served, or null. */
  snapshotId(): string | null;
  /** The index being served and the id of the snapshot (or delta) it stands for, or null. */
  served(): { id: string; index: JobIndex } | null;
  /** The snapshot this server failed to load while it was current (damaged), or null. */
  unloadableSnapshot(): string | null;
}

export interface SearchServiceOptions {
  store: Pick<Store, "postings" | "snapshots">;
  /**
   * The query embedder, or its promise: a server listens (and answers 503) while the model is
   * still being fetched; the service is ready only once both the model and an index are.
   */
  embedder: Embedder | Promise<Embedder>;
  logger: Logger;
  /**
   * Least relevance for a posting to be in a result set (`JOBSEEK_MIN_SCORE`); default: the
   * model's own, measured minimum (src/index/ranking.ts, docs/search.md). Replaces the minimum
   * only: the relative cut and the floor stay.
   */
  minScore?: number;
  /** How often to poll for a snapshot published by another process (ms); default 1,500. */
  pollMs?: number;
  /** Query vectors kept (LRU); 0 disables the cache. Default 1,000 (2 MiB). */
  queryCacheSize?: number;
  /** Where a `near` place lies; default: GeoNames (src/places/). */
  places?: FilterContext;
  /**
   * An embedder of another model, when this machine can run it without a fetch: a snapshot of
   * that model then serves until one of `embedder`'s is published (src/search/snapshot_follower.ts).
   */
  standInEmbedder?: SnapshotFollowerOptions["standInEmbedder"];
  /**
   * The taxonomy's names of occupations (src/index/occupation_labels.ts), or its promise: until it
   * settles, and when it settles to null, queries are searched without it.
   */
  occupations?: OccupationLabels | Promise<OccupationLabels | null>;
  /**
   * The clock the words of a query count days back from ("nurse jobs this week"); default
   * `Date.now`. A test gives its own, so that the day it dates postings by is the search's.
   */
  now?: () => number;
}

class SnapshotSearchService implements JobSearchService {
  readonly #store: Pick<Store, "postings" | "snapshots">;
  readonly #embedder: Promise<Embedder>;
  #model: Embedder | null = null;
  readonly #minScore: number | undefined;
  readonly #queryVectors: LruCache<Promise<Float32Array>>;
  readonly #places: FilterContext;
  readonly #snapshots: SnapshotFollower;
  readonly #now: () => number;
  #occupations: OccupationLabels | null = null;
  /** Searches waiting at the same time, estimated in one sweep (src/search/searches_together.ts). */
  readonly #together = new SearchesTogether();

  constructor(options: SearchServiceOptions) {
    this.#store = options.store;
    Promise.resolve(options.occupations ?? null).then(
      (occupations) => this.#occupations = occupations,
      // obtainOccupationData reports its own failures; a rejection here only loses the help.
      () => {},
    );
    this.#embedder = Promise.resolve(options.embedder).then((embedder) => this.#model = embedder);
    this.#minScore = options.minScore;
    this.#queryVectors = new LruCache(options.queryCacheSize ?? 1000);
    this.#places = options.places ?? { locate: parseNear };
    this.#now = options.now ?? Date.now;
    this.#snapshots = new SnapshotFollower({
      snapshots: options.store.snapshots,
      embedder: this.#embedder,
      logger: options.logger,
      pollMs: options.pollMs,
      standInEmbedder: options.standInEmbedder,
    });
  }

  isReady(): boolean {
    return this.#snapshots.served() !== null;
  }

  snapshotId(): string | null {
    return this.#snapshots.served()?.id ?? null;
  }

  readWords(query: SearchQuery): ReturnType<NonNullable<SearchService["readWords"]>> {
    const served = this.#snapshots.served();
    if (!served) throw this.#notServing("read a query");
    return readingFields(readQuery(served.index, query, { now: this.#now() }));
  }

  info(): ServiceInfo {
    return { model: this.#model?.model ?? null, snapshot: this.snapshotId() };
  }

  start(): Promise<void> {
    return this.#snapshots.start();
  }

  stop(): void {
    this.#snapshots.stop();
  }

  whenIdle(): Promise<void> {
    return this.#snapshots.whenIdle();
  }

  catchUp(): Promise<void> {
    return this.#snapshots.catchUp();
  }

  healthDetail(): string | null {
    return this.#snapshots.healthDetail();
  }

  /** The index being served and the snapshot it stands for (a publisher makes deltas over it). */
  served(): { id: string; index: JobIndex } | null {
    return this.#snapshots.served();
  }

  unloadableSnapshot(): string | null {
    return this.#snapshots.unloadable();
  }

  /** The occupations' vectors for `text` (`occupationVectors`), by the model of `served`. */
  async #labelVectors(
    text: string,
    vector: Float32Array,
    served: ServedIndex,
    index: JobIndex,
    ranking: IndexSearch["ranking"],
  ): Promise<Pick<IndexSearch, "labelVectors" | "labelVectorsIfUsed">> {
    const occupations = this.#occupations;
    if (!ranking || !occupations) return {};
    const { labelVectors, labelVectorsIfUsed } = await occupationVectors(
      occupations,
      ranking,
      text,
      vector,
      {
        sameModel: !served.queryEmbedder && occupations.vectorModel === index.data.model,
        embed: (label) => this.#queryVector(label, served),
      },
    );
    return { labelVectors, labelVectorsIfUsed };
  }

  /** A piece of work's vectors: its text's, and its work's alone where it has one. */
  async #workVectors(
    work: AnalyzedQuery,
    served: ServedIndex,
  ): Promise<{ vector: Float32Array; workVector?: Float32Array }> {
    const [vector, workVector] = await Promise.all([
      this.#queryVector(work.embeddingText, served),
      work.workText === undefined ? undefined : this.#queryVector(work.workText, served),
    ]);
    return workVector ? { vector, workVector } : { vector };
  }

  /** The query's vector by the model of `served`'s index: the server's, or a stand-in's. */
  #queryVector(text: string, served: ServedIndex): Promise<Float32Array> {
    const standIn = served.queryEmbedder;
    // Keyed by model too: while a stand-in serves, and after, a text has a vector of each.
    const key = standIn ? `${standIn.model}\n${text}` : text;
    let vector = this.#queryVectors.get(key);
    if (!vector) {
      const pending = (standIn ? Promise.resolve(standIn) : this.#embedder)
        .then((embedder) => embedder.embed([text])).then(([v]) => v);
      // A failed embedding must not stay cached.
      pending.catch(() => this.#queryVectors.delete(key));
      this.#queryVectors.set(key, pending);
      vector = pending;
    }
    return vector;
  }

  /**
   * The hits with their descriptions as the store holds them: an index keeps none (3.6 GB at
   * 1,000,000 postings; docs/scaling.md). A posting gone from the store since the index was
   * published keeps what the index has (nothing, for a loaded snapshot).
   */
  async #described(hits: IndexHit[]): Promise<IndexHit[]> {
    if (hits.length === 0) return hits;
    const stored = new Map<string, string>();
    for (const job of await this.#store.postings.getJobs(hits.map((hit) => hit.job.id))) {
      stored.set(job.id, job.job_description);
    }
    return hits.map((hit) => {
      const description = stored.get(hit.job.id);
      return description === undefined
        ? hit
        : { ...hit, job: { ...hit.job, job_description: description } };
    });
  }

  /** Why nothing can be searched or listed yet: no index at all, or one still loading. */
  #notServing(action: string): JobseekError {
    if (this.#snapshots.nothingToServe) return new JobseekError("NO_INDEX", NO_INDEX_MESSAGE);
    return new JobseekError("NOT_READY", `Cannot ${action}: the search index is not loaded yet`);
  }

  async search(query: SearchQuery): Promise<SearchOutcome> {
    const served = this.#snapshots.served();
    if (!served) throw this.#notServing("search");
    if (query.near !== undefined && this.#places.locate(query.near) === null) {
      // A city of the postings that the map lacks (GeoNames' places of 500 people or more holds
      // no "Dordon"): told how to list its postings, where "no place called 'Dordon' is known"
      // read as if there were none (a person's trial, session 57).
      // "Dordon, GB" as well. Said with the parameter in quotes, which the CLI writes as its flag
      // and the page as its field's label (reviewer C57: "city='Dordon'" was neither's words).
      const ofPostings = served.index.cityNamed(query.near.split(",")[0].trim());
      const { index } = served;
      // "Manchster, GB": the city's part is what is misspelt, the rest said back as given.
      const [name, ...rest] = query.near.split(",");
      const city = ofPostings ? null : cityMisspeltAs(
        { text: index.positionText(), jobs: index.data.jobs, cities: () => index.cities() },
        name,
      );
      const meant = city === null ? null : [city, ...rest].join(",");
      // "Berlin, GB": the city is on the map, in another country than the one given (it was
      // said to be "a city of the postings but not on the map").
      const elsewhere = rest.length > 0 && this.#places.locate(name.trim()) !== null;
      // Where the postings have the city in another country, that one is offered (reviewer C59).
      const theirs = elsewhere
        ? index.cities().filter((c) =>
          c.city.toLowerCase() === name.trim().toLowerCase() && c.country
        ).map((c) => `${c.city}, ${c.country}`).find((place) => this.#places.locate(place) !== null)
        : undefined;
      const instead = elsewhere
        ? `no place called '${name.trim()}' is known in '${rest.join(",").trim()}'; ` +
          (theirs
            ? `did you mean '${theirs}'?`
            : `give '${name.trim()}' without '${rest.join(",").trim()}', or with its own country`)
        : ofPostings
        ? `'${ofPostings}' is a city of the postings but not on the map, so nothing can be ` +
          `measured from it; search with 'city' set to '${ofPostings}' to list its postings, or ` +
          "give a larger place near it"
        : meant && this.#places.locate(meant) !== null
        ? `no place called '${query.near}' is known; did you mean '${meant}'?`
        : `no place called '${query.near}' is known; give a city (e.g. 'Toronto', ` +
          "'Springfield, IL', 'Berlin, DE') or 'lat,lon' (e.g. '43.65,-79.38')";
      throw new JobseekError("INVALID_PARAMETER", `Invalid parameter 'near': ${instead}`, {
        param: "near",
      });
    }
    const started = performance.now();
    if (query.profile !== undefined) return await this.#searchProfile(served, query, started);
    const reading = readQuery(served.index, query, { now: this.#now() });
    const { analyzed } = reading;
    let { place } = reading;
    const works = [analyzed, ...searchedAlternatives(analyzed)];
    const embedded = await Promise.all(works.map((work) => this.#workVectors(work, served)));
    // The index may have been swapped while the query was embedded: either one is complete, but
    // the vector is only comparable with an index of the model that embedded it.
    const now = this.#snapshots.served();
    const { index } = now && now.queryEmbedder?.model === served.queryEmbedder?.model
      ? now
      : served;
    const calibration = calibrated(index.data.model, this.#minScore);
    const [own, ...alternatives] = await Promise.all(
      works.map(async (work, i): Promise<WorkSearch> => ({
        query: work,
        ...embedded[i],
        // The labels are used only where the work's own vector is (no posting has all the words).
        ...await this.#labelVectors(
          work.workText ?? work.embeddingText,
          embedded[i].workVector ?? embedded[i].vector,
          served,
          index,
          calibration.ranking,
        ),
      })),
    );
    // What emptied an empty set, counted from its own scores (src/search/search_hint.ts).
    let emptied = null as Emptied | null;
    let request: IndexSearch = {
      ...own,
      ...(alternatives.length > 0 ? { alternatives } : {}),
      filters: filtersWithSalary(query, reading),
      ...(reading.company ? { namedCompany: reading.company.names } : {}),
      ...(reading.notAt ? { notAt: reading.notAt } : {}),
      ...(analyzed.bestPaid ? { bestPaidFirst: true } : {}),
      ...(reading.noneThere ? { nearestFirst: true } : {}),
      ifEmpty: (totalWith) =>
        // The day the words asked postings since ("this week") is a filter like `since`. The pay
        // they asked is part of the query: every count keeps it, as the search without the
        // filters does ("warehouse jobs paying over 30000" finds 38, not the 42 of "warehouse").
        emptied = emptiedBy(
          withSince(query, reading.since),
          place,
          (filters, at, company) =>
            totalWith(
              // As a search with these filters alone would apply the words' pay.
              filtersWithSalary({ ...filters } as SearchQuery, { ...reading, since: null }),
              at,
              company,
            ),
          {
            browse: namesNoWork(analyzed),
            company: reading.company?.names,
            // Only where the words' place was read and a filter took its city or country away
            // (src/search/place_to_apply.ts): not "not in Berlin", nor a place in a company's name.
            placeWith: (filters) => {
              if (place === null || placeNarrows(place) || reading.notAt) return undefined;
              // The words as searched: a misspelt place ("lodnon") is the place corrected.
              const words = placeToApply(index, {
                ...query,
                q: reading.corrected,
                city: undefined,
                country: undefined,
                near: undefined,
                radius_km: undefined,
                ...filters,
              } as SearchQuery);
              return placeNarrows(words) ? words : undefined;
            },
          },
        ),
      context: this.#places,
      place: place ?? undefined,
      sort: query.sort,
      facets: query.facets,
      offset: query.offset,
      limit: query.top_k,
      ...calibration,
    };
    await this.#together.ready(index, embedded[0].vector);
    let found = index.search(request);
    // A city the words name with no strong match of its own: the postings around it, said so.
    const around = aroundCityIfNone(index, request, reading, query, found);
    if (around && "widen" in around) {
      [place, emptied, request] = [around.widen.place, null, around.widen.request];
      found = index.search(request);
    }
    const { total, closeTotal, facets, ...page } = found;
    const describe = (hits: IndexHit[]) =>
      query.detail === "full" ? this.#described(hits) : Promise.resolve(hits);
    const outcome: SearchOutcome = {
      total,
      close_total: closeTotal,
      search_time_ms: 0,
      results: toResults(await describe(page.hits), query.detail),
    };
    if (page.closest) outcome.closest = toResults(await describe(page.closest), query.detail);
    Object.assign(outcome, readingFields({ ...reading, place }));
    if (place !== reading.place && outcome.query_place) outcome.query_place.widened = true;
    // "apprentice electrician" where no electrician's posting is an apprentice's: the sentence
    // says the level's postings are not what is listed.
    if (page.noneAtLevel && outcome.query_seniority?.beside_work) {
      outcome.query_seniority = { ...outcome.query_seniority, none_at_level: true };
    }
    if (page.noneInMode && outcome.query_work_mode?.beside_work) {
      outcome.query_work_mode = { ...outcome.query_work_mode, none_in_mode: true };
    }
    if (page.noPayStated && outcome.query_pay) {
      outcome.query_pay = { ...outcome.query_pay, none_stated: true };
    }
    if (page.noneInLanguage && outcome.query_language?.beside_work) {
      outcome.query_language = { ...outcome.query_language, none_in_language: true };
    }
    // Alone beside a place, every posting there is listed: where none is known to fit, all are
    // close matches, and the sentence says why.
    if (
      outcome.query_language && !outcome.query_language.beside_work && total === 0 &&
      closeTotal > 0
    ) {
      outcome.query_language = { ...outcome.query_language, none_in_language: true };
    }
    if (
      outcome.query_visa_sponsorship &&
      (outcome.query_visa_sponsorship.beside_work
        ? page.noneSponsored
        : total === 0 && closeTotal > 0)
    ) {
      outcome.query_visa_sponsorship = { ...outcome.query_visa_sponsorship, none_offered: true };
    }
    const filters = appliedFilters(query);
    // Pay and a day the words name are applied as filters too ("£30k ... in Liverpool"): a count
    // of a place's postings the hints offer is of those that pass them.
    const filtered = Object.keys(filters).length > 0 || reading.salary !== null ||
      reading.since !== null;
    const emptiedNames = emptied?.names ?? [];
    /** How many the search lists with `changes` (the browse of a place, a reading elsewhere). */
    const countWith = (changes: Partial<IndexSearch>) =>
      index.search({
        ...request,
        ...changes,
        ifEmpty: undefined,
        facets: undefined,
        offset: 0,
        limit: 1,
      }).total;
    if (Object.keys(filters).length > 0 || emptiedNames.length > 0) {
      outcome.applied = {
        filters,
        ...(emptiedNames.length > 0 ? { emptied_by: emptiedNames } : {}),
      };
    }
    if (facets) outcome.facets = facets;
    // The close matches are the place's nearest postings, none there near the words.
    const nearestThere = page.nearestThere === true && closeTotal > 0;
    if (nearestThere) outcome.close_nearest_at_place = true;
    const hint = nearestThere ? undefined : searchHint(
      index,
      withSince(query, reading.since),
      emptied,
      place,
      closeTotal,
      page.closest !== undefined,
      reading.company,
      reading.since !== null && analyzed.posted
        ? { matched: analyzed.posted.matched, since: reading.since }
        : null,
    );
    // "barista in Berlin": only the place emptied the words' set, and
    // nothing there is even close: "nothing matches with the place" read as if the place had no
    // postings; the place's own list is what to offer.
    const placeAlone = emptiedNames.length === 1 && emptiedNames[0] === QUERY_PLACE &&
      closeTotal === 0;
    // Likewise a company (not where the words' pay or day apply, which "jobs at Google" would not).
    const companyAlone = emptiedNames.length === 1 && emptiedNames[0] === QUERY_COMPANY &&
      closeTotal === 0 && reading.salary === null && reading.since === null;
    if (reading.noneThere !== undefined && total === 0 && closeTotal > 0) {
      // "hybrid jobs in London" where no posting there says hybrid: they are all listed, as close
      // matches; what the words list elsewhere is one query away.
      const where = reading.company ? `at ${reading.company.matched}` : placeWhere(place);
      outcome.hint = noneThereHint(where, reading.noneThere, closeTotal, {
        apart: page.closest !== undefined,
        filtered,
        elsewhere: reading.aloneElsewhere
          ? countWith({ query: reading.aloneElsewhere, place: undefined, namedCompany: undefined })
          : 0,
        // The words read alone, as a query that reads them so ("hybrid jobs"): the place's rest
        // may have lost "remote" ("remote or hybrid jobs in Paris" leaves "hybrid").
        elsewhereQuery: `${reading.noneThere.join(" ")} jobs`,
      });
    } else if (reading.unmet !== undefined && !hint) {
      // "senior hybrid roles in Amsterdam": one reading of several had none there.
      const where = reading.company
        ? ` at ${reading.company.matched}`
        : placeNarrows(place)
        ? ` ${placeWhere(place)}`
        : "";
      const words = reading.unmet.map((said) => `"${said}"`).join(" and ");
      // "entry level hybrid jobs" with no place: no posting anywhere is both.
      const nothing = where === "" ? "No posting" : `Nothing${where}`;
      outcome.hint = `${nothing} is ${words} as well: the strong matches are what the ` +
        "rest of the query names.";
    } else if (hint && companyAlone && reading.company) {
      // "graduate jobs at Google": the words find postings elsewhere, none at the company, and
      // nothing of its is close; its own list is one query away, as for "no experience jobs at
      // Google" below.
      const there = countWith({ query: analyzeQuery("jobs") });
      outcome.hint = there > 0
        ? `${hint} ${companyListOffer(reading.company.matched, there, filtered)}`
        : hint;
    } else if (hint && !placeAlone) outcome.hint = hint;
    else if (
      total === 0 && (closeTotal === 0 || nearestThere) && placeNarrows(place) &&
      !reading.company && !namesNoWork(analyzed)
    ) {
      // "looking after old people in Liverpool": nothing there is near the words, but the place
      // has postings; listing them is one query away, and the count is the browse's own.
      const there = countWith({ query: analyzeQuery("jobs") });
      // "barista in Berlin": what the words find where the place is not asked.
      const placeEmptied = emptiedNames.length === 1 && emptiedNames[0] === QUERY_PLACE;
      // Counted as the query the hint offers lists them: the same words, tiers and pay, no place
      // (the count without the place alone left out the pay and the tiers beside the work).
      const elsewhere = !placeEmptied ? 0 : countWith({ query: analyzed, place: undefined });
      if (there > 0) {
        outcome.hint = placeBrowseHint(place, there, {
          filtered,
          nearest: nearestThere ? closeTotal : 0,
          elsewhere,
          // As searched: "softwre engineer londn" offers "software engineer" (reviewer M52).
          // The words of the work alone: "en zoek werk als kok" quoted the Dutch asking.
          elsewhereQuery: withCorrections(roleText(place.rest), reading.corrections),
          ...(reading.salary !== null && analyzed.salary ? { pay: analyzed.salary.matched } : {}),
          ...(reading.since !== null && analyzed.posted ? { posted: analyzed.posted.matched } : {}),
        });
      } else if (placeEmptied && !filtered && elsewhere > 0) {
        // "chef jobs calgary": the place has no postings at all, which "Nothing matches with the
        // place in the query" hid, where "jobs in calgary" says so (a person's trial, session 57).
        const words = withCorrections(roleText(place.rest), reading.corrections);
        outcome.hint = `No posting is ${placeWhere(place)}; "${words}" lists the ${
          countInWords(elsewhere)
        } ${elsewhere === 1 ? "posting" : "postings"} elsewhere.`;
      } else if (hint) outcome.hint = hint;
      else if (filtered) {
        // "jobs posted this week in Amsterdam for English speakers": nothing there passes the
        // filters, whatever the words (it said the words came near nothing: session 39).
        outcome.hint = placeFilteredHint(
          place,
          Object.keys(filters).length > 0 || reading.salary !== null,
          reading.since !== null && analyzed.posted
            ? { matched: analyzed.posted.matched, since: reading.since }
            : null,
        );
      }
    } else if (hint) outcome.hint = hint;
    else if (total === 0 && reading.paysAlone && reading.salary !== null) {
      const currency = reading.salaryCurrency !== null ? ` ${reading.salaryCurrency}` : "";
      // "£40k jobs in London": the place's postings that state no pay are its close matches.
      const noPosting = reading.company
        ? `No posting at ${reading.company.matched}`
        : isRemoteOnly(place)
        ? "No remote posting"
        : placeNarrows(place)
        ? `No posting ${placeWhere(place)}`
        : "No posting";
      const there = reading.company ? `of ${reading.company.matched}` : "there";
      const unstated = closeTotal === 0
        ? ""
        : closeTotal === 1
        ? `; the 1 posting ${there} that states no pay is listed as a close match`
        : `; the ${closeTotal} postings ${there} that state no pay are listed as close matches`;
      outcome.hint = `${noPosting} states pay reaching ${
        reading.salary.toLocaleString("en-US")
      }${currency} a year${
        Object.keys(filters).length > 0 || reading.since !== null ? " and passes the filters" : ""
      }${unstated}.`;
    } else if (
      total === 0 && !placeNarrows(place) && !reading.company && namesNoWork(analyzed)
    ) {
      // "jobs near me": the place is what is missing, not only the work.
      outcome.hint = asksNearMe(query, reading) ? NEAR_ME_NO_WORK : NO_WORK_NAMED;
    } else if (asksNearMe(query, reading)) {
      outcome.hint = NOT_KNOWN_WHERE;
    } else if (
      total === 0 && closeTotal === 0 && reading.company && !placeNarrows(place) &&
      !namesNoWork(analyzed) && reading.salary === null && reading.since === null
    ) {
      // "no experience jobs at Google": nothing of the company's is near the words (none of its
      // postings is a junior one), but it has postings; their list is one query away (not where
      // the words' pay or day apply, which "jobs at Google" would not say).
      const there = countWith({ query: analyzeQuery("jobs") });
      if (there > 0) outcome.hint = companyBrowseHint(reading.company.matched, there, filtered);
    }
    if (!placeNarrows(place) && !reading.company) {
      // "london", "Toronto", "remote": a place alone is searched as words (a title's words too:
      // "Elixir / Phoenix Developer"); its own list is one query away, as "jobs in London", said
      // after what the words found.
      const alone = placeToApply(index, { ...query, q: `${query.q} jobs` });
      if (placeNarrows(alone) && foldText(alone.rest) === "jobs") {
        const there = countWith({ query: analyzeQuery("jobs"), place: alone });
        // `"london"`: the quotes are no part of what to type.
        const bare = (text: string) => text.replace(/^[\s"'“”‘’]+|[\s"'“”‘’.,;:!?]+$/gu, "");
        if (there === 0 && total === 0 && closeTotal === 0 && outcome.hint === undefined) {
          // "perth wa", a place alone with no postings: said as "jobs in perth wa" says it, not
          // as words near nothing (reviewer W, session 38).
          outcome.hint = `No posting is in ${bare(alone.matched)}.`;
        }
        if (there > 0) {
          const offered = placeAloneHint(
            bare(query.q),
            { ...alone, matched: bare(alone.matched) },
            there,
            filtered,
          );
          outcome.hint = outcome.hint ? `${outcome.hint} ${offered}` : offered;
        }
      }
    }
    if (!placeNarrows(place) && !reading.company && !namesNoWork(analyzed)) {
      // "amazon": an employer's name alone is searched as words (a title's words too); its own
      // list is one query away, as a place's is (reviewer W, session 43: "amazon" found 1 strong
      // match where "jobs at amazon" lists 85).
      const named = index.companyIn(`jobs at ${query.q.trim()}`);
      if (named && foldText(named.rest) === "jobs") {
        const there = countWith({ query: analyzeQuery("jobs"), namedCompany: named.names });
        if (there > total) {
          const offered = `Searched "${query.q.trim()}" as words, as a title would say it; ${
            companyListOffer(named.matched, there, filtered)
          }`;
          outcome.hint = outcome.hint ? `${outcome.hint} ${offered}` : offered;
        }
      }
    }
    if (around && "offer" in around) {
      // "nurse leeds": Leeds' own close matches are listed; the nurses of Harrogate and Wakefield
      // are one query away (a user trial, session 46, found only the world offered).
      const offered = aroundOffer(around.offer);
      outcome.hint = outcome.hint ? `${outcome.hint} ${offered}` : offered;
    }
    if (
      total === 0 && closeTotal === 0 && outcome.hint === undefined && query.q.trim() !== "" &&
      index.size > 0
    ) {
      // "minimum wage jobs", "xyzzy": no title comes near the words and nothing else explains the
      // empty list, which said nothing at all (session 38).
      outcome.hint = NOTHING_NEAR_WORDS;
    }
    const visa = outcome.query_visa_sponsorship;
    if (visa?.where && total === 0 && outcome.applied?.emptied_by === undefined) {
      // "hr jobs h1b" where no HR posting is in the United States: the visa's place left out the
      // others, which the hints had not said ("No posting is a strong match for ...": R50c).
      outcome.hint =
        `No posting in ${visa.where} is a strong match for these words: "${visa.matched}" ` +
        `names a visa of ${visa.where}, so postings elsewhere are left out (search without ` +
        `"${visa.matched}" for them).`;
    }
    // A sponsored visa asked alone where no posting there says it sponsors one: its sentence says
    // why they are all close matches, not a hint about the word "jobs".
    const visaSaysWhy = visa !== undefined && !visa.beside_work && visa.none_offered === true;
    if (total === 0 && closeTotal > 0 && outcome.hint === undefined && !visaSaysWhy) {
      // Close matches alone, in the relevance order, had no word on it (reviewer W, session 43:
      // "My user wants healthcare jobs in the United Kingdom" said nothing): what was searched, so
      // that a person or an agent sees which words found no strong match.
      // The words as the search read them (the asking taken off: reviewer R, session 43).
      outcome.hint = closeOnlyHint(analyzed.embeddingText || query.q.trim(), closeTotal);
    }
    const agedOut = (this.#snapshots.served() ?? served).agedOut;
    if (total === 0 && index.size === 0 && agedOut) {
      // An empty result over an index the retention emptied: the postings are there, hidden.
      outcome.hint = `No posting is searchable: all ${agedOut.count} stored postings were ` +
        `published longer ago than the store's retention of ${agedOut.retentionDays} days. ` +
        "An operator keeps them searchable with `jobseek index lifecycle --retention-days 0` " +
        "(or a longer retention).";
    }
    outcome.search_time_ms = Math.round(performance.now() - started);
    return outcome;
  }

  /**
   * A search by a profile (src/search/profile_search.ts): ranked by what is derived from it, with
   * the filters, orders and pages of a `q` search.
   */
  async #searchProfile(
    served: ServedIndex,
    query: SearchQuery,
    started: number,
  ): Promise<SearchOutcome> {
    const { index } = served;
    const { ranking, cut } = rankingForModel(index.data.model, { minScore: this.#minScore });
    const outcome = await searchByProfile(index, query, {
      embed: (texts) => Promise.all(texts.map((text) => this.#queryVector(text, served))),
      ranking,
      cut,
      context: this.#places,
      describe: (hits) => this.#described(hits),
      now: this.#now(),
    });
    const filters = appliedFilters(query);
    if (Object.keys(filters).length > 0) outcome.applied = { filters };
    outcome.search_time_ms = Math.round(performance.now() - started);
    return outcome;
  }

  async getJob(jobUrl: string): Promise<Job | null> {
    const job = await this.#store.postings.getJob(await jobIdFromUrl(jobUrl));
    // The id is a hash prefix of the URL: make sure it is this URL's posting.
    return job?.job_url === jobUrl.trim() ? job : null;
  }

  /**
   * The cities of the index being served (`JobIndex.cities`): postings stored but not yet indexed
   * are not listed, as search cannot find them either. Without an index, the error search gives.
   */
  listCities(options: { country?: string } = {}): Promise<CityCount[]> {
    const served = this.#snapshots.served();
    if (!served) return Promise.reject(this.#notServing("list cities"));
    return Promise.resolve(served.index.cities(options.country));
  }
}

/** The ranking and cut for an index whose vectors carry `stamp` (src/index/ranking.ts). */
function calibrated(stamp: string, minScore: number | undefined): Partial<IndexSearch> {
  const { ranking, cut } = rankingForModel(stamp, { minScore });
  return { ranking, ...cut };
}

/** Said where the words ask for jobs "near me" and name no job ("jobs near me"). */
export const NEAR_ME_NO_WORK = 'The search does not know where you are: name the place ("jobs in ' +
  'Leeds") or give `near` to list every posting there, or say what work ("nurse near me").';

/** Said where the words name neither a job nor a place ("jobs", "find me a job"). */
export const NO_WORK_NAMED =
  'The query names no job: say what work ("nurse", "python developer"), ' +
  'or where in its words ("jobs in Leeds", "remote jobs") to list every posting there.';

const NOTHING_NEAR_WORDS = "No posting comes near these words: name the work in other words " +
  '("cashier", "warehouse operative", "python developer").';

/** Creates the search service; call `start()` to load the current snapshot. */
export function createSearchService(options: SearchServiceOptions): JobSearchService {
  return new SnapshotSearchService(options);
}
