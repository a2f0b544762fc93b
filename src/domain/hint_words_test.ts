import { strict as assert } from "node:assert";
import { hintForPeople } from "./hint_words.ts";

Deno.test("a hint for people names no response field and says where the matches are shown", () => {
  const apart =
    "No strong match with city=Rotterdam (without it the query finds 17); the 3 close " +
    "matches that pass the filters are listed apart (`closest`), best first.";
  assert.equal(
    hintForPeople(apart, "below"),
    "No strong match with city=Rotterdam (without it the query finds 17); the 3 close matches " +
      "that pass the filters are listed below, best first.",
  );
  assert.ok(hintForPeople(apart, "above").includes("are listed above, best first."));
  const inList = "No strong match with the place in the query ('berlin') (without it the query " +
    'finds 13); the close match that passes the filters is listed (`match: "close"`).';
  assert.equal(
    hintForPeople(inList, "above"),
    "No strong match with the place in the query ('berlin') (without it the query finds 13); " +
      "the close match that passes the filters is listed.",
  );
  assert.equal(hintForPeople("use `city` as written", "below"), "use city as written");
});
