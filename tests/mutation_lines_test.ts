/**
 * The mutation check's mutants (bench/mutation_check.ts) name a line of a file each; a change to
 * that line leaves a mutant that mutates nothing, and the check would then count it caught by
 * whatever fails first. Session 29 found four such (M113, M116, M119, M126).
 */
import { strict as assert } from "node:assert";
import { MUTANTS } from "../bench/mutation_check.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("every mutant's line is in its file exactly once, and its mutant differs from it", () => {
  const wrong: string[] = [];
  for (const mutant of MUTANTS) {
    const text = Deno.readTextFileSync(new URL(mutant.file, ROOT));
    const found = text.split(mutant.line).length - 1;
    if (found !== 1) wrong.push(`${mutant.id} (${mutant.file}): its line is there ${found} times`);
    if (mutant.becomes === mutant.line) wrong.push(`${mutant.id}: its mutant is its line`);
  }
  assert.deepEqual(wrong, []);
  assert.equal(new Set(MUTANTS.map((m) => m.id)).size, MUTANTS.length, "mutant ids are unique");
});
