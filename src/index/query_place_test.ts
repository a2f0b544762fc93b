import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { buildGazetteer, placeFreeTitleCounter, titleWordCounter } from "./gazetteer.ts";
import { findPlace } from "./query_place.ts";

/** Postings reduced to what the gazetteer reads. */
function postings(list: [title: string, city: string, country: string][]): Job[] {
  return list.map(([job_title, city, country]) => ({
    job_title,
    city,
    country,
    job_tags: [],
  })) as unknown as Job[];
}

const GAZETTEER = buildGazetteer(postings([
  ["Registered Nurse", "Toronto", "CA"],
  ["Nurse", "München", "DE"],
  ["Software Engineer", "Munich", "DE"],
  ["Software Engineer", "München", "DE"],
  ["Barista", "Zürich", "CH"],
  ["Sales Associate", "Köln", "DE"],
  ["Reading Specialist", "Reading", "GB"],
  ["Java Developer", "Berlin", "DE"],
  ["Mobile Developer", "Berlin", "DE"],
  ["Architect", "Frankfurt am Main", "DE"],
  ["Accountant", "Frankfurt", "DE"],
]));

function place(query: string) {
  const found = findPlace(query, GAZETTEER);
  return found && { ...found };
}

Deno.test("findPlace() keeps reading cities with postings as before", () => {
  assert.deepEqual(place("nurse jobs in Toronto"), {
    cityKey: "toronto",
    city: "Toronto",
    matched: "Toronto",
    rest: "nurse",
  });
  assert.equal(place("barista zurich")?.city, "Zürich");
  assert.equal(place("Toronto"), null, "a place alone is searched as a word");
  // "Reading" is a title word at least as often as a city: not a place.
  assert.equal(place("teacher reading"), null);
});

Deno.test("findPlace() reads a town that titles name as a place, not one whose name titles use for the work", () => {
  const jobs = postings([
    // Worcester's one posting names it in its title; Pforzheim's job is also posted elsewhere
    // under its name beside another city's; "spring" is a word of the work (Spring Boot).
    ["Barista - Starbucks Worcester Shrubb Hill", "Worcester", "GB"],
    ["Process Engineer - Pforzheim near Stuttgart", "Pforzheim", "DE"],
    ["Process Engineer - Pforzheim near Stuttgart", "Frankfurt", "DE"],
    ["Process Engineer - Pforzheim near Stuttgart", "Karlsruhe", "DE"],
    ["Accountant", "Stuttgart", "DE"],
    ["Nurse", "Spring", "US"],
    ["Java Spring Boot Developer", "Berlin", "DE"],
    ["Spring Boot Developer - Berlin", "Hamburg", "DE"],
  ]);
  const gazetteer = buildGazetteer(jobs);
  const where = (query: string) => findPlace(query, gazetteer)?.city ?? null;
  // Without the postings to tell by, every title that uses a city's name counts against it.
  assert.deepEqual([where("jobs in pforzheim"), where("barista in worcester")], [null, null]);
  gazetteer.titlePostings = titleWordCounter(jobs);
  gazetteer.placeFreeTitlePostings = placeFreeTitleCounter(
    jobs,
    gazetteer,
    () => jobs.keys().toArray(),
  );
  assert.equal(where("jobs in pforzheim"), "Pforzheim");
  assert.equal(where("engineer pforzheim"), "Pforzheim");
  assert.equal(where("barista in worcester"), "Worcester");
  assert.equal(where("java spring developer"), null);
  assert.equal(where("spring boot developer"), null);
  assert.equal(
    gazetteer.placeFreeTitlePostings("spring"),
    1,
    "a title naming Berlin names a place",
  );
});

Deno.test("findPlace() matches every name GeoNames gives a city with postings", () => {
  // Munich and München are one place; the key is the spelling with more postings.
  for (const query of ["nurse in Munich", "nurse münchen", "nurse MUENCHEN"]) {
    const found = place(query);
    assert.deepEqual([found?.cityKey, found?.city], ["munchen", "München"], query);
  }
  assert.deepEqual([place("sales cologne")?.cityKey, place("sales cologne")?.city], [
    "koln",
    "Köln",
  ]);
  // One posting each: either name finds both.
  assert.equal(
    place("accountant in Frankfurt")?.cityKey,
    place("accountant in Frankfurt am Main")?.cityKey,
  );
});

Deno.test("findPlace() reads a place without postings where a person plainly names one", () => {
  assert.deepEqual(place("nurse jobs in Ulaanbaatar"), {
    cityKey: "ulan bator",
    city: "Ulan Bator",
    country: "MN",
    matched: "Ulaanbaatar",
    rest: "nurse",
  });
  // Last in the query, a city of 100,000 people or more.
  assert.equal(place("nurse ulaanbaatar")?.country, "MN");
  assert.equal(place("welder in Sneek")?.country, "NL");
  assert.equal(place("developer Rio de Janeiro")?.city, "Rio de Janeiro");
  // Anywhere else only a city of a million or more.
  assert.equal(place("ulaanbaatar nurse jobs"), null);
  assert.deepEqual(place("barista tokyo part time")?.country, "JP");
  // A country without postings only after a preposition.
  assert.deepEqual(place("nurse jobs in Mongolia"), {
    country: "MN",
    matched: "Mongolia",
    rest: "nurse",
  });
  assert.equal(place("nurse mongolia"), null);
});

Deno.test("findPlace() reads 'near', 'around', 'close to', 'bei' as the postings around a city", () => {
  const around = (query: string) => {
    const found = place(query);
    if (!found?.around) return found;
    const { latitude, longitude, ...rest } = found.around;
    // GeoNames' point of the city, to a tenth of a degree (its data may move a little).
    return { ...found, around: { ...rest, at: [latitude.toFixed(1), longitude.toFixed(1)] } };
  };
  const toronto = {
    radiusKm: 25,
    label: "Toronto, CA",
    city: "Toronto",
    country: "CA",
    at: ["43.7", "-79.4"],
  };
  assert.deepEqual(around("nurse near Toronto"), {
    around: toronto,
    matched: "Toronto",
    rest: "nurse",
  });
  assert.deepEqual(around("nurse jobs around toronto"), {
    around: toronto,
    matched: "toronto",
    rest: "nurse",
  });
  assert.deepEqual(around("nurse close to Toronto")?.rest, "nurse");
  assert.deepEqual(around("nurse close to Toronto")?.around, toronto);
  // Another name of a city with postings, and a place without postings.
  assert.equal(around("accountant bei Cologne")?.around?.label, "Köln, DE");
  assert.equal(around("accountant near Leeds")?.around?.label, "Leeds, GB");
  // "in" keeps the city's own postings; a country or "remote" has no radius.
  assert.equal(place("nurse in Toronto")?.cityKey, "toronto");
  assert.equal(place("nurse near Germany")?.country, "DE");
  assert.equal(place("nurse near Germany")?.around, undefined);
  assert.equal(place("nurse near me"), null);
  assert.equal(place("nurse near Toronto, nights")?.matched, "Toronto");
  assert.equal(place("nurse in Toronto, nights")?.matched, "Toronto");
});

Deno.test("findPlace(): 'jobs in Toronto' and 'remote jobs' ask for every posting there", () => {
  const toronto = { cityKey: "toronto", city: "Toronto", matched: "Toronto", rest: "jobs" };
  assert.deepEqual(place("jobs in Toronto"), toronto);
  assert.deepEqual(place("Toronto jobs"), toronto);
  assert.deepEqual(place("remote jobs"), { remote: true, matched: "remote", rest: "jobs" });
  assert.equal(place("jobs near Toronto")?.around?.label, "Toronto, CA");
  // The place alone is searched as words, as before; asked for by a preposition, it is the place.
  assert.equal(place("Toronto"), null);
  assert.equal(place("remote"), null);
  assert.equal(place("home office"), null);
  // "Only" is left to the words, whose phrasing it is (src/index/query_phrasing.ts).
  assert.deepEqual(place("remote only"), { remote: true, matched: "remote", rest: "only" });
  // "Remote" before a field of work is the work's: "remote sensing analyst", "remote pilot".
  assert.equal(place("remote sensing analyst"), null);
  assert.equal(place("remote pilot jobs"), null);
  assert.deepEqual(place("remote sensing analyst remote")?.remote, true);
  // Other ways to ask for home working name no job: alone, they are the place.
  for (
    const wish of [
      "work from home",
      "Working from home",
      "wfh",
      "telework",
      "work from anywhere",
      "location independent",
    ]
  ) {
    assert.deepEqual(place(wish), { remote: true, matched: wish, rest: "" }, wish);
  }
  // "Anywhere" alone is no wish for home working: "nurse jobs anywhere" asks for no place.
  assert.equal(place("nurse jobs anywhere")?.remote, undefined);
  assert.deepEqual(place("in Toronto"), { ...toronto, matched: "Toronto", rest: "" });
  assert.deepEqual(place("near Toronto")?.rest, "");
  assert.equal(place("near Toronto")?.around?.label, "Toronto, CA");
  assert.deepEqual(place("close to Toronto")?.rest, "");
  // A place without postings asked for alone stays words: "in finance" is a town somewhere.
  assert.equal(place("in Ulaanbaatar"), null);
});

Deno.test("findPlace() never reads a job word as a place", () => {
  // Each of these words is a town somewhere (Sales, France; Mobile, Alabama; Security,
  // Colorado; Best, Netherlands; Nice, France; Java, Georgia...).
  for (
    const query of [
      "nurse",
      "sales jobs",
      "jobs in sales",
      "mobile developer",
      "developer mobile",
      "jobs in mobile",
      "java developer",
      "architect",
      "senior architect jobs",
      "security guard",
      "jobs in security",
      "best paid nurse jobs",
      "nice team sales",
      "work in construction",
      "nurse jobs near me",
      "remote",
      "ede",
    ]
  ) {
    const found = place(query);
    assert.ok(found === null || found.remote === true, `${query}: ${JSON.stringify(found)}`);
  }
});

Deno.test("findPlace() joins cities that are one place, not a neighbourhood to its city", () => {
  const g = buildGazetteer(postings([
    ["Nurse", "Toronto", "CA"],
    ["Nurse", "Midtown Toronto", "CA"],
    ["Nurse", "Houston", "US"],
    ["Nurse", "North Houston", "US"],
    ["Nurse", "Saint Charles", "US"],
    ["Nurse", "Denver", "US"],
  ]));
  assert.equal(findPlace("nurse in Toronto", g)?.cityKey, "toronto");
  assert.equal(findPlace("nurse in Midtown Toronto", g)?.cityKey, "midtown toronto");
  assert.equal(findPlace("nurse in North Houston", g)?.cityKey, "north houston");
  // GeoNames' old name of Denver does not make Saint Charles, Missouri, Denver.
  assert.equal(findPlace("nurse in Saint Charles", g)?.cityKey, "saint charles");
});

Deno.test("findPlace() takes any text without failing", () => {
  for (const query of ["", "   ", "in", "jobs in", "in in in", "\u0000\u202e", "!!! ???"]) {
    assert.equal(place(query), null, JSON.stringify(query));
  }
  const long = Array.from({ length: 2_000 }, (_, i) => `word${i}`).join(" ") + " in Toronto";
  const started = performance.now();
  assert.equal(place(long)?.city, "Toronto");
  assert.ok(performance.now() - started < 2_000, "a long query is read in linear time");
});

Deno.test("findPlace() reads a city's country or region said after it as the place's", () => {
  const g = buildGazetteer(postings([
    ["Care Worker", "Liverpool", "GB"],
    ["Support Worker", "Liverpool", "AU"],
    ["Bartender", "Leeds", "GB"],
    ["Barista", "Chicago", "US"],
    ["Engineer", "Houston", "US"],
    ["Registered Nurse", "Toronto", "CA"],
    ["Nurse", "München", "DE"],
  ]));
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.cityKey, found.country, found.matched, found.rest];
  };
  // The qualifier is the place's, not words to search ("jobs uk" found 4 postings, none there).
  assert.deepEqual(read("jobs in Liverpool, UK"), ["liverpool", "GB", "Liverpool, UK", "jobs"]);
  assert.deepEqual(read("nurse in Liverpool UK"), ["liverpool", "GB", "Liverpool UK", "nurse"]);
  assert.deepEqual(read("support worker Liverpool, NSW"), [
    "liverpool",
    "AU",
    "Liverpool, NSW",
    "support worker",
  ]);
  assert.deepEqual(read("developer in Toronto, ON"), ["toronto", "CA", "Toronto, ON", "developer"]);
  assert.deepEqual(read("jobs in Toronto, Canada"), ["toronto", "CA", "Toronto, Canada", "jobs"]);
  assert.deepEqual(read("barista Chicago IL"), ["chicago", "US", "Chicago IL", "barista"]);
  assert.deepEqual(read("engineer in Houston, TX, US"), [
    "houston",
    "US",
    "Houston, TX, US",
    "engineer",
  ]);
  assert.deepEqual(read("nurse in Munich, Germany"), [
    "munchen",
    "DE",
    "Munich, Germany",
    "nurse",
  ]);
  // The country after a city is the city's, not a place of its own.
  assert.deepEqual(read("jobs in Leeds, United Kingdom"), [
    "leeds",
    "GB",
    "Leeds, United Kingdom",
    "jobs",
  ]);
  assert.deepEqual(read("care in Leeds, England"), ["leeds", "GB", "Leeds, England", "care"]);
  // A city so qualified and nothing else asks for the place, as "in Liverpool" does.
  assert.deepEqual(read("Liverpool, UK"), ["liverpool", "GB", "Liverpool, UK", ""]);
  // "near": around the city in the country said.
  assert.equal(findPlace("nurse near Liverpool, UK", g)?.around?.label, "Liverpool, GB");
  // A place without postings: the one of its name in the region said.
  assert.deepEqual(read("nurse in Springfield, IL"), [
    "springfield",
    "US",
    "Springfield, IL",
    "nurse",
  ]);
  // Another place of the city's name, where the postings have none: that place, in its country.
  assert.deepEqual(read("nurse in Toronto, Ohio"), ["toronto", "US", "Toronto, Ohio", "nurse"]);
  // Not a qualifier: a short word in lower case without a comma, a country with no place so named.
  assert.deepEqual(read("nurse in Toronto on weekends"), [
    "toronto",
    undefined,
    "Toronto",
    "nurse on weekends",
  ]);
  assert.deepEqual(read("nurse Liverpool, Canada"), [
    "liverpool",
    undefined,
    "Liverpool",
    "nurse Canada",
  ]);
});

/** Cities with postings, and ways a person writes each one's country or region after it. */
const QUALIFIED_CITIES: { city: string; country: string; said: string[] }[] = [
  {
    city: "Liverpool",
    country: "GB",
    said: [", UK", " UK", ", United Kingdom", ", England", ", GB"],
  },
  { city: "Liverpool", country: "AU", said: [", NSW", " NSW", ", Australia", ", New South Wales"] },
  {
    city: "Toronto",
    country: "CA",
    said: [", ON", " ON", ", Ontario", ", Canada", ", ON, Canada"],
  },
  { city: "Chicago", country: "US", said: [", IL", " IL", ", Illinois", ", USA", ", IL, US"] },
  { city: "München", country: "DE", said: [", Germany", " Germany", ", DE", ", Bavaria"] },
  { city: "Amsterdam", country: "NL", said: [", Netherlands", ", NL", ", Noord-Holland"] },
  { city: "Mumbai", country: "IN", said: [", India", ", Maharashtra", ", IN"] },
];
const ROLES = ["nurse", "software engineer", "jobs", "part time barista", "care work", "chef"];

Deno.test("findPlace(): a city's country or region said after it only narrows it to that country", () => {
  fc.assert(
    fc.property(
      fc.subarray(QUALIFIED_CITIES, { minLength: 1 }),
      fc.nat(),
      fc.nat(),
      fc.constantFrom(...ROLES),
      fc.constantFrom("in ", "", "near "),
      (cities, pick, form, role, preposition) => {
        const g = buildGazetteer(postings(cities.map((c) => ["Nurse", c.city, c.country])));
        const { city, country, said } = cities[pick % cities.length];
        const plain = findPlace(`${role} ${preposition}${city}`, g);
        const qualified = findPlace(`${role} ${preposition}${city}${said[form % said.length]}`, g);
        assert.ok(plain && qualified);
        assert.equal(qualified.rest, plain.rest, "the qualifier is never searched as words");
        if (preposition === "near ") {
          assert.equal(qualified.around?.country, country);
        } else {
          assert.equal(qualified.cityKey, plain.cityKey);
          assert.equal(qualified.country, country);
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("findPlace() reads 'New York City', 'NYC', 'LA' as the cities people mean", () => {
  const g = buildGazetteer(postings([
    ["Software Engineer", "New York", "US"],
    ["Nurse", "Québec", "CA"],
    ["Actor", "Los Angeles", "US"],
    ["Developer", "San Francisco", "US"],
    ["Engineer", "Kansas City", "US"],
  ]));
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.cityKey, found.matched, found.rest];
  };
  // "City" was searched as a word: "software engineer city" found 0 strong matches in New York.
  assert.deepEqual(read("software engineer New York City"), [
    "new york",
    "New York City",
    "software engineer",
  ]);
  assert.deepEqual(read("nurse in Quebec City"), ["quebec", "Quebec City", "nurse"]);
  assert.deepEqual(read("jobs in Kansas City"), ["kansas city", "Kansas City", "jobs"]);
  // A place without postings named with "City" is that place, not its country.
  assert.deepEqual(
    [findPlace("jobs in Mexico City", g)?.city, findPlace("jobs in Mexico City", g)?.country],
    ["Mexico City", "MX"],
  );
  assert.deepEqual(read("developer jobs in NYC"), ["new york", "NYC", "developer"]);
  assert.deepEqual(read("jobs in LA"), ["los angeles", "LA", "jobs"]);
  assert.deepEqual(read("jobs in SF"), ["san francisco", "SF", "jobs"]);
  // "la" in lower case is a word; "inner city" is no place, though a district of Vienna is named so.
  assert.equal(read("la developer"), null);
  assert.equal(read("teacher in inner city schools"), null);
  assert.equal(read("jobs in the city"), null);
});

Deno.test("findPlace() reads 'the US', 'US' and 'U.S.' as the country, never the pronoun 'us'", () => {
  const g = buildGazetteer(
    postings([["Registered Nurse", "Houston", "US"], ["Nurse", "Leeds", "GB"]]),
  );
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.country, found.remote, found.rest];
  };
  assert.deepEqual(read("nurse jobs in the us"), ["US", undefined, "nurse"]);
  assert.deepEqual(read("python developer US"), ["US", undefined, "python developer"]);
  assert.deepEqual(read("nurse jobs in the U.S."), ["US", undefined, "nurse"]);
  assert.deepEqual(read("remote jobs in the US"), ["US", true, "jobs"]);
  // The article goes with its preposition: "in the" was left, read as the work beside the type.
  assert.deepEqual(read("full time remote jobs in the US"), ["US", true, "full time"]);
  // "Us" the pronoun, in lower case and not after "the": no place.
  // "in us": no one asks for jobs "in" themselves.
  assert.deepEqual(read("nurse jobs in us"), ["US", undefined, "nurse"]);
  // After "remote" or a word for jobs (a person's trial, session 57: "us" was dropped).
  assert.deepEqual(read("nurse jobs us"), ["US", undefined, "nurse"]);
  assert.deepEqual(read("senior python developer remote us"), [
    "US",
    true,
    "senior python developer",
  ]);
  for (const query of ["jobs near us", "join us as a nurse", "help us hire", "work with us"]) {
    assert.equal(findPlace(query, g), null, query);
  }
});

Deno.test("findPlace() reads a region of a country with postings ('jobs in Texas')", () => {
  const jobs = postings([
    ["Nurse", "Houston", "US"],
    ["Nurse", "München", "DE"],
    ["Texas Instruments Engineer", "Austin", "US"],
  ]);
  const g = buildGazetteer(jobs);
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.country, found.region?.name, found.region?.admin1, found.rest];
  };
  assert.deepEqual(read("jobs in Texas"), ["US", "Texas", "TX", "jobs"]);
  assert.deepEqual(read("developer in California"), ["US", "California", "CA", "developer"]);
  assert.deepEqual(read("nurse in Bavaria"), ["DE", "Bavaria", "02", "nurse"]);
  // The US state where postings are, not the country Georgia where none are.
  assert.deepEqual(read("jobs in Georgia"), ["US", "Georgia", "GA", "jobs"]);
  // A region said after a city is the city's qualifier; a country with postings stays the country.
  assert.equal(findPlace("engineer in Houston, Texas", g)?.cityKey, "houston");
  assert.deepEqual(read("nurse in Germany"), ["DE", undefined, undefined, "nurse"]);
  // Without "in", a region's name last is the region where titles use it less often than the
  // region has postings; a gazetteer that cannot count titles (no postings at hand) reads no region.
  assert.equal(read("engineer texas"), null);
  g.titlePostings = titleWordCounter(jobs);
  assert.deepEqual(read("engineer texas"), ["US", "Texas", "TX", "engineer"]);
  assert.deepEqual(read("nurse Texas"), ["US", "Texas", "TX", "nurse"]);
  // Last but for what the query says of the job after it.
  for (const query of ["nurse texas jobs", "nurse texas part time", "engineer texas hybrid"]) {
    assert.equal(read(query)?.[1], "Texas", query);
  }
  assert.equal(read("texas nurse jobs"), null);
  // Said before the work it is a word of the query still ("texas nurse": no preposition, not last).
  assert.equal(read("texas nurse"), null);
  // A region of a country without postings is not read.
  assert.equal(read("nurse in Ontario")?.[1], undefined);
});

Deno.test("findPlace() reads a region's name last without 'in' unless titles use it as often", () => {
  const region = (titles: string[]) => {
    const jobs = postings([
      ["Nurse", "Houston", "US"],
      ["Nurse", "Austin", "US"],
      ["Nurse", "Dallas", "US"],
      ...titles.map((title): [string, string, string] => [title, "Berlin", "DE"]),
    ]);
    const g = buildGazetteer(jobs);
    g.titlePostings = titleWordCounter(jobs);
    return findPlace("engineer texas", g)?.region?.name ?? null;
  };
  // Texas has three postings: two titles saying "Texas" leave it the place, three make it a word.
  assert.equal(region(["Texas Instruments Engineer", "Texas Roadhouse Server"]), "Texas");
  assert.equal(
    region(["Texas Instruments Engineer", "Texas Roadhouse Server", "Texas Instruments Intern"]),
    null,
  );
});

Deno.test("findPlace() reads home working and a place together ('remote jobs in the UK')", () => {
  const g = buildGazetteer(postings([
    ["Developer", "Berlin", "DE"],
    ["Care Worker", "Liverpool", "GB"],
  ]));
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.remote, found.cityKey, found.country, found.matched];
  };
  // "remote" alone took the place's turn: "in the UK" was searched as words (0 strong matches).
  assert.deepEqual(read("remote jobs in the UK"), [true, undefined, "GB", "remote, UK"]);
  assert.deepEqual(read("work from home jobs UK"), [true, undefined, "GB", "work from home, UK"]);
  assert.deepEqual(read("remote developer Germany"), [true, undefined, "DE", "remote, Germany"]);
  assert.deepEqual(read("developer in Berlin, remote"), [
    true,
    "berlin",
    undefined,
    "Berlin, remote",
  ]);
  assert.equal(findPlace("remote developer Germany", g)?.rest, "developer");
  // "from home" after the work, as people say it; "away from home" is travelling work.
  assert.deepEqual(read("customer service from home"), [true, undefined, undefined, "from home"]);
  assert.equal(findPlace("customer service from home", g)?.rest, "customer service");
  assert.deepEqual(read("data entry from home UK"), [true, undefined, "GB", "from home, UK"]);
  assert.deepEqual(read("work at home jobs"), [true, undefined, undefined, "work at home"]);
  assert.equal(findPlace("lorry driver, work away from home", g), null);
  // One of them alone reads as before.
  assert.deepEqual(read("remote jobs"), [true, undefined, undefined, "remote"]);
  assert.deepEqual(read("developer in Berlin"), [undefined, "berlin", undefined, "Berlin"]);
});

Deno.test("findPlace() reads a part of the world after 'in' or last ('remote jobs in Europe')", () => {
  const g = buildGazetteer(postings([
    ["Developer", "Berlin", "DE"],
    ["Care Worker", "Liverpool", "GB"],
  ]));
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && [found.area?.name, found.remote, found.matched, found.rest];
  };
  assert.deepEqual(read("developer in Europe"), ["Europe", undefined, "Europe", "developer"]);
  assert.deepEqual(read("remote jobs in Europe"), ["Europe", true, "remote, Europe", "jobs"]);
  assert.deepEqual(read("data engineer DACH"), ["DACH", undefined, "DACH", "data engineer"]);
  assert.deepEqual(read("jobs in the EU"), ["the EU", undefined, "the EU", "jobs"]);
  // Not after "in" and not last: a word of the work ("EU policy advisor").
  assert.equal(findPlace("EU policy advisor", g), null);
  assert.equal(findPlace("asia pacific sales manager", g), null);
});

const CITIES = buildGazetteer(postings([
  ["Nurse", "Leeds", "GB"],
  ["Nurse", "Bradford", "GB"],
  ["Nurse", "York", "GB"],
  ["Nurse", "Hull", "GB"],
  ["Nurse", "Wakefield", "GB"],
  ["Nurse", "Sheffield", "GB"],
  ["Developer", "London", "GB"],
  ["Developer", "Boston", "US"],
  ["Developer", "New York", "US"],
  ["Developer", "Berlin", "DE"],
  ["Developer", "München", "DE"],
  ["Developer", "Hamburg", "DE"],
  ["Developer", "Toronto", "CA"],
  ["Developer", "Vancouver", "CA"],
]));

function placesIn(query: string) {
  const found = findPlace(query, CITIES);
  return found && {
    places: found.anyOf?.map((one) => one.city ?? one.country ?? (one.remote ? "remote" : "?")),
    city: found.city,
    remote: found.remote,
    matched: found.matched,
    rest: found.rest,
  };
}

Deno.test("findPlace() reads several places named together ('nurse jobs in Leeds or Bradford')", () => {
  assert.deepEqual(placesIn("nurse jobs in Leeds or Bradford"), {
    places: ["Leeds", "Bradford"],
    city: undefined,
    remote: undefined,
    matched: "Leeds or Bradford",
    rest: "nurse",
  });
  assert.deepEqual(placesIn("nurse in Berlin or Munich")?.places, ["Berlin", "München"]);
  assert.deepEqual(placesIn("nurse Leeds and Bradford")?.places, ["Leeds", "Bradford"]);
  assert.deepEqual(placesIn("nurse jobs in Leeds, York or Hull")?.places, [
    "Leeds",
    "York",
    "Hull",
  ]);
  assert.deepEqual(placesIn("Leeds/Bradford nurse")?.places, ["Leeds", "Bradford"]);
  assert.deepEqual(placesIn("nurse in Leeds or in York")?.places, ["Leeds", "York"]);
  assert.deepEqual(placesIn("jobs in Germany or Austria")?.places, ["DE", "AT"]);
  // The longer name is read first; the places before it join it.
  assert.deepEqual(placesIn("developer in Boston or New York")?.places, ["Boston", "New York"]);
  // The same place twice is one place.
  assert.deepEqual(placesIn("nurse in Leeds or Leeds"), {
    places: undefined,
    city: "Leeds",
    remote: undefined,
    matched: "Leeds or Leeds",
    rest: "nurse",
  });
  // A region said after a city qualifies it, unless it is the next city of the list.
  assert.deepEqual(placesIn("developer in Berlin, Hamburg or Munich")?.places, [
    "Berlin",
    "Hamburg",
    "München",
  ]);
  assert.deepEqual(placesIn("developer in Toronto, Ontario or Vancouver")?.places, [
    "Toronto",
    "Vancouver",
  ]);
  // At most five: the sixth stays words.
  assert.deepEqual(
    placesIn("nurse in Leeds, Bradford, York, Hull, Wakefield or Sheffield")?.places,
    ["Leeds", "Bradford", "York", "Hull", "Wakefield"],
  );
  // The places alone ask for their postings, as "in Leeds" does.
  assert.deepEqual(placesIn("Leeds or Bradford")?.places, ["Leeds", "Bradford"]);
});

Deno.test("findPlace() reads home working or a place, and home working at several places", () => {
  assert.deepEqual(placesIn("remote or London python jobs"), {
    places: ["remote", "London"],
    city: undefined,
    remote: undefined,
    matched: "remote or London",
    rest: "python",
  });
  assert.deepEqual(placesIn("remote jobs in Leeds or York"), {
    places: ["Leeds", "York"],
    city: undefined,
    remote: true,
    matched: "remote, Leeds or York",
    rest: "jobs",
  });
});

Deno.test("findPlace() joins places only where each side is a place, and a comma only in a list", () => {
  // "and" inside the work's name: "development" is no place.
  assert.deepEqual(placesIn("research and development jobs in Leeds")?.places, undefined);
  assert.equal(placesIn("research and development jobs in Leeds")?.city, "Leeds");
  assert.equal(placesIn("health and safety jobs in Leeds")?.city, "Leeds");
  // A comma alone says where a city is, or what else is asked: no list without "or"/"and".
  assert.equal(placesIn("nurse in Leeds, nights")?.city, "Leeds");
  assert.equal(placesIn("nurse in Leeds, nights")?.rest, "nurse nights");
  assert.deepEqual(placesIn("developer Berlin, remote")?.places, undefined);
  // A slash between words that are no places stays a word ("full/part time").
  assert.equal(placesIn("full/part time nurse in Leeds")?.rest, "full/part time nurse");
});

Deno.test("findPlace() reads a name that is a region and a city elsewhere as the one with more postings", () => {
  const ontario = (cityPostings: number) =>
    buildGazetteer(postings([
      ...Array.from({ length: cityPostings }, () =>
        ["Nurse", "Ontario", "US"] as [string, string, string]),
      ["Nurse", "Toronto", "CA"],
      ["Nurse", "Toronto", "CA"],
      ["Nurse", "Ottawa", "CA"],
      ["Nurse", "New York", "US"],
    ]));
  // Ontario, California has 1 posting, the province 3 (Toronto's and Ottawa's).
  assert.deepEqual(findPlace("nurse jobs in Ontario", ontario(1)), {
    country: "CA",
    region: { admin1: "08", name: "Ontario" },
    matched: "Ontario",
    rest: "nurse",
  });
  // With more postings in the city than the province, the city.
  assert.equal(findPlace("nurse jobs in Ontario", ontario(4))?.city, "Ontario");
  // Said with where it is, the city ("Ontario, CA" is California's).
  assert.equal(findPlace("nurse jobs in Ontario, CA", ontario(1))?.city, "Ontario");
  // A city inside the region of its name is the city.
  assert.equal(findPlace("nurse jobs in New York", ontario(1))?.city, "New York");
});

Deno.test("findPlace() reads a place of the world joined to a place though a title has its name", () => {
  const gazetteer = buildGazetteer(postings([
    ["Nurse", "Leeds", "GB"],
    ["New York Sales Representative", "Boston", "US"],
  ]));
  // "york" is a word of the titles: alone it stays words, joined to Leeds it is the city.
  assert.equal(findPlace("nurse jobs in York", gazetteer), null);
  assert.deepEqual(
    findPlace("nurse jobs in Leeds or York", gazetteer)?.anyOf?.map((one) => one.city),
    ["Leeds", "York"],
  );
  // A word job searches use stays none: "or home" is no place.
  assert.equal(findPlace("nurse in Leeds or home", gazetteer)?.anyOf, undefined);
});

Deno.test("findPlace() reads a region's name of several words last, 'washington dc', and the Bay Area (session 37)", () => {
  const jobs = postings([
    ["Nurse", "Sydney", "AU"],
    ["Nurse", "Newcastle", "AU"],
    ["Nurse", "Newark", "US"],
    ["Cashier", "Newark", "US"],
    ["Accountant", "Washington", "US"],
    ["Teacher", "Seattle", "US"],
    ["Teacher", "Spokane", "US"],
    ["Nurse", "Toronto", "CA"],
    ["New Grad Nurse", "Houston", "US"],
    ["Software Engineer", "San Jose", "US"],
  ]);
  const g = buildGazetteer(jobs);
  g.titlePostings = titleWordCounter(jobs);
  const read = (query: string) => {
    const found = findPlace(query, g);
    return found && {
      matched: found.matched,
      rest: found.rest,
      ...(found.city ? { city: found.city, country: found.country } : {}),
      ...(found.region ? { region: found.region.name, country: found.country } : {}),
      ...(found.around ? { near: found.around.label, radiusKm: found.around.radiusKm } : {}),
    };
  };
  // "new" is a word searches use ("new jobs today"), but not the whole name: "nurse new south
  // wales" read "wales" (GB) and searched "nurse new south".
  assert.deepEqual(read("nurse new south wales"), {
    matched: "new south wales",
    rest: "nurse",
    region: "New South Wales",
    country: "AU",
  });
  // New Jersey's two postings outnumber the one title with "new".
  assert.deepEqual(read("nurse new jersey")?.region, "New Jersey");
  // A region code typed in lower case last is the city's region ("dc" read "washington" the
  // city and searched "accountant dc"; after "in", the state of Washington).
  for (
    const [query, rest] of [
      ["accountant washington dc", "accountant"],
      ["teacher in washington dc", "teacher"],
      ["washington dc jobs", "jobs"],
    ]
  ) {
    const found = read(query);
    assert.deepEqual([found?.matched, found?.city, found?.rest], [
      "washington dc",
      "Washington",
      rest,
    ]);
  }
  // Not mid-query, and no connector: "toronto on weekends" names no Ontario.
  assert.deepEqual(read("nurse in toronto on weekends")?.matched, "toronto");
  // Last, "toronto on" is how Toronto, Ontario is written; "in" last is a word left over.
  assert.deepEqual(read("nurse jobs in toronto on")?.matched, "toronto on");
  assert.deepEqual(read("nurse jobs in toronto in")?.matched, "toronto");
  // The Bay Area: the postings within 75 km of San Francisco; one-word names only where a place
  // stands ("gta 6 developer" names no Toronto).
  assert.deepEqual(read("software engineer bay area"), {
    matched: "bay area",
    rest: "software engineer",
    near: "San Francisco, US",
    radiusKm: 75,
  });
  assert.equal(read("jobs in the san francisco bay area")?.matched, "san francisco bay area");
  assert.equal(read("warehouse jobs gta")?.near, "Toronto, CA");
  assert.equal(read("gta 6 developer"), null);
  // Mid-query an area's name is a company's as often (reviewer W).
  assert.equal(read("silicon valley bank jobs")?.near, undefined);
  assert.equal(read("greater london authority jobs")?.near, undefined);
});

Deno.test("findPlace(): a code last in lower case is the city's country before a region, and a region of several words needs no postings (reviewer W, session 37)", () => {
  const jobs = postings([
    ["Teacher", "Berlin", "DE"],
    ["Engineer", "Berlin", "DE"],
    ["Clerk", "Berlin", "US"],
    ["Teacher", "London", "GB"],
    ["Teacher", "London", "CA"],
    ["Cashier", "Fresno", "US"],
    ["New Grad Nurse", "Houston", "US"],
    ["New Grad Nurse", "Dallas", "US"],
    ["Cook", "Brunswick", "US"],
  ]);
  const g = buildGazetteer(jobs);
  g.titlePostings = titleWordCounter(jobs);
  // "de" was read as Delaware, "ca" as California: the city's country comes first, as in capitals.
  const berlin = findPlace("teacher in berlin de", g);
  assert.deepEqual([berlin?.city, berlin?.country, berlin?.matched], ["Berlin", "DE", "berlin de"]);
  const london = findPlace("teacher in london ca", g);
  assert.deepEqual([london?.city, london?.country], ["London", "CA"]);
  // New Mexico has no postings and "new" is in two titles: still the state, not Mexico City.
  const mexico = findPlace("nurse new mexico", g);
  assert.deepEqual([mexico?.region?.name, mexico?.country, mexico?.rest], [
    "New Mexico",
    "US",
    "nurse",
  ]);
  assert.equal(findPlace("cook new brunswick", g)?.region?.name, "New Brunswick");
});

Deno.test("findPlace(): a region code before the work when it is no English word, and the code's region where a place of the name lies (reviewer W, session 38)", () => {
  const jobs = postings([
    ["Warehouse Associate", "Houston", "US"],
    ["Engineer", "San Jose", "US"],
    ["Nurse", "Toronto", "CA"],
    ["Nurse", "Sydney", "AU"],
  ]);
  const g = buildGazetteer(jobs);
  g.titlePostings = titleWordCounter(jobs);
  // "tx" was searched as a word ("TxDMV - County Compliance Specialist" first in Houston).
  const houston = findPlace("houston tx warehouse", g);
  assert.deepEqual([houston?.city, houston?.region?.name, houston?.rest], [
    "Houston",
    "Texas",
    "warehouse",
  ]);
  assert.equal(findPlace("san jose ca engineer", g)?.region?.name, "California");
  // A code that is an English word before more words is that word: "on weekends".
  const toronto = findPlace("toronto on weekends", g);
  assert.deepEqual([toronto?.city, toronto?.region, toronto?.rest], [
    "Toronto",
    undefined,
    "on weekends",
  ]);
  // "WA" is Washington and Western Australia: Perth, WA is Australia's (a Perth of New York was
  // read).
  for (const query of ["jobs in perth wa", "jobs in Perth, WA", "perth wa mining"]) {
    assert.equal(findPlace(query, g)?.country, "AU", query);
  }
  assert.equal(findPlace("jobs in seattle, wa", g)?.country, "US");
});

Deno.test("findPlace(): a region code that is an English word, before the work, where the city lies in that region; a town with its region's code (session 39)", () => {
  const jobs = postings([
    ["Registered Nurse", "Pittsburgh", "US"],
    ["Warehouse Associate", "Columbus", "US"],
    ["Nurse", "Portland", "US"],
    ["Nurse", "Seattle", "US"],
    ["Nurse", "Toronto", "CA"],
    ["Nurse", "Leeds", "GB"],
    ["PA to the Director", "Chester", "GB"],
    ["HR Executive", "Delhi", "IN"],
  ]);
  const g = buildGazetteer(jobs);
  g.titlePostings = titleWordCounter(jobs);
  // "pa" and "oh" are English words; they were searched as words, the city read alone.
  const pittsburgh = findPlace("pittsburgh pa nurse", g);
  assert.deepEqual([pittsburgh?.city, pittsburgh?.region?.name, pittsburgh?.rest], [
    "Pittsburgh",
    "Pennsylvania",
    "nurse",
  ]);
  assert.equal(findPlace("columbus oh warehouse", g)?.region?.name, "Ohio");
  // Words that join a phrase stay words, though the city lies in the region they would name.
  assert.deepEqual(findPlace("toronto on weekends", g)?.region, undefined);
  assert.deepEqual(findPlace("portland or seattle nurse", g)?.anyOf?.map((p) => p.city), [
    "Portland",
    "Seattle",
  ]);
  // Where no place of the city's name lies in the code's region (no Leeds in Pennsylvania), the
  // code is a word and the city is read alone.
  const cityAlone = (query: string) => {
    const read = findPlace(query, g);
    return [read?.city, read?.country, read?.region, read?.rest];
  };
  assert.deepEqual(cityAlone("leeds pa nurse"), ["Leeds", undefined, undefined, "pa nurse"]);
  assert.deepEqual(cityAlone("pittsburgh me nurse"), [
    "Pittsburgh",
    undefined,
    undefined,
    "me nurse",
  ]);
  // Where the city's postings are in another country, the word is a word: a personal assistant
  // in Chester, England, not Chester, Pennsylvania; not Leeds, Maine (reviewer W, session 39).
  assert.deepEqual(cityAlone("chester pa receptionist"), [
    "Chester",
    undefined,
    undefined,
    "pa receptionist",
  ]);
  assert.deepEqual(cityAlone("leeds me nurse"), ["Leeds", undefined, undefined, "me nurse"]);
  // A town without postings, named with its region's code, is a place though small: Salem,
  // Massachusetts (44,000 people) was corrected to "sales".
  const salem = findPlace("salem ma nurse", g);
  assert.deepEqual([salem?.city, salem?.country, salem?.rest], ["Salem", "US", "nurse"]);
  assert.equal(findPlace("salem nurse", g), null);
  // A town smaller than a preposition asks for (Aspen, Colorado, 6,900 people) stays a word.
  assert.equal(findPlace("aspen co nurse", g), null);
  // A word of the titles after a town is the work: "hr" is no Haryana (reviewer W, session 39).
  assert.equal(findPlace("gurgaon hr executive", g), null);
});

Deno.test("findPlace() takes where the person lives with the place, not as words of the work", () => {
  // A person's trial (session 56): "I live" was searched, and the hint quoted it.
  assert.equal(
    place("I need a job, no experience, I live in Toronto")?.rest,
    "I need a job, no experience",
  );
  assert.equal(place("nurse, I'm based in Toronto")?.rest, "nurse");
  assert.equal(place("nurse, I am currently living in Toronto")?.rest, "nurse");
  assert.equal(
    place("ich wohne in Berlin und suche Arbeit als Koch")?.rest,
    "und suche Arbeit als Koch",
  );
  // "live" that is the work's stays: "live music" is no residence.
  assert.equal(place("live music jobs in Toronto")?.rest, "live music");
});
