/**
 * A saved search's new postings as an Atom 1.0 feed (RFC 4287). Every posting field is scraped
 * third-party text: each is stripped of what XML 1.0 cannot carry (control characters, lone
 * surrogates, U+FFFE/U+FFFF) and of bidi overrides, then escaped, so no posting can break the
 * document or inject markup.
 *
 * @module
 */
import { escapeMarkup } from "../domain/escape_markup.ts";
import { cityOrRegion, type JobResult } from "../domain/job.ts";
import { salaryText } from "../domain/salary_text.ts";
import { readingWithLabels } from "../domain/value_labels.ts";
import { type QueryReading, readingInWords } from "./query_reading.ts";

/** Characters XML 1.0 forbids, and the bidi controls that reorder what a reader shows. */
const NOT_XML =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]|[\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` as XML character data or an attribute value.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { xmlText } from "./atom_feed.ts";
 *
 * assert.equal(xmlText('<b a="1">&\u0007\u202Ex'), "&lt;b a=&quot;1&quot;&gt;&amp;x");
 * ```
 */
export function xmlText(text: string): string {
  return escapeMarkup(xmlSafe(text));
}

/**
 * `text` without what XML 1.0 cannot carry, without bidi controls, on one line (not yet escaped).
 */
export function xmlSafe(text: string): string {
  // Line breaks become spaces: a parser would turn a CR into LF, and a title is one line.
  return text.toWellFormed().replace(NOT_XML, "").replace(/[\t\n\r]/g, " ");
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) as RFC 3339. */
function rfc3339(time: string): string {
  return `${time.replace(" ", "T")}Z`;
}

export interface FeedEntry {
  /** The posting's id: the entry's id, stable across reads. */
  postingId: string;
  result: JobResult;
}

export interface AtomFeedOptions {
  /** The saved search's id (the feed's id) and name (its title). */
  savedSearchId: string;
  name: string;
  /** The feed's own URL. */
  selfUrl: string;
  /** Newest first. */
  entries: FeedEntry[];
  /** The feed's `updated` when it has no entries (the saved search's creation). */
  emptySince: Date;
  /** What the saved search's query was read as: the feed's subtitle. */
  reading?: QueryReading;
  /** The saved search's filters in words (`filtersInWords`), said after the reading. */
  filters?: string;
  /** How many entries are new since the search was saved, in words: the subtitle's end. */
  news?: string;
}

/** One line of the posting's facts, for the entry's summary. */
function summaryOf(result: JobResult): string {
  const place = [cityOrRegion(result), result.country ?? ""].map(xmlSafe).filter((p) =>
    p.trim() !== ""
  )
    .join(", ");
  return [
    result.company_name,
    place,
    // The pay as the page says it ("£50,000 a year"), not as stored ("40000.0-50000.0 GBP/YEAR").
    salaryText(result) || result.base_salary,
    result.employment_type,
    `published ${result.publish_time} UTC`,
    `on ${result.data_source}`,
  ].filter((part) => part !== undefined && part !== "").join(" · ");
}

/** The feed document. */
export function atomFeed(options: AtomFeedOptions): string {
  const updated = options.entries.length > 0
    ? rfc3339(
      options.entries.map((e) => e.result.first_seen ?? e.result.publish_time).sort().at(-1)!,
    )
    : options.emptySince.toISOString().replace(/\.\d+Z$/, "Z");
  const subtitle = [
    ...(options.reading ? readingInWords(options.reading).map(readingWithLabels) : []),
    ...(options.filters ? [`Filters: ${options.filters}.`] : []),
    ...(options.news ? [options.news] : []),
  ];
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>urn:jobseek:saved-search:${xmlText(options.savedSearchId)}</id>`,
    `  <title>${xmlText(`jobseek: ${options.name}`)}</title>`,
    ...(subtitle.length > 0
      ? [`  <subtitle type="text">${xmlText(subtitle.join(" "))}</subtitle>`]
      : []),
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(options.selfUrl)}"/>`,
    "  <author><name>jobseek</name></author>",
    "  <generator>jobseek</generator>",
  ];
  for (const { postingId, result } of options.entries) {
    const seen = rfc3339(result.first_seen ?? result.publish_time);
    // Cleaned before joining: a field that is only control characters adds no " at ".
    const title = [result.job_title, result.company_name].map(xmlSafe)
      .filter((part) => part.trim() !== "").join(" at ");
    lines.push(
      "  <entry>",
      `    <id>urn:jobseek:posting:${xmlText(postingId)}</id>`,
      `    <title type="text">${xmlText(title)}</title>`,
      `    <link rel="alternate" href="${xmlText(safeLink(result.job_url))}"/>`,
      `    <updated>${seen}</updated>`,
      `    <published>${rfc3339(result.publish_time)}</published>`,
      `    <summary type="text">${xmlText(summaryOf(result))}</summary>`,
      ...result.job_tags.slice(0, 20).map((tag) => `    <category term="${xmlText(tag)}"/>`),
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}

/** An http(s) link, or nothing clickable: a `javascript:` URL never becomes a feed link. */
export function safeLink(url: string): string {
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:")
    ? parsed.href
    : "about:blank";
}
