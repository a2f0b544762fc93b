/**
 * `deno run -A bench/cv_quality.ts`: how well a CV finds the jobs that fit the person, on the real
 * postings with the default model. For each judged CV (bench/cv/, written and judged before any
 * search was run) it prints precision@10 (of the first ten results, the share that fit) of:
 * - today's behaviour before profiles: the CV's first 1,000 characters as `q`, as a client had to
 *   send it (the service's `q` path: the place the text names, the analysed words, one vector);
 * - the profile search (src/search/profile_search.ts), as the service runs it.
 * Both orders are measured; a profile search orders by relevance unless asked otherwise.
 *
 * Settings are chosen on the tuned CVs only. `--tuned` runs only those (while tuning: the held-out
 * CVs' results are not looked at); without it the held-out averages are printed too, and
 * `--per-case` adds each CV's figures.
 *
 * @module
 */
import { parseSearchQuery, QUERY_MAX_LENGTH } from "../src/domain/search_query.ts";
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import { DEFAULT_PROFILE_RANKING, type ProfileRanking } from "../src/search/profile_ranking.ts";
import { searchByProfile } from "../src/search/profile_search.ts";
import { readQuery } from "../src/search/query_reading.ts";
import { filtersWithSalary } from "../src/search/filters_from_words.ts";
import { type CvCase, loadCvCases, precisionAt } from "./cv/cases.ts";
import { openModel } from "./model_compare.ts";
import { importRealJobs } from "./real_data.ts";

const encoder = new TextEncoder();
const print = (line = "") => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const tunedOnly = Deno.args.includes("--tuned");
const perCase = Deno.args.includes("--per-case") || tunedOnly;

/** `--set placeBonus=0.3 --set seniority.belowMore=0.7`: settings tried while tuning. */
function settingsFromArgs(): ProfileRanking {
  const settings = structuredClone(DEFAULT_PROFILE_RANKING) as unknown as Record<string, unknown>;
  Deno.args.forEach((arg, i) => {
    if (arg !== "--set") return;
    const [path, value] = Deno.args[i + 1].split("=");
    const keys = path.split(".");
    let target = settings;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[keys[keys.length - 1]] = Number(value);
  });
  return settings as unknown as ProfileRanking;
}
const profileRanking = settingsFromArgs();

const spec = findModel(DEFAULT_MODEL_ID);
const embedder = await openModel(spec);
const jobs = await importRealJobs();
const texts = jobs.map(embeddingTextOf);
const distinct = [...new Set(texts)];
const started = performance.now();
const vectorOf = new Map(
  (await embedder.embed(distinct)).map((vector, i) => [distinct[i], vector] as const),
);
const index = new JobIndex(assembleIndexData({
  model: embedder.model,
  dimensions: embedder.dimensions,
  jobs,
  vectors: texts.map((text) => vectorOf.get(text)!),
})).prepare();
const { ranking, cut } = rankingForModel(embedder.model);
const queryVectors = new Map<string, Float32Array>();
async function embed(texts: string[]): Promise<Float32Array[]> {
  const missing = [...new Set(texts.filter((t) => !queryVectors.has(t)))];
  if (missing.length > 0) {
    (await embedder.embed(missing)).forEach((v, i) => queryVectors.set(missing[i], v));
  }
  return texts.map((t) => queryVectors.get(t)!);
}

/** Today's behaviour: the CV's start as `q`, through the service's `q` path. */
async function baseline(cv: CvCase, sort: "relevance" | "date") {
  const query = parseSearchQuery({ q: cv.text.trim().slice(0, QUERY_MAX_LENGTH), sort, top_k: 10 });
  const reading = readQuery(index, query);
  const { place, analyzed } = reading;
  const [vector] = await embed([analyzed.embeddingText]);
  const { hits } = index.search({
    query: analyzed,
    vector,
    filters: filtersWithSalary(query, reading),
    ...(reading.company ? { namedCompany: reading.company.names } : {}),
    place: place ?? undefined,
    sort,
    limit: 10,
    ranking,
    ...cut,
  });
  return hits.map((h) => ({ job_url: h.job.job_url, also_posted_at: h.alsoPostedAt, hit: h }));
}

/** The profile search as the service runs it (`searchByProfile`), on the parsed request. */
async function profileSearch(cv: CvCase, sort: "relevance" | "date", limit = 10) {
  const query = parseSearchQuery({ profile: cv.text, sort, top_k: Math.min(100, limit) });
  const outcome = await searchByProfile(index, query, {
    embed,
    ranking,
    cut: Deno.args.includes("--no-cut")
      ? { minScore: 0.01, relativeCut: 0, weakFloor: 0.01, closeFloor: 0.01 }
      : cut,
    profileRanking,
  });
  return {
    derived: outcome.derived!,
    total: outcome.total,
    hits: outcome.results.map((r) => ({
      job_url: r.job_url,
      also_posted_at: r.also_posted_at,
      hit: r,
    })),
  };
}

const cases = (await loadCvCases()).filter((c) => !tunedOnly || !c.heldout);
print(
  `${jobs.length} real postings, ${spec.id}, index built in ${
    Math.round((performance.now() - started) / 1000)
  } s; ${cases.length} judged CVs`,
);
const rows: { cv: CvCase; base: number; baseDate: number; prof: number; profDate: number }[] = [];
for (const cv of cases) {
  const base = precisionAt(await baseline(cv, "relevance"), cv.relevantSet);
  const baseDate = precisionAt(await baseline(cv, "date"), cv.relevantSet);
  const t0 = performance.now();
  const ranked = await profileSearch(cv, "relevance");
  const ms = Math.round(performance.now() - t0);
  const prof = precisionAt(ranked.hits, cv.relevantSet);
  const profDate = precisionAt((await profileSearch(cv, "date")).hits, cv.relevantSet);
  rows.push({ cv, base, baseDate, prof, profDate });
  if (perCase && (!cv.heldout || Deno.args.includes("--per-case"))) {
    print(
      `${cv.heldout ? "H" : "T"} ${cv.id.padEnd(28)} q: ${base.toFixed(1)} / ${
        baseDate.toFixed(1)
      }   profile: ${prof.toFixed(1)} / ${
        profDate.toFixed(1)
      }   (${ranked.total} in set, ${ms} ms)`,
    );
    if (Deno.args.includes("--missed")) {
      const all = (await profileSearch(cv, "relevance", 100)).hits;
      all.forEach(({ hit }, rank) => {
        const fits = [hit.job_url, ...(hit.also_posted_at ?? [])].some((u) =>
          cv.relevantSet.has(u)
        );
        if (fits && rank >= 10) {
          print(
            `    missed #${rank + 1} ${hit.score.toFixed(3)} ${hit.job_title} | ${hit.city} | ${
              hit.seniority ?? ""
            }`,
          );
        }
      });
    }
    if (Deno.args.includes("--hits")) {
      print(`    derived: ${JSON.stringify(ranked.derived)}`);
      for (const { hit } of ranked.hits) {
        const fits = [hit.job_url, ...(hit.also_posted_at ?? [])].some((u) =>
          cv.relevantSet.has(u)
        );
        print(
          `    ${fits ? "+" : "-"} ${hit.score.toFixed(3)} ${hit.job_title} | ${hit.city} ${
            hit.country ?? ""
          } | ${hit.seniority ?? ""}`,
        );
      }
    }
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
print();
print("precision@10 (relevance order / date order)     CV[:1000] as q        profile");
for (const [name, held] of [["tuned", false], ["held-out", true]] as const) {
  const part = rows.filter((r) => r.cv.heldout === held);
  if (part.length === 0) continue;
  print(
    `${name.padEnd(9)} (${part.length} CVs)                          ${
      mean(part.map((r) => r.base)).toFixed(2)
    } / ${mean(part.map((r) => r.baseDate)).toFixed(2)}       ${
      mean(part.map((r) => r.prof)).toFixed(2)
    } / ${mean(part.map((r) => r.profDate)).toFixed(2)}`,
  );
}
embedder.close();
