/**
 * What reading several places costs beside one (`deno run -A bench/several_places.ts [--passes
 * N]`): on the real postings' gazetteer (bench/real_data.ts), `findPlace` over queries naming one
 * place and the same naming two or three ("developer jobs in Amsterdam" against "... in Amsterdam,
 * Rotterdam or Utrecht"), interleaved pass by pass, each pass's CPU (user+sys of the process, from
 * /proc) per query; and the first and a later reading of a name that is a region and a city
 * elsewhere ("jobs in Ontario": the region's postings are counted once, `regionOverCity`).
 *
 * @module
 */
import { importRealJobs } from "./real_data.ts";
import { buildGazetteer } from "../src/index/gazetteer.ts";
import { findPlace } from "../src/index/query_place.ts";

const passesAt = Deno.args.indexOf("--passes");
const PASSES = passesAt >= 0 ? Number(Deno.args[passesAt + 1]) : 11;

const ONE = [
  "developer jobs in Amsterdam",
  "nurse jobs in Berlin",
  "data analyst London",
  "warehouse jobs in Leeds",
  "python jobs in London",
  "jobs in Texas",
  "nurse jobs in Toronto",
];
const SEVERAL = [
  "developer jobs in Amsterdam, Rotterdam or Utrecht",
  "nurse jobs in Berlin or Munich",
  "data analyst London or Manchester",
  "warehouse jobs in Leeds and Bradford",
  "remote or London python jobs",
  "jobs in Texas or California",
  "nurse jobs in Toronto or Vancouver",
];

/** CPU ms (user+sys) of this process so far. */
function cpuMs(): number {
  const stat = Deno.readTextFileSync("/proc/self/stat");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const jobs = await importRealJobs();
const gazetteer = buildGazetteer(jobs);
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
print(`${jobs.length} real postings; ${PASSES} passes; load average ${load}`);

// GeoNames' places loaded first, so that the first "Ontario" costs what counting the region does.
findPlace("nurse jobs in Ulaanbaatar", gazetteer);
let t = performance.now();
findPlace("nurse jobs in Ontario", gazetteer);
const firstRegion = performance.now() - t;
t = performance.now();
findPlace("nurse jobs in Ontario", gazetteer);
const laterRegion = performance.now() - t;
print(
  `"nurse jobs in Ontario": first ${firstRegion.toFixed(1)} ms (the province's postings ` +
    `counted), later ${laterRegion.toFixed(2)} ms`,
);

// Warm both lists (GeoNames' names, the JIT), then measure them in turn, pass by pass.
// Enough reads a pass that /proc's 10 ms CPU ticks are a few per cent of it.
const ROUNDS = 1000;
for (const query of [...ONE, ...SEVERAL]) findPlace(query, gazetteer);
const cost = {
  one: [] as number[],
  several: [] as number[],
  oneWall: [] as number[],
  severalWall: [] as number[],
};
for (let pass = 0; pass < PASSES; pass++) {
  for (const [name, list] of [["one", ONE], ["several", SEVERAL]] as const) {
    const cpu = cpuMs();
    const wall = performance.now();
    for (let r = 0; r < ROUNDS; r++) for (const query of list) findPlace(query, gazetteer);
    const reads = ROUNDS * list.length;
    cost[name].push(((cpuMs() - cpu) * 1000) / reads);
    cost[`${name}Wall`].push(((performance.now() - wall) * 1000) / reads);
  }
}
const row = (name: "one" | "several") =>
  `${name.padEnd(8)} median ${median(cost[`${name}Wall`]).toFixed(1)} µs wall, ` +
  `${median(cost[name]).toFixed(1)} µs CPU per query`;
print(row("one"));
print(row("several"));
print(
  `ratio several/one: ${(median(cost.severalWall) / median(cost.oneWall)).toFixed(2)} (wall), ` +
    `${(median(cost.several) / median(cost.one)).toFixed(2)} (CPU)`,
);
