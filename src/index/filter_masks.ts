/**
 * The filters applied to an index's postings: the filter table's tests (src/domain/filters.ts) run
 * on the postings themselves, each filter value's result kept as a mask, so that a new combination
 * of known values costs one pass over the masks. Filters only remove postings from a result set;
 * they never change a score (docs/search.md, "Filters only narrow").
 *
 * @module
 */
import { type FilterContext, type FilterValues, postingTests } from "../domain/filters.ts";
import type { Job } from "../domain/job.ts";

/** Without a gazetteer, no `near` place can be located: such a filter lets nothing through. */
const NO_PLACES: FilterContext = { locate: () => null };

/**
 * Bytes of filter masks kept per index (one byte per posting and filter value): 64 filter values
 * at 1,000,000 postings.
 */
const FILTER_CACHE_BYTES = 64_000_000;

/** Per filter value (`postingTests` key) of `jobs`, 1 for each posting it lets through. */
export class FilterMasks {
  readonly #jobs: readonly Job[];
  readonly #cache = new Map<string, Uint8Array>();

  constructor(jobs: readonly Job[]) {
    this.#jobs = jobs;
  }

  /** The postings that pass every filter, or null without filters. */
  allowed(
    filters: FilterValues | undefined,
    context: FilterContext = NO_PLACES,
  ): Uint8Array | null {
    const tests = postingTests(filters ?? {}, context);
    if (tests.length === 0) return null;
    const jobs = this.#jobs;
    const masks = tests.map(({ key, test }) => {
      let mask = this.#cache.get(key);
      if (!mask) {
        mask = new Uint8Array(jobs.length);
        for (let p = 0; p < jobs.length; p++) mask[p] = test(jobs[p]) ? 1 : 0;
        if ((this.#cache.size + 1) * jobs.length > FILTER_CACHE_BYTES) this.#cache.clear();
        this.#cache.set(key, mask);
      }
      return mask;
    });
    if (masks.length === 1) return masks[0];
    const allowed = masks[0].slice();
    for (const mask of masks.slice(1)) {
      for (let p = 0; p < allowed.length; p++) allowed[p] &= mask[p];
    }
    return allowed;
  }
}
