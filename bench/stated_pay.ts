/**
 * How many real postings gain a pay read from their description (src/ingest/stated_pay.ts), and a
 * random sample of them to be read by a person: each with the line the pay was read from and the
 * other lines of its description that speak of pay. `deno run -A bench/stated_pay.ts [--sample N]
 * [--seed S]`.
 *
 * @module
 */
import { parse } from "csv-parse/sync";
import { parseJobspyCsv } from "../src/ingest/jobspy_csv.ts";
import { statedPay } from "../src/ingest/stated_pay.ts";
import { realCsvFiles } from "./real_data.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const arg = (name: string, fallback: number) => {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
};
const sampleSize = arg("--sample", 0);
let seed = arg("--seed", 1);
/** A small seeded generator (mulberry32), so that a sample can be drawn again. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

let rows = 0;
let ownPay = 0;
const gained: { where: string; pay: string; line: string; others: string[] }[] = [];
for (const path of realCsvFiles()) {
  const text = await Deno.readTextFile(path);
  // The rows that give amounts of their own (read apart: a posting does not say where its pay
  // came from).
  const withAmounts = new Set<string>();
  const records = parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    relax_column_count: true,
    relax_quotes: true,
    skip_records_with_error: true,
  }) as Record<string, string>[];
  for (const r of records) {
    if ((r.min_amount ?? "").trim() !== "" || (r.max_amount ?? "").trim() !== "") {
      withAmounts.add((r.job_url ?? "").trim());
    }
  }
  for (const row of await parseJobspyCsv(text, { fileName: path })) {
    if (row.kind !== "job") continue;
    rows++;
    const { job } = row;
    if (job.base_salary === undefined) continue;
    if (withAmounts.has(job.job_url)) {
      ownPay++;
      continue;
    }
    const read = job.base_salary;
    const lines = job.job_description.split("\n");
    const line = lines.find((l) => statedPay(l, { country: job.country }) === read) ?? "";
    const others = lines.filter((l) =>
      l !== line && /\d/.test(l) && /\b(?:pay|salary|wage|compensation|rate)\b/i.test(l)
    );
    gained.push({
      where: `${path.split("/").slice(-2).join("/")}:${row.line}`,
      pay: read,
      line,
      others,
    });
  }
}
print(
  `${rows} postings, ${ownPay} with pay of their own, ${gained.length} gain pay read from the description`,
);
const byPeriod = new Map<string, number>();
for (const { pay } of gained) {
  const key = pay.split(" ")[1];
  byPeriod.set(key, (byPeriod.get(key) ?? 0) + 1);
}
print([...byPeriod].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", "));
const pool = [...gained];
for (let i = 0; i < Math.min(sampleSize, pool.length); i++) {
  const j = i + Math.floor(random() * (pool.length - i));
  [pool[i], pool[j]] = [pool[j], pool[i]];
  const { where, pay, line, others } = pool[i];
  print(`${i + 1}. ${where}  ${pay}\n   read: ${line.trim().slice(0, 200)}`);
  for (const other of others.slice(0, 3)) print(`   also: ${other.trim().slice(0, 200)}`);
}
