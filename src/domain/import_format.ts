/**
 * The formats postings are imported from, named once: the importer parses each
 * (src/ingest/import_files.ts), a scheduled source's record may fix one
 * (src/store/sources_store.ts), and `jobseek sources add --format` offers them.
 *
 * @module
 */

/** JobSpy CSV, and JSON Lines (one posting per line). */
export const IMPORT_FORMATS = ["csv", "jsonl"] as const;

export type ImportFormat = (typeof IMPORT_FORMATS)[number];
