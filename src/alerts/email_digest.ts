/**
 * Email digests of a saved search's new postings: a text part and an HTML part, every posting
 * field escaped (scraped text never becomes markup or a header), and a one-click unsubscribe
 * (RFC 8058: `List-Unsubscribe` with an https or http URL and `List-Unsubscribe-Post`) that pauses
 * the saved search. nodemailer speaks SMTP.
 *
 * @module
 */
import { cityOrRegion, type JobResult } from "../domain/job.ts";
import { salaryText } from "../domain/salary_text.ts";
import { readingWithLabels } from "../domain/value_labels.ts";
import { safeLink, xmlText } from "./atom_feed.ts";
import { type QueryReading, readingInWords } from "./query_reading.ts";

export interface DigestOptions {
  from: string;
  to: string;
  name: string;
  results: JobResult[];
  /** How many more new postings there were than the digest lists. */
  rest: number;
  /** What the saved search's query was read as, said under the greeting. */
  reading?: QueryReading;
  /**
   * The saved search's filters in words (`filtersInWords`), said after the reading: the words
   * alone did not say "only in GB, on-site" (an alerts trial, session 59).
   */
  filters?: string;
  /**
   * The search page listing every new posting (`rest` beyond those listed too), where the saved
   * search has a page (a CV's has none): a person was told "search for them with added_since", a
   * parameter's name (an alerts trial, session 59).
   */
  moreUrl?: string;
  unsubscribeUrl: string;
  /** The `Message-ID`, the same if the digest is sent again. */
  messageId: string;
}

export interface DigestMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** A mail this server sends: a digest, or a confirmation mail (text alone). */
export type MailMessage = Omit<DigestMessage, "html"> & { html?: string };

/** Text for a plain-text part or a header: no control characters, no bidi overrides. */
export function plain(text: string): string {
  return text.toWellFormed().replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g,
    " ",
  );
}

function factsOf(r: JobResult): string {
  return [
    r.company_name,
    [cityOrRegion(r), r.country].filter(Boolean).join(", "),
    // The pay as the page says it ("£50,000 a year"), not as stored ("40000.0-50000.0 GBP/YEAR").
    salaryText(r) || r.base_salary,
    `published ${r.publish_time} UTC`,
    r.data_source,
  ].filter((part) => part !== undefined && part !== "").join(" | ");
}

/** The digest's parts and headers. */
export function digestMessage(options: DigestOptions): DigestMessage {
  const count = options.results.length;
  const subject = plain(
    `jobseek: ${count + options.rest} new posting${count + options.rest === 1 ? "" : "s"} for ` +
      `"${options.name}"`,
  ).slice(0, 200);
  const more = options.rest === 0
    ? ""
    : `${options.rest} more new posting${options.rest === 1 ? "" : "s"} match${
      options.rest === 1 ? "es" : ""
    } the saved search`;
  const read = [
    ...(options.reading ? readingInWords(options.reading).map(readingWithLabels) : []),
    ...(options.filters ? [`Filters: ${options.filters}.`] : []),
  ];
  const text = [
    `New postings for your saved search "${plain(options.name)}":`,
    ...read.map(plain),
    "",
    ...options.results.flatMap((r, i) => [
      `${i + 1}. ${plain(r.job_title)}`,
      `   ${plain(factsOf(r))}`,
      `   ${plain(safeLink(r.job_url))}`,
      "",
    ]),
    ...(more
      ? [options.moreUrl ? `${more}. See them all: ${options.moreUrl}` : `${more}.`, ""]
      : []),
    `Stop these emails to this address: ${options.unsubscribeUrl}`,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"><title>' + xmlText(subject) + "</title></head><body>",
    `<p>New postings for your saved search &quot;${xmlText(options.name)}&quot;:</p>`,
    ...read.map((line) => `<p>${xmlText(line)}</p>`),
    "<ol>",
    ...options.results.map((r) =>
      `<li><a href="${xmlText(safeLink(r.job_url))}">${xmlText(r.job_title)}</a><br>` +
      `${xmlText(factsOf(r))}</li>`
    ),
    "</ol>",
    ...(more
      ? [
        options.moreUrl
          ? `<p>${xmlText(more)}: <a href="${xmlText(options.moreUrl)}">see them all</a>.</p>`
          : `<p>${xmlText(more)}.</p>`,
      ]
      : []),
    `<p><a href="${xmlText(options.unsubscribeUrl)}">Stop these emails</a> to this address.</p>`,
    "</body></html>",
  ].join("\n");
  return {
    from: options.from,
    to: options.to,
    subject,
    text,
    html,
    messageId: options.messageId,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Sends a digest (or a confirmation mail); resolves once the SMTP server accepted the transaction
 * (what acknowledges a digest), rejects otherwise.
 */
export async function sendDigest(smtpUrl: string, message: MailMessage): Promise<void> {
  // Loaded at the first mail: a server without email digests never needs it, and loading it cost
  // every server start about 0.05 CPU-seconds (docs/testing.md, "Fourteenth pass").
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({ ...message }) as { rejected?: unknown[] };
    if (info.rejected && info.rejected.length > 0) {
      throw new Error(`Cannot send the mail: the SMTP server refused ${message.to}`);
    }
  } finally {
    transport.close();
  }
}
