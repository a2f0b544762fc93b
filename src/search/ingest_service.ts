/**
 * Postings arriving while the service runs (a push over REST): imported as `jobseek ingest`
 * imports a file, stored before the call returns, and published in the background. The one place
 * the transports reach import from, beside search.
 *
 * @module
 */
import { type ImportFormat, type ImportReport, importTexts } from "../ingest/import_files.ts";
import type { Store } from "../store/store.ts";
import type { BackgroundPublisher } from "./background_publisher.ts";

export type { ImportFormat, ImportReport };

export interface IngestService {
  /**
   * Imports `text` (named `name` in the report). Every row the report counts as inserted, updated
   * or unchanged is in the store when this resolves; a publish is requested when any changed.
   */
  importText(
    name: string,
    format: ImportFormat,
    text: string,
    options?: { fallbackPublishTime?: string; recordedAs?: string },
  ): Promise<
    ImportReport & { publishing: boolean }
  >;
}

export function createIngestService(options: {
  store: Pick<Store, "postings" | "importRuns">;
  publisher?: BackgroundPublisher;
}): IngestService {
  return {
    async importText(name, format, text, given = {}) {
      const { recordedAs, ...fallback } = given;
      const report = await importTexts(
        options.store,
        [{ name, format, text, ...fallback }],
        recordedAs !== undefined ? { recordedAs } : {},
      );
      const changed = report.totals.inserted + report.totals.updated;
      if (changed > 0) options.publisher?.request(`push of ${changed} postings`);
      return { ...report, publishing: changed > 0 && options.publisher !== undefined };
    },
  };
}
