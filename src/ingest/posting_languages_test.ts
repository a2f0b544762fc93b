import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Language } from "../domain/job.ts";
import { postingLanguages } from "./posting_languages.ts";

/** A posting of `title` and `description`, in no country. */
function posting(job_title: string, job_description = "") {
  return { job_title, job_description };
}

/** Enough English prose for franc to be sure of the description's language. */
const ENGLISH =
  "We are looking for an experienced account manager to join our growing team in the city. " +
  "You will work with our clients every day, plan the work of the week with your colleagues " +
  "and report to the head of sales. ";
const GERMAN =
  "Wir suchen eine engagierte Sachbearbeiterin für unser Team in der Buchhaltung. Sie arbeiten " +
  "eng mit den Kolleginnen und Kollegen aus dem Einkauf zusammen und betreuen unsere Kunden. ";
const DUTCH =
  "Wij zoeken een enthousiaste medewerker voor onze klantenservice in Utrecht. Je werkt samen " +
  "met een team van collega's en helpt onze klanten elke dag met hun vragen over de producten. ";

/** The languages of an English posting saying `sentence`. */
function askedInEnglish(sentence: string): Language[] | undefined {
  return postingLanguages(posting("Account Manager", `${ENGLISH}\n\n${sentence}\n\n${ENGLISH}`));
}

Deno.test("postingLanguages() reads the description's own language first", () => {
  assert.deepEqual(postingLanguages(posting("Account Manager", ENGLISH)), ["en"]);
  assert.deepEqual(postingLanguages(posting("Sachbearbeiter (m/w/d)", GERMAN)), ["de"]);
  assert.deepEqual(postingLanguages(posting("Medewerker klantenservice", DUTCH)), ["nl"]);
  // The description decides over the title: a German title over a description in English.
  assert.deepEqual(postingLanguages(posting("Softwareentwickler (m/w/d)", ENGLISH)), ["en"]);
  // Links and Markdown are no language of their own.
  const marked = `**About us:** [our site](https://example.com/jobs/en/careers?x=1)\n\n${ENGLISH}`;
  assert.deepEqual(postingLanguages(posting("Account Manager", marked)), ["en"]);
});

Deno.test("postingLanguages() falls back to the title where the description is short", () => {
  assert.deepEqual(postingLanguages(posting("Softwareentwickler (m/w/d)", "Java, Spring.")), [
    "de",
  ]);
  assert.deepEqual(postingLanguages(posting("Data Engineer", "SQL")), ["en"]);
  assert.equal(postingLanguages(posting("Programador", "")), undefined);
});

Deno.test("postingLanguages() reads German titles by their words", () => {
  for (
    const title of [
      "Softwareentwickler*in SQL / C# Berlin",
      "Java Entwickler / Backend Developer (m/w/d)",
      "Werkstudent Datenservice Rechnungswesen (m/w/d)",
      "Fachinformatiker für Anwendungsentwicklung (IHK) (m/w/d)",
      "Mitarbeiter Kundenservice",
      "Sachbearbeiter Einkauf",
      "Leiter Buchhaltung",
      "Backend Operations Manager (m/w/d) für Ladeinfrastruktur",
      "React Frontend Entwickler:in Data Platforms",
      "Technische Assistenz Projektmanagement in Gebäudeautomation",
      "Entwicklung Java",
      "Krankenschwester",
      "IT-Systemadministrator (m/w/d)",
    ]
  ) {
    assert.deepEqual(postingLanguages(posting(title)), ["de"], title);
  }
});

Deno.test("postingLanguages() reads Dutch titles by their words", () => {
  for (
    const title of [
      "Medewerker klantenservice",
      "Ontwikkelaar Java (m/v)",
      "Data Scientist bij OHRA",
      "Verpleegkundige in de wijk",
      "Stage voor een student (m/v/x)",
    ]
  ) {
    assert.deepEqual(postingLanguages(posting(title)), ["nl"], title);
  }
});

Deno.test("postingLanguages() reads a title of English words as English, whatever its marks", () => {
  for (
    const title of [
      "Senior Software Engineer (m/f/d)",
      "Full-Stack Developer (m/w/d)",
      "DevOps Engineer (all genders)",
      "Software Engineer, Platform - Düsseldorf, Germany",
      "IM DevSecOps Engineer (w/m/d)",
      "Met Office Data Scientist",
      "Die Casting Engineer",
    ]
  ) {
    assert.deepEqual(postingLanguages(posting(title)), ["en"], title);
  }
  // "(m/w/d)" alone, or words of no language told apart, decide nothing.
  assert.equal(postingLanguages(posting("(m/w/d)")), undefined);
  assert.equal(postingLanguages(posting("SAP BTP (m/w/d)")), undefined);
});

Deno.test("postingLanguages() reads the languages a posting asks for", () => {
  const cases: [string, Language[]][] = [
    ["You are fluent in German.", ["en", "de"]],
    ["Fluent German is required.", ["en", "de"]],
    ["Fluency in German and French.", ["en", "de", "fr"]],
    ["Professional proficiency English, French, German, and Spanish", ["en", "fr", "de", "es"]],
    ["* German (C1)", ["en", "de"]],
    ["* German at C1 level", ["en", "de"]],
    ["Business fluent German and English.", ["en", "de"]],
    ["You are a native German speaker.", ["en", "de"]],
    ["Proficient in Spanish.", ["en", "es"]],
    ["Excellent German and English.", ["en", "de"]],
    ["Strong German language skills.", ["en", "de"]],
    ["You must speak Dutch.", ["en", "nl"]],
    ["We are hiring German-speaking account managers.", ["en", "de"]],
    ["We need a German speaker for our team.", ["en", "de"]],
    ["Spanish/English bilingual agents.", ["en", "es"]],
    ["Bilingual (English/Spanish) agents wanted.", ["en", "es"]],
    ["Language:\n\n* English (Required)\n* Spanish (Required)", ["en", "es"]],
    ["Dutch and English language skills are required for this role.", ["en", "nl"]],
    ["A strong command of the Dutch language is required.", ["en", "nl"]],
    ["Excellent communication skills in Arabic and English.", ["en", "ar"]],
    ["Fluency in Dutch is a must.", ["en", "nl"]],
    ["You speak fluent Polish.", ["en", "pl"]],
    ["You are fluent in **English and Dutch**.", ["en", "nl"]],
    ["Bilingual – English/French (strong) – written and oral is essential.", ["en", "fr"]],
    ["Fluent in English; German is a plus.", ["en"]],
  ];
  for (const [sentence, expected] of cases) {
    assert.deepEqual(askedInEnglish(sentence), expected, sentence);
  }
  // In the title.
  assert.deepEqual(
    postingLanguages(posting("Cloud Support Engineer (German & English speaking)")),
    ["en", "de"],
  );
  assert.deepEqual(postingLanguages(posting("Senior Sales Engineer - German Speaker")), [
    "en",
    "de",
  ]);
  assert.deepEqual(postingLanguages(posting("Registered Nurse (RN) - Spanish speaking")), [
    "en",
    "es",
  ]);
});

Deno.test("postingLanguages() reads what German and Dutch postings ask for", () => {
  const german = (sentence: string) =>
    postingLanguages(posting("Sachbearbeiter (m/w/d)", `${GERMAN}\n\n${sentence}`));
  assert.deepEqual(german("Sehr gute Englischkenntnisse in Wort und Schrift."), ["de", "en"]);
  assert.deepEqual(german("Verhandlungssichere Deutsch- und Englischkenntnisse."), ["de", "en"]);
  assert.deepEqual(german("Fließend Französisch."), ["de", "fr"]);
  assert.deepEqual(german("Gute Deutschkenntnisse (C1)."), ["de"]);
  assert.deepEqual(german("Englischkenntnisse von Vorteil."), ["de"]);
  assert.deepEqual(german("Englisch wünschenswert, gute Französischkenntnisse sind ein Plus."), [
    "de",
  ]);
  const dutch = (sentence: string) =>
    postingLanguages(posting("Medewerker klantenservice", `${DUTCH}\n\n${sentence}`));
  assert.deepEqual(dutch("* Vloeiend Nederlands en Engels"), ["nl", "en"]);
  assert.deepEqual(dutch("* Nederlands (vloeiend), Engels (B2)"), ["nl", "en"]);
  assert.deepEqual(dutch("Goede beheersing van de Nederlandse en Engelse taal."), ["nl", "en"]);
  assert.deepEqual(dutch("Kennis van het Duits is een pré."), ["nl"]);
});

Deno.test("postingLanguages() leaves out a language that is a plus, not required or no language", () => {
  for (
    const sentence of [
      "German is a plus.",
      "Fluent German is a plus.",
      "Dutch is nice to have.",
      "Knowledge of German would be an advantage.",
      "Fluency in French is desirable.",
      "Spanish (Preferred)",
      "Bilingual in English/Spanish is a plus.",
      "Ideally you speak fluent German.",
      "No German required.",
      "German not required.",
      "You can do this job without German.",
      "Flexible language requirement:\n\n* French not required",
      "We welcome non-native Dutch speakers.",
      "Fluent in German or Dutch.",
      "Nice to have:\n\n* Fluent German\n* Kubernetes",
      "Bonus points:\n- Fluency in Dutch",
      "We offer free German language courses.",
      "You will sell to the German-speaking market.",
      "You will look after our Spanish customers.",
      "Our recruiters speak both English and Dutch.",
      "Many of our clients prefer to communicate in Dutch.",
      "Bilingual – Spanish/Creole/etc. (Preferred - Not Required)",
      "Bilingual English/Spanish candidates are encouraged to apply!",
      "Teaching English to Speakers of Other Languages (TESOL).",
      "You will polish our Polish-made furniture and polish the UI.",
    ]
  ) {
    assert.deepEqual(askedInEnglish(sentence), ["en"], sentence);
  }
});

/** Sentences that ask for German, and ones that call a language a plus. */
const ASKING = ["Fluent German is required.", "You speak fluent German.", "German (C1)."];
const PLUSES = [
  "German is a plus.",
  "Dutch is nice to have.",
  "Knowledge of German is an advantage.",
  "French is preferred.",
];

Deno.test("postingLanguages() lists the own language first and each language once", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(ENGLISH, GERMAN, DUTCH),
      fc.array(fc.constantFrom(...ASKING, ...PLUSES, "English is a must.", "Spanish (Required)"), {
        maxLength: 6,
      }),
      (opening, sentences) => {
        const languages = postingLanguages(posting("Clerk", `${opening}\n${sentences.join("\n")}`));
        assert.ok(languages);
        const own = postingLanguages(posting("Clerk", opening))?.[0];
        assert.equal(languages[0], own);
        assert.equal(new Set(languages).size, languages.length);
      },
    ),
  );
});

Deno.test("postingLanguages(): a plus added to any description adds no language", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(ENGLISH, GERMAN, DUTCH, ""),
      fc.array(fc.constantFrom(...ASKING, "Spanish (Required)", "Fluent Dutch."), { maxLength: 3 }),
      fc.constantFrom(...PLUSES),
      fc.nat(),
      (opening, sentences, plus, where) => {
        const lines = [opening, ...sentences];
        const before = postingLanguages(posting("Clerk", lines.join("\n"))) ?? [];
        lines.splice(1 + where % lines.length, 0, plus);
        const after = postingLanguages(posting("Clerk", lines.join("\n"))) ?? [];
        assert.deepEqual(after.filter((code) => !before.includes(code)), [], lines.join(" | "));
      },
    ),
  );
});

Deno.test("postingLanguages() never throws on hostile text and takes bounded time", () => {
  const started = performance.now();
  fc.assert(
    fc.property(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 3000 }),
      (title, description) => {
        const languages = postingLanguages(posting(title, description));
        if (languages) assert.ok(languages.length > 0);
      },
    ),
    { numRuns: 200 },
  );
  // Long runs of what the patterns look for, which a backtracking pattern would choke on.
  const long = [
    "German ".repeat(8000),
    "German, ".repeat(8000) + "speaking",
    "fluent in German and English and ".repeat(2000),
    "\\".repeat(40000),
    "Deutsch- und ".repeat(4000) + "Englischkenntnisse",
    "* \n".repeat(20000) + "Fluent German",
  ];
  for (const text of long) {
    const start = performance.now();
    postingLanguages(posting(text.slice(0, 300), text));
    assert.ok(performance.now() - start < 2000, `${text.slice(0, 30)}...`);
  }
  assert.ok(performance.now() - started < 20_000);
});

Deno.test("postingLanguages() reads no language from a surname or a French word among the job names (reviewer C56)", () => {
  for (
    const title of [
      "Zimmermann Store Manager",
      "Metzger Senior Accountant",
      "Sous Chef at Bakker & Co",
      "Cashier - Schilder Foods",
      "Orderpicker - Night Shift",
    ]
  ) {
    assert.deepEqual(postingLanguages(posting(title, "")), ["en"], title);
  }
  for (const title of ["Stagiaire Marketing", "Caissière"]) {
    assert.notDeepEqual(postingLanguages(posting(title, "")), ["nl"], title);
  }
  // The trades' German and Dutch names still tell theirs.
  assert.deepEqual(postingLanguages(posting("Maler und Lackierer", "")), ["de"]);
  assert.deepEqual(postingLanguages(posting("Loodgieter", "")), ["nl"]);
});
