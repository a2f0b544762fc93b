/**
 * The postings bundled with jobseek, which `jobseek serve` and `jobseek mcp` seed an empty store
 * with (unless `--no-seed` / `JOBSEEK_SEED=0`). Named here, where the program is put together:
 * nothing under src/ reads fixtures/, by import or by URL (tests/architecture_test.ts), so the
 * runtime takes the file as `seedFile`.
 *
 * @module
 */

/** fixtures/jobs.jsonl: 1,800 postings as JSON Lines. */
export const BUNDLED_POSTINGS = new URL("../fixtures/jobs.jsonl", import.meta.url);
