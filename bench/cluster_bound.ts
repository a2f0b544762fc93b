/**
 * How many title rows a search could skip with an exact bound over clusters of titles (issue #40,
 * docs/scaling.md, "a pass over fewer rows"): `deno run -A bench/cluster_bound.ts --kv PATH
 * [--random-vectors] [--clusters 1000,4000] [--iterations 4] [--pca 64,128] [--kinds plain,scale]`.
 *
 * On a store `bench:scale` published (or any published store), it clusters the index's title rows
 * (spherical k-means, every assignment pass made with the search's own SIMD kernel, one centroid a
 * pass), then searches the judged and held-out queries the ways bench/search_cost.ts does and, for
 * every pass over the title vectors a search makes (`TitleVectors.begin`: the query's own vector
 * and each label's), counts the rows a pruned pass would still have to visit for the same answer:
 * - `needed`: rows whose cosine reaches their bar (the word bar for a row a query word marks, the
 *   title bar for the others): what any exact scheme must compute;
 * - `cluster`: rows of the clusters whose bound (the least of the ball's, centroid·q + radius·|q|,
 *   the cone's about the mean's direction and the per-dimension box's) reaches the least bar of
 *   the cluster's rows;
 * - `row`: rows whose own bound (their cluster's centroid·q + the row's distance to the centroid ×
 *   |q|) reaches their bar: a bound read from one number a row instead of the row's codes; in two
 *   parts, `title_suffix` (each cluster's rows, by that distance, from the title bar's on: one run)
 *   and `marked_below` (the marked rows before it, scattered); `suffix`: each cluster's run from
 *   its least bar's on.
 * And it checks every bound against the kernel's exact cosines (a bound under a row's exact cosine
 * would be a wrong answer): `violations` must be 0.
 *
 * With `--pca`, also the rows whose bound by a basis of m near-principal directions (the rows'
 * projections' product + the norms of what the basis leaves of the row and of the query) reaches
 * their bar, for each m.
 *
 * The agreement of an occupation found by meaning reads the five largest values of the query's own
 * pass (`topRows`), exact or estimated: `top5_under_bar` counts the own passes whose fifth value is
 * under the title bar (a pruned pass would there have to find the estimates' top five too).
 *
 * @module
 */
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { type CosineBars, TitleVectors } from "../src/index/title_vectors.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { benchEmbedder } from "./scale.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const KINDS: Record<string, (q: string) => Record<string, string>> = {
  plain: (q) => ({ q, top_k: "20" }),
  country: (q) => ({ q, top_k: "20", country: "US" }),
  facets: (q) => ({ q, top_k: "20", facets: "country,city,remote", sort: "relevance" }),
  scale: (q) => ({ q }),
};

/** A captured pass over the title vectors. */
interface Pass {
  vector: Float32Array;
  bars: CosineBars;
  /** The kernel's values: exact wherever at or over the row's bar. */
  cosines: Float32Array;
  own: boolean;
}

interface Clustering {
  k: number;
  /** Cluster of each row. */
  of: Uint32Array;
  /** Each cluster's mean of the rows' float vectors, k × d. */
  means: Float64Array;
  /** Each cluster's largest distance of a row to its mean. */
  radius: Float64Array;
  /** Per dimension, each cluster's least and largest value, k × d. */
  low: Float32Array;
  high: Float32Array;
  /** Each row's distance to its cluster's mean. */
  rowRadius: Float32Array;
  sizes: Uint32Array;
  /** Each cluster's cone about its mean's direction: the least cosine of a row with it. */
  coneCos: Float64Array;
  /** Each cluster's largest row norm (the rows are unit vectors up to the int8 rounding). */
  maxNorm: Float64Array;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** Spherical k-means over the int8 rows, each assignment pass one kernel pass a centroid. */
function cluster(
  vectors: TitleVectors,
  rows: Int8Array,
  scales: Float32Array,
  d: number,
  k: number,
  iterations: number,
): Clustering {
  const n = scales.length;
  const of = new Uint32Array(n);
  const best = new Float32Array(n);
  // Seeds: rows spread evenly over the index (the rows' order is the titles' first appearance).
  let centroids: Float32Array[] = [];
  for (let j = 0; j < k; j++) {
    const r = Math.floor(((j + 0.5) * n) / k);
    const c = new Float32Array(d);
    let sq = 0;
    for (let t = 0; t < d; t++) sq += (rows[r * d + t] * scales[r]) ** 2;
    for (let t = 0; t < d; t++) c[t] = (rows[r * d + t] * scales[r]) / Math.sqrt(sq);
    centroids.push(c);
  }
  for (let it = 0; it <= iterations; it++) {
    const started = performance.now();
    best.fill(-Infinity);
    for (let j = 0; j < k; j++) {
      const cos = vectors.cosines(centroids[j]);
      for (let r = 0; r < n; r++) {
        if (cos[r] > best[r]) {
          best[r] = cos[r];
          of[r] = j;
        }
      }
    }
    const sums = new Float64Array(k * d);
    const counts = new Uint32Array(k);
    for (let r = 0; r < n; r++) {
      const j = of[r];
      counts[j]++;
      const s = scales[r];
      for (let t = 0, a = r * d, b = j * d; t < d; t++) sums[b + t] += rows[a + t] * s;
    }
    let mean = 0;
    for (let r = 0; r < n; r++) mean += best[r];
    print(JSON.stringify({
      k,
      iteration: it,
      mean_cosine_to_centroid: Number((mean / n).toFixed(4)),
      empty: counts.filter((c) => c === 0).length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    }));
    if (it === iterations) break;
    const next: Float32Array[] = [];
    for (let j = 0; j < k; j++) {
      const c = new Float32Array(d);
      if (counts[j] === 0) {
        // An empty cluster takes the row farthest from its centroid.
        let worst = 0;
        for (let r = 1; r < n; r++) if (best[r] < best[worst]) worst = r;
        for (let t = 0; t < d; t++) c[t] = rows[worst * d + t] * scales[worst];
        best[worst] = 1;
      } else {
        let sq = 0;
        for (let t = 0; t < d; t++) sq += sums[j * d + t] ** 2;
        const norm = Math.sqrt(sq) || 1;
        for (let t = 0; t < d; t++) c[t] = sums[j * d + t] / norm;
      }
      next.push(c);
    }
    centroids = next;
  }
  const sizes = new Uint32Array(k);
  const means = new Float64Array(k * d);
  for (let r = 0; r < n; r++) {
    const j = of[r];
    sizes[j]++;
    const s = scales[r];
    for (let t = 0, a = r * d, b = j * d; t < d; t++) means[b + t] += rows[a + t] * s;
  }
  for (let j = 0; j < k; j++) {
    for (let t = 0; t < d; t++) means[j * d + t] /= Math.max(1, sizes[j]);
  }
  const radius = new Float64Array(k);
  const rowRadius = new Float32Array(n);
  const low = new Float32Array(k * d).fill(Infinity);
  const high = new Float32Array(k * d).fill(-Infinity);
  for (let r = 0; r < n; r++) {
    const j = of[r];
    const s = scales[r];
    let sq = 0;
    for (let t = 0, a = r * d, b = j * d; t < d; t++) {
      const x = rows[a + t] * s;
      const e = x - means[b + t];
      sq += e * e;
      if (x < low[b + t]) low[b + t] = x;
      if (x > high[b + t]) high[b + t] = x;
    }
    // Rounded up a little: the float32 store of the distance must not make it smaller.
    rowRadius[r] = Math.sqrt(sq) * (1 + 1e-6);
    if (rowRadius[r] > radius[j]) radius[j] = rowRadius[r];
  }
  const coneCos = new Float64Array(k).fill(1);
  const maxNorm = new Float64Array(k);
  const meanNorm = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    let sq = 0;
    for (let t = 0; t < d; t++) sq += means[j * d + t] ** 2;
    meanNorm[j] = Math.sqrt(sq) || 1;
  }
  for (let r = 0; r < n; r++) {
    const j = of[r];
    const s = scales[r];
    let dot = 0, sq = 0;
    for (let t = 0, a = r * d, b = j * d; t < d; t++) {
      const x = rows[a + t] * s;
      dot += x * means[b + t];
      sq += x * x;
    }
    const norm = Math.sqrt(sq);
    if (norm > maxNorm[j]) maxNorm[j] = norm;
    const cos = norm > 0 ? dot / (norm * meanNorm[j]) : 1;
    if (cos < coneCos[j]) coneCos[j] = cos;
  }
  return { k, of, means, radius, low, high, rowRadius, sizes, coneCos, maxNorm };
}

/** What a pruned pass would visit for one captured pass. */
function countPass(
  pass: Pass,
  c: Clustering,
  vectorOfDoc: Uint32Array,
  d: number,
  marks: Uint8Array,
  clusterMarked: Uint8Array,
) {
  const { vector, bars, cosines } = pass;
  const n = marks.length;
  const { titleBar, wordBar } = bars;
  marks.fill(0);
  clusterMarked.fill(0);
  for (const list of bars.wordPostings) {
    for (let k = 0; k < list.length; k++) marks[vectorOfDoc[list[k]]] = 1;
  }
  let norm = 0;
  for (let t = 0; t < d; t++) norm += vector[t] * vector[t];
  norm = Math.sqrt(norm);
  // The kernel's exact cosine is the int16 query's product: within 1e-4 of the float one.
  const slack = 1e-3;
  const centroidDot = new Float64Array(c.k);
  const bound = new Float64Array(c.k);
  let boxTighter = 0, coneTighter = 0;
  for (let j = 0; j < c.k; j++) {
    let dot = 0, box = 0;
    for (let t = 0, b = j * d; t < d; t++) {
      const q = vector[t];
      dot += q * c.means[b + t];
      box += q >= 0 ? q * c.high[b + t] : q * c.low[b + t];
    }
    centroidDot[j] = dot;
    const ball = dot + c.radius[j] * norm;
    // The cone: a row within angle θ of the mean's direction, the query at angle φ from it, has
    // at most cos(max(0, φ - θ)) of the query's norm times its own.
    let meanSq = 0;
    for (let t = 0, b = j * d; t < d; t++) meanSq += c.means[b + t] ** 2;
    const phi = Math.acos(Math.max(-1, Math.min(1, dot / (Math.sqrt(meanSq) * norm || 1))));
    const theta = Math.acos(Math.max(-1, Math.min(1, c.coneCos[j])));
    const cone = Math.cos(Math.max(0, phi - theta)) * norm * c.maxNorm[j];
    if (box < Math.min(ball, cone)) boxTighter++;
    if (cone < ball) coneTighter++;
    bound[j] = Math.min(ball, box, cone) + slack;
  }
  let marked = 0;
  for (let r = 0; r < n; r++) {
    if (marks[r]) {
      marked++;
      clusterMarked[c.of[r]] = 1;
    }
  }
  let clusterRows = 0, clusters = 0;
  for (let j = 0; j < c.k; j++) {
    const bar = clusterMarked[j] ? wordBar : titleBar;
    if (bound[j] >= bar) {
      clusterRows += c.sizes[j];
      clusters++;
    }
  }
  let needed = 0, rowBound = 0, violations = 0, suffix = 0, titleSuffix = 0, markedBelow = 0;
  for (let r = 0; r < n; r++) {
    const bar = marks[r] ? wordBar : titleBar;
    const j = c.of[r];
    const own = centroidDot[j] + c.rowRadius[r] * norm + slack;
    if (own >= bar) rowBound++;
    // Rows of a cluster in order of their distance to its mean: those a pass visits where it
    // takes each cluster's rows from the first that its least bar could not let go, in one run.
    if (own >= (clusterMarked[j] ? wordBar : titleBar)) suffix++;
    // `row` in two parts: a run of each cluster's rows from the title bar's (every row there,
    // marked or not), and the marked rows before that run, scattered among the rows let go.
    if (own >= titleBar) titleSuffix++;
    else if (marks[r] && own >= wordBar) markedBelow++;
    if (cosines[r] >= bar) {
      needed++;
      if (own < cosines[r] || bound[j] < cosines[r]) violations++;
    }
  }
  return {
    marked,
    needed,
    clusterRows,
    clusters,
    rowBound,
    suffix,
    titleSuffix,
    markedBelow,
    violations,
    boxTighter,
    coneTighter,
    titleBar,
    wordBar,
  };
}

/**
 * An orthonormal basis of `m` directions near the rows' largest (uncentred) principal ones, by
 * subspace iteration over a sample's second moments. Any orthonormal basis makes the bound below
 * exact; a better one only makes it tighter.
 */
function principalBasis(rows: Int8Array, scales: Float32Array, d: number, m: number): Float64Array {
  const n = scales.length;
  const sample = Math.min(n, 40_000);
  const moment = new Float64Array(d * d);
  const x = new Float64Array(d);
  for (let i = 0; i < sample; i++) {
    const r = Math.floor((i * n) / sample);
    for (let t = 0; t < d; t++) x[t] = rows[r * d + t] * scales[r];
    for (let a = 0; a < d; a++) {
      const xa = x[a];
      for (let b = a; b < d; b++) moment[a * d + b] += xa * x[b];
    }
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) moment[a * d + b] = moment[b * d + a];
  let basis = new Float64Array(m * d);
  let seed = 12345;
  for (let k = 0; k < m * d; k++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    basis[k] = seed / 0x7fffffff - 0.5;
  }
  for (let iteration = 0; iteration < 40; iteration++) {
    const next = new Float64Array(m * d);
    for (let j = 0; j < m; j++) {
      for (let a = 0; a < d; a++) {
        let sum = 0;
        for (let b = 0; b < d; b++) sum += moment[a * d + b] * basis[j * d + b];
        next[j * d + a] = sum;
      }
    }
    // Gram-Schmidt, twice for the rounding.
    for (let pass = 0; pass < 2; pass++) {
      for (let j = 0; j < m; j++) {
        for (let i = 0; i < j; i++) {
          let dot = 0;
          for (let t = 0; t < d; t++) dot += next[j * d + t] * next[i * d + t];
          for (let t = 0; t < d; t++) next[j * d + t] -= dot * next[i * d + t];
        }
        let sq = 0;
        for (let t = 0; t < d; t++) sq += next[j * d + t] ** 2;
        const norm = Math.sqrt(sq);
        for (let t = 0; t < d; t++) next[j * d + t] /= norm;
      }
    }
    basis = next;
  }
  return basis;
}

/** Each row's coordinates in `basis` (n × m) and the norm of what the basis leaves of it. */
function project(
  rows: Int8Array,
  scales: Float32Array,
  d: number,
  basis: Float64Array,
  m: number,
): { coords: Float32Array; residual: Float32Array } {
  const n = scales.length;
  const coords = new Float32Array(n * m);
  const residual = new Float32Array(n);
  const x = new Float64Array(d);
  for (let r = 0; r < n; r++) {
    let total = 0;
    for (let t = 0; t < d; t++) {
      x[t] = rows[r * d + t] * scales[r];
      total += x[t] * x[t];
    }
    let kept = 0;
    for (let j = 0; j < m; j++) {
      let dot = 0;
      for (let t = 0, b = j * d; t < d; t++) dot += x[t] * basis[b + t];
      coords[r * m + j] = dot;
      kept += dot * dot;
    }
    // Rounded up: a residual a little too large keeps the bound exact.
    residual[r] = Math.sqrt(Math.max(0, total - kept)) * (1 + 1e-5) + 1e-5;
  }
  return { coords, residual };
}

/** Rows whose projection bound reaches their bar, and whether any bound is under its exact value. */
function countProjected(
  pass: Pass,
  basis: Float64Array,
  m: number,
  d: number,
  projected: { coords: Float32Array; residual: Float32Array },
  marks: Uint8Array,
): { rows: number; violations: number } {
  const { vector, bars, cosines } = pass;
  const q = new Float64Array(m);
  let total = 0, kept = 0;
  for (let t = 0; t < d; t++) total += vector[t] * vector[t];
  for (let j = 0; j < m; j++) {
    let dot = 0;
    for (let t = 0; t < d; t++) dot += vector[t] * basis[j * d + t];
    q[j] = dot;
    kept += dot * dot;
  }
  const qResidual = Math.sqrt(Math.max(0, total - kept)) + 1e-5;
  const slack = 1e-3;
  const { coords, residual } = projected;
  let count = 0, violations = 0;
  for (let r = 0; r < marks.length; r++) {
    let dot = 0;
    for (let j = 0, a = r * m; j < m; j++) dot += coords[a + j] * q[j];
    const bound = dot + residual[r] * qResidual + slack;
    const bar = marks[r] ? bars.wordBar : bars.titleBar;
    if (bound >= bar) count++;
    if (cosines[r] >= bar && bound < cosines[r]) violations++;
  }
  return { rows: count, violations };
}

if (import.meta.main) {
  const kvPath = flag("--kv");
  if (!kvPath) throw new Error("Cannot run: --kv PATH (a published store) is needed");
  const ks = (flag("--clusters") ?? "1000").split(",").map(Number).filter((k) => k > 0);
  const iterations = Number(flag("--iterations") ?? "4");
  const kinds = (flag("--kinds") ?? "plain,scale").split(",");
  const store = await openStore(kvPath);
  const embedder = await benchEmbedder(Deno.args);
  let capturing = false;
  let passes: Pass[] = [];
  let seenVectors: TitleVectors | undefined;
  let seenIndex: JobIndex | undefined;
  let firstOfSearch = false;
  const begin = TitleVectors.prototype.begin;
  TitleVectors.prototype.begin = function (vector, options = {}) {
    seenVectors = this;
    const cosines = begin.call(this, vector, options);
    if (capturing && options.bars) {
      passes.push({ vector, bars: options.bars, cosines: cosines.slice(), own: firstOfSearch });
      firstOfSearch = false;
    }
    return cosines;
  };
  const search = JobIndex.prototype.search;
  JobIndex.prototype.search = function (request) {
    seenIndex = this;
    firstOfSearch = true;
    return search.call(this, request);
  };
  const service = createSearchService({ store, embedder, logger: silentLogger });
  await service.start();
  if (!service.isReady()) throw new Error("Cannot search: no index loaded");
  const queries = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].map((q) => q.q);
  for (const q of queries) await service.search(parseSearchQuery({ q, country: "US" }));
  if (!seenVectors || !seenIndex) throw new Error("Cannot measure: no pass over the vectors seen");
  const { vectors: rows, vectorScales: scales, dimensions: d, vectorOfDoc } = seenIndex.data;
  const n = scales.length;
  print(
    JSON.stringify({ rows: n, postings: vectorOfDoc.length, screens: seenIndex.screensVectors }),
  );
  const pcas = (flag("--pca") ?? "").split(",").filter(Boolean).map(Number);
  if (pcas.length) {
    const marks = new Uint8Array(n);
    const basis = principalBasis(rows, scales, d, Math.max(...pcas));
    for (const m of pcas) {
      const projected = project(rows, scales, d, basis, m);
      const residuals = [...projected.residual];
      passes = [];
      const shares: number[] = [];
      let violations = 0;
      for (const q of queries) {
        capturing = true;
        await service.search(parseSearchQuery(KINDS.plain(q)));
        capturing = false;
        for (const pass of passes) {
          marks.fill(0);
          for (const list of pass.bars.wordPostings) {
            for (let k = 0; k < list.length; k++) marks[vectorOfDoc[list[k]]] = 1;
          }
          const counted = countProjected(pass, basis, m, d, projected, marks);
          shares.push(counted.rows / n);
          violations += counted.violations;
        }
        passes = [];
      }
      print(JSON.stringify({
        pca: m,
        residual_p50: Number(percentile(residuals, 0.5).toFixed(3)),
        rows_p50: Number(percentile(shares, 0.5).toFixed(4)),
        rows_mean: Number((shares.reduce((a, b) => a + b, 0) / shares.length).toFixed(4)),
        rows_p10: Number(percentile(shares, 0.1).toFixed(4)),
        violations,
      }));
    }
  }
  for (const k of ks) {
    const c = cluster(seenVectors, rows, scales, d, k, iterations);
    const sizes = [...c.sizes];
    print(JSON.stringify({
      k,
      size_p50: percentile(sizes, 0.5),
      size_max: Math.max(...sizes),
      radius_p50: Number(percentile([...c.radius], 0.5).toFixed(3)),
      row_radius_p50: Number(percentile([...c.rowRadius], 0.5).toFixed(3)),
    }));
    const marks = new Uint8Array(n);
    const clusterMarked = new Uint8Array(k);
    for (const kind of kinds) {
      passes = [];
      let top5Under = 0, ownPasses = 0;
      const stats: ReturnType<typeof countPass>[] = [];
      for (const q of queries) {
        capturing = true;
        await service.search(parseSearchQuery(KINDS[kind](q)));
        capturing = false;
        for (const pass of passes) {
          stats.push(countPass(pass, c, vectorOfDoc, d, marks, clusterMarked));
          if (pass.own) {
            ownPasses++;
            const top = [...pass.cosines].sort((a, b) => b - a)[4] ?? -Infinity;
            if (top < pass.bars.titleBar) top5Under++;
          }
        }
        passes = [];
      }
      const share = (
        key:
          | "marked"
          | "needed"
          | "clusterRows"
          | "rowBound"
          | "suffix"
          | "titleSuffix"
          | "markedBelow",
      ) => {
        const values = stats.map((s) => s[key] / n);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        return {
          p50: Number(percentile(values, 0.5).toFixed(4)),
          mean: Number(mean.toFixed(4)),
          p90: Number(percentile(values, 0.9).toFixed(4)),
        };
      };
      print(JSON.stringify({
        k,
        kind,
        passes: stats.length,
        own_passes: ownPasses,
        top5_under_bar: top5Under,
        marked: share("marked"),
        needed: share("needed"),
        cluster: share("clusterRows"),
        row: share("rowBound"),
        suffix: share("suffix"),
        title_suffix: share("titleSuffix"),
        marked_below: share("markedBelow"),
        clusters_visited_p50: percentile(stats.map((s) => s.clusters), 0.5),
        title_bar_p50: Number(percentile(stats.map((s) => s.titleBar), 0.5).toFixed(3)),
        word_bar_p50: Number(percentile(stats.map((s) => s.wordBar), 0.5).toFixed(3)),
        box_tighter_p50: percentile(stats.map((s) => s.boxTighter), 0.5),
        cone_tighter_p50: percentile(stats.map((s) => s.coneTighter), 0.5),
        violations: stats.reduce((a, s) => a + s.violations, 0),
        load: Deno.loadavg(),
      }));
    }
  }
  service.stop();
  store.close();
  Deno.exit(0);
}
