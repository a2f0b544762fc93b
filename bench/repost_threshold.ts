/**
 * How many repost groups a fuzzy description comparison would change on the real postings
 * (issue 37: "Practice Nurse, Ingeus, Liverpool" listed three times, its copies differing by a
 * 35-character banner or one inserted sentence). For each threshold of shared word shingles, prints
 * the groups the exact rule finds, the groups the fuzzy rule finds, and the pairs it joins that the
 * exact rule keeps apart, to be read: `deno run -A bench/repost_threshold.ts [--show N]`.
 *
 * @module
 */
import { importRealJobs } from "./real_data.ts";
import { repostGroups, repostTextOf, sharedShingles } from "../src/index/reposts.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const show = Number(Deno.args[Deno.args.indexOf("--show") + 1] || 0) || 0;
const jobs = await importRealJobs();
const texts = jobs.map((job) => repostTextOf(job.job_description));
const exact = repostGroups(jobs, (p) => texts[p], { minShared: 1.01 });
const groupCount = (groups: Uint32Array) => new Set(groups).size;
print(`${jobs.length} postings, exact rule: ${groupCount(exact)} groups`);
for (const threshold of [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5]) {
  const fuzzy = repostGroups(jobs, (p) => texts[p], { minShared: threshold });
  const joined: number[] = [];
  fuzzy.forEach((first, p) => {
    if (first !== p && exact[p] !== exact[first]) joined.push(p);
  });
  print(
    `shared >= ${threshold}: ${groupCount(fuzzy)} groups, ${joined.length} postings joined to ` +
      `another group`,
  );
  for (const p of joined.slice(0, show)) {
    const q = fuzzy[p];
    print(
      `  ${jobs[p].job_title} | ${jobs[p].company_name} | ${jobs[p].city}: ` +
        `${sharedShingles(texts[p], texts[q]).toFixed(2)}\n    A ${texts[p].slice(0, 160)}\n` +
        `    B ${texts[q].slice(0, 160)}`,
    );
  }
}
