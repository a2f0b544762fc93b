/**
 * The postings bundled with jobseek, which `jobseek serve` and `jobseek mcp` seed an empty store
 * with (unless `--no-seed` / `JOBSEEK_SEED=0`). Named here, where the program is put together:
 * nothing under src/ reads fixtures/, by import or by URL (tests/architecture_test.ts), so the
 * runtime takes the file as `seedFile`, and its vectors as `seedVectors`.
 *
 * @module
 */

/** fixtures/jobs.jsonl: 1,800 postings as JSON Lines. */
export const BUNDLED_POSTINGS = new URL("../fixtures/jobs.jsonl", import.meta.url);

/**
 * fixtures/jobs_vectors.bin: the default model's vector of each distinct text `jobs.jsonl` embeds
 * (src/search/shipped_vectors.ts), so a first start does not embed them; made by
 * `deno run -A fixtures/generate_vectors.ts` (tests/bundled_vectors_test.ts checks them).
 */
export const BUNDLED_VECTORS = new URL("../fixtures/jobs_vectors.bin", import.meta.url);
