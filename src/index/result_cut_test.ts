import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { RESULT_SET_MAX } from "../domain/search_query.ts";
import { bestByScore, byScoreThenDate, SCORE_STEPS } from "./result_cut.ts";

Deno.test("bestByScore() keeps the first 1,000 in relevance order, however many tie", () => {
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, "0")}`);
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3 * RESULT_SET_MAX }),
      // Few distinct scores and days, so that ties cross the cap.
      fc.array(fc.constantFrom(SCORE_STEPS, SCORE_STEPS - 1, 7_000, 0), { minLength: 1 }),
      fc.array(day, { minLength: 1 }),
      (count, scoreCycle, dayCycle) => {
        const jobs = Array.from({ length: count }, (_, i) => ({
          // Ids in another order than positions: the last tie-break must be the id.
          id: `job-${String((i * 7919) % 100_003).padStart(6, "0")}`,
          publish_time: `${dayCycle[i % dayCycle.length]} 09:00:00`,
        })) as unknown as Job[];
        const positions = Uint32Array.from({ length: count }, (_, i) => count - 1 - i);
        const scores = Uint16Array.from(
          { length: count },
          (_, i) => scoreCycle[i % scoreCycle.length],
        );
        const kept = bestByScore({ positions, scores, count }, jobs);
        // The reference: every candidate as a hit, sorted, the first 1,000.
        const expected = Array.from({ length: count }, (_, k) => ({
          job: jobs[positions[k]],
          score: scores[k] / SCORE_STEPS,
          position: positions[k],
        })).sort(byScoreThenDate).slice(0, RESULT_SET_MAX);
        assert.deepEqual(
          kept.sort(byScoreThenDate).map((hit) => hit.position),
          expected.map((hit) => hit.position),
        );
      },
    ),
    { numRuns: 60, seed: 2714 },
  );
});
