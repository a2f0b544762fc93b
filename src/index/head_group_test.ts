import { strict as assert } from "node:assert";
import { headGroupOf } from "./head_group.ts";

Deno.test("headGroupOf() groups trades by head noun, not by stem", () => {
  assert.equal(headGroupOf("Java Developer"), headGroupOf("Backend Engineer"));
  assert.equal(headGroupOf("Softwareentwicklerin"), headGroupOf("Developer"));
  assert.equal(headGroupOf("Head of Engineering"), headGroupOf("Engineering Manager"));
  assert.notEqual(headGroupOf("Care Assistant"), headGroupOf("Staff Nurse"));
  assert.equal(headGroupOf("Application Management"), undefined);
});

Deno.test("headGroupOf() reads a kitchen's 'chef de' titles as chefs, and no other 'chef de'", () => {
  // Session 54: "Chef de Partie" had no head noun, and a chef de partie's CV lost its latest role;
  // reviewer C54: taking every "chef de" as a chef made a project lead ("Chef de Projet") a cook.
  const chef = headGroupOf("Sous Chef");
  for (
    const title of ["Chef de Partie", "Junior Chef de Partie", "Chef de Cuisine", "Chef de Rang"]
  ) {
    assert.equal(headGroupOf(title), chef, title);
  }
  for (const title of ["Chef de Projet", "Chef de projet informatique", "Chef de Chantier"]) {
    assert.notEqual(headGroupOf(title), chef, title);
  }
});
