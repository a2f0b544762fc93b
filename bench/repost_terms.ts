/**
 * Which real postings the terms rule of src/index/reposts.ts joins as reposts (two postings of one
 * employer, title and place whose descriptions end in the same Indeed terms: pay, hours, schedule),
 * beyond what their description starts join: the groups with and without the rule, and each pair
 * it joins, to be read. `deno run -A bench/repost_terms.ts [--show N]`.
 *
 * @module
 */
import { importRealJobs } from "./real_data.ts";
import { repostGroups, repostTextOf } from "../src/index/reposts.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const show = Number(Deno.args[Deno.args.indexOf("--show") + 1] || 0) || 0;
const jobs = await importRealJobs();
const texts = jobs.map((job) => repostTextOf(job.job_description));
const withTerms = texts.filter((t) => t.includes("|")).length;
const withRule = repostGroups(jobs, (p) => texts[p]);
const without = repostGroups(jobs, (p) => texts[p].split("|")[0]);
const groupCount = (groups: Uint32Array) => new Set(groups).size;
print(
  `${jobs.length} postings, ${withTerms} state terms with pay; groups without the terms rule ` +
    `${groupCount(without)}, with it ${groupCount(withRule)}`,
);
const joined: number[] = [];
withRule.forEach((first, p) => {
  if (first !== p && without[p] !== without[first]) joined.push(p);
});
print(`${joined.length} postings joined to another group by the terms rule`);
const lastLines = (text: string) => text.trim().split("\n").filter((l) => l.trim()).slice(-12);
for (const p of joined.slice(0, show)) {
  const q = withRule[p];
  const [a, b] = [jobs[p], jobs[q]];
  print(`\n== ${a.job_title} | ${a.company_name} | ${a.city} ${a.country ?? ""}`);
  print(
    `   A ${a.job_url} ${a.publish_time}: ${a.job_description.slice(0, 150).replace(/\n/g, " ")}`,
  );
  print(
    `   B ${b.job_url} ${b.publish_time}: ${b.job_description.slice(0, 150).replace(/\n/g, " ")}`,
  );
  print(`   terms: ${lastLines(a.job_description).join(" / ").slice(0, 400)}`);
}
