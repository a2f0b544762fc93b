/**
 * The judged CVs (bench/cv/README.md): each CV is a file beside this one, and
 * `judgements.jsonl` says, per CV, which real postings fit the person (by `job_url`), in words
 * (`fit`) and whether the case is held out (never used to choose a setting).
 *
 * @module
 */
import { z } from "zod";

const JudgementSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]+$/),
  file: z.string().regex(/^[a-z0-9_]+\.(?:txt|md)$/),
  heldout: z.boolean(),
  fit: z.string().min(20),
  relevant: z.array(z.url()).min(1),
}).strict();

export type Judgement = z.infer<typeof JudgementSchema>;

export interface CvCase extends Judgement {
  /** The CV's text, as the person would paste it. */
  text: string;
  relevantSet: ReadonlySet<string>;
}

const DIR = new URL("./", import.meta.url);

/**
 * Every judged CV with its text; throws naming the line when `judgements.jsonl` does not match
 * the schema or names a CV file that is missing.
 */
export async function loadCvCases(): Promise<CvCase[]> {
  const lines = (await Deno.readTextFile(new URL("judgements.jsonl", DIR))).split("\n");
  const cases: CvCase[] = [];
  const ids = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parsed = JudgementSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      throw new Error(
        `Cannot load bench/cv/judgements.jsonl line ${i + 1}: ${parsed.error.message}`,
      );
    }
    const judgement = parsed.data;
    if (ids.has(judgement.id)) {
      throw new Error(
        `Cannot load bench/cv/judgements.jsonl line ${i + 1}: id ${judgement.id} twice`,
      );
    }
    ids.add(judgement.id);
    const text = await Deno.readTextFile(new URL(judgement.file, DIR));
    cases.push({ ...judgement, text, relevantSet: new Set(judgement.relevant) });
  }
  return cases;
}

/**
 * Of the first `k` hits, how many fit: a hit fits when its URL, or the URL of a repost it stands
 * for, is judged relevant. Divided by `k` (a short list is not rewarded for being short).
 */
export function precisionAt(
  hits: { job_url: string; also_posted_at?: string[] }[],
  relevant: ReadonlySet<string>,
  k = 10,
): number {
  let fits = 0;
  for (const hit of hits.slice(0, k)) {
    if ([hit.job_url, ...(hit.also_posted_at ?? [])].some((url) => relevant.has(url))) fits++;
  }
  return fits / k;
}
