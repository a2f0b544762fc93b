/**
 * A search refused for several fields at once (session 39): the page says each, at the top of the
 * form and beside its field, with the words REST gives for that field alone; REST answers one
 * error, as the spec says. In process, over the real search service (the fixture postings), the
 * page and REST both through the app.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { DOMParser } from "linkedom";
import { errorInWords } from "../src/web/search_page.tsx";
import { createTestSearch, defaultTestJobs, type TestSearch } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";
import { signIn, startTestWeb } from "./web_client.ts";

let shared: Promise<TestSearch> | undefined;
function testSearch(): Promise<TestSearch> {
  shared ??= (async () => createTestSearch({ jobs: await defaultTestJobs() }))();
  return shared;
}

/** A value each field refuses, and the field's place in the form (top to bottom). */
const WRONG: [name: string, value: string][] = [
  ["salary_min", "abc"],
  ["near", "Torontoo"],
  ["radius_km", "-5"],
  ["since", "2026-13-45"],
  ["added_since", "garbage"],
];

function pageOf(html: string) {
  return new DOMParser().parseFromString(html, "text/html");
}

/** The summary's items: each link's target and words. */
function summaryItems(html: string): { href: string | null; text: string }[] {
  return [...pageOf(html).querySelectorAll("#error-summary li")].map((li) => ({
    href: li.querySelector("a")?.getAttribute("href") ?? null,
    text: li.textContent ?? "",
  }));
}

Deno.test("a search wrong in three fields lists each refusal, linked to its field; REST says one", async () => {
  const search = await testSearch();
  const web = await startTestWeb(search);
  const rest = await startTestServer(search.store, search.service);
  try {
    const cookie = await signIn(web, web.userKey);
    const query = "q=nurse&since=2026-13-45&salary_min=abc&radius_km=5";
    const response = await web.request(`/?${query}`, { cookie });
    assert.equal(response.status, 400);
    const html = await response.text();
    // In the form's order (salary, radius, posted since), not the URL's.
    assert.deepEqual(summaryItems(html), [
      { href: "#field-salary_min", text: "“Yearly salary at least”: must be a number" },
      {
        href: "#field-radius_km",
        text: "“Radius (km)”: it only applies with “Near (city)” (the place to search around, " +
          "or a place the query's words ask for near); give “Near (city)” too, or leave " +
          "“Radius (km)” out",
      },
      { href: "#field-since", text: "“Posted since”: is not a valid date/time" },
    ]);
    const page = pageOf(html);
    assert.equal(page.querySelectorAll("[aria-invalid=true]").length, 3);
    for (const name of ["salary_min", "radius_km", "since"]) {
      const field = page.querySelector(`#field-${name}`);
      assert.equal(field?.getAttribute("aria-invalid"), "true", name);
      assert.match(
        page.querySelector(`#${field?.getAttribute("aria-describedby")}`)?.textContent ?? "",
        /^Error: “/,
        name,
      );
    }
    assert.match(page.querySelector("title")?.textContent ?? "", /^Error: nurse: search/);
    // REST: one error, the spec's body.
    const refused = await rest.fetch(`/v1/search?${query}`, { headers: { "x-api-key": rest.key } });
    assert.equal(refused.status, 400);
    const body = await refused.json();
    assert.deepEqual(Object.keys(body).sort(), ["error", "error_code", "request_id"]);
    assert.equal(body.error_code, "INVALID_PARAMETER");
    assert.match(body.error, /^Invalid parameter '(since|salary_min|radius_km)': /);
  } finally {
    web.close();
    await rest.close();
  }
});

Deno.test("a place the search does not know, beside a radius: the place is refused, not the radius", async () => {
  const web = await startTestWeb(await testSearch());
  try {
    const cookie = await signIn(web, web.userKey);
    const html = await (await web.request("/?q=nurse&near=Torontoo&radius_km=10", { cookie }))
      .text();
    // Taking "near" out to judge the rest must not make the radius alone, and refused.
    assert.deepEqual(summaryItems(html).map((item) => item.href), ["#field-near"]);
  } finally {
    web.close();
  }
});

Deno.test("property: the page lists exactly the fields at fault, in the form's order, each in the words it has alone", async () => {
  const web = await startTestWeb(await testSearch());
  try {
    const cookie = await signIn(web, web.userKey);
    /** The summary's one item for each field wrong alone. */
    const alone = new Map<string, string>();
    for (const [name, value] of WRONG) {
      const fields = new URLSearchParams({ q: "nurse", near: "Leeds" });
      fields.set(name, value);
      const items = summaryItems(await (await web.request(`/?${fields}`, { cookie })).text());
      assert.equal(items.length, 1, name);
      alone.set(name, items[0].text);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(WRONG, { minLength: 1 }),
        async (chosen) => {
          // A good place unless the place is one of the wrong fields (a radius needs one).
          const fields = new URLSearchParams([["q", "nurse"], ...chosen]);
          if (!fields.has("near")) fields.set("near", "Leeds");
          const response = await web.request(`/?${fields}`, { cookie });
          assert.equal(response.status, 400);
          const items = summaryItems(await response.text());
          const expected = WRONG.filter(([name]) => chosen.some(([c]) => c === name));
          assert.deepEqual(
            items,
            expected.map(([name]) => ({ href: `#field-${name}`, text: alone.get(name) })),
          );
        },
      ),
      { numRuns: 25 },
    );
  } finally {
    web.close();
  }
});

Deno.test("errorInWords() names each field by its label", () => {
  assert.equal(
    errorInWords("Invalid parameter 'since': is not a valid date/time"),
    "“Posted since”: is not a valid date/time",
  );
});
