import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import type { AnalyzedQuery } from "./analyze_query.ts";
import { KeywordScorer, type TermLift, type TermPostings } from "./keyword_scorer.ts";
import { buildPositionText } from "./position_text.ts";
import { withStated } from "./stated_type.ts";
import { tokenize } from "./tokenize.ts";

const WORDS = [
  "java",
  "berlin",
  "developer",
  "nurse",
  "cloud",
  "sales",
  "engineer",
  "care",
  "data",
];
const TERMS = [...new Set(WORDS.flatMap((word) => tokenize(word))), "zzyzx"];

function posting(n: number, title: string[], tags: string[], description: string[]): Job {
  return {
    id: `id-${n}`,
    job_title: title.join(" "),
    company_name: "Acme",
    city: "Berlin",
    country: "DE",
    publish_time: "2025-01-01 10:00:00",
    job_url: `https://example.com/${n}`,
    job_tags: tags,
    data_source: "linkedin",
    job_description: description.join(" "),
  };
}

const word = fc.constantFrom(...WORDS);
/** Up to `most` postings of `of`'s words, each with a title, maybe tags, a description. */
const postingsUpTo = (most: number, of: fc.Arbitrary<string> = word) =>
  fc.array(
    fc.tuple(
      fc.array(of, { minLength: 1, maxLength: 4 }),
      fc.array(of, { maxLength: 2 }),
      fc.array(of, { maxLength: 12 }),
    ),
    { minLength: 1, maxLength: most },
  ).map((rows) =>
    rows.map(([title, tags, description], n) => posting(n, title, tags, description))
  );
const postings = postingsUpTo(40);

const term = fc.constantFrom(...TERMS);
/** Up to `most` variants of up to `length` of `of`'s terms, each with up to `titled` title terms. */
const variantsOf = (of: fc.Arbitrary<string>, most: number, length: number, titled: number) =>
  fc.array(
    fc.record({
      terms: fc.array(of, { minLength: 1, maxLength: length }),
      titleTerms: fc.array(of, { maxLength: titled }),
    }),
    { minLength: 1, maxLength: most },
  );
const variants = variantsOf(term, 10, 4, 2);

function queryOf(list: { terms: string[]; titleTerms: string[] }[]): AnalyzedQuery {
  return {
    termVariants: list.map((v) => v.terms),
    titleTerms: list.map((v) => v.titleTerms),
  } as AnalyzedQuery;
}

Deno.test("a query's keyword score is, posting by posting, the best of its variants scored alone", () => {
  fc.assert(
    fc.property(postings, variants, (jobs, list) => {
      const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
      scorer.score(queryOf(list));
      const whole = scorer.scores.slice();
      const best = scorer.best;
      const alone = new Float32Array(jobs.length);
      for (const variant of list) {
        scorer.score(queryOf([variant]));
        for (let p = 0; p < jobs.length; p++) alone[p] = Math.max(alone[p], scorer.scores[p]);
      }
      assert.deepEqual(whole, alone);
      assert.equal(best, Math.max(0, ...alone));
    }),
    { numRuns: 300 },
  );
});

Deno.test("the postings with a query word are listed once each, whatever the variants repeat", () => {
  fc.assert(
    fc.property(postings, variants, (jobs, list) => {
      const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
      const touched = scorer.score(queryOf(list));
      assert.equal(new Set(touched).size, touched.length, "a term's list listed twice");
      // Which postings have a word is what the lists say, as a scoring of each variant alone does.
      const withWord = new Set(touched.flatMap((positions) => [...positions]));
      const alone = new Set<number>();
      for (const variant of list) {
        for (const positions of scorer.score(queryOf([variant]))) {
          for (const p of positions) alone.add(p);
        }
      }
      assert.deepEqual([...withWord].sort((a, b) => a - b), [...alone].sort((a, b) => a - b));
    }),
    { numRuns: 200 },
  );
});

Deno.test("a variant's title terms count only for postings with them all in the title or tags", () => {
  const jobs = [
    posting(0, ["java", "developer"], [], ["berlin"]),
    posting(1, ["berlin", "java"], [], []),
    posting(2, ["nurse"], [], ["java"]),
  ];
  const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
  const [java, berlin, develop] = ["java", "berlin", "developer"].map((w) => tokenize(w)[0]);
  const list = [
    { terms: [java, berlin], titleTerms: [] },
    { terms: [berlin, java, develop], titleTerms: [develop] },
  ];
  const alone = list.map((variant) => {
    scorer.score(queryOf([variant]));
    return scorer.scores.slice();
  });
  // "developer" is a title term of the second variant: only posting 0 has it in its title.
  assert.ok(alone[1][0] > 0);
  assert.equal(alone[1][1], 0);
  assert.equal(alone[1][2], 0);
  assert.ok(alone[0][1] > 0 && alone[0][2] > 0);
  scorer.score(queryOf(list));
  assert.deepEqual(scorer.scores, alone[0].map((score, p) => Math.max(score, alone[1][p])));
});

Deno.test("the first variant, summed straight into the scores, scores as any later variant does", () => {
  // A first variant of a word no posting has (its IDF is above 0, so it is scored) leaves every
  // score 0 and sends the variants after it through the pass that takes the best and clears.
  const nowhere = { terms: ["zzyzx"], titleTerms: [] };
  fc.assert(
    fc.property(postings, variants, (jobs, list) => {
      const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
      scorer.score(queryOf(list));
      const direct = scorer.scores.slice();
      const best = scorer.best;
      scorer.score(queryOf([nowhere, ...list]));
      assert.deepEqual(direct, scorer.scores);
      assert.equal(best, scorer.best);
      // Scoring again from the scores of another query leaves nothing of it behind.
      scorer.score(queryOf([...list].reverse()));
      scorer.score(queryOf(list));
      assert.deepEqual(direct, scorer.scores);
    }),
    { numRuns: 300 },
  );
});

/**
 * The keyword scores as the scorer made them before a variant's title terms chose its postings
 * first: every variant summed over every posting of its terms' lists (into float32 scores, term
 * after term), a posting without all its title terms set back to 0, the best of the variants.
 */
function scoredOverEveryPosting(
  count: number,
  list: { terms: string[]; titleTerms: string[] }[],
  postingsOf: (term: string) => TermPostings,
  lift?: TermLift,
): Float32Array {
  const scores = new Float32Array(count);
  for (const { terms, titleTerms } of list) {
    const unique = [...new Set(terms)].map((t) => lift ? lift(t, postingsOf(t)) : postingsOf(t));
    const total = unique.reduce((sum, p) => sum + p.idf, 0);
    if (total === 0) continue;
    const sums = new Float32Array(count);
    for (const { positions, values, idf } of unique) {
      for (let k = 0; k < positions.length; k++) sums[positions[k]] += (idf / total) * values[k];
    }
    const required = [...new Set(titleTerms)].map(postingsOf);
    const hits = new Uint8Array(count);
    for (const { positions, inTitle } of required) {
      for (let k = 0; k < positions.length; k++) hits[positions[k]] += inTitle[k];
    }
    for (let p = 0; p < count; p++) {
      if (hits[p] === required.length) scores[p] = Math.max(scores[p], sums[p]);
    }
  }
  return scores;
}

Deno.test("a variant with title terms sums only its postings with them all, and scores as summing every posting does", () => {
  // Title terms that many postings have in the title (a synonym's common word), or few.
  const titled = variantsOf(term, 8, 4, 3);
  fc.assert(
    fc.property(postings, titled, (jobs, list) => {
      const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
      // A variant's title terms are among its terms, as a synonym's are.
      const query = list.map((v) => ({ ...v, terms: [...v.terms, ...v.titleTerms] }));
      scorer.score(queryOf(query));
      const expected = scoredOverEveryPosting(jobs.length, query, (t) => scorer.postingsOf(t));
      assert.deepEqual(scorer.scores, expected);
      assert.equal(scorer.best, Math.max(0, ...expected));
      // Title terms that are not among the terms, too; and nothing left for the next query.
      scorer.score(queryOf(list));
      assert.deepEqual(
        scorer.scores,
        scoredOverEveryPosting(jobs.length, list, (t) => scorer.postingsOf(t)),
      );
      scorer.score(queryOf(query));
      assert.deepEqual(scorer.scores, expected);
    }),
    { numRuns: 500 },
  );
});

Deno.test("a synonym's variants score as summing every posting does, over queries that share words, lifted terms and words no posting has", () => {
  // A developer query's shape: the query's own words, then variants that repeat them with a
  // synonym's words as title terms (among the terms, or not); words repeated, words no posting has
  // ("zzyzx"); some terms lifted for postings stating an employment type, as
  // src/index/stated_type.ts does (worth more, and postings added without the word in the title).
  const synonymQuery = fc.record({
    // Up to six words of their own: more than the scorer keeps values by posting of a search.
    own: fc.array(term, { minLength: 1, maxLength: 6 }),
    synonyms: fc.array(
      fc.record({
        words: fc.array(term, { minLength: 1, maxLength: 3 }),
        titled: fc.boolean(),
        at: fc.nat(3),
      }),
      { maxLength: 6 },
    ),
  }).map(({ own, synonyms }) => [
    { terms: own, titleTerms: [] as string[] },
    ...synonyms.map(({ words, titled, at }) => {
      const terms = [...own.slice(0, at), ...words, ...own.slice(at)];
      return { terms: titled ? terms : terms.filter((t) => !words.includes(t)), titleTerms: words };
    }),
  ]);
  fc.assert(
    fc.property(
      postingsUpTo(120),
      fc.array(synonymQuery, { minLength: 1, maxLength: 4 }),
      fc.subarray(TERMS),
      fc.array(fc.boolean(), { minLength: 120, maxLength: 120 }),
      (jobs, queries, liftedTerms, stating) => {
        const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
        const mask = new Uint8Array(jobs.length).map((_, p) => stating[p] ? 1 : 0);
        const positions = Uint32Array.from([...mask.keys()].filter((p) => mask[p] === 1));
        // One lifted postings a term, as StatedTypes keeps them.
        const lifted = new Map<TermPostings, TermPostings>();
        const lift: TermLift = (t, postings) => {
          if (!liftedTerms.includes(t)) return postings;
          let out = lifted.get(postings);
          if (!out) lifted.set(postings, out = withStated(postings, mask, positions));
          return out;
        };
        const postingsOf = (t: string) => scorer.postingsOf(t);
        // Each query twice, lifted and not, one after another on one scorer: what a search keeps
        // (the groups of titled postings, the values by posting) must not leak into the next.
        for (const list of [...queries, ...queries]) {
          for (const liftNow of [lift, undefined]) {
            scorer.score(queryOf(list), liftNow);
            const expected = scoredOverEveryPosting(jobs.length, list, postingsOf, liftNow);
            assert.deepEqual(scorer.scores, expected);
            assert.equal(scorer.best, Math.max(0, ...expected));
          }
        }
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("a synonym's title term that the query's employment lifts counts at its lifted value", () => {
  // "java" is the synonym's title word (worth less than 1 in a long title) and is lifted for
  // posting 1 (it states the type): the variant's score there is the lifted value's, not the word's
  // own, which posting 0, the same posting without the type, keeps.
  const jobs = [
    posting(0, ["java", "developer", "cloud", "data"], [], ["berlin"]),
    posting(1, ["java", "developer", "cloud", "data"], [], ["berlin"]),
    posting(2, ["berlin", "nurse"], [], ["java"]),
  ];
  const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
  const [java, berlin] = ["java", "berlin"].map((w) => tokenize(w)[0]);
  const mask = Uint8Array.from([0, 1, 0]);
  const javaLifted = withStated(scorer.postingsOf(java), mask, Uint32Array.from([1]));
  const lift: TermLift = (t, postings) => t === java ? javaLifted : postings;
  const list = [
    { terms: ["zzyzx"], titleTerms: [] },
    { terms: [berlin, java], titleTerms: [java] },
  ];
  scorer.score(queryOf(list), lift);
  const expected = scoredOverEveryPosting(jobs.length, list, (t) => scorer.postingsOf(t), lift);
  assert.ok(expected[1] > expected[0], "the lifted posting scores more");
  assert.equal(expected[2], 0);
  assert.deepEqual(scorer.scores, expected);
});

Deno.test("a query scores as on a fresh scorer whatever was scored before it", () => {
  // Many rare words besides the common ones, so that queries touch different postings: nothing
  // one leaves in the scorer (a word's values by posting, a variant's sums) may reach the next.
  const rare = Array.from({ length: 150 }, (_, i) => `zq${String.fromCharCode(97 + i % 26)}x${i}`);
  const anyWord = fc.oneof(word, fc.constantFrom(...rare));
  const rareJobs = postingsUpTo(150, anyWord);
  const rareTerm = fc.oneof(term, fc.constantFrom(...rare.map((w) => tokenize(w)[0])));
  const query = variantsOf(rareTerm, 4, 3, 2);
  fc.assert(
    fc.property(rareJobs, fc.array(query, { minLength: 2, maxLength: 6 }), (jobs, queries) => {
      const text = buildPositionText(jobs);
      const scorer = new KeywordScorer(jobs.length, text);
      queries.forEach((list, i) => {
        if (i === 2) scorer.clear();
        scorer.score(queryOf(list));
        const fresh = new KeywordScorer(jobs.length, text);
        fresh.score(queryOf(list));
        assert.deepEqual(scorer.scores, fresh.scores);
        assert.equal(scorer.best, fresh.best);
      });
    }),
    { numRuns: 300 },
  );
});

Deno.test("a trade's noun in a company's name counts as a job word there, a name in full", () => {
  // Session 55: "Koch" (a cook) in Berlin listed the Robert Koch Institut's IT engineers first,
  // "koch" counting in full there as the name it is in the company's.
  const jobs = [
    {
      ...posting(0, ["Junior", "Network", "Engineer"], [], []),
      company_name: "Robert Koch Institut",
    },
    { ...posting(1, ["Sales", "Engineer"], [], []), company_name: "Koch Industries" },
    { ...posting(2, ["Cloud", "Engineer"], [], []), company_name: "Gasthaus Krone" },
    { ...posting(3, ["Data", "Engineer"], [], []), company_name: "Zalando" },
    { ...posting(4, ["Cloud", "Engineer"], [], []), company_name: "Carpenter Group" },
  ];
  const scorer = new KeywordScorer(jobs.length, buildPositionText(jobs));
  const scoreOf = (terms: string[]) => {
    scorer.score(queryOf([{ terms, titleTerms: [] }]));
    return [...scorer.scores];
  };
  // No title says "koch": in the companies' names alone, the word is a name by the count the
  // postings give it, and a trade's noun is counted as a job word all the same.
  const koch = scoreOf(tokenize("koch"));
  assert.ok(koch[0] > 0 && koch[0] <= 0.25, `the institute's postings: ${koch[0]}`);
  assert.ok(koch[1] > 0 && koch[1] <= 0.25, `Koch Industries: ${koch[1]}`);
  // A noun whose term is its stem ("carpenter": "carpent") is found by that term.
  const carpenter = scoreOf(tokenize("carpenter"))[4];
  assert.ok(carpenter > 0 && carpenter <= 0.25, `Carpenter Group: ${carpenter}`);
  // Another word of a company's name is still its name there, counted as a title's word is.
  const zalando = scoreOf(tokenize("zalando"))[3];
  assert.ok(zalando > 0.9, `Zalando: ${zalando}`);
});
