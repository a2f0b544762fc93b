import { strict as assert } from "node:assert";
import { deriveProfile, UNRELATED_WEIGHT } from "./derive_profile.ts";
import type { PlaceLookup } from "./profile_places.ts";

/** A few cities as an index of real postings would know them. */
const CITIES: Record<
  string,
  { city: string; country: string; latitude: number; longitude: number }
> = {
  toronto: { city: "Toronto", country: "CA", latitude: 43.65, longitude: -79.38 },
  leeds: { city: "Leeds", country: "GB", latitude: 53.8, longitude: -1.55 },
  bradford: { city: "Bradford", country: "GB", latitude: 53.79, longitude: -1.75 },
  hamburg: { city: "Hamburg", country: "DE", latitude: 53.55, longitude: 9.99 },
  ontario: { city: "Ontario", country: "US", latitude: 34.06, longitude: -117.65 },
  mannheim: { city: "Mannheim", country: "DE", latitude: 49.49, longitude: 8.47 },
};
const places: PlaceLookup = { city: (words) => CITIES[words.toLowerCase()] };
const now = new Date("2026-11-25T00:00:00Z");

const titles = (text: string) =>
  deriveProfile(text, { places, now }).roles.map((r) => [r.title, r.from]);

Deno.test("deriveProfile() weighs a stated wish most and splits its alternatives", () => {
  const profile = deriveProfile(
    "Experienced barista.\nI am looking for a Sous Chef or Line Cook position in Toronto.",
    { places, now },
  );
  assert.deepEqual(profile.roles.slice(0, 2), [
    { title: "Sous Chef", weight: 1, from: "wish" },
    { title: "Line Cook", weight: 1, from: "wish" },
  ]);
  assert.deepEqual(profile.places, [
    { city: "Toronto", country: "CA", latitude: 43.65, longitude: -79.38, wished: true },
  ]);
});

Deno.test("deriveProfile() completes alternatives that share their noun", () => {
  assert.deepEqual(
    titles("Seeking a full-time maths or physics teaching position for the next school year.")
      .slice(0, 2),
    [["maths teacher", "wish"], ["physics teacher", "wish"]],
  );
});

Deno.test("deriveProfile() reads a wish that a hard line wrap split", () => {
  const profile = deriveProfile(
    "PROFILE\nCaring support worker with four years in supported living. I am looking for a\n" +
      "support worker job in Leeds or Bradford.",
    { places, now },
  );
  assert.equal(profile.roles[0].title, "support worker");
  assert.deepEqual(profile.places.map((p) => p.city), ["Leeds", "Bradford"]);
});

Deno.test("deriveProfile() takes the headline after the name, not the name", () => {
  const profile = deriveProfile("Jane Doe RGN\n12 Some Street, Leeds\n\nEXPERIENCE\n", {
    places,
    now,
  });
  assert.deepEqual(profile.roles.map((r) => r.title), ["registered general nurse"]);
  assert.deepEqual(profile.places.map((p) => p.city), ["Leeds"]);
});

Deno.test("deriveProfile() reads job titles beside or above periods of work, recent first", () => {
  const profile = deriveProfile(
    [
      "# Alex Kim — Data Engineer",
      "## Experience",
      "**Senior Data Engineer** — Acme GmbH, Hamburg",
      "*March 2021 – present*",
      "2016 - 2021    Data Engineer, Beta Ltd, Hamburg",
      "2012 – 2016  Junior Developer at Gamma",
      "## Education",
      "2008 - 2012  B.Sc. Computer Science",
    ].join("\n"),
    { places, now },
  );
  const weights = Object.fromEntries(profile.roles.map((r) => [r.title, r.weight]));
  assert.equal(weights["Data Engineer"], 0.95);
  assert.ok(weights["Senior Data Engineer"] > weights["Junior Developer"]);
  assert.equal(profile.roles.find((r) => r.title.includes("Computer")), undefined);
});

Deno.test("deriveProfile() gives past roles of another kind little weight", () => {
  const profile = deriveProfile(
    [
      "About me: after years in retail I retrained. I am looking for a junior web developer role.",
      "Experience",
      "2019 - 2023  Store Manager, ShopCo, Hamburg",
      "2015 - 2019  Sales Assistant, ShopCo, Hamburg",
    ].join("\n"),
    { places, now },
  );
  assert.equal(profile.roles[0].title, "junior web developer");
  for (const role of profile.roles.slice(1)) assert.ok(role.weight <= UNRELATED_WEIGHT);
  assert.equal(profile.seniority, "junior");
});

Deno.test("deriveProfile() reads a German CV: headings, 'seit', 'ich suche'", () => {
  const profile = deriveProfile(
    [
      "LEBENSLAUF",
      "Maria Schulz, 20095 Hamburg",
      "PROFIL",
      "Ich suche eine neue Position als Senior Java Entwicklerin, gerne remote.",
      "BERUFSERFAHRUNG",
      "seit 03/2020   Java Entwicklerin, Foo GmbH, Hamburg",
      "KENNTNISSE",
      "Java, Spring Boot, Kafka",
    ].join("\n"),
    { places, now },
  );
  assert.equal(profile.roles[0].title, "Senior Java Entwicklerin");
  assert.ok(profile.roles.some((r) => r.title === "Java Entwicklerin" && r.weight >= 0.85));
  assert.deepEqual(profile.skills, ["Java", "Spring Boot", "Kafka"]);
  assert.equal(profile.remote, true);
  assert.equal(profile.seniority, "senior");
  assert.deepEqual(profile.places.map((p) => p.city), ["Hamburg"]);
});

Deno.test("deriveProfile() lists skills from a skills section, short items only", () => {
  const profile = deriveProfile(
    "SKILLS\nTriage · IV therapy | Cannulation, Phlebotomy (advanced)\n" +
      "Languages: English, Polish\n" +
      "A very long sentence that is not a skill but a paragraph about teamwork and goals",
    { places, now },
  );
  assert.deepEqual(profile.skills, ["Triage", "IV therapy", "Cannulation", "Phlebotomy"]);
});

Deno.test("deriveProfile() takes a name after a city of another country as its region", () => {
  const profile = deriveProfile("Sam Lee\nToronto, Ontario\nsam@example.com", { places, now });
  assert.deepEqual(profile.places.map((p) => [p.city, p.country]), [["Toronto", "CA"]]);
});

Deno.test("deriveProfile() falls back to the phone number's country", () => {
  const profile = deriveProfile("Ravi Kumar\nPhone: +91 98765 43210\nStaff Nurse", {
    places,
    now,
  });
  assert.deepEqual(profile.places, [{ country: "IN", wished: false }]);
});

Deno.test("deriveProfile() reads a country named in a wish", () => {
  const profile = deriveProfile("Willing to relocate anywhere in India.", { places, now });
  assert.deepEqual(profile.places, [{ country: "IN", wished: true }]);
});

Deno.test("deriveProfile() knows a student by their wish or their studies", () => {
  assert.equal(
    deriveProfile("I am looking for a working student position in software development.", {
      now,
    }).seniority,
    "intern",
  );
  assert.equal(deriveProfile("Student – M.Sc. Physics\nPython, C++", { now }).seniority, "intern");
  // A worker's CV mentions internships and studies too.
  assert.equal(
    deriveProfile("Data engineer, three years after an internship at Zalando; studying for AWS.", {
      now,
    }).seniority,
    "mid",
  );
});

Deno.test("deriveProfile() reads seniority from titles, then from years", () => {
  const lead = deriveProfile("Head of Data — looking for a Head of Analytics role.", { now });
  assert.ok(lead.levels.includes("lead"));
  assert.equal(deriveProfile("Accountant with eight years in audit.", { now }).seniority, "senior");
  assert.equal(deriveProfile("Accountant with 3 years in audit.", { now }).seniority, "mid");
  assert.equal(deriveProfile("Accountant.", { now }).seniority, undefined);
});

Deno.test("deriveProfile() reads at most 20,000 characters and survives junk", () => {
  const long = "Nurse. ".repeat(10_000);
  assert.doesNotThrow(() => deriveProfile(long, { places, now }));
  const junk = deriveProfile("%%%\n\n---\n***\n(((", { places, now });
  assert.deepEqual(junk.roles, []);
  assert.deepEqual(junk.places, []);
});

Deno.test("deriveProfile() reads countries from addresses, not from sentences", () => {
  const derive = (text: string) => deriveProfile(text, { places, now }).places;
  assert.deepEqual(derive("Kim Park\nAustin, TX 78701\nkim@example.com"), [
    { country: "US", wished: false },
  ]);
  assert.deepEqual(derive("Jo Bauer\nSomewhere, DE\n"), [{ country: "DE", wished: false }]);
  // "CI" is Côte d'Ivoire's code, and "IT" Italy's: in a sentence they are neither.
  assert.deepEqual(
    derive(
      "Jo Bauer\nI build Kubernetes platforms, CI/CD and observability for teams, IT and ops.",
    ),
    [],
  );
});

Deno.test("deriveProfile() keeps conditions out of the roles of a wish", () => {
  const roles = deriveProfile(
    "I am looking for customer support roles in voice or chat process, comfortable with night " +
      "shifts. Open to work from home, or to relocate to Pune.",
    { now },
  ).roles.map((r) => r.title);
  assert.ok(roles[0].startsWith("customer support"), roles.join(" | "));
  for (const junk of ["comfortable with", "from home", "to relocate to Pune"]) {
    assert.ok(!roles.some((r) => r.includes(junk)), `${junk} in ${roles.join(" | ")}`);
  }
});

Deno.test("deriveProfile() reads a title below its period, as Word tables put it", () => {
  const roles = deriveProfile(
    "Experience\n2021 – present\nICU Staff Nurse, St Thomas' Hospital\n2018 – 2021\nStaff Nurse, " +
      "Royal Free Hospital",
    { now },
  ).roles.map((r) => r.title);
  assert.deepEqual(roles, ["ICU Staff Nurse", "Staff Nurse"]);
});

Deno.test("deriveProfile() joins skills a hard wrap split, and splits bracketed lists", () => {
  const skills = deriveProfile(
    "SKILLS\nIFRS, Dutch GAAP, month-end close, consolidation, intercompany, VAT, budgeting and\n" +
      "forecasting, CRM (Salesforce,\nZendesk), Excel",
    { now },
  ).skills;
  assert.deepEqual(skills, [
    "IFRS",
    "Dutch GAAP",
    "month-end close",
    "consolidation",
    "intercompany",
    "VAT",
    "budgeting and forecasting",
    "CRM",
    "Salesforce",
    "Zendesk",
    "Excel",
  ]);
});

Deno.test("deriveProfile() puts the language a CV names throughout first among its skills", () => {
  const profile = deriveProfile([
    "Mira Okafor",
    "Backend Python Developer · Leeds, UK",
    "",
    "Summary",
    "Backend developer building Python services and APIs for six years.",
    "",
    "Experience",
    "Senior Backend Developer, Ledgerline (2021 - present)",
    "- Python services on AWS Lambda; moved the billing API from Flask to FastAPI",
    "- Go to market support for the payments team",
    "Backend Developer, Parcelry (2018 - 2021)",
    "- Django and Python workers on PostgreSQL and Redis",
    "",
    "Skills",
    "Django, FastAPI, Flask, PostgreSQL, Redis, Docker, Kubernetes, AWS, Terraform, Git",
  ].join("\n"));
  assert.equal(profile.skills[0], "Python");
  assert.deepEqual(profile.skills.slice(1, 4), ["Django", "FastAPI", "Flask"]);
  // "Go to market" is no language; one mention is not "throughout".
  assert.ok(!profile.skills.includes("Go"));
  assert.equal(profile.skills.filter((s) => s === "Python").length, 1);
});

Deno.test("a CV's wish and a query read the same words as asking for remote work", async () => {
  const { REMOTE_WISH_PHRASES } = await import("../../domain/remote_words.ts");
  const { findPlace } = await import("../../index/query_place.ts");
  const { buildGazetteer } = await import("../../index/gazetteer.ts");
  const gazetteer = buildGazetteer([]);
  // As a person types them: capitals, and "home office" hyphenated or closed up.
  const typed = REMOTE_WISH_PHRASES.flatMap((phrase) =>
    phrase === "home office" ? ["Home-Office", "home office"] : [phrase.toUpperCase(), phrase]
  );
  for (const words of typed) {
    const cv = deriveProfile(`Data analyst.\nI am looking for a data analyst job, ${words}.`, {
      places,
      now,
    });
    assert.equal(cv.remote, true, `a CV wishing "${words}"`);
    assert.equal(
      findPlace(`data analyst ${words}`, gazetteer)?.remote,
      true,
      `the query "${words}"`,
    );
  }
  // Words that only contain one of them ask for nothing.
  assert.equal(findPlace("remotely operated vehicle pilot", gazetteer), null);
  assert.equal(
    deriveProfile("Drone pilot.\nI am looking for remotely operated vehicle work.", { places, now })
      .remote,
    false,
  );
});

Deno.test("deriveProfile() reads the role a person names themselves by before a wish that names none", () => {
  // Reviewer W51: "Experienced nurse looking for work in Leeds." was read as no role at all.
  assert.deepEqual(titles("Experienced nurse looking for work in Leeds."), [
    ["nurse", "wish"],
  ]);
  assert.deepEqual(titles("I am a qualified electrician, seeking a new position in Leeds")[0], [
    "electrician",
    "wish",
  ]);
  // A wish that names a role keeps it; a greeting or a name before a wish is no role.
  assert.deepEqual(titles("Barista looking for a Sous Chef position in Toronto.")[0], [
    "Sous Chef",
    "wish",
  ]);
  assert.deepEqual(titles("My name is Sarah and I'm looking for work in Leeds"), []);
  assert.deepEqual(titles("Hi, I'm looking for work"), []);
  // Reviewer C51: greetings, names and lead-ins had become roles, "Dear Sir" leading a CV's.
  for (
    const text of [
      "Dear Sir or Madam, I am looking for work.",
      "John Smith, looking for a job in Leeds.",
      "Hi there, looking for work",
      "Thank you for reading; I am looking for work",
      "Currently unemployed and looking for work",
      "Very keen and looking for work",
      "London based, looking for work",
      "After years as a teacher, I am looking for work",
    ]
  ) {
    assert.deepEqual(titles(text), [], text);
  }
  assert.deepEqual(
    titles("Dear Sir or Madam,\nStaff Nurse with 6 years in A&E, looking for work.")
      .map(([title]) => title).includes("Dear Sir"),
    false,
  );
  // A curly apostrophe is an apostrophe.
  assert.deepEqual(titles("I’m a qualified electrician, seeking a new position")[0], [
    "electrician",
    "wish",
  ]);
});

Deno.test("deriveProfile() reads no role from a letter's salutation", () => {
  // Reviewer R51b: "Dear Practice Manager, I am a dental nurse ..." searched managers.
  const first = (text: string) => titles(text).map(([title]) => title);
  assert.deepEqual(first("Dear Practice Manager, I am a dental nurse looking for work."), [
    "dental nurse",
  ]);
  assert.deepEqual(first("Dear Hiring Manager, experienced nurse looking for work."), [
    "nurse",
  ]);
  assert.deepEqual(first("To the Hiring Manager: qualified electrician looking for work."), [
    "electrician",
  ]);
  assert.deepEqual(first("Dear Sir/Madam, experienced electrician looking for work."), [
    "electrician",
  ]);
  assert.deepEqual(first("Dear HR Manager, I am looking for work."), []);
  // A head line that is a title keeps it.
  assert.deepEqual(first("Store Manager looking for work"), ["Store Manager"]);
});

Deno.test("deriveProfile() reads a role named with how long or for whom, in English or German", () => {
  // Session 52: each was read as no role, and the search listed nothing.
  for (
    const [text, role] of [
      ["I have worked for six years as a Staff Nurse at Leeds General Infirmary.", "Staff Nurse"],
      ["I worked for Tesco as a cashier and want more hours.", "cashier"],
      ["Ich bin Krankenpfleger und suche eine Stelle in Berlin.", "Krankenpfleger"],
      ["Ich arbeite als Erzieherin im Kindergarten.", "Erzieherin"],
      ["I'm a lighthouse keeper.", "lighthouse keeper"],
    ]
  ) {
    assert.ok(titles(text).some(([title]) => title === role), `${text}: ${titles(text)}`);
  }
  // Working towards a degree names no role.
  assert.deepEqual(titles("I am working towards a degree in biology."), []);
});

Deno.test("deriveProfile() reads a role after its employer, a second role, and 'als ... tätig', without the sentence or its qualifier", () => {
  // Reviewer C52: the sentence "Ich bin Krankenpfleger" was a second role, "ausgebildete" stayed
  // part of the title, and the employer before "as" and "tätig" hid the role.
  const roles = (text: string) => titles(text).map(([title]) => title);
  assert.deepEqual(roles("Ich bin Krankenpfleger."), ["Krankenpfleger"]);
  assert.deepEqual(
    roles("Ich bin ausgebildete Krankenschwester und suche eine Stelle in Berlin."),
    ["Krankenschwester"],
  );
  assert.deepEqual(roles("Ausgebildete Krankenschwester mit 10 Jahren Erfahrung."), [
    "Krankenschwester",
  ]);
  assert.deepEqual(roles("Experienced nurse. I'm a staff nurse with 8 years on acute wards."), [
    "staff nurse",
    "nurse",
  ]);
  assert.deepEqual(roles("I worked at Tesco as a cashier and as a sales assistant."), [
    "cashier",
    "sales assistant",
  ]);
  assert.deepEqual(roles("Seit 2015 als Krankenpfleger tätig. Wohnhaft in Berlin."), [
    "Krankenpfleger",
  ]);
  assert.deepEqual(roles("Ich bin seit 2015 als Erzieherin tätig."), ["Erzieherin"]);
  // In a CV's body, with no date beside it.
  assert.deepEqual(
    roles(
      "Max Mustermann\nBerlin\n\nProfil\nZuverlässig und freundlich. Derzeit als Erzieherin tätig.",
    ),
    ["Erzieherin"],
  );
  // A French title's head comes before "de": a chef de partie's CV was read as its older
  // "Commis Chef" alone.
  assert.deepEqual(
    roles(
      "Dana Whitfield\nChef de Partie · Liverpool, UK\n\nExperience\nCommis Chef, Bistro (2018 - 2021)",
    ),
    ["Chef de Partie", "Commis Chef"],
  );
  // "and as" elsewhere names none; "certified", "licensed" and "registered" are part of titles.
  assert.deepEqual(
    roles("I work as a developer. I am part of a team and as a mentor to junior developers."),
    ["developer"],
  );
  assert.deepEqual(roles("I am a Certified Nursing Assistant with 5 years in care homes."), [
    "Certified Nursing Assistant",
  ]);
  assert.deepEqual(roles("I am an experienced registered nurse."), ["registered nurse"]);
  // Reviewer R54: sentences and clauses read as roles as written, roles after "then as", ", as",
  // and a run of spaces or a zero-width space in the way.
  assert.deepEqual(
    roles("Worked as Chef de Partie at The Ritz, then as Sous Chef at Claridge's."),
    ["Chef de Partie", "Sous Chef"],
  );
  assert.deepEqual(roles("Ich arbeite als Busfahrer in München."), ["Busfahrer"]);
  assert.deepEqual(roles("I have worked as a nurse, as a carer and as a cleaner."), [
    "nurse",
    "carer",
  ]);
  assert.deepEqual(roles("Ich bin seit 2015 als Krankenpfleger im Klinikum Nürnberg tätig."), [
    "Krankenpfleger",
  ]);
  assert.deepEqual(roles("Ich bin Krankenpfleger\u200b."), ["Krankenpfleger"]);
  assert.deepEqual(roles(`I am a nurse${" ".repeat(19_900)}.`), ["nurse"]);
  // Reviewer R54b: common German (and Dutch) titles had no head noun, and no role was read.
  for (
    const [text, role] of [
      ["Ich bin Elektriker.", "Elektriker"],
      ["Ich bin Lagerist und suche eine Stelle in Leipzig.", "Lagerist"],
      ["Verkäuferin\nBerlin", "Verkäuferin"],
      ["Ich arbeite als Kassiererin bei Rewe.", "Kassiererin"],
      ["Ich bin Reinigungskraft.", "Reinigungskraft"],
      ["Ik ben verpleegkundige in Amsterdam.", "verpleegkundige"],
    ]
  ) {
    assert.deepEqual(roles(text), [role], text);
  }
  // "as" in other senses names no role.
  assert.deepEqual(roles("As a result of the merger I led the team."), []);
  assert.deepEqual(roles("I work at home as a rule."), []);
});

Deno.test("deriveProfile() reads 'employed as' and a title before 'sucht'", () => {
  // Session 54's note: each was read as no role, and the CV search listed nothing.
  const roles = (text: string) => titles(text).map(([title]) => title);
  assert.deepEqual(
    roles("Currently employed as a warehouse operative at Amazon in Manchester."),
    ["warehouse operative"],
  );
  assert.deepEqual(roles("I am employed by Tesco as a cashier."), ["cashier"]);
  assert.deepEqual(roles("I have been employed as an HGV driver since 2019."), ["HGV driver"]);
  assert.deepEqual(roles("Ausgebildete Erzieherin sucht neue Herausforderung in Hamburg."), [
    "Erzieherin",
  ]);
  assert.deepEqual(roles("Elektriker sucht eine Stelle als Elektroniker in Hamburg."), [
    "Elektroniker",
    "Elektriker",
  ]);
  // Reviewer R55: a region after the wish ("Raum Hamburg") is no role, and a head line that is a
  // wish ("Ich suche eine Stelle als Koch") is no title as written.
  assert.deepEqual(roles("Elektriker sucht neue Stelle, Raum Hamburg"), ["Elektriker"]);
  assert.deepEqual(roles("Ich suche eine Stelle als Koch"), ["Koch"]);
  // In a CV's body too; never the staff a person led, nor the noun "Sucht" (reviewer C55).
  assert.deepEqual(
    roles("Max Muster\nLeeds\n\nProfile\nReliable and friendly. Currently employed as a cashier."),
    ["cashier"],
  );
  assert.deepEqual(
    roles("Store Manager\nLeeds\n\nProfile\nManaged 30 staff employed as sales assistants."),
    ["Store Manager"],
  );
  assert.deepEqual(
    roles("Pflegefachkraft\nHamburg\n\nProfil\nStation für Sucht und Psychiatrie, Uniklinik Köln."),
    ["Pflegefachkraft"],
  );
  // Being employed, or a company seeking, names no role.
  assert.deepEqual(roles("I have been employed since 2019."), []);
  assert.deepEqual(roles("Max Mustermann sucht Arbeit."), []);
});

Deno.test("deriveProfile() reads a one-line profile's trade beside its place, employer or years", () => {
  // Session 55's note: each was read as no role, and the CV search listed nothing.
  const roles = (text: string) => titles(text).map(([title]) => title);
  assert.deepEqual(roles("Plasterer, Leeds"), ["Plasterer"]);
  assert.deepEqual(roles("Warehouse operative Leeds"), ["Warehouse operative"]);
  assert.deepEqual(roles("Cashier at Tesco for 5 years, Leeds"), ["Cashier"]);
  assert.deepEqual(roles("Employed as Store Manager by Aldi"), ["Store Manager"]);
  assert.deepEqual(roles("I am employed by Aldi as a store manager"), ["store manager"]);
  assert.deepEqual(roles("Jane Doe\nStaff Nurse NHS Leeds"), ["Staff Nurse"]);
  assert.deepEqual(roles("Friseurin, Hamburg"), ["Friseurin"]);
  // Words that open titles end none when a place goes: "Head Office" is where, not who.
  assert.deepEqual(roles("Jane Doe\nHead Office Leeds"), []);
  assert.deepEqual(roles("Jane Doe\nLeeds"), []);
});

Deno.test("deriveProfile() reads a Dutch profile's role, wish and dated title", () => {
  // Session 56: Dutch is one of the postings' languages, and every Dutch CV tried was read as no
  // role ("Ik ben ... en", "Ik werk als ... bij", "Ik zoek werk als", "heden").
  const roles = (text: string) => titles(text).map(([title, from]) => `${title}/${from}`);
  assert.deepEqual(roles("Ik ben verpleegkundige en zoek een baan in Utrecht."), [
    "verpleegkundige/headline",
  ]);
  assert.deepEqual(roles("Ik werk als magazijnmedewerker bij Bol.com in Waalwijk."), [
    "magazijnmedewerker/headline",
  ]);
  assert.deepEqual(roles("Ik zoek werk als schilder in Amsterdam."), ["schilder/wish"]);
  assert.deepEqual(roles("Ik ben sinds 2015 werkzaam als klantenservicemedewerker bij KPN."), [
    "klantenservicemedewerker/headline",
  ]);
  assert.deepEqual(roles("Op zoek naar een nieuwe uitdaging als teamleider in de logistiek."), [
    "teamleider/wish",
  ]);
  assert.deepEqual(roles("Ik ben een ervaren kok en zoek een vaste baan in Amsterdam."), [
    "kok/headline",
  ]);
  assert.deepEqual(
    roles("Jan de Vries\nRotterdam\n\nWerkervaring\nData Analist, Coolblue (2019 - heden)"),
    ["Data Analist/experience"],
  );
});

Deno.test("deriveProfile() reads a name line whose surname is a trade as a name (reviewer C56)", () => {
  const roles = (text: string) => titles(text).map(([title, from]) => `${title}/${from}`);
  const cv = (name: string) =>
    `${name}\nemma@example.com\n\nExperience\nAccountant, KPMG (2018 - present)`;
  for (const name of ["Emma Butcher", "Jan Bakker", "Jack Cook", "Grace Baker", "Tom Porter"]) {
    assert.deepEqual(roles(cv(name)), ["Accountant/experience"], name);
  }
  // A title's first word that is a given name too stays the title's.
  for (const title of ["Care Assistant", "Bar Manager", "Ruby Developer", "Van Driver"]) {
    assert.deepEqual(roles(`${title}\nLeeds`), [`${title}/headline`], title);
  }
  assert.deepEqual(roles("Sous Chef\nLeeds"), ["Sous Chef/headline"]);
  // A name and a title on one line: the title.
  assert.deepEqual(roles("Emma Smith Nurse\nLeeds"), ["Nurse/headline"]);
});

Deno.test("deriveProfile() drops only places and initials after a head line's title (reviewer C56)", () => {
  const roles = (text: string) => titles(text).map(([title]) => title);
  // "Psychologist" is the title's, not a place beside "Assistant".
  assert.deepEqual(roles("Jane Smith\nAssistant Psychologist"), ["Assistant Psychologist"]);
  assert.deepEqual(roles("Jane Smith\nAssistant Buyer"), []);
  assert.deepEqual(roles("Jane Smith\nStaff Nurse NHS Leeds"), ["Staff Nurse"]);
  // The wish keeps the French kitchen's "de" (Dutch filler is no part of it).
  assert.deepEqual(roles("I am looking for a role as Chef de Partie."), ["Chef de Partie"]);
});

Deno.test("deriveProfile() reads German CVs' names, compounds and periods (a person's trial, session 56)", () => {
  const roles = (text: string) => titles(text).map(([title, from]) => `${title}/${from}`);
  // A given name the English lists lack, an address under it: the name, not a cook.
  assert.deepEqual(
    roles(
      "Jürgen Koch\nEppendorfer Weg 12, 20259 Hamburg\n2014 – heute  Bilanzbuchhalter, Otto Group",
    ),
    ["Bilanzbuchhalter/headline"],
  );
  assert.deepEqual(
    roles(
      "Sanne Bakker\nsanne@example.nl\n\nWerkervaring\nVerpleegkundige, UMC Utrecht (2019 - heden)",
    ),
    ["Verpleegkundige/experience"],
  );
  // A qualifier before the trade stays the title's.
  assert.deepEqual(roles("Gelernter Koch\nHauptstraße 5, Hamburg"), ["Koch/headline"]);
  for (const title of ["Industriemechaniker", "Bilanzbuchhalterin", "Maler und Lackierer"]) {
    assert.deepEqual(
      roles(
        `Max Muster\nHamburg\n\nBerufserfahrung\n04/2014 – heute   ${title}, Müller GmbH, Hamburg`,
      ),
      [`${title}/experience`],
      title,
    );
  }
});

Deno.test("deriveProfile() reads a profile's opening title with its years, and no pay band as part of a wish (a person's trial, session 57)", () => {
  // An RMN's CV was read as "band nurse", "Staff Nurse" and "Healthcare Assistant": its first
  // line's title was nowhere, and "a band 6 nursing role" kept its band.
  const cv = [
    "Jo Bloggs",
    "Leeds, UK",
    "",
    "Profile",
    "Registered Mental Health Nurse (RMN) with 6 years on acute inpatient wards.",
    "Looking for a band 6 nursing role in Leeds, days or nights.",
    "",
    "Experience",
    "2019-now Staff Nurse, Leeds Teaching Hospitals",
  ].join("\n");
  const roles = titles(cv).map(([title]) => title);
  assert.deepEqual(roles, ["nurse", "Registered Mental Health Nurse", "Staff Nurse"]);
  // A summary sentence anywhere, after a full stop, counts; its qualifier does not.
  assert.deepEqual(
    titles("Hello. Experienced HGV Driver with over ten years on the road.").map(
      ([title]) => title,
    ),
    ["HGV Driver"],
  );
  // What opens with a person or an article is the opener's to read, not a title.
  assert.deepEqual(titles("I'm a staff nurse with 8 years on acute wards.").map(([t]) => t), [
    "staff nurse",
  ]);
  // Words that are no title name none.
  assert.deepEqual(titles("Proficient with 5 years of Python.").map(([t]) => t), []);
  // The summary's adjectives are no part of the title (reviewer C58b), nor its German or Dutch.
  for (
    const [line, title] of [
      ["Highly motivated Registered Nurse with 6 years on wards.", "Registered Nurse"],
      [
        "Results-driven Senior Software Engineer with 8 years in fintech.",
        "Senior Software Engineer",
      ],
      ["Experienced and compassionate Care Assistant with 4 years in homes.", "Care Assistant"],
      ["Examinierte Pflegefachkraft mit 6 Jahren Erfahrung.", "Pflegefachkraft"],
      ["Ervaren Verpleegkundige met 5 jaar ervaring.", "Verpleegkundige"],
    ]
  ) {
    assert.deepEqual(titles(line).map(([t]) => t), [title], line);
  }
});

Deno.test("a wish of a field's work ('warehouse or forklift work') names roles; 'remote work' names none", () => {
  // An agent's trial (session 59): the CV was read as no role at all.
  const roles = (text: string) => deriveProfile(text).roles.map((role) => role.title);
  assert.deepEqual(
    roles(
      "I have driven forklifts in a warehouse in Birmingham for 6 years. Looking for warehouse " +
        "or forklift work around Birmingham or the West Midlands.",
    ),
    ["warehouse work", "forklift work"],
  );
  assert.deepEqual(roles("Looking for cleaning work in Leeds"), ["cleaner"]);
  for (
    const text of [
      "Looking for remote work",
      "Looking for temp work",
      "Looking for some work",
      // Pay, a level, a language alone: no role (reviewer C59).
      "Looking for well-paid work",
      "Looking for entry-level work",
      "Looking for english-speaking jobs in Berlin",
    ]
  ) {
    assert.deepEqual(roles(text), [], text);
  }
  // A first post is a role though it reads as a level alone (reviewer C59b).
  assert.deepEqual(roles("Looking for a graduate trainee role."), ["graduate trainee"]);
  assert.deepEqual(roles("Looking for an apprentice role."), ["apprentice"]);
  assert.deepEqual(roles("Student seeking an internship.").includes("internship"), true);
  assert.deepEqual(roles("Looking for a graduate scheme."), ["graduate scheme"]);
});
