import { strict as assert } from "node:assert";
import fc from "fast-check";
import { workModeOf } from "./work_mode.ts";

/** Ways the real feeds deny remote work, each a whole sentence. */
const DENIALS = [
  "This is NOT a remote position.",
  "This is not a remote role.",
  "No remote work.",
  "Not eligible for remote work.",
  "Remote work is not possible for this role.",
  "This role cannot be performed remotely.",
  "On-site only.",
  "This is a fully on-site position.",
  "Kein Homeoffice möglich.",
];

/** What else a posting may say or be tagged with that reads as remote on its own. */
const REMOTE_SAYINGS = ["Fully remote team.", "Remote-first company.", "Work from home days.", ""];
const TITLES = ["Warehouse and Logistics Associate", "Remote Data Engineer", "Nurse (Remote)"];

/** Markdown emphasis as scraped descriptions keep it, around one word of a sentence. */
function emphasise(sentence: string, wordIndex: number, marker: string): string {
  const words = sentence.split(" ");
  const at = wordIndex % words.length;
  words[at] = `${marker}${words[at]}${marker}`;
  return words.join(" ");
}

Deno.test("a posting whose text denies remote work is never remote, emphasis and tags included", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...DENIALS),
      fc.nat(),
      fc.constantFrom("", "**", "*", "__", "_", "~~"),
      fc.boolean(),
      fc.constantFrom(...REMOTE_SAYINGS),
      fc.string({ maxLength: 80 }),
      fc.constantFrom(...TITLES),
      fc.boolean(),
      fc.boolean(),
      (denial, wordIndex, marker, upper, saying, filler, title, tagged, remoteCity) => {
        const denied = emphasise(upper ? denial.toUpperCase() : denial, wordIndex, marker);
        const job = {
          job_title: title,
          job_description: [filler, saying, denied, filler].join("\n\n"),
          job_tags: tagged ? ["Remote"] : [],
          city: remoteCity ? "Remote" : "Markham",
        };
        assert.notEqual(workModeOf(job), "remote", JSON.stringify(job));
      },
    ),
    { seed: 36, numRuns: 500 },
  );
});

Deno.test("the real posting that says '**NOT** a remote position' is on-site despite its Remote tag", () => {
  const job = {
    job_title: "Warehouse and Logistics Associate",
    job_description: "* Ability to speak more than one language an asset.\n\n" +
      "This is **NOT** a remote position.  \nCandidates must be willing to commute.",
    job_tags: ["Remote"],
    city: "Markham",
  };
  assert.equal(workModeOf(job), "onsite");
});

Deno.test("an underscore inside a word is not emphasis: work_from_home stays one word", () => {
  const job = {
    job_title: "Analyst",
    job_description: "Tag: no_remote_flag",
    job_tags: [],
    city: "X",
  };
  // "no_remote_flag" is an identifier, not the words "no remote": nothing is said about the mode.
  assert.equal(workModeOf(job), undefined);
});
