import { strict as assert } from "node:assert";
import { jobIdFromUrl } from "../domain/job.ts";
import { openStore } from "../store/store.ts";
import {
  capDescription,
  isHttpUrl,
  jobFromFields,
  MAX_DESCRIPTION_BYTES,
  parsePublishTime,
} from "./import_row.ts";

Deno.test("parsePublishTime() completes dates and converts times to UTC", () => {
  assert.equal(parsePublishTime("2024-04-16"), "2024-04-16 00:00:00");
  assert.equal(parsePublishTime(" 2024-04-16 "), "2024-04-16 00:00:00");
  assert.equal(parsePublishTime("2024-04-16 13:05:09"), "2024-04-16 13:05:09");
  assert.equal(parsePublishTime("2024-04-16 13:05"), "2024-04-16 13:05:00");
  assert.equal(parsePublishTime("2024-04-16T13:05:09Z"), "2024-04-16 13:05:09");
  assert.equal(parsePublishTime("2024-04-16T13:05:09.123Z"), "2024-04-16 13:05:09");
  assert.equal(parsePublishTime("2024-04-16T01:00:00+02:00"), "2024-04-15 23:00:00");
  assert.equal(parsePublishTime("2024-04-16T22:30:00-0230"), "2024-04-17 01:00:00");
  assert.equal(parsePublishTime("4/2/2023"), "2023-04-02 00:00:00");
  assert.equal(parsePublishTime("11/21/2024"), "2024-11-21 00:00:00");
  assert.equal(parsePublishTime("21/11/2024"), "2024-11-21 00:00:00");
});

Deno.test("parsePublishTime() rejects texts that are no real date", () => {
  for (
    const text of [
      "",
      "yesterday",
      "2024-13-01",
      "2024-02-30",
      "2023-02-29",
      "24-04-16",
      "4/2/23",
      "13/13/2024",
      "2024-04-16 25:00:00",
      "1900-01-01",
    ]
  ) {
    assert.equal(parsePublishTime(text), null, text);
  }
  assert.equal(parsePublishTime("2024-02-29"), "2024-02-29 00:00:00");
});

Deno.test("capDescription() keeps texts that fit and cuts others by stored and JSON size", () => {
  assert.equal(capDescription(" keep me \n"), "keep me");
  const ascii = "x".repeat(MAX_DESCRIPTION_BYTES);
  assert.equal(capDescription(ascii), ascii);
  const cutAscii = capDescription(ascii + "y");
  assert.equal(cutAscii, "x".repeat(MAX_DESCRIPTION_BYTES - 3) + "...");
  // Latin-1 "é" is one stored byte but two UTF-8 bytes.
  const latin1 = "é".repeat(MAX_DESCRIPTION_BYTES / 2);
  assert.equal(capDescription(latin1), latin1);
  assert.equal(
    capDescription(latin1 + "x").length,
    Math.floor((MAX_DESCRIPTION_BYTES - 3) / 2) + 3,
  );
  // "’" is two stored bytes and three UTF-8 bytes.
  const quotes = "’".repeat((MAX_DESCRIPTION_BYTES - 3) / 3);
  assert.equal(capDescription(quotes), quotes);
  assert.equal(capDescription(quotes + "’’’").length, quotes.length + 3);
  // Beyond Latin-1 every character is stored in two bytes.
  assert.equal(capDescription("’" + "a".repeat(60_000)).length, MAX_DESCRIPTION_BYTES / 2);
  // A surrogate pair is never cut in half.
  const cut = capDescription("😀".repeat(MAX_DESCRIPTION_BYTES));
  assert.ok(cut.endsWith("😀..."));
});

Deno.test("capDescription() output fits in a Deno KV value with the rest of a posting", async () => {
  const store = await openStore(":memory:");
  try {
    const texts = [
      "a".repeat(200_000),
      "’" + "a".repeat(200_000),
      "😀".repeat(100_000),
      "求人".repeat(50_000),
      '"quoted"\n'.repeat(20_000),
    ];
    for (const [i, text] of texts.entries()) {
      const url = `https://www.indeed.com/viewjob?jk=${i}`;
      const counts = await store.postings.upsertJobs([{
        id: await jobIdFromUrl(url),
        job_title: "Ünïcode title ’".repeat(10),
        company_name: "ACME",
        city: "Berlin",
        country: "DE",
        publish_time: "2024-01-01 00:00:00",
        job_url: url,
        job_tags: ["Python", "Docker", "Kubernetes", "AWS", "Remote"],
        data_source: "indeed",
        job_description: capDescription(text),
      }]);
      assert.equal(counts.inserted, 1);
    }
  } finally {
    store.close();
  }
});

Deno.test("isHttpUrl() accepts absolute http(s) links only", () => {
  assert.ok(isHttpUrl("https://www.indeed.com/viewjob?jk=1"));
  assert.ok(isHttpUrl("http://example.org/x"));
  assert.ok(!isHttpUrl("ftp://example.org/x"));
  assert.ok(!isHttpUrl("javascript:alert(1)"));
  assert.ok(!isHttpUrl("https://localhost/x"));
  assert.ok(!isHttpUrl("www.indeed.com/viewjob"));
  assert.ok(!isHttpUrl("https://exa mple.org"));
});

Deno.test("jobFromFields() keeps a region, by its English name, only where no city is named", async () => {
  const fields = {
    job_title: "Staff Nurse",
    company_name: "Clinic",
    publish_time: "2024-05-01 00:00:00",
    job_url: "https://in.indeed.com/1",
    job_tags: [],
    data_source: "indeed",
    job_description: "Nursing.",
  };
  const regionOf = async (extra: Record<string, unknown>, written?: string) => {
    const row = await jobFromFields({ ...fields, ...extra }, 2, { region: written });
    assert.equal(row.kind, "job");
    return row.kind === "job" ? row.job.region : null;
  };
  // A CSV's location ("MH, IN") and a JSON Lines row's own field, in any case or spelling.
  assert.equal(await regionOf({ city: "", country: "IN" }, "MH"), "Maharashtra");
  assert.equal(await regionOf({ city: "", country: "IN", region: "maharashtra" }), "Maharashtra");
  assert.equal(await regionOf({ city: "", country: "DE", region: "Bayern" }), "Bavaria");
  // A city is where the posting is: its region comes from the city's place, not the row.
  assert.equal(await regionOf({ city: "Thane", country: "IN" }, "MH"), undefined);
  assert.equal(await regionOf({ city: "Pune", country: "IN", region: "MH" }), undefined);
  // A region of another country, one no table knows, or no country to place it in: none.
  assert.equal(await regionOf({ city: "", country: "GB" }, "MH"), undefined);
  assert.equal(await regionOf({ city: "", country: "IN", region: "Atlantis" }), undefined);
  assert.equal(await regionOf({ city: "" }, "MH"), undefined);
  assert.equal(await regionOf({ city: "", country: "IN", region: "" }), undefined);
});

Deno.test("jobFromFields() shows a title's and a company's character references as the characters", async () => {
  const posting = async (job_title: string, company_name: string) => {
    const row = await jobFromFields({
      job_title,
      company_name,
      city: "Berlin",
      publish_time: "2024-05-01 00:00:00",
      job_url: "https://de.linkedin.com/jobs/view/1",
      job_tags: [],
      data_source: "linkedin",
      job_description: "Audio &amp; Video.",
    }, 2);
    assert.equal(row.kind, "job");
    return row.kind === "job" ? row.job : null;
  };
  // As the real files hold them (linkedin, Berlin).
  const twice = await posting("Full-stack developer: Sports startup &amp;#8211; MB20", "Q &amp; A");
  assert.equal(twice?.job_title, "Full-stack developer: Sports startup – MB20");
  assert.equal(twice?.company_name, "Q & A");
  // The description is Markdown, whose reader decodes them where it is shown.
  assert.equal(twice?.job_description, "Audio &amp; Video.");
  // What a reference decodes to is cleaned as any text is: no escape sequence reaches a terminal.
  const hostile = await posting("Nurse&#27;]0;pwned&#7; &#x202e;ICU", "AT&T R&D");
  assert.equal(hostile?.job_title, "Nurse ICU");
  assert.equal(hostile?.company_name, "AT&T R&D");
});

Deno.test("jobFromFields() refuses a title of spaces and a posting dated ahead, as an operator's trial pushed them", async () => {
  const now = Date.UTC(2026, 11, 3, 18);
  const row = (extra: Record<string, unknown>) =>
    jobFromFields(
      {
        job_title: "Nurse",
        company_name: "Clinic",
        city: "Leeds",
        publish_time: "2026-12-01 00:00:00",
        job_url: "https://uk.indeed.com/1",
        job_tags: [],
        data_source: "indeed",
        job_description: "Care.",
        ...extra,
      },
      2,
      { now },
    );
  assert.deepEqual(await row({ job_title: "  \t " }), {
    kind: "invalid",
    line: 2,
    reason: "no title",
  });
  // Nor a title of invisible characters, written or referenced (reviewer C58).
  for (const invisible of ["\u200b", "&#8203;", "&shy; &zwnj;", "&#0;", "\u2800", "- * -"]) {
    assert.deepEqual(await row({ job_title: invisible }), {
      kind: "invalid",
      line: 2,
      reason: "no title",
    }, invisible);
  }
  const spaced = await row({ job_title: "  Staff   Nurse ", company_name: " Clinic\t" });
  assert.equal(spaced.kind === "job" && spaced.job.job_title, "Staff Nurse");
  assert.equal(spaced.kind === "job" && spaced.job.company_name, "Clinic");
  assert.deepEqual(await row({ publish_time: "2099-12-31 00:00:00" }), {
    kind: "invalid",
    line: 2,
    reason:
      "publish_time 2099-12-31 00:00:00 is in the future (more than a day after 2026-12-03 18:00:00 UTC)",
  });
  // A day's grace for a board's time zone.
  assert.equal((await row({ publish_time: "2026-12-04 09:00:00" })).kind, "job");
});

Deno.test("jobFromFields() refuses a pay range whose minimum is above its maximum, naming both", async () => {
  const fields = {
    job_title: "Nurse",
    company_name: "Clinic",
    city: "Leeds",
    publish_time: "2026-11-20 00:00:00",
    job_url: "https://example.com/job/1",
    job_tags: [],
    data_source: "indeed",
    job_description: "Care for patients.",
  };
  const inverted = await jobFromFields({ ...fields, base_salary: "50000.0-40000.0 GBP/YEAR" }, 3);
  assert.deepEqual(inverted, {
    kind: "invalid",
    line: 3,
    reason: "base_salary: its minimum is above its maximum (50000.0-40000.0 GBP/YEAR)",
  });
  for (const pay of ["40000.0-50000.0 GBP/YEAR", "12.5-12.5 GBP/HOUR"]) {
    const row = await jobFromFields({ ...fields, base_salary: pay }, 4);
    assert.equal(row.kind, "job", pay);
  }
});
