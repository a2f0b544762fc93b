import { strict as assert } from "node:assert";
import { countryCode, splitLocation } from "./location.ts";

Deno.test("splitLocation() reads the layouts job boards write", () => {
  const cases: [string, { city: string; country?: string; region?: string }][] = [
    ["Berlin, BE, DE", { city: "Berlin", country: "DE", region: "BE" }],
    ["Berlin, Berlin, Germany", { city: "Berlin", country: "DE", region: "Berlin" }],
    ["Berlin, Germany", { city: "Berlin", country: "DE" }],
    ["München, BY, DE", { city: "München", country: "DE", region: "BY" }],
    ["Chicago, IL, USA", { city: "Chicago", country: "US", region: "IL" }],
    ["Houston, TX, US", { city: "Houston", country: "US", region: "TX" }],
    ["Liverpool, ENG, GB", { city: "Liverpool", country: "GB", region: "ENG" }],
    ["Amsterdam, North Holland, Netherlands", {
      city: "Amsterdam",
      country: "NL",
      region: "North Holland",
    }],
    ["Toronto, Ontario, Canada", { city: "Toronto", country: "CA", region: "Ontario" }],
    ["Melbourne, VIC, AU", { city: "Melbourne", country: "AU", region: "VIC" }],
    // A middle part that is no region of the country is not kept.
    ["Springfield, Nowhere, US", { city: "Springfield", country: "US" }],
  ];
  for (const [text, expected] of cases) assert.deepEqual(splitLocation(text), expected, text);
});

Deno.test("splitLocation() gives an empty city, and the region, when the text names only a country or region", () => {
  assert.deepEqual(splitLocation("DE"), { city: "", country: "DE" });
  assert.deepEqual(splitLocation("United States"), { city: "", country: "US" });
  assert.deepEqual(splitLocation("Nederland"), { city: "", country: "NL" });
  assert.deepEqual(splitLocation("MH, IN"), { city: "", country: "IN", region: "MH" });
  assert.deepEqual(splitLocation("BE, DE"), { city: "", country: "DE", region: "BE" });
  assert.deepEqual(splitLocation("CA, US"), { city: "", country: "US", region: "CA" });
  assert.deepEqual(splitLocation("Bavaria, Germany"), {
    city: "",
    country: "DE",
    region: "Bavaria",
  });
  assert.deepEqual(splitLocation("North Rhine-Westphalia, Germany"), {
    city: "",
    country: "DE",
    region: "North Rhine-Westphalia",
  });
  assert.deepEqual(splitLocation("TX"), { city: "", country: "US" });
  assert.deepEqual(splitLocation(""), { city: "" });
  assert.deepEqual(splitLocation(" , "), { city: "" });
});

Deno.test("splitLocation() maps remote texts to the city Remote", () => {
  assert.deepEqual(splitLocation("Home Office, DE"), { city: "Remote", country: "DE" });
  assert.deepEqual(splitLocation("Remote, US"), { city: "Remote", country: "US" });
  assert.deepEqual(splitLocation("Werk van thuis, NL"), { city: "Remote", country: "NL" });
  assert.deepEqual(splitLocation("remote"), { city: "Remote" });
});

Deno.test("splitLocation() keeps the country absent for a lone city", () => {
  assert.deepEqual(splitLocation("Toronto"), { city: "Toronto" });
  assert.deepEqual(splitLocation("Amsterdam"), { city: "Amsterdam" });
  assert.deepEqual(splitLocation("Dallas-Fort Worth"), { city: "Dallas-Fort Worth" });
  // A hint settles ambiguity only; it never invents a country.
  assert.deepEqual(splitLocation("Toronto", { countryHint: "CA" }), { city: "Toronto" });
});

Deno.test("splitLocation() reads a US state or Canadian province code as its country", () => {
  assert.deepEqual(splitLocation("Austin, TX"), { city: "Austin", country: "US", region: "TX" });
  assert.deepEqual(splitLocation("Minneapolis–Saint Paul, WI"), {
    city: "Minneapolis–Saint Paul",
    country: "US",
    region: "WI",
  });
  assert.deepEqual(splitLocation("Toronto, ON"), { city: "Toronto", country: "CA", region: "ON" });
  assert.deepEqual(splitLocation("Vancouver, BC"), {
    city: "Vancouver",
    country: "CA",
    region: "BC",
  });
});

Deno.test("splitLocation() settles codes that are a state and a country by the hint", () => {
  // CA is California and Canada, IN Indiana and India, DE Delaware and Germany.
  assert.deepEqual(splitLocation("Irvine, CA"), { city: "Irvine", country: "US", region: "CA" });
  assert.deepEqual(splitLocation("Irvine, CA", { countryHint: "US" }), {
    city: "Irvine",
    country: "US",
    region: "CA",
  });
  // Read as the country, CA is no region of it.
  assert.deepEqual(splitLocation("Sharon, CA", { countryHint: "CA" }), {
    city: "Sharon",
    country: "CA",
  });
  assert.deepEqual(splitLocation("New Albany, IN"), {
    city: "New Albany",
    country: "US",
    region: "IN",
  });
  assert.deepEqual(splitLocation("Wilmington, DE"), {
    city: "Wilmington",
    country: "US",
    region: "DE",
  });
  assert.deepEqual(splitLocation("Bonn, DE", { countryHint: "DE" }), {
    city: "Bonn",
    country: "DE",
  });
  // With three parts the last one is the country whatever the hint says.
  assert.deepEqual(splitLocation("Amsterdam Zuid, NH, NL", { countryHint: "CA" }), {
    city: "Amsterdam Zuid",
    country: "NL",
    region: "NH",
  });
});

Deno.test("splitLocation() tidies spaces and keeps city spelling as given", () => {
  assert.deepEqual(splitLocation("  Frankfurt   am Main ,HE,  DE "), {
    city: "Frankfurt am Main",
    country: "DE",
    region: "HE",
  });
  assert.deepEqual(splitLocation("Berlin-Kreuzberg, BE, DE"), {
    city: "Berlin-Kreuzberg",
    country: "DE",
    region: "BE",
  });
  // Written out, the region is kept as written, in any of the names boards use.
  assert.deepEqual(splitLocation("Leeds, England"), {
    city: "Leeds",
    country: "GB",
    region: "England",
  });
});

Deno.test("countryCode() reads codes and names in several languages", () => {
  assert.equal(countryCode("US"), "US");
  assert.equal(countryCode("USA"), "US");
  assert.equal(countryCode("United States"), "US");
  assert.equal(countryCode("United States of America"), "US");
  assert.equal(countryCode("Germany"), "DE");
  assert.equal(countryCode("Deutschland"), "DE");
  assert.equal(countryCode("UK"), "GB");
  assert.equal(countryCode("England"), "GB");
  assert.equal(countryCode("GBR"), "GB");
  assert.equal(countryCode("XX"), undefined);
  assert.equal(countryCode("ENG"), undefined);
  assert.equal(countryCode("Springfield"), undefined);
  assert.equal(countryCode(""), undefined);
});
