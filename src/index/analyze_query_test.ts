import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery } from "./analyze_query.ts";
import { tokenize } from "./tokenize.ts";

Deno.test("analyzeQuery() searches an abbreviation and its expansion as alternatives", () => {
  const query = analyzeQuery("HGV driver");
  assert.deepEqual(query.termVariants[0], ["hgv", "driver"]);
  assert.ok(query.termVariants.some((v) => v.includes("heavi") && v.includes("vehicl")));
  assert.equal(query.embeddingText, "hgv (heavy goods vehicle driver) driver");
});

Deno.test("analyzeQuery() reads the British names of trades as the titles say them", () => {
  // "sparky" listed no electrician (session 39): the encoder and the titles know the trade's name.
  for (
    const [slang, trade] of [
      ["sparky", "electrician"],
      ["brickie", "bricklayer"],
      // Australian (session 46).
      ["tradie", "tradesperson"],
    ]
  ) {
    const query = analyzeQuery(`${slang} jobs`);
    assert.equal(query.embeddingText, `${slang} (${trade})`);
    assert.deepEqual(query.termVariants[1], tokenize(trade));
  }
});

Deno.test("analyzeQuery() reads 'admin' as office work, after a system's name as its administrator", () => {
  // "admin jobs" listed only System Administrators on the real postings.
  assert.equal(analyzeQuery("admin jobs").embeddingText, "admin (administrative assistant)");
  assert.deepEqual(analyzeQuery("temp admin jobs").termVariants[1], [
    "temp",
    "administr",
    "assist",
  ]);
  // The words spelled out count where the title says "administrative" (session 47: "office
  // admin" made every "Healthcare Assistant" a strong match by "assistant").
  assert.deepEqual(analyzeQuery("office admin").titleTerms, [[], ["administr"]]);
  // With another word spelled out beside it, the variant of both asks the same of the title
  // (reviewer C57).
  const hr = analyzeQuery("hr admin");
  assert.deepEqual(hr.termVariants.at(-1), ["human", "resourc", "administr", "assist"]);
  assert.deepEqual(hr.titleTerms.at(-1), ["administr"]);
  assert.deepEqual(analyzeQuery("office admin").senses, ["office", "office administration"]);
  assert.equal(analyzeQuery("linux admin").senses, undefined);
  assert.deepEqual(analyzeQuery("admin officer").senses, ["office administration"]);
  // Not in a text pasted as the query.
  const pasted = "we are a busy office in leeds looking for a friendly person to join our team " +
    "as an admin assistant with good computer skills";
  assert.equal(analyzeQuery(pasted).senses, undefined);
  assert.equal(analyzeQuery("admin officer").embeddingText, "admin (administrative) officer");
  for (const system of ["linux admin", "system admin", "it admin", "database admin"]) {
    assert.match(analyzeQuery(system).embeddingText, /admin \(administrator\)$/, system);
  }
  assert.equal(analyzeQuery("administrator").embeddingText, "administrator");
});

Deno.test("analyzeQuery() adds the abbreviation of a spelled-out title", () => {
  const query = analyzeQuery("Registered Nurse");
  assert.deepEqual(query.termVariants, [["regist", "nurs"], ["rn"]]);
  assert.equal(query.embeddingText, "registered nurse");
});

Deno.test("analyzeQuery() keeps a query of filler words for the encoder", () => {
  const query = analyzeQuery("jobs");
  assert.deepEqual(query.termVariants, [[]]);
  assert.equal(query.embeddingText, "jobs");
});

Deno.test("analyzeQuery() searches an occupation's other names, each needed in the title", () => {
  const query = analyzeQuery("Java Programmer");
  assert.deepEqual(query.termVariants[0], ["java", "programmer"]);
  assert.deepEqual(query.titleTerms[0], []);
  const developer = query.termVariants.findIndex((v) => v.join(" ") === "java develop");
  assert.ok(developer > 0, JSON.stringify(query.termVariants));
  assert.deepEqual(query.titleTerms[developer], ["develop"]);
  const engineer = query.termVariants.findIndex((v) => v.join(" ") === "java softwar engin");
  assert.deepEqual(query.titleTerms[engineer], ["softwar", "engin"]);
  assert.equal(query.titleTerms.length, query.termVariants.length);
  // The encoder sees the query as typed: synonyms there moved results both ways (docs/search.md).
  assert.equal(query.embeddingText, "java programmer");
});

Deno.test("analyzeQuery() maps synonyms both ways, words and phrases alike", () => {
  const has = (q: string, terms: string[]) =>
    analyzeQuery(q).termVariants.some((v) => v.join(" ") === terms.join(" "));
  assert.ok(has("IT helpdesk", ["help", "desk"]));
  assert.ok(has("help desk analyst", ["helpdesk", "analyst"]));
  assert.ok(has("lab technician", ["laboratori", "technician"]));
  assert.ok(has("laboratory technician", ["lab", "technician"]));
  assert.ok(has("attorney", ["lawyer"]));
  // "vet" before another job is "veterinary": a vet nurse is no veterinarian (session 37).
  assert.ok(has("vet nurse", ["veterinari", "nurs"]));
  assert.ok(!has("vet nurse", ["veterinarian", "nurs"]));
  assert.ok(has("vet", ["veterinarian"]));
  assert.ok(has("doctor", ["physician"]));
  assert.ok(has("call centre", ["call", "center"]));
  assert.ok(has("CPA", ["certifi", "public", "accountant"]));
  // A lorry's driver is an HGV driver in British titles (session 47).
  assert.ok(has("lorry driver", ["hgv", "driver"]));
  assert.ok(has("hgv driver", ["lorri", "driver"]));
  // A junior doctor is a doctor in training, not a level of doctor (session 47).
  assert.ok(has("junior doctor", ["resid", "medic", "offic"]));
  assert.equal(analyzeQuery("junior doctor").seniorityBeside, undefined);
  // A doctorate's post and a British decorator, as the titles name them (session 47).
  assert.ok(has("doctoral researcher", ["phd"]));
  assert.ok(has("decorator", ["painter"]));
  assert.ok(has("phone sales", ["insid", "sale"]));
  assert.ok(has("phone sales", ["telesal"]));
  // Customer service by its other names, and children as the titles say them (session 48).
  assert.ok(has("customer support", ["custom", "servic"]));
  assert.ok(has("customer care executive", ["custom", "support", "execut"]));
  assert.ok(has("working with kids", ["work", "children"]));
  // Not where the words name another job (reviewer R48).
  assert.ok(!has("customer support engineer", ["custom", "servic", "engin"]));
  assert.ok(!has("customer service technician", ["custom", "support", "technician"]));
});

Deno.test("analyzeQuery() reads what a person is good with as the work done with it", () => {
  // Session 48: "good with numbers" was "good" and an offer after it, embedded "good" alone.
  // Session 49: numbers as the work done with them, which the model does not find from the word.
  assert.equal(analyzeQuery("good with numbers").embeddingText, "accounting and finance");
  assert.equal(analyzeQuery("i like working with numbers").embeddingText, "accounting and finance");
  // Helping people, as the wish it is: the work of helping others (not "People & Culture" by
  // "people").
  for (const q of ["i want to help people", "a job helping others", "i love helping people"]) {
    assert.equal(analyzeQuery(q).embeddingText, "job helping others", q);
  }
  assert.equal(analyzeQuery("help people with it problems").embeddingText.includes("job"), false);
  // Beside an employment type too, which stays read (session 49).
  for (
    const [q, text] of [
      ["helping people part time", "job helping others"],
      ["part time jobs helping people", "job helping others"],
      ["good with numbers part time", "accounting and finance"],
    ]
  ) {
    const read = analyzeQuery(q);
    assert.equal(read.embeddingText, text, q);
    assert.equal(read.employment?.type, "parttime", q);
  }
  assert.equal(analyzeQuery("I'm really great with kids").embeddingText, "work with kids");
  assert.equal(analyzeQuery("good with computers").embeddingText, "work with computers");
  assert.equal(analyzeQuery("good with numbers").workText, undefined);
  // What a job offers after the work stays an offer; a sponsored visa is an ask of its own.
  assert.equal(analyzeQuery("nurse with sign on bonus").workText, "nurse");
  const visa = analyzeQuery("nurse with visa sponsorship");
  assert.equal(visa.embeddingText, "nurse");
  assert.deepEqual(visa.sponsorship, { matched: "with visa sponsorship" });
});

Deno.test("analyzeQuery() takes the longest synonym where names overlap", () => {
  // "health care assistant" is one name (a nursing assistant), not "health" + a care assistant.
  const query = analyzeQuery("health care assistant");
  assert.ok(query.termVariants.some((v) => v.join(" ") === "nurs assist"));
  assert.ok(query.termVariants.every((v) => !v.includes("caregiv")));
});

Deno.test("analyzeQuery() keeps neighbouring occupations apart", () => {
  // A bookkeeper is near an accountant, not the same job: the table holds equivalents only.
  const terms = analyzeQuery("accountant").termVariants.flat();
  assert.ok(!terms.some((t) => t.startsWith("bookkeep")), terms.join(" "));
  assert.deepEqual(analyzeQuery("banana bread recipe").termVariants, [[
    "banana",
    "bread",
    "recip",
  ]]);
});

Deno.test("analyzeQuery() searches 'it' as the field IT by keywords, the encoder the words typed", () => {
  const it = analyzeQuery("it support technician");
  assert.deepEqual(it.termVariants[0], tokenize("infotech support technician"));
  assert.equal(it.embeddingText, "it support technician");
  // Alone beside a level it is the work ("entry level it jobs" named none).
  assert.deepEqual(analyzeQuery("IT jobs").termVariants[0], tokenize("infotech"));
  // The pronoun is a stop word still.
  const pronoun = analyzeQuery("nurse where it is quiet").termVariants.flat();
  assert.ok(!pronoun.includes("infotech"));
  // Nor after a word, or before one, that is not of the work ("is it remote", "it's a nurse job").
  for (
    const q of [
      "is it remote",
      "it's a nurse job",
      "a job i can do it from home",
      "who does it hire",
    ]
  ) {
    assert.ok(!analyzeQuery(q).termVariants.flat().includes("infotech"), q);
  }
  for (
    const q of [
      "remote it jobs",
      "jobs in it",
      "head of it",
      "it manager",
      "information technology",
    ]
  ) {
    assert.ok(analyzeQuery(q).termVariants[0].includes("infotech"), q);
  }
});

Deno.test("analyzeQuery() spells a German or Dutch job name out in English for the encoder, and searches both", () => {
  const nurse = analyzeQuery("Krankenschwester");
  assert.equal(nurse.embeddingText, "krankenschwester (nurse)");
  assert.deepEqual(nurse.termVariants.slice(0, 2), [["krankenschwest"], ["nurs"]]);
  // Accents fold as the words do: "Verkäufer".
  assert.equal(analyzeQuery("Verkäufer").embeddingText, "verkaufer (sales assistant)");
  assert.equal(analyzeQuery("ontwikkelaar").embeddingText, "ontwikkelaar (developer)");
  // An English word is never read as one of them.
  assert.equal(analyzeQuery("chauffeur").embeddingText, "chauffeur");
});

Deno.test("analyzeQuery() reads 'dev' as a developer, but not in 'dev ops'", () => {
  // "junior dev no degree" listed only DevOps engineers (session 41).
  assert.equal(analyzeQuery("junior dev no degree").embeddingText, "junior dev (developer)");
  assert.deepEqual(analyzeQuery("python dev").termVariants, [["python", "dev"], [
    "python",
    "develop",
  ]]);
  // Nor read apart at all: "dev ops" is the one word titles write (session 57).
  assert.equal(analyzeQuery("dev ops engineer").embeddingText, "devops engineer");
  assert.equal(analyzeQuery("dev ops").embeddingText, "devops");
  // A developer is not searched as "dev" too: the long form has no short one to add.
  assert.ok(!analyzeQuery("python developer").termVariants.some((terms) => terms.includes("dev")));
});

Deno.test("analyzeQuery() searches work left open and a degree by what names them", () => {
  const embedded = (q: string) => analyzeQuery(q).embeddingText;
  assert.equal(embedded("something with animals"), "work with animals");
  assert.equal(embedded("jobs for someone with a psychology degree"), "psychology");
  assert.equal(embedded("masters in data science jobs"), "data science");
  // Neither side searches the words that named no work.
  assert.deepEqual(analyzeQuery("jobs for someone with a psychology degree").termVariants, [[
    "psycholog",
  ]]);
  // A CV pasted as the query names its degree among much else: it is searched as it is.
  const cv =
    "Software engineer with eight years of Python and Go, BSc degree in Computer Science, " +
    "led a team of five building payment systems";
  assert.match(
    embedded(cv),
    /^software engineer with eight years .* bsc degree in computer science/i,
  );
  // Nor is its pay asked for: "lucrative" and "top paying" there say what the person did.
  const sales = "Account executive, six years in SaaS sales, closed lucrative enterprise deals " +
    "across the Midwest, based in Chicago";
  assert.equal(analyzeQuery(sales).bestPaid, undefined);
  assert.equal(analyzeQuery("lucrative sales jobs in chicago").bestPaid?.matched, "lucrative");
});

Deno.test("property: a degree said any way people say it is searched as its subject", () => {
  const subjects = ["psychology", "biology", "computer science", "history", "nursing", "law"];
  const saying = [
    (s: string) => `${s} degree`,
    (s: string) => `jobs for someone with a ${s} degree`,
    (s: string) => `what can i do with a ${s} degree`,
    (s: string) => `a degree in ${s}`,
    (s: string) => `i have a masters in ${s}`,
    (s: string) => `${s} degree jobs`,
  ];
  fc.assert(
    fc.property(fc.constantFrom(...subjects), fc.constantFrom(...saying), (subject, say) => {
      assert.equal(analyzeQuery(say(subject)).embeddingText, analyzeQuery(subject).embeddingText);
    }),
  );
});
