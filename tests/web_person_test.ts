/**
 * The page as a person meets it (session 38). A refused search is said at the top of the form in
 * an error summary that links to the field, and beside the field, each naming the field by the
 * label the form shows ("Yearly salary at least"), never by REST's parameter ('salary_min'), while
 * REST keeps its own text; an empty list offers the words without the place that emptied it; a
 * day picked is said as a day; a list with nothing to narrow by has no empty column. In process,
 * on the real web app and search service.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { DOMParser } from "linkedom";
import { JobseekError } from "../src/domain/errors.ts";
import { parseSearchQuery, REST_SEARCH_PARAMS } from "../src/domain/search_query.ts";
import { fieldLabel } from "../src/domain/param_labels.ts";
import { errorInWords } from "../src/web/search_page.tsx";
import { createTestSearch, type TestSearch } from "./helpers.ts";
import { pageAt, signIn, startTestWeb } from "./web_client.ts";

let shared: Promise<TestSearch> | undefined;

async function startWeb() {
  return await startTestWeb(await (shared ??= createTestSearch()), {
    keyOptions: { rateLimit: 100_000 },
  });
}

/** Refused searches a person can make on the form, and the field each is about. */
const REFUSED: [string, string][] = [
  ["/?q=nurse&near=Torontoo", "near"],
  ["/?q=nurse&since=2026-13-45", "since"],
  ["/?q=nurse&added_since=garbage", "added_since"],
  ["/?q=nurse&radius_km=50", "radius_km"],
  ["/?q=nurse&near=Leeds&radius_km=-4", "radius_km"],
  ["/?q=nurse&salary_min=lots", "salary_min"],
  ["/?q=nurse&sort=cheapest", "sort"],
  [`/?q=${"nurse ".repeat(200)}`, "q"],
];

Deno.test("a refused search is said at the top of the form, linked to its field, and beside it", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    for (const [url, field] of REFUSED) {
      const response = await web.request(url, { cookie });
      assert.equal(response.status, 400, url);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      // The tab's title says so first, as GOV.UK's pages do.
      assert.match(page.querySelector("title")?.textContent ?? "", /^Error: /, url);
      // The summary is the form's first child: at the top, above the filters and the results.
      const form = page.querySelector("form#search");
      assert.equal(form?.firstElementChild?.id, "error-summary", url);
      const summary = page.querySelector("#error-summary .error-summary");
      assert.equal(summary?.getAttribute("tabindex"), "-1", url);
      assert.equal(summary?.querySelector("[role=alert] h2")?.textContent, "There is a problem");
      const link = summary?.querySelector("li a");
      assert.equal(link?.getAttribute("href"), `#field-${field}`, url);
      // Named by the label the form shows beside the field, never by REST's parameter.
      const label = page.querySelector(`label[for=field-${field}]`)?.textContent ?? "";
      assert.equal(label, fieldLabel(field), url);
      const said = link?.textContent ?? "";
      assert.ok(said.startsWith(`“${label}”: `), `${url}: ${said}`);
      assert.ok(!said.includes("Invalid parameter"), said);
      for (const param of REST_SEARCH_PARAMS) assert.ok(!said.includes(`'${param}'`), said);
      // Beside the field, between its label and itself, and what the field is described by.
      const input = page.querySelector(`#field-${field}`);
      const beside = page.querySelector(`#${input?.getAttribute("aria-describedby")}`);
      assert.equal(beside?.getAttribute("class"), "field-error", url);
      assert.equal(beside?.nextElementSibling, input, url);
      assert.equal(beside?.textContent, `Error: ${said}`, url);
      // The results region holds no second copy of it.
      assert.doesNotMatch(page.querySelector("#results")?.textContent ?? "", /Invalid|“/, url);
    }
  } finally {
    web.close();
  }
});

Deno.test("the tab's title names a long query cut short, never the whole of a refused one", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const titleOf = async (q: string) => {
      const response = await web.request(`/?q=${encodeURIComponent(q)}`, { cookie });
      const title = new DOMParser().parseFromString(await response.text(), "text/html")
        .querySelector("title")?.textContent ?? "";
      return { status: response.status, title };
    };
    // Over 1,000 characters: refused, and its title repeated all 1,200 of them.
    const long = await titleOf("nurse ".repeat(200));
    assert.equal(long.status, 400);
    assert.equal(long.title, `Error: ${"nurse ".repeat(10).trim()}…: search · jobseek`);
    // Cut between code points, never inside one.
    const faces = await titleOf("😀".repeat(70));
    assert.equal(faces.title, `${"😀".repeat(60)}…: search · jobseek`);
    // A query that fits is named whole.
    const short = await titleOf("registered nurse in leeds");
    assert.equal(short.title, "registered nurse in leeds: search · jobseek");
  } finally {
    web.close();
  }
});

Deno.test("an accepted search swaps in an empty error summary, which takes the last one away", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const html = await (await web.request("/?q=nurse", { cookie })).text();
    const page = new DOMParser().parseFromString(html, "text/html");
    // htmx swaps `#error-summary` out of band with the results: it must be in every answer.
    assert.match(
      page.querySelector("form#search")?.getAttribute("hx-select-oob") ?? "",
      /#error-summary/,
    );
    assert.equal(page.querySelector("#error-summary")?.innerHTML, "");
    assert.equal(page.querySelectorAll(".field-error").length, 0);
    assert.doesNotMatch(page.querySelector("title")?.textContent ?? "", /Error/);
  } finally {
    web.close();
  }
});

Deno.test("a live search swaps in the header's account, so a tab says which key it now acts as", async () => {
  const web = await startWeb();
  try {
    // Another tab signed out and in with another key: this tab's next live search acts as that
    // key (the cookie is the browser's), so its header must say so, and its sign-out carry the
    // new session's token, as the save box swapped beside it does (reviewer W50).
    const cookie = await signIn(web, web.userKey);
    const { page } = await pageAt(web, "/?q=nurse", { cookie });
    assert.match(
      page.querySelector("form#search")?.getAttribute("hx-select-oob") ?? "",
      /(^|,)#account(,|$)/,
    );
    const account = page.querySelector("#account");
    assert.match(account?.textContent ?? "", /Signed in as/);
    const signOutToken = account?.querySelector("form[action='/signout'] input[name=csrf]");
    const saveToken = page.querySelector("#save-search input[name=csrf]");
    assert.ok(signOutToken?.getAttribute("value"));
    assert.equal(signOutToken?.getAttribute("value"), saveToken?.getAttribute("value"));
    // The CV form too: its token had stayed the old session's (reviewer C51).
    assert.match(
      page.querySelector("form#search")?.getAttribute("hx-select-oob") ?? "",
      /(^|,)#cv-csrf(,|$)/,
    );
    // Its token alone: swapping the whole form cleared a file being chosen (reviewer R51b).
    const cvToken = page.querySelector("form[action='/cv'] input#cv-csrf[name=csrf]");
    assert.equal(cvToken?.getAttribute("value"), saveToken?.getAttribute("value"));
  } finally {
    web.close();
  }
});

Deno.test("a refusal that no field of the form holds is said without a link", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    // A hand-made URL's `source` rides along hidden: the summary says it, and links nowhere.
    const response = await web.request("/?q=nurse&source=monster", { cookie });
    assert.equal(response.status, 400);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const item = page.querySelector("#error-summary li");
    assert.equal(item?.textContent, "“Source”: must be one of indeed, linkedin, glassdoor");
    assert.equal(item?.querySelector("a")?.outerHTML ?? null, null);
  } finally {
    web.close();
  }
});

Deno.test("the value a person typed is shown escaped in the summary and beside the field", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const hostile = `<img src=x onerror=alert(1)>'near'`;
    const response = await web.request(`/?q=nurse&near=${encodeURIComponent(hostile)}`, {
      cookie,
    });
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.ok(!html.includes("<img src=x"), "the value is not escaped");
    const page = new DOMParser().parseFromString(html, "text/html");
    // The value, quoted after "called", is left as typed, even where it spells a parameter.
    assert.ok(
      (page.querySelector("#error-summary li")?.textContent ?? "").includes(
        `no place called '${hostile}' is known`,
      ),
    );
  } finally {
    web.close();
  }
});

Deno.test("REST's error text is unchanged: the page alone says the labels", async () => {
  const web = await startWeb();
  try {
    const response = await web.request("/v1/search?q=nurse&salary_min=lots", {
      headers: { "x-api-key": web.userKey },
    });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error, "Invalid parameter 'salary_min': must be a number");
  } finally {
    web.close();
  }
});

Deno.test("errorInWords: any refusal of the form's fields names each parameter by its label", () => {
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("-1", "abc", "2026-13-45", "1e999", " ", "near", "'radius_km'", "2026-02-30"),
  );
  fc.assert(
    fc.property(
      fc.record({
        salary_min: value,
        since: value,
        added_since: value,
        radius_km: value,
        sort: value,
        company: fc.string({ maxLength: 250 }),
      }, { requiredKeys: [] }),
      fc.boolean(),
      (fields, withQuery) => {
        let error: JobseekError;
        try {
          parseSearchQuery(withQuery ? { q: "nurse", ...fields } : { q: " x", ...fields }, "q");
          return;
        } catch (thrown) {
          if (!(thrown instanceof JobseekError)) throw thrown;
          error = thrown;
        }
        const said = errorInWords(error.message);
        // REST's text names the parameter; the page's, its field.
        assert.ok(error.message.includes(`'${error.param}'`) || error.param === "source");
        assert.ok(said.startsWith(`“${fieldLabel(error.param!)}”: `), said);
        for (const param of REST_SEARCH_PARAMS) {
          assert.ok(!said.includes(`'${param}'`), `${said} names '${param}'`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("a place in the words that empties the list is one link away from the words elsewhere", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const html = await (await web.request("/?q=barista+in+Chicago&sort=relevance", { cookie }))
      .text();
    const page = new DOMParser().parseFromString(html, "text/html");
    const link = [...page.querySelectorAll(".notice a")].find((a) =>
      a.textContent === "Search again without “Chicago”"
    );
    // "barista in Chicago" without "Chicago" is "barista", not "barista in"; the order kept.
    assert.equal(link?.getAttribute("href"), "/?q=barista&sort=relevance", html);
    const elsewhere = await web.request(link!.getAttribute("href")!, { cookie });
    assert.equal(elsewhere.status, 200);
    assert.match(await elsewhere.text(), /jobs? match/);
  } finally {
    web.close();
  }
});

Deno.test("a list with nothing to narrow by has no empty facets column; a day is said as a day", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const none = new DOMParser().parseFromString(
      await (await web.request("/?q=barista+in+Chicago", { cookie })).text(),
      "text/html",
    );
    assert.equal(none.querySelector("#results")?.getAttribute("class"), "layout no-facets");
    assert.equal(none.querySelector("#results aside")?.outerHTML ?? null, null);
    const some = new DOMParser().parseFromString(
      await (await web.request("/?q=nurse&since=2020-01-01", { cookie })).text(),
      "text/html",
    );
    assert.equal(some.querySelector("#results")?.getAttribute("class"), "layout");
    assert.ok(some.querySelector("#results aside.facets details.narrow"));
    // The form's date field took a day: the filters applied say that day, not its midnight.
    const applied = some.querySelector(".applied ul")?.textContent ?? "";
    assert.match(applied, /posted since: 2020-01-01 Remove “Posted since”/);
    assert.doesNotMatch(applied, /00:00:00/);
    // A time given by hand stays.
    const timed = await (await web.request("/?q=nurse&since=2020-01-01+12:30:00", { cookie }))
      .text();
    assert.match(timed, /posted since: 2020-01-01 12:30:00/);
  } finally {
    web.close();
  }
});

Deno.test("a company in the words that empties the list is one link away, never a parameter's name", async () => {
  // "nurse jobs at Amazon" with Amazon excluded linked "Search again without “query_company”" to
  // the same search (reviewer W, session 38).
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const html = await (await web.request(
      "/?q=nurse+at+Silverton+Health+System&exclude_company=Silverton+Health+System&sort=relevance",
      { cookie },
    )).text();
    const page = new DOMParser().parseFromString(html, "text/html");
    const links = [...page.querySelectorAll(".notice a")];
    assert.ok(links.length > 0, html);
    for (const link of links) {
      assert.doesNotMatch(link.textContent ?? "", /query_|_company/, html);
      assert.notEqual(
        link.getAttribute("href"),
        "/?q=nurse+at+Silverton+Health+System&exclude_company=Silverton+Health+System&sort=relevance",
      );
    }
    assert.doesNotMatch(page.querySelector(".notice")?.textContent ?? "", /query_company/);
  } finally {
    web.close();
  }
});
