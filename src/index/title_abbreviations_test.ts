/**
 * Abbreviations in job titles written out (src/index/title_abbreviations.ts): where a title has
 * one, the encoder and the keyword side read the role it stands for; where it has none, nothing
 * changes; the readings that collide with other meanings stay as written.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { MINILM_L6_INT8 } from "../model/catalog.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { assembleIndexData } from "./job_index_data.ts";
import { JobIndex } from "./job_index.ts";
import { roleTextOf } from "./role_text.ts";
import { writtenOut, writtenOutWords } from "./title_abbreviations.ts";

Deno.test("titles' abbreviations are written out, in the role the encoder reads", () => {
  const cases: [string, string][] = [
    ["RN - Med/Surg", "Registered Nurse - Med/Surg"],
    ["LPN/RN- 10hrs", "Licensed Practical Nurse/Registered Nurse- 10hrs"],
    ["HGV Class 1 Driver", "Heavy Goods Vehicle Class 1 Driver"],
    ["FLT Driver", "Forklift Driver"],
    ["PCV Coach Driver", "Passenger Carrying Vehicle Coach Driver"],
    ["HCSW Mental Health Rehab", "Healthcare Support Worker Mental Health Rehab"],
    ["Ward RMO", "Ward Resident Medical Officer"],
    ["Sr. Software Engineer", "Senior Software Engineer"],
    ["Jr Data Analyst", "Junior Data Analyst"],
    ["Sr Mgr, Ops", "Senior Manager, Operations"],
    ["Software Dev Engineer II", "Software Development Engineer II"],
    ["Java Dev", "Java Developer"],
    ["Admin Assistant", "Administrative Assistant"],
    ["ElasticSearch Admin", "ElasticSearch Administrator"],
    ["Tech Lead, Android", "Technical Lead, Android"],
    ["Customer Service Rep. (Nights)", "Customer Service Representative (Nights)"],
    ["HR Business Partner", "Human Resources Business Partner"],
  ];
  for (const [title, expected] of cases) assert.equal(writtenOut(title), expected, title);
  assert.equal(roleTextOf({ job_title: "RN - Med/Surg" }), "registered nurse");
  // A segment of capitals alone used to read as a region code and be dropped.
  assert.equal(
    roleTextOf({ job_title: "LVN - NOC Pediatric Home Health" }),
    "licensed vocational nurse",
  );
});

Deno.test("readings that collide with other meanings stay as written", () => {
  for (
    const title of [
      "Dev Ops Engineer", // not "development operations"
      "Dev/Ops Engineer",
      "Senior Developer - SAP BTP PM RIG", // PM: project, product, or the afternoon
      "Night Shift 7pm-7am",
      "PA Medical Scribe", // PA: a state, a physician or a personal assistant
      "PT Inventory Coordinator", // PT: part time or a physical therapist
      "OT Security Engineer", // OT: operational technology, overtime, an occupational therapist
      "TA Partner", // TA: talent acquisition or a teaching assistant
      "Signal Processing Engineer SDR Waveforms", // SDR: a software-defined radio here
      "Field Tech", // a technician, but "Revenue Tech" and "Legal AI Tech" are not
      "rn and lpn", // lower case: not an acronym
      "Developer", // whole words only
      "Representative",
    ]
  ) {
    assert.equal(writtenOut(title), title, title);
    assert.equal(writtenOutWords(title), "", title);
  }
});

const TOKENS = [
  "RN",
  "HGV",
  "QA",
  "Sr.",
  "Jr",
  "Mgr",
  "Dev",
  "Ops",
  "Admin",
  "Tech",
  "Lead",
  "nurse",
  "driver",
  "Engineer",
  "-",
  "|",
  "/",
  "(Nights)",
  "PM",
  "7pm",
  "rn",
];

Deno.test("writing out is idempotent, and the keyword side's words are what was written out", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (parts) => {
      const title = parts.join(" ");
      const once = writtenOut(title);
      assert.equal(writtenOut(once), once);
      // Words are added only where something was written out.
      assert.equal(writtenOutWords(title) === "", once === title);
      for (const word of writtenOutWords(title).split(" ").filter(Boolean)) {
        assert.ok(once.includes(word), `${word} of ${title}`);
      }
    }),
  );
});

Deno.test("a title without abbreviations is left as it is", () => {
  fc.assert(
    fc.property(
      fc.array(fc.stringMatching(/^[a-z]{6,12}$/), { minLength: 1, maxLength: 6 }),
      (words) => {
        const title = words.join(" ");
        assert.equal(writtenOut(title), title);
        assert.equal(writtenOutWords(title), "");
      },
    ),
  );
});

Deno.test("the keyword side reads the written-out words beside the title as written", () => {
  const job = (n: number, job_title: string): Job => ({
    id: `id-${n}`,
    job_title,
    company_name: `Company ${n}`,
    city: "Dallas",
    country: "US",
    publish_time: `2025-01-0${n + 1} 10:00:00`,
    job_url: `https://example.com/jobs/${n}`,
    job_tags: [],
    data_source: "linkedin",
    job_description: "",
  });
  const jobs = [
    job(0, "RN - Med/Surg"),
    job(1, "Cashier"),
    job(2, "Staff Nurse"),
    job(3, "FLT Driver"),
    job(4, "Taxi Driver"),
  ];
  const d = 16;
  const vectors = jobs.map(() => Float32Array.from({ length: d }, (_, k) => (k === 0 ? 1 : 0)));
  const index = new JobIndex(
    assembleIndexData({ model: MINILM_L6_INT8.stamp, dimensions: d, jobs, vectors }),
  );
  const titles = (q: string) =>
    index.search({ query: analyzeQuery(q), mode: "keyword", sort: "relevance", minScore: 0.01 })
      .hits.map((h) => h.job.job_title).sort();
  assert.deepEqual(titles("nurse"), ["RN - Med/Surg", "Staff Nurse"]);
  assert.deepEqual(titles("registered nurse"), ["RN - Med/Surg", "Staff Nurse"]);
  // The abbreviation as written still finds it.
  assert.ok(titles("rn").includes("RN - Med/Surg"));
  // "forklift driver" found nothing but two forklift operators on the real postings, the FLT driver
  // among the close taxi drivers.
  assert.deepEqual(titles("forklift"), ["FLT Driver"]);
  assert.deepEqual(titles("flt"), ["FLT Driver"]);
  // A forklift truck's driver drives no lorry: "truck driver" lost 0.03 on the judged set when FLT
  // was written "Forklift Truck".
  assert.deepEqual(titles("truck"), []);
});
