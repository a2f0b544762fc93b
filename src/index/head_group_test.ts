import { strict as assert } from "node:assert";
import { headGroupOf } from "./head_group.ts";

Deno.test("headGroupOf() groups trades by head noun, not by stem", () => {
  assert.equal(headGroupOf("Java Developer"), headGroupOf("Backend Engineer"));
  assert.equal(headGroupOf("Softwareentwicklerin"), headGroupOf("Developer"));
  assert.equal(headGroupOf("Head of Engineering"), headGroupOf("Engineering Manager"));
  assert.notEqual(headGroupOf("Care Assistant"), headGroupOf("Staff Nurse"));
  assert.equal(headGroupOf("Application Management"), undefined);
});
