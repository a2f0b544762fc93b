import { strict as assert } from "node:assert";
import {
  countriesNamed,
  placeInCountry,
  placeInsideName,
  placesNamed,
  resolvePlace,
} from "./world_places.ts";

/** Where a resolved place is, to compare places without their coordinates' last digits. */
function at(name: string, hint?: { country?: string; region?: string }) {
  const place = resolvePlace(name, hint);
  return place && `${place.name}, ${place.country} (${place.latitude.toFixed(1)})`;
}

Deno.test("resolvePlace() reads a name with its region or country after a comma", () => {
  assert.equal(at("Toronto"), "Toronto, CA (43.7)");
  assert.equal(at("Toronto, ON"), "Toronto, CA (43.7)");
  assert.equal(at("Toronto, Ontario"), "Toronto, CA (43.7)");
  assert.equal(at("Toronto, Canada"), "Toronto, CA (43.7)");
  assert.equal(at("Berlin, DE"), "Berlin, DE (52.5)");
  // Delaware or Germany, New Hampshire or Noord-Holland: the place settles it.
  assert.equal(at("Berlin, NH"), "Berlin, US (44.5)");
  assert.equal(at("Springfield, IL"), "Springfield, US (39.8)");
  assert.equal(at("Springfield, MA"), "Springfield, US (42.1)");
  assert.equal(at("Springfield, Illinois, USA"), "Springfield, US (39.8)");
  assert.equal(at("Concord, ON"), "Concord, CA (43.8)");
  assert.equal(at("Concord, NC"), "Concord, US (35.4)");
});

Deno.test("resolvePlace() takes the biggest place of a name unless the hint says otherwise", () => {
  assert.equal(at("London"), "London, GB (51.5)");
  assert.equal(at("London", { country: "CA" }), "London, CA (43.0)");
  assert.equal(at("London", { country: "Canada" }), "London, CA (43.0)");
  assert.equal(at("Concord"), "Concord, US (38.0)");
  assert.equal(at("Concord", { country: "US", region: "NC" }), "Concord, US (35.4)");
  assert.equal(at("Concord", { country: "CA" }), "Concord, CA (43.8)");
  // A hint is a preference: a place only elsewhere is still found.
  assert.equal(at("Vaughan", { country: "DE" }), "Vaughan, CA (43.8)");
});

Deno.test("resolvePlace() ignores case and accents and knows other names of big places", () => {
  for (const name of ["Munich", "München", "MUNCHEN", "münchen", "Muenchen"]) {
    assert.equal(at(name), "Munich, DE (48.1)", name);
  }
  for (const name of ["Köln", "Koeln", "Cologne", "KÖLN"]) {
    assert.equal(at(name), "Köln, DE (50.9)", name);
  }
  assert.equal(at("Den Haag"), "The Hague, NL (52.1)");
  assert.equal(at("Ulaanbaatar"), "Ulan Bator, MN (47.9)");
  assert.equal(at("Sao Paulo"), "São Paulo, BR (-23.5)");
  assert.equal(at("Bangalore"), "Bengaluru, IN (13.0)");
});

Deno.test("resolvePlace() prefers the place named so over one that had the name once", () => {
  // GeoNames keeps "Saint Charles" as an old name of Denver and "Manchester" of Richmond, VA.
  assert.equal(at("Saint Charles", { country: "US" }), "Saint Charles, US (38.8)");
  assert.equal(at("Manhattan"), "Manhattan, US (40.8)");
  // Unless the other is far bigger: Cologne is also a French village.
  assert.equal(at("Cologne"), "Köln, DE (50.9)");
});

Deno.test("resolvePlace() answers null for what names no place", () => {
  for (
    const bad of [
      "",
      "   ",
      ",",
      ", ,",
      "Nowhereville",
      ".*",
      "Toronto, DE", // no Toronto in Germany: the text's country must hold
      "x".repeat(10_000),
      "\u0000\u202e",
    ]
  ) {
    assert.equal(resolvePlace(bad), null, JSON.stringify(bad.slice(0, 20)));
  }
  // A part after the comma that is no region or country does not exclude anything.
  assert.equal(at("Toronto, Downtown"), "Toronto, CA (43.7)");
});

Deno.test("placesNamed() and countriesNamed() list every reading, biggest first", () => {
  assert.deepEqual(placesNamed("Emmen").map((p) => p.country), ["NL", "CH"]);
  assert.deepEqual(countriesNamed("Concord"), ["US", "AU", "CA"]);
  assert.deepEqual(countriesNamed("Bolton"), ["GB", "US"]);
  assert.deepEqual(countriesNamed("Bradford West Gwillimbury"), []);
});

Deno.test("placeInCountry() never leaves the country it is given", () => {
  assert.equal(placeInCountry("Concord", { country: "CA" })?.latitude, 43.80011);
  assert.equal(placeInCountry("Concord", { country: "US", region: "NC" })?.latitude, 35.40888);
  // A region the place is not in falls back to the country's biggest of that name.
  assert.equal(placeInCountry("Concord", { country: "US", region: "TX" })?.latitude, 37.97798);
  assert.equal(placeInCountry("Krakau", { country: "DE" }), null);
  assert.equal(placeInCountry("Bolton", { country: "CA" }), null);
  assert.equal(placeInCountry("", { country: "CA" }), null);
});

Deno.test("placeInsideName() finds the city a neighbourhood or an area is in", () => {
  assert.equal(placeInsideName("Midtown Toronto", "CA")?.name, "Toronto");
  assert.equal(placeInsideName("Amsterdam Zuid", "NL")?.name, "Amsterdam");
  assert.equal(placeInsideName("Berlin-Buch", "DE")?.name, "Berlin");
  assert.equal(placeInsideName("Dallas-Fort Worth")?.name, "Dallas");
  // Not in a small place that happens to share a word, nor abroad.
  assert.equal(placeInsideName("Upper East Side"), null);
  assert.equal(placeInsideName("Midtown Toronto", "US"), null);
  assert.equal(placeInsideName("Bradford West Gwillimbury", "CA"), null);
  // A name of one word has nothing inside it.
  assert.equal(placeInsideName("Toronto", "CA"), null);
});
