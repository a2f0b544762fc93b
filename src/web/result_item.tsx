/** @jsxImportSource hono/jsx */
/**
 * One search result as the page shows it: the only place a result's fields are rendered, so a
 * field the search response gains is one edit here. Every value is scraped third-party text and
 * goes through JSX, which escapes it.
 *
 * @module
 */
import {
  cityOrRegion,
  type JobResult,
  type Language,
  LANGUAGE_NAMES_IN_ENGLISH,
} from "../domain/job.ts";
import { salaryText } from "../domain/salary_text.ts";
import { valueLabel } from "../domain/value_labels.ts";

const COUNTRY_NAMES = new Intl.DisplayNames(["en"], { type: "region" });

/** A term and its value, or nothing where the posting leaves the field out. */
export function Detail(props: { term: string; value: string | false | undefined }) {
  if (!props.value) return null;
  return (
    <>
      <dt>{props.term}</dt>
      <dd>{props.value}</dd>
    </>
  );
}

/**
 * "In English", "In English and German": the languages a posting needs, read as such where the
 * terms are hidden (a bare "English" read as anything: session 40's closing note); "" for none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(languagesText(["en"]), "In English");
 * assert.equal(languagesText(["en", "de", "nl"]), "In English, German and Dutch");
 * assert.equal(languagesText([]), "");
 * assert.equal(languagesText(undefined), "");
 * ```
 */
export function languagesText(languages: readonly Language[] | undefined): string {
  const names = (languages ?? []).map((code) => LANGUAGE_NAMES_IN_ENGLISH[code]);
  if (names.length === 0) return "";
  const last = names.pop()!;
  return `In ${names.length > 0 ? `${names.join(", ")} and ${last}` : last}`;
}

/** "Berlin, Germany (DE)"; "" when the posting names no place. */
export function placeText(city: string, country: string | undefined): string {
  let countryText = "";
  if (country) {
    try {
      countryText = `${COUNTRY_NAMES.of(country) ?? country}`;
    } catch {
      countryText = country;
    }
  }
  return [city, countryText].filter(Boolean).join(", ");
}

/** The page of one posting: its URL is the posting's identity. */
export function postingHref(jobUrl: string): string {
  return `/posting?url=${encodeURIComponent(jobUrl)}`;
}

export function ResultItem(
  props: { result: JobResult; index: number; mark?: string; heading?: "h3" | "h4" },
) {
  // Under a saved search's card (its name an h2, "What is new" an h3), a posting is an h4.
  const Heading = props.heading ?? "h3";
  const r = props.result;
  const place = placeText(cityOrRegion(r), r.country);
  const salary = salaryText(r);
  const reposts = r.also_posted_at?.length ?? 0;
  const id = `result-${props.index}`;
  return (
    <article class="result" aria-labelledby={id}>
      <Heading id={id}>
        <a href={postingHref(r.job_url)}>{r.job_title}</a>
        {/* A close match is under the strong set's cut: the page says so beside its title. */}
        {r.match === "close" ? <span class="match-close">Close match</span> : null}
        {/* A saved search's "What is new" marks what arrived since it was saved. */}
        {props.mark ? <span class="match-new">{props.mark}</span> : null}
      </Heading>
      <dl class="meta">
        <dt>Company</dt>
        <dd>{r.company_name || "Company not given"}</dd>
        <Detail term="Place" value={place} />
        <Detail term="Work mode" value={r.work_mode && valueLabel("remote", r.work_mode)} />
        {
          /* A type the query names lifts the postings that state it: the list shows which do
        (reviewer W52 could not tell why a Full-time cleaner led "part time cleaning"). */
        }
        <Detail term="Employment type" value={r.employment_type} />
        <Detail term="Languages" value={languagesText(r.languages)} />
        <Detail
          term="Visa"
          value={r.visa_sponsorship && valueLabel("visa_sponsorship", r.visa_sponsorship)}
        />
        {/* "Pay": an hourly posting's is said by the hour, its yearly figure after it. */}
        <Detail term="Pay" value={salary} />
        <dt>Posted</dt>
        <dd>
          {
            /* The term is read to a screen reader already ("Posted, Posted 2026-11-30" it was): the
          word is for the eye, where the terms are hidden. */
          }
          <span aria-hidden="true">Posted&nbsp;</span>
          <time datetime={r.publish_time.slice(0, 10)}>{r.publish_time.slice(0, 10)}</time>
        </dd>
        <Detail
          term="Reposts"
          value={reposts > 0 && `Reposted ${reposts} time${reposts === 1 ? "" : "s"}`}
        />
        <dt>Source</dt>
        <dd>{r.data_source}</dd>
      </dl>
    </article>
  );
}
