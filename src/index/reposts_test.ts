import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { mergedRepostGroups, repostGroups, repostTextOf } from "./reposts.ts";

/** A clinic's advert, long enough to be compared by its shingles. */
const ADVERT =
  "Full time working hours are 9am to 5pm and part time working hours are 9am to 5pm " +
  "for three or four days a week. We are delighted to announce exciting opportunities for " +
  "qualified clinicians to join our team as an assessor at various locations across the north " +
  "west. What you will be doing: using decision making skills to conduct clinical triage of " +
  "customers and writing clear reports for the department.";

function posting(n: number, description: string, title = "Practice Nurse"): Job {
  const job_url = `https://uk.indeed.com/viewjob?jk=${n}`;
  return {
    id: job_url,
    job_url,
    job_title: title,
    company_name: "Clinic Group",
    city: "Liverpool",
    country: "GB",
    publish_time: "2025-03-19 00:00:00",
    job_tags: [],
    data_source: "indeed",
    job_description: description,
  };
}

/** The first posting of each posting's group, as URLs, so that order does not matter. */
function groupsByUrl(jobs: Job[]): Map<string, Set<string>> {
  const groups = repostGroups(jobs);
  const members = new Map<number, Set<string>>();
  jobs.forEach((job, p) => {
    const set = members.get(groups[p]) ?? new Set();
    set.add(job.job_url);
    members.set(groups[p], set);
  });
  return new Map(jobs.map((job, p) => [job.job_url, members.get(groups[p])!]));
}

Deno.test("copies of one job with a banner before one and a sentence added to another are one job, in any order", () => {
  const copies = [
    posting(1, ADVERT),
    posting(2, `**We accept spousal visas**\n\n${ADVERT}`),
    posting(3, `We are unable to provide sponsorship. We do accept spousal visas. ${ADVERT}`),
  ];
  fc.assert(
    fc.property(fc.shuffledSubarray(copies, { minLength: 3, maxLength: 3 }), (order) => {
      const groups = groupsByUrl(order);
      assert.equal(groups.get(copies[0].job_url)!.size, 3, "all three copies in one group");
    }),
    { seed: 37, numRuns: 20 },
  );
});

Deno.test("one template for two jobs (another place, other hours and pay) stays two jobs", () => {
  const template = (site: string, hours: number, pay: string) =>
    `We're currently recruiting at our ${site} hotel, working ${hours} hours per week, paying ` +
    `up to ${pay} per hour. As a night team member you will keep our guests safe and comfortable ` +
    `through the night, look after the reception and help with housekeeping. You will be ` +
    `trained on the job and join a friendly team that looks after each other.`;
  const jobs = [
    posting(1, template("Albert Dock city centre", 16, "£12.39"), "Nights Team Member"),
    posting(2, template("Lime Street station", 24, "£12.60"), "Nights Team Member"),
  ];
  const groups = repostGroups(jobs);
  assert.deepEqual(Array.from(groups), [0, 1]);
});

/** Indeed's terms as its form ends a description, with the schedule and pay given. */
function terms(schedule = "Day shift", pay = "£12.20-£12.50 per hour"): string {
  return `\n\nJob Types: Full-time, Part-time, Permanent\n\nPay: ${pay}\n\n` +
    `Expected hours: 40 per week\n\nSchedule:\n\n* ${schedule}\n* Weekend availability\n\n` +
    "Work Location: In person";
}

/** Two wordings of one advert, as Indeed's assistant writes one afresh for each posting. */
const WORDINGS = [
  "**Overview**\nWe are looking for a kind and reliable care assistant to support our residents " +
  "with daily living, personal care and companionship. Training is provided.",
  "**Job Overview**\nJoin our friendly team as a care assistant. You will help the people we " +
  "support with their everyday routines, keep records and work closely with the nurses.",
];

Deno.test("two wordings of one job that end in the same terms are one job", () => {
  const jobs = [
    posting(1, WORDINGS[0] + terms(), "Health Care Assistant"),
    posting(2, WORDINGS[1] + terms(), "Health Care Assistant"),
  ];
  assert.deepEqual(Array.from(repostGroups(jobs)), [0, 0]);
  // The terms are the last block that begins "Job Type": one said in the text above is not them.
  const header = "Job Type: Permanent, from January\n\n";
  assert.deepEqual(
    Array.from(
      repostGroups([jobs[0], posting(3, header + WORDINGS[1] + terms(), "Health Care Assistant")]),
    ),
    [0, 0],
  );
  // Markdown around the form's labels changes nothing.
  const bold = terms().replace("Job Types:", "**Job Types:**").replace("Pay:", "**Pay:**");
  assert.deepEqual(
    Array.from(repostGroups([jobs[0], posting(3, WORDINGS[1] + bold, "Health Care Assistant")])),
    [0, 0],
  );
});

Deno.test("two wordings with other terms, another place or no pay in the terms stay apart", () => {
  const title = "Health Care Assistant";
  const cases: [string, Job, Job][] = [
    [
      "two shifts",
      posting(1, WORDINGS[0] + terms()),
      posting(2, WORDINGS[1] + terms("Night shift")),
    ],
    [
      "two pays",
      posting(1, WORDINGS[0] + terms()),
      posting(2, WORDINGS[1] + terms("Day shift", "£13.00 per hour")),
    ],
    [
      "two branches",
      posting(1, WORDINGS[0] + terms()),
      { ...posting(2, WORDINGS[1] + terms()), city: "Bradford" },
    ],
    [
      "terms without pay",
      posting(1, WORDINGS[0] + terms().replace(/Pay: .*\n/, "")),
      posting(2, WORDINGS[1] + terms().replace(/Pay: .*\n/, "")),
    ],
    [
      "the same terms before other ones",
      posting(1, WORDINGS[0] + terms() + "\n\nJob Type: Temporary\n\nPay: £15.00 per hour"),
      posting(2, WORDINGS[1] + terms()),
    ],
  ];
  for (const [name, a, b] of cases) {
    const jobs = [{ ...a, job_title: title }, { ...b, job_title: title }];
    assert.deepEqual(Array.from(repostGroups(jobs)), [0, 1], name);
  }
});

Deno.test("a short advert that differs by one word is another job, however alike", () => {
  const jobs = [
    posting(1, "Care for patients on Ward 1."),
    posting(2, "Care for patients on Ward 12."),
  ];
  assert.deepEqual(Array.from(repostGroups(jobs)), [0, 1]);
});

Deno.test("fuzzy folding only joins what the exact rule keeps apart within one title, company and place", () => {
  const words = [
    "care",
    "team",
    "shift",
    "ward",
    "patients",
    "night",
    "day",
    "pay",
    "hours",
    "role",
  ];
  const text = fc.array(fc.constantFrom(...words), { minLength: 0, maxLength: 80 })
    .map((w) => w.join(" "));
  const job = fc.record({
    title: fc.constantFrom("Nurse", "Carer"),
    company: fc.constantFrom("Acme", "Clinic Group", ""),
    city: fc.constantFrom("Leeds", "York"),
    description: text,
  });
  fc.assert(
    fc.property(fc.array(job, { maxLength: 30 }), (drawn) => {
      const jobs = drawn.map((d, n) => ({
        ...posting(n, d.description, d.title),
        company_name: d.company,
        city: d.city,
      }));
      const exact = repostGroups(jobs, undefined, { minShared: 1.01 });
      const fuzzy = repostGroups(jobs);
      jobs.forEach((job, p) => {
        const first = jobs[fuzzy[p]];
        // The group is named by its first posting, which shares the posting's title, company and
        // place; a posting without a company is never folded.
        assert.ok(fuzzy[p] <= p);
        assert.equal(first.job_title, job.job_title);
        assert.equal(first.city, job.city);
        assert.equal(first.company_name, job.company_name);
        if (job.company_name === "") assert.equal(fuzzy[p], p);
        // Whatever the exact rule puts together stays together.
        assert.equal(fuzzy[exact[p]], fuzzy[p]);
      });
    }),
    { seed: 37, numRuns: 300 },
  );
});

Deno.test("property: a remote job's copies are one job whatever places they name; an on-site job's stay one a place", () => {
  const place = fc.record({
    city: fc.constantFrom("Berlin", "Munich", "Remote", "", "Charlotte"),
    country: fc.constantFrom("DE", "US", undefined),
  });
  fc.assert(
    fc.property(
      fc.array(place, { minLength: 2, maxLength: 8 }),
      fc.constantFrom<Job["work_mode"]>("remote", "onsite", "hybrid", undefined),
      (places, work_mode) => {
        const jobs = places.map(({ city, country }, n): Job => {
          const { country: _, ...job } = posting(n, ADVERT, "Python Developer - Remote");
          return {
            ...job,
            city,
            ...(country ? { country } : {}),
            ...(work_mode ? { work_mode } : {}),
          };
        });
        const groups = repostGroups(jobs);
        jobs.forEach((job, p) => {
          const first = jobs[groups[p]];
          if (work_mode === "remote") {
            assert.equal(groups[p], 0, `${job.city}/${job.country} joins`);
          } else {
            // Same text, another place: another job, as before (an on-site branch's own advert).
            assert.equal(first.city, job.city);
            assert.equal(first.country, job.country);
          }
        });
      },
    ),
    { seed: 52, numRuns: 200 },
  );
  // Another company, title or text keeps remote jobs apart as it keeps any.
  const remote = (n: number, change: Partial<Job>): Job => ({
    ...posting(n, ADVERT, "Python Developer - Remote"),
    work_mode: "remote",
    ...change,
  });
  assert.deepEqual(
    Array.from(repostGroups([
      remote(1, { city: "Berlin" }),
      remote(2, { city: "Munich", company_name: "Other" }),
      remote(3, { city: "Munich", job_title: "Java Developer - Remote" }),
      remote(4, { city: "Munich", job_description: WORDINGS[0] }),
    ])),
    [0, 1, 2, 3],
  );
});

Deno.test("mergedRepostGroups() property: the groups of a merge are those of its postings found at once", () => {
  // Few titles, companies, places and texts, so that keys are shared and copies meet across the
  // base and the delta: a banner, a cut copy, another job's text, a short one.
  const texts = [
    ADVERT,
    `We accept spousal visas. ${ADVERT}`,
    ADVERT.slice(0, 180),
    `${ADVERT} Apply by Friday.`,
    ADVERT.replace("assessor", "trainer").replace("north west", "south east"),
    "Ward 1.",
    WORDINGS[0] + terms(),
    WORDINGS[1] + terms(),
    WORDINGS[1] + terms("Night shift"),
  ];
  const fields = fc.record({
    title: fc.constantFrom("Practice Nurse", "Nurse"),
    company: fc.constantFrom("Clinic Group", "Other", ""),
    city: fc.constantFrom("Liverpool", "Leeds"),
    // A remote job's copies share a key across places.
    remote: fc.boolean(),
    text: fc.nat(texts.length - 1),
  });
  fc.assert(
    fc.property(
      fc.array(fc.record({ base: fields, later: fields, inBase: fc.boolean(), fate: fc.nat(3) }), {
        minLength: 1,
        maxLength: 30,
      }),
      (postings) => {
        const make = (n: number, f: typeof postings[number]["base"]): Job => ({
          ...posting(n, texts[f.text], f.title),
          company_name: f.company,
          city: f.city,
          ...(f.remote ? { work_mode: "remote" as const } : {}),
        });
        // Ids in index order: zero-padded, so that their order is the numbers'.
        const pad = (job: Job) => ({
          ...job,
          id: job.job_url.replace(/\d+$/, (d) => d.padStart(4, "0")),
        });
        const base = postings.flatMap((p, n) => p.inBase ? [pad(make(n, p.base))] : []);
        // fate: 0 kept, 1 removed, 2 updated (same id, other fields), 3 kept; not in the base: 0-1
        // added, else left out.
        const merged: Job[] = [];
        const changed: Job[] = [];
        postings.forEach((p, n) => {
          const was = base.find((job) => job.job_url === make(n, p.base).job_url);
          if (was) {
            if (p.fate === 1) changed.push(was);
            else if (p.fate === 2) {
              const now = pad(make(n, p.later));
              changed.push(was, now);
              merged.push(now);
            } else merged.push(was);
          } else if (p.fate <= 1) {
            const now = pad(make(n, p.later));
            changed.push(now);
            merged.push(now);
          }
        });
        merged.sort((a, b) => a.id < b.id ? -1 : 1);
        const newPosition = Int32Array.from(
          base,
          (job) => merged.indexOf(job),
        );
        const text = (jobs: Job[]) => (p: number) => repostTextOf(jobs[p].job_description);
        assert.deepEqual(
          mergedRepostGroups(merged, text(merged), {
            groups: repostGroups(base, text(base)),
            newPosition,
          }, changed),
          repostGroups(merged, text(merged)),
        );
      },
    ),
    { numRuns: 300 },
  );
});
