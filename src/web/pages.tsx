/** @jsxImportSource hono/jsx */
/**
 * The smaller pages: one posting, sign-in, the CV search's answer, and the pages' own errors
 * (404, 403, 429, 500). A posting's description is shown as text: scraped markup never runs.
 *
 * @module
 */
import { cityOrRegion, type Derived, type Job, type SearchResponse } from "../domain/job.ts";
import { yearlySalary } from "../domain/salary.ts";
import { salaryText } from "../domain/salary_text.ts";
import { valueLabel } from "../domain/value_labels.ts";
import { hintForPeople } from "../domain/hint_words.ts";
import { Description } from "./description.tsx";
import { Layout, type LayoutProps } from "./layout.tsx";
import { Detail, languagesText, placeText, ResultItem } from "./result_item.tsx";
import { CvForm } from "./search_page.tsx";

type Frame = Omit<LayoutProps, "title" | "children">;

/** Only web links are followed: a posting's `javascript:` or `data:` URL stays text. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function PostingPage(props: Frame & { job: Job; back: string; backText?: string }) {
  const job = props.job;
  const place = placeText(cityOrRegion(job), job.country);
  const yearly = yearlySalary(job.base_salary);
  // The range by its period, as the list and the alerts say it (src/domain/salary_text.ts).
  const salary = yearly
    ? salaryText({
      salary_yearly: yearly.max,
      base_salary: job.base_salary,
      employment_type: job.employment_type,
    })
    : "";
  return (
    <Layout {...props} title={job.job_title}>
      <p>
        <a href={props.back}>{props.backText ?? "Back to the search"}</a>
      </p>
      <article aria-labelledby="posting-title">
        <h1 id="posting-title">{job.job_title}</h1>
        <dl class="card">
          <dt>Company</dt>
          <dd>{job.company_name || "Company not given"}</dd>
          <Detail term="Place" value={place} />
          <Detail term="Work mode" value={job.work_mode && valueLabel("remote", job.work_mode)} />
          <Detail term="Languages" value={languagesText(job.languages)} />
          <Detail term="Pay" value={job.base_salary && (salary || job.base_salary)} />
          <dt>Posted</dt>
          <dd>{job.publish_time.slice(0, 10)}</dd>
          <Detail term="Employment type" value={job.employment_type} />
          <Detail
            term="Seniority"
            value={job.seniority && valueLabel("seniority", job.seniority)}
          />
          <Detail
            term="Visa sponsorship"
            value={job.visa_sponsorship && valueLabel("visa_sponsorship", job.visa_sponsorship)}
          />
          <dt>Source</dt>
          <dd>
            {isWebUrl(job.job_url)
              ? (
                <>
                  {`${job.data_source} · `}
                  {
                    /* The host the link leads to, not the source the posting claims: "View on
                      indeed" led wherever a pushed posting's URL said. */
                  }
                  <a href={job.job_url} rel="noopener noreferrer nofollow">
                    {`View the posting on ${URL.parse(job.job_url)?.host ?? job.job_url}`}
                  </a>
                </>
              )
              : `${job.data_source}: ${job.job_url}`}
          </dd>
        </dl>
        {job.job_tags.length > 0
          ? (
            <p aria-label="Tags">
              {job.job_tags.map((tag, i) => <span key={i} class="tag">{tag}</span>)}
            </p>
          )
          : null}
        <h2>Description</h2>
        {job.job_description
          ? <Description text={job.job_description} />
          : <div class="description">No description given.</div>}
      </article>
    </Layout>
  );
}

export function SignInPage(
  props: Frame & { next: string; error?: string; status?: string },
) {
  return (
    <Layout {...props} title="Sign in">
      <div class="narrow">
        <h1>Sign in</h1>
        {props.status ? <p class="notice" role="status">{props.status}</p> : null}
        {props.error ? <p class="error" role="alert">{props.error}</p> : null}
        <p>Sign in with your jobseek API key. Operators issue keys.</p>
        <form method="post" action="/signin">
          <input type="hidden" name="next" value={props.next} />
          <label for="field-api-key">API key</label>
          <input
            id="field-api-key"
            type="password"
            name="api_key"
            autocomplete="off"
            required
            maxlength={512}
          />
          <p>
            <button type="submit">Sign in</button>
          </p>
        </form>
      </div>
    </Layout>
  );
}

function DerivedList(props: { derived: Derived }) {
  const d = props.derived;
  const rows: [string, string][] = [
    ["Roles", d.roles.join(", ")],
    ["Skills", d.skills.join(", ")],
    ["Places", d.places.join(", ")],
    ["Seniority", d.seniority ? valueLabel("seniority", d.seniority) : ""],
  ];
  return (
    <dl class="card derived">
      {rows.map(([name, value]) => (
        <>
          <dt>
            <strong>{name}</strong>
          </dt>
          <dd>{value || "none found"}</dd>
        </>
      ))}
    </dl>
  );
}

/**
 * The CV's results in one line: its strong matches, then its close ones (reviewer W50: "12 jobs
 * match. Showing the best 20." where 8 of the 20 were close matches), as many as there are, as the
 * API and the CLI count them: the page said the close ones it showed ("then 45 close matches" of
 * 51: a person's trial, session 57).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const page = (total: number, close_total: number, strong: number, close: number) => ({
 *   total, close_total, results: [
 *     ...Array(strong).fill({ match: "strong" }), ...Array(close).fill({ match: "close" }),
 *   ],
 * }) as unknown as Parameters<typeof cvCountText>[0];
 * assert.equal(cvCountText(page(5, 51, 5, 45)), "5 jobs match, then 51 close matches. Showing the best 50.");
 * assert.equal(cvCountText(page(1, 0, 1, 0)), "1 job matches. Showing the best 1.");
 * assert.equal(cvCountText(page(0, 70, 0, 50)), "No strong match; 70 close matches, the best 50 shown.");
 * assert.equal(cvCountText(page(0, 3, 0, 3)), "No strong match; the 3 closest are shown.");
 * assert.equal(cvCountText(page(0, 0, 0, 0)), "No jobs match.");
 * ```
 */
export function cvCountText(r: SearchResponse): string {
  const close = r.close_total ?? r.results.filter((result) => result.match === "close").length;
  const then = close > 0 ? `, then ${close} close match${close === 1 ? "" : "es"}` : "";
  if (r.total === 0) {
    if (close === 0) return "No jobs match.";
    return close > r.results.length
      ? `No strong match; ${close} close matches, the best ${r.results.length} shown.`
      : `No strong match; the ${close} closest are shown.`;
  }
  return `${r.total} ${
    r.total === 1 ? "job matches" : "jobs match"
  }${then}. Showing the best ${r.results.length}.`;
}

export function CvResultsPage(
  props: Frame & {
    fileName: string;
    cut: number;
    response: SearchResponse;
  },
) {
  const r = props.response;
  return (
    <Layout {...props} title="Search by CV">
      <h1>Jobs for your CV</h1>
      <p>{`Read from ${props.fileName}.`}</p>
      {props.cut > 0
        ? (
          <p class="notice">
            {`The CV was long: its last ${
              props.cut.toLocaleString("en")
            } characters were not read.`}
          </p>
        )
        : null}
      <h2>What the search took from your CV</h2>
      {r.derived ? <DerivedList derived={r.derived} /> : <p>Nothing could be derived.</p>}
      <p id="count" class="count-line" role="status" aria-live="polite">
        {cvCountText(r)}
      </p>
      {r.hint ? <p class="notice">{cvHint(r)}</p> : null}
      <ol class="results">
        {r.results.map((result, index) => (
          <li>
            <ResultItem result={result} index={index} />
          </li>
        ))}
      </ol>
      <CvForm formToken={props.formToken} />
    </Layout>
  );
}

/**
 * The search's hint in the page's words: where no role was read, what this form offers (the hint
 * said "give `q` beside it", a name of the API's, shown raw: reviewer W51).
 */
function cvHint(r: SearchResponse): string {
  if (r.results.length === 0 && (r.derived?.roles.length ?? 0) === 0) {
    return "No role could be read from your CV: say the work you want in the box below " +
      "(“staff nurse”), or add a line such as “I am looking for a job as a nurse” to the CV.";
  }
  // The CV form has no filters: what narrows by type or level is the search page's.
  if (/names no work, so the CV's roles are searched alone/.test(r.hint ?? "")) {
    return (r.hint ?? "").replace(/; `employment_type`.*$/, ".").replace("the CV's", "your CV's");
  }
  // The CV form takes no place: the search page's words do ("nurse in Leeds").
  return hintForPeople(r.hint ?? "", "below").replace(
    /([Gg])ive near, city or country(?:, or name a place in q,)? to search (there|elsewhere)\./,
    (_, g: string, where: string) =>
      `${g === "G" ? "Search" : "search"} for the work and a place on the search page ` +
      `(“nurse in Leeds”) to look ${where}.`,
  );
}

/**
 * `/signout` typed or bookmarked (reviewer W50: "Page not found"): signing out changes state, so it
 * is a button, as in the header, never the visit itself.
 */
export function SignOutPage(props: Frame) {
  return (
    <Layout {...props} title="Sign out">
      <h1>Sign out?</h1>
      <p>{`You are signed in as ${props.signedInAs ?? ""}.`}</p>
      <form method="post" action="/signout">
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <button type="submit">Sign out</button>
      </form>
      <p>
        <a href="/">Go to the search</a>
      </p>
    </Layout>
  );
}

export function MessagePage(
  props: Frame & { title: string; message: string; link?: { href: string; text: string } },
) {
  return (
    <Layout {...props} title={props.title}>
      <h1>{props.title}</h1>
      <p>{props.message}</p>
      {props.link
        ? (
          <p>
            <a href={props.link.href}>{props.link.text}</a>
          </p>
        )
        : (
          <p>
            <a href="/">Go to the search</a>
          </p>
        )}
    </Layout>
  );
}
