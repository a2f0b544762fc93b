import { strict as assert } from "node:assert";
import fc from "fast-check";
import {
  LABEL_NEAR,
  LEADING_WORDS,
  MEANING_AGREEMENT,
  MOST_NEAREST,
  MOST_OCCUPATIONS,
  MOST_SHARED,
  type Occupation,
  OccupationLabels,
  occupationOf,
  parseOccupations,
  phraseKey,
  SENTENCE_NEAR,
} from "./occupation_labels.ts";

// Rows written here in the shape the ESCO packaging has (labels run together, then the
// description opening with the preferred label in the plural); not ESCO's own text.
const ROWS = [
  ["occupation/1", "cashier till operator checkout operator Cashiers take payments at a till."],
  ["occupation/2", "accountant chartered accountant Accountants keep and check accounts."],
  ["occupation/3", "bookkeeper accounts clerk Bookkeepers record what a business spends."],
  ["occupation/4", "door supervisor bouncer doorman Door supervisors check guests at the door."],
  [
    "isco/C4211",
    "Bank tellers and related clerks  Bank tellers and related clerks deal with money.",
  ],
];
const CSV = "id,description\n" +
  ROWS.map(([id, text]) => `http://data.europa.eu/esco/${id},"${text}"`).join("\n");

Deno.test("parseOccupations() reads the preferred label back and skips the ISCO groups", () => {
  const occupations = parseOccupations(CSV);
  assert.deepEqual(occupations.map((o) => o.label), [
    "cashier",
    "accountant",
    "bookkeeper",
    "door supervisor",
  ]);
  assert.equal(occupations[0].labels, "cashier till operator checkout operator");
  assert.equal(occupations[3].labels, "door supervisor bouncer doorman");
  // The description's first sentence, what `nearest` compares a query with.
  assert.equal(occupations[0].sentence, "cashiers take payments at a till.");
});

Deno.test("occupationOf() takes the longest opening that the description starts with", () => {
  assert.deepEqual(
    occupationOf("ICT system administrator sysadmin ICT system administrators keep systems up."),
    {
      label: "ICT system administrator",
      labels: "ict system administrator sysadmin",
      sentence: "ict system administrators keep systems up.",
    },
  );
  assert.equal(occupationOf("just words without a description"), undefined);
});

const table = new OccupationLabels(parseOccupations(CSV));

Deno.test("labelsFor() names the occupation of another of its labels, as a whole phrase", () => {
  assert.deepEqual(table.labelsFor("till operator"), ["cashier"]);
  assert.deepEqual(table.labelsFor("Bouncer"), ["door supervisor"]);
  assert.deepEqual(table.labelsFor("chartered accountant"), ["accountant"]);
  // A query that is an occupation's own preferred label needs nothing beside it.
  assert.deepEqual(table.labelsFor("accountant"), []);
  // Part of a word is not the word.
  assert.deepEqual(table.labelsFor("tiller"), []);
  assert.deepEqual(table.labelsFor("operat"), []);
});

Deno.test("labelsFor(): a neighbouring job is not a synonym", () => {
  // A bookkeeper is near an accountant (grade 1 in the judged sets), and a different occupation.
  assert.deepEqual(table.labelsFor("bookkeeper"), []);
  assert.deepEqual(table.labelsFor("accounts clerk"), ["bookkeeper"]);
  assert.ok(!table.labelsFor("accounts clerk").includes("accountant"));
});

Deno.test("labelsFor(): a phrase more than a few occupations share names none of them", () => {
  const many: Occupation[] = Array.from({ length: MOST_OCCUPATIONS + 1 }, (_, i) => ({
    label: `role ${i}`,
    labels: `role ${i} night worker`,
  }));
  assert.deepEqual(new OccupationLabels(many).labelsFor("night worker"), []);
  assert.equal(
    new OccupationLabels(many.slice(0, MOST_OCCUPATIONS)).labelsFor("night worker").length,
    MOST_OCCUPATIONS,
  );
});

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const labelWords = fc.array(word, { minLength: 1, maxLength: 4 });

Deno.test("labelsFor() property: every label named holds the query as whole words, in order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(labelWords, fc.array(labelWords, { maxLength: 3 })), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.array(word, { minLength: 1, maxLength: 3 }),
      (rows, queryWords) => {
        const occupations = rows.map(([preferred, others]) => ({
          label: preferred.join(" "),
          labels: [preferred, ...others].map((l) => l.join(" ")).join(" "),
        }));
        const query = queryWords.join(" ");
        const named = new OccupationLabels(occupations).labelsFor(query);
        for (const label of named) {
          const holders = occupations.filter((o) => o.label === label);
          assert.ok(
            holders.some((o) => ` ${phraseKey(o.labels)} `.includes(` ${phraseKey(query)} `)),
            `${label} does not hold ${query}`,
          );
          assert.notEqual(label, phraseKey(query));
        }
        // The rule itself, by a scan of every occupation: the holders, none when one of them is
        // the query's own occupation or when more than a few hold it.
        const holders = occupations.filter((o) =>
          ` ${phraseKey(o.labels)} `.includes(` ${phraseKey(query)} `)
        );
        const expected = holders.some((o) => phraseKey(o.label) === phraseKey(query)) ||
            holders.length > MOST_OCCUPATIONS
          ? []
          : [...new Set(holders.map((o) => o.label))];
        assert.deepEqual(named, expected);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("labelsFor() property: a strict part of a word never matches it", () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z]{3,10}$/), fc.integer({ min: 1, max: 9 }), (w, cut) => {
      fc.pre(cut < w.length);
      const labels = new OccupationLabels([{ label: "9", labels: `9 ${w}` }]);
      assert.deepEqual(labels.labelsFor(w.slice(0, cut)), []);
      assert.deepEqual(labels.labelsFor(w.slice(cut)), []);
    }),
  );
});

// Unit vectors of 4 values, each chosen for its cosine with the query's axis (value 0).
const D = 4;
function at(cosine: number, side = 1): number[] {
  const rest = Math.sqrt(1 - cosine * cosine);
  return side === 1 ? [cosine, rest, 0, 0] : [cosine, 0, rest, 0];
}
const AXIS = Float32Array.from([1, 0, 0, 0]);

/** A table whose occupation `i` has its sentence at `sentences[i]` and its label at `labels[i]`. */
function near(sentences: number[], labels: number[]): OccupationLabels {
  const occupations = sentences.map((_, i) => ({ label: `Role ${i}`, labels: `role ${i}` }));
  return new OccupationLabels(occupations).withVectors({
    model: "m",
    dimensions: D,
    labels: Float32Array.from(labels.flatMap((c) => at(c, 2))),
    sentences: Float32Array.from(sentences.flatMap((c) => at(c))),
  });
}

Deno.test("nearest() names the occupations whose sentence and label are both near the query", () => {
  const table = near([0.9, 0.7, 0.8, 0.3], [0.8, 0.9, 0.2, 0.95]);
  // Role 2's sentence is nearer than role 1's, but its label is far: it is not named, and the
  // nearest two by sentence are all that are looked at (role 1 is third).
  assert.deepEqual(table.nearest(AXIS, "someone who does it").map((o) => o.label), ["role 0"]);
  // The label's own vector comes with it: nothing is embedded again.
  assert.deepEqual([...table.nearest(AXIS, "x")[0].vector], at(0.8, 2).map(Math.fround));
  // A query that is an occupation's own preferred label names it already: no neighbours.
  assert.deepEqual(table.nearest(AXIS, "Role 0").map((o) => o.label), []);
  assert.deepEqual(table.nearest(AXIS, "role 3"), []);
  // Without vectors, or for a vector of another model's width: none.
  assert.deepEqual(new OccupationLabels([{ label: "a", labels: "a" }]).nearest(AXIS, "x"), []);
  assert.deepEqual(table.nearest(new Float32Array(8), "x"), []);
});

Deno.test("nearest() with an agreement takes only occupations whose label agrees with it", () => {
  const table = near([0.9, 0.8, 0.3], [0.8, 0.9, 0.95]);
  assert.deepEqual(table.nearest(AXIS, "q").map((o) => o.label), ["role 0", "role 1"]);
  // The agreement the index gives, here by the label's first value: role 0's label (0.8) falls
  // short of a bar of 0.85, role 1's (0.9) reaches it.
  const seen: number[] = [];
  const agreement = (label: Float32Array) => {
    seen.push(label[0]);
    return label[0] - 0.85 + MEANING_AGREEMENT;
  };
  assert.deepEqual(table.nearest(AXIS, "q", agreement).map((o) => o.label), ["role 1"]);
  // Asked only of the occupations otherwise taken.
  assert.deepEqual(seen.map((v) => Math.round(v * 100)), [80, 90]);
  assert.deepEqual(table.nearest(AXIS, "q", () => MEANING_AGREEMENT - 0.01), []);
});

Deno.test("withVectors() refuses vectors that are not one row per occupation", () => {
  const occupations = [{ label: "a", labels: "a" }, { label: "b", labels: "b" }];
  assert.throws(() =>
    new OccupationLabels(occupations).withVectors({
      model: "m",
      dimensions: D,
      labels: new Float32Array(D),
      sentences: new Float32Array(2 * D),
    }), /2 occupations of 4 values/);
});

Deno.test("nearest() property: only near occupations, the nearest sentences first, a few", () => {
  const cosine = fc.double({ min: 0, max: 1, noNaN: true });
  fc.assert(
    fc.property(
      fc.array(fc.tuple(cosine, cosine), { minLength: 1, maxLength: 12 }),
      (rows) => {
        const table = near(rows.map(([s]) => s), rows.map(([, l]) => l));
        const named = table.nearest(AXIS, "query").map((o) => Number(o.label.split(" ")[1]));
        assert.ok(named.length <= MOST_NEAREST);
        // The rule by a scan: the best few sentences at the bar, then those whose label is near.
        const ranked = rows.map(([s], i) => ({ s: Math.fround(s), i }))
          .filter(({ s }) => s >= SENTENCE_NEAR - 1e-6)
          .sort((a, b) => b.s - a.s || a.i - b.i).slice(0, MOST_NEAREST);
        for (const i of named) {
          assert.ok(rows[i][0] >= SENTENCE_NEAR - 1e-6 && rows[i][1] >= LABEL_NEAR - 1e-6);
          assert.ok(ranked.some((r) => r.i === i), `${i} is not among the nearest sentences`);
        }
        const expected = ranked.filter(({ i }) => rows[i][1] >= LABEL_NEAR + 1e-6).map((r) => r.i);
        for (const i of expected) assert.ok(named.includes(i), `${i} near but not named`);
      },
    ),
    { numRuns: 300 },
  );
});

/** `count` occupations sharing the label "night worker", occupation `i`'s label at `labels[i]`. */
function sharing(labels: number[]): OccupationLabels {
  const occupations = labels.map((_, i) => ({
    label: `Role ${i}`,
    labels: `role ${i} night worker`,
  }));
  return new OccupationLabels(occupations).withVectors({
    model: "m",
    dimensions: D,
    labels: Float32Array.from(labels.flatMap((c) => at(c, 2))),
    sentences: Float32Array.from(labels.flatMap(() => at(0))),
  });
}

Deno.test("sharedNearest() names the nearest few of the occupations a phrase is shared by", () => {
  const table = sharing([0.1, 0.6, 0.3, 0.9, 0.2]);
  assert.deepEqual(table.labelsFor("night worker"), []);
  assert.deepEqual(
    table.sharedNearest(AXIS, "Night Worker").map((o) => o.label),
    ["role 3", "role 1"].slice(0, MOST_SHARED),
  );
  // With each its label's own vector: nothing is embedded.
  assert.deepEqual(
    [...table.sharedNearest(AXIS, "night worker")[0].vector],
    at(0.9, 2).map(Math.fround),
  );
  // Few enough holders are named by `labelsFor` instead; a phrase no label holds, an occupation's
  // own preferred label, no vectors, another width: none.
  assert.deepEqual(sharing([0.1, 0.6, 0.3]).sharedNearest(AXIS, "night worker"), []);
  assert.deepEqual(table.sharedNearest(AXIS, "day worker"), []);
  assert.deepEqual(table.sharedNearest(AXIS, "role 2"), []);
  assert.deepEqual(table.sharedNearest(new Float32Array(8), "night worker"), []);
  const many = Array.from({ length: 5 }, (_, i) => ({ label: `r ${i}`, labels: `r ${i} w` }));
  assert.deepEqual(new OccupationLabels(many).sharedNearest(AXIS, "w"), []);
});

Deno.test("sharedNearest() with agreement keeps the sharers that agree, or all where none does", () => {
  const table = sharing([0.1, 0.6, 0.3, 0.9, 0.2]);
  // The agreement of a label vector: here read from its cosine with the query (its first value).
  const agreement = (agreeing: number[]) => (vector: Float32Array) =>
    agreeing.some((c) => Math.abs(vector[0] - Math.fround(c)) < 1e-6) ? MEANING_AGREEMENT : 0.1;
  const named = (agreeing: number[]) =>
    table.sharedNearest(AXIS, "night worker", agreement(agreeing)).map((o) => o.label);
  // "solicitor": the nearer sharer (the call centre agent) disagrees, the other is kept alone.
  assert.deepEqual(named([0.6]), ["role 1"]);
  assert.deepEqual(named([0.9]), ["role 3"]);
  assert.deepEqual(named([0.9, 0.6]), ["role 3", "role 1"]);
  // "decorator": no sharer agrees with the model's titles, the taxonomy's word stands.
  assert.deepEqual(named([]), ["role 3", "role 1"]);
  // Only among the few nearest: a farther one that agrees is not brought in.
  assert.deepEqual(named([0.3]), ["role 3", "role 1"]);
});

Deno.test("labelVector() is the preferred label's own vector", () => {
  const table = sharing([0.1, 0.6, 0.3, 0.9]);
  assert.deepEqual([...table.labelVector("role 1")!], at(0.6, 2).map(Math.fround));
  assert.equal(table.labelVector("night worker"), undefined);
  assert.equal(new OccupationLabels([{ label: "a", labels: "a" }]).labelVector("a"), undefined);
});

Deno.test("sharedNearest() property: only holders of the phrase, the nearest by label, a few", () => {
  const cosine = fc.double({ min: -1, max: 1, noNaN: true });
  fc.assert(
    fc.property(
      fc.array(fc.tuple(cosine, fc.boolean()), { minLength: 1, maxLength: 12 }),
      (rows) => {
        // Occupation i holds the phrase where its flag says so.
        const occupations = rows.map(([, holds], i) => ({
          label: `Role ${i}`,
          labels: `role ${i}${holds ? " night worker" : ""}`,
        }));
        const table = new OccupationLabels(occupations).withVectors({
          model: "m",
          dimensions: D,
          labels: Float32Array.from(rows.flatMap(([c]) => at(c, 2))),
          sentences: Float32Array.from(rows.flatMap(() => at(0))),
        });
        const named = table.sharedNearest(AXIS, "night worker")
          .map((o) => Number(o.label.split(" ")[1]));
        const holders = rows.flatMap(([c, holds], i) => holds ? [{ c: Math.fround(c), i }] : []);
        if (holders.length <= MOST_OCCUPATIONS) {
          assert.deepEqual(named, []);
          return;
        }
        assert.equal(named.length, MOST_SHARED);
        for (const i of named) assert.ok(rows[i][1], `role ${i} does not hold the phrase`);
        // No holder left out is nearer than one taken.
        const least = Math.min(...named.map((i) => Math.fround(rows[i][0])));
        for (const { c, i } of holders) {
          if (!named.includes(i)) assert.ok(c <= least + 1e-6, `role ${i} is nearer`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

// Session 20: a query describing the work ("someone to look after elderly people") met an "elderly
// home manager" by its description, whose label lifted every manager's title.
Deno.test("nearest() property: an occupation that runs the work only for a query that asks to run it", () => {
  // Clear of the bars (0.5), so that which are near is not a matter of rounding.
  const cosine = fc.oneof(
    fc.double({ min: 0, max: 0.45, noNaN: true }),
    fc.double({ min: 0.55, max: 1, noNaN: true }),
  );
  const word = fc.constantFrom("care", "warehouse", "manager", "supervisor", "worker", "head");
  fc.assert(
    fc.property(
      fc.array(fc.tuple(cosine, cosine, fc.array(word, { minLength: 1, maxLength: 3 })), {
        minLength: 1,
        maxLength: 8,
      }),
      fc.array(word, { minLength: 1, maxLength: 3 }),
      (rows, queryWords) => {
        const occupations = rows.map(([, , words], i) => {
          const label = `${words.join(" ")} ${i}`;
          return { label, labels: label.toLowerCase() };
        });
        const table = new OccupationLabels(occupations).withVectors({
          model: "m",
          dimensions: D,
          labels: Float32Array.from(rows.flatMap(([, l]) => at(l, 2))),
          sentences: Float32Array.from(rows.flatMap(([s]) => at(s))),
        });
        const text = `someone to ${queryWords.join(" ")} people`;
        const asksToRun = queryWords.some((w) => LEADING_WORDS.has(w));
        const named = table.nearest(AXIS, text);
        for (const { label } of named) {
          const runs = label.split(" ").some((w) => LEADING_WORDS.has(w));
          assert.ok(asksToRun || !runs, `"${label}" for "${text}"`);
        }
        // The others still come: the nearest by sentence among those that do the work.
        if (!asksToRun) {
          const doing = rows.map(([s, l, words], i) => ({ s: Math.fround(s), l, words, i }))
            .filter(({ words }) => !words.some((w) => LEADING_WORDS.has(w)))
            .sort((a, b) => b.s - a.s || a.i - b.i).slice(0, MOST_NEAREST)
            .filter(({ s, l }) => s >= SENTENCE_NEAR && l >= LABEL_NEAR);
          assert.equal(named.length, doing.length);
        }
      },
    ),
    { numRuns: 300 },
  );
  const table = new OccupationLabels([
    { label: "elderly home manager", labels: "elderly home manager" },
    { label: "home care aide", labels: "home care aide" },
  ]).withVectors({
    model: "m",
    dimensions: D,
    labels: Float32Array.from([...at(0.9, 2), ...at(0.7, 2)]),
    sentences: Float32Array.from([...at(0.9), ...at(0.6)]),
  });
  assert.deepEqual(table.nearest(AXIS, "look after elderly people").map((o) => o.label), [
    "home care aide",
  ]);
  assert.deepEqual(table.nearest(AXIS, "running an elderly home").map((o) => o.label), [
    "elderly home manager",
    "home care aide",
  ]);
});
