import { strict as assert } from "node:assert";
import { paramsToSend } from "./alert_deliverer.ts";

Deno.test("a delivery carries a saved search's filters, and a profile (a CV) by its length alone", () => {
  // Reviewer C51: a webhook sent the whole CV of a saved profile search at every delivery.
  assert.deepEqual(paramsToSend({ q: "nurse", country: "GB", remote: ["remote", "hybrid"] }), {
    q: "nurse",
    country: "GB",
    remote: ["remote", "hybrid"],
  });
  const cv = "Registered nurse, six years in intensive care. ".repeat(100);
  assert.deepEqual(paramsToSend({ profile: cv, city: "Leeds" }), {
    city: "Leeds",
    profile_chars: cv.length,
  });
});
