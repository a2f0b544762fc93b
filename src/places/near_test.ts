import { strict as assert } from "node:assert";
import { distanceKm, parseNear } from "./near.ts";

Deno.test("parseNear() reads coordinates, on the globe only", () => {
  assert.deepEqual(parseNear("43.65,-79.38"), {
    latitude: 43.65,
    longitude: -79.38,
    label: "43.65,-79.38",
  });
  assert.deepEqual(parseNear(" 43.65 , -79.38 "), {
    latitude: 43.65,
    longitude: -79.38,
    label: "43.65,-79.38",
  });
  assert.deepEqual(parseNear("-90,180"), { latitude: -90, longitude: 180, label: "-90,180" });
  assert.deepEqual(parseNear("+0.5,.25"), { latitude: 0.5, longitude: 0.25, label: "0.5,0.25" });
  for (const off of ["90.0001,0", "-91,0", "0,180.5", "0,-181", "1e3,2", "43.65;-79.38"]) {
    assert.equal(parseNear(off), null, off);
  }
});

Deno.test("parseNear() reads a place name as resolvePlace() does", () => {
  assert.deepEqual(parseNear("Toronto"), {
    latitude: 43.70011,
    longitude: -79.4163,
    label: "Toronto, CA",
  });
  assert.equal(parseNear("Concord, ON")?.latitude, 43.80011);
  assert.equal(parseNear("München")?.label, "Munich, DE");
  for (const bad of ["", "  ", "Nowhereville", "43.65", "43.65,-79.38,10", "x".repeat(5000)]) {
    assert.equal(parseNear(bad), null, bad.slice(0, 20));
  }
});

Deno.test("distanceKm() is the great-circle distance", () => {
  const toronto = { latitude: 43.70011, longitude: -79.4163 };
  const vaughan = { latitude: 43.8361, longitude: -79.49827 };
  const london = { latitude: 51.50853, longitude: -0.12574 };
  assert.equal(distanceKm(toronto, toronto), 0);
  assert.equal(Math.round(distanceKm(toronto, vaughan)), 16);
  assert.equal(Math.round(distanceKm(toronto, london)), 5711);
  assert.equal(distanceKm(toronto, london), distanceKm(london, toronto));
  // Half the globe at most, across the date line too.
  const antipodes = distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
  assert.equal(Math.round(antipodes), 20_015);
  const across = distanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 });
  assert.equal(Math.round(across), 111);
});
