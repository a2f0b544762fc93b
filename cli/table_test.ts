import { strict as assert } from "node:assert";
import { renderTable, type TableColumn } from "./table.ts";
import { formatResults } from "./commands/search.ts";
import type { SearchResponse } from "../src/domain/job.ts";

const COLUMNS: TableColumn[] = [
  { header: "#", align: "right" },
  { header: "title", minWidth: 8 },
  { header: "company", minWidth: 6 },
  { header: "score", align: "right" },
];

const ROWS = [
  [
    "1",
    "Principal Distributed Systems Engineer, Storage Infrastructure",
    "Globex Corporation",
    "0.91",
  ],
  ["10", "Nurse", "St. Mary's Hospital and Medical Center", "0.42"],
];

Deno.test("renderTable() keeps every line within the width by shrinking the widest column", () => {
  for (const width of [100, 60, 40, 30]) {
    const lines = renderTable(COLUMNS, ROWS, width).trimEnd().split("\n");
    assert.equal(lines.length, 3);
    for (const line of lines) assert.ok(line.length <= width, `${line.length} > ${width}: ${line}`);
  }
  const narrow = renderTable(COLUMNS, ROWS, 40);
  assert.match(narrow, /Princip.*…/);
  assert.match(narrow, / 0\.91\n/);
});

Deno.test("renderTable() does not pad a table that already fits", () => {
  assert.equal(
    renderTable([{ header: "a" }, { header: "bb", align: "right" }], [["x", "1"]], 80),
    "a  bb\nx   1\n",
  );
});

Deno.test("renderTable() stops at the minimum widths rather than hide a column", () => {
  const lines = renderTable(COLUMNS, ROWS, 10).trimEnd().split("\n");
  // '#' 2 + title 8 + company 7 (header) + score 5 + 3 gaps of 2.
  for (const line of lines) assert.ok(line.length <= 28, line);
  assert.match(lines[0], /title/);
});

Deno.test("formatResults() numbers rows from the offset and reports the page", () => {
  const response: SearchResponse = {
    request_id: crypto.randomUUID(),
    total: 23,
    search_time_ms: 4,
    results: [{
      score: 0.8765,
      job_title: "Backend Engineer",
      city: "Berlin",
      company_name: "Acme",
      publish_time: "2024-05-01 09:30:00",
      base_salary: "60000.0-80000.0 EUR/YEAR",
      job_url: "https://jobs.example.com/1",
      job_tags: [],
      data_source: "linkedin",
    }],
  };
  const text = formatResults(response, 20, 120);
  assert.match(text, /^ # {2}title\s+company\s+city\s+date\s+salary\s+score\n/);
  assert.match(
    text,
    /21 {2}Backend Engineer {2}Acme\s+Berlin {2}2024-05-01 {2}60k-80k EUR\/yr\s+0\.88\n/,
  );
  assert.match(text, /Showing 21-21 of 23\n$/);
  assert.ok(!text.includes("https://"), "summary output has no detail blocks");

  const full = formatResults(
    {
      ...response,
      results: [{ ...response.results[0], job_description: "Build APIs.\nShip often." }],
    },
    0,
    120,
  );
  assert.match(full, /\[1\] Backend Engineer — Acme, Berlin\n/);
  assert.match(full, / {4}https:\/\/jobs\.example\.com\/1\n/);
  assert.match(full, / {4}Build APIs\.\n {4}Ship often\.\n/);

  assert.equal(
    formatResults({ ...response, total: 0, results: [] }, 0, 120),
    "No matching jobs.\n",
  );
  assert.equal(
    formatResults({ ...response, results: [] }, 40, 120),
    "No results at offset 40: the search found 23.\n",
  );

  // Newest first lists the strong matches alone and says how to see the close ones.
  const withClose = { ...response, close_total: 7 };
  assert.match(
    formatResults(withClose, 20, 120, "date"),
    /Showing 21-21 of 23\nAlso 7 close matches: --sort relevance lists them after the strong ones\.\n$/,
  );
  assert.match(
    formatResults({ ...withClose, close_total: 1 }, 20, 120, "date"),
    /Also 1 close match: --sort relevance/,
  );
  // Relevance order lists them itself.
  const ranked = formatResults(withClose, 20, 120, "relevance");
  assert.match(ranked, /Showing 21-21 of 30 \(23 strong, 7 close\)\n$/);
  assert.ok(!ranked.includes("--sort relevance"), ranked);
});

Deno.test("renderTable() leaves out droppable columns, lowest rank first, when minimums overflow", () => {
  const columns: TableColumn[] = [
    { header: "title", minWidth: 10 },
    { header: "salary", minWidth: 8, dropRank: 1 },
    { header: "city", minWidth: 6, dropRank: 2 },
  ];
  const rows = [["Registered Nurse - ICU", "70k-95k USD/yr", "Austin"]];
  assert.equal(renderTable(columns, rows, 22), "title           city\nRegistered Nu…  Austin\n");
  assert.equal(renderTable(columns, rows, 12), "title\nRegistered…\n");
  assert.equal(
    renderTable(columns, rows, 28),
    "title       salary    city\nRegistere…  70k-95k…  Austin\n",
  );
});
