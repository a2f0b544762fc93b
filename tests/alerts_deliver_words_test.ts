/**
 * A saved search's `deliver` refused in words (session 38): which delivery, counted from 1, and
 * which of its fields, never the schema library's "Invalid input: expected string, received
 * undefined (at 0.to)" that a person who wrote `"email"` for `"to"` was told.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { JobseekError } from "../src/domain/errors.ts";
import { openStore } from "../src/store/store.ts";

async function refusal(deliver: unknown): Promise<string> {
  const store = await openStore(":memory:");
  try {
    const saved = new SavedSearches({ store: store.savedSearches, config: DEFAULT_ALERTS });
    try {
      await saved.create("key:a", { name: "n", q: "nurse", deliver }, "http://localhost:8000");
    } catch (error) {
      assert.ok(error instanceof JobseekError, String(error));
      assert.equal(error.code, "INVALID_PARAMETER");
      assert.equal(error.param, "deliver");
      return error.message;
    }
    throw new Error(`accepted: ${JSON.stringify(deliver)}`);
  } finally {
    store.close();
  }
}

Deno.test("a refused delivery names the delivery, counted from 1, and its field in words", async () => {
  const cases: [unknown, string][] = [
    [
      [{ type: "email", email: "me@example.com" }],
      "Invalid parameter 'deliver': delivery 1 needs 'to' (an email address)",
    ],
    [
      [{ type: "webhook", url: "https://example.com/a" }, { type: "webhook" }],
      "Invalid parameter 'deliver': delivery 2 needs 'url' (an https:// URL)",
    ],
    [
      [{ type: "webhook", url: 5 }],
      "Invalid parameter 'deliver': delivery 1: 'url' must be an https:// URL",
    ],
    [
      [{ type: "email", to: "nope" }],
      "Invalid parameter 'deliver': delivery 1: 'to' must be an email address",
    ],
    [
      [{ type: "email", to: "me@example.com", every: "hourly" }],
      "Invalid parameter 'deliver': delivery 1: 'every' must be \"daily\" or \"weekly\"",
    ],
    [
      [{ type: "webhook", url: "" }],
      "Invalid parameter 'deliver': delivery 1 needs 'url' (an https:// URL)",
    ],
    [
      [{ type: "webhook", url: `https://example.com/${"a".repeat(2000)}` }],
      "Invalid parameter 'deliver': delivery 1: 'url' must be at most 2000 characters",
    ],
  ];
  for (const [deliver, said] of cases) assert.equal(await refusal(deliver), said);
  assert.match(
    await refusal([{ type: "sms", to: "+44" }]),
    /^Invalid parameter 'deliver': delivery 1 must be \{"type": "webhook", "url": "https:\/\/\.\.\."\} or \{"type": "email"/,
  );
  assert.match(
    await refusal({ type: "webhook", url: "https://example.com/" }),
    /^Invalid parameter 'deliver': must be a list of deliveries, each \{"type": "webhook"/,
  );
});

Deno.test("no refusal of a delivery speaks the schema library's words", async () => {
  const value = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.constantFrom("webhook", "email", "daily", "weekly", "a@b"),
  );
  const delivery = fc.oneof(
    fc.record({ type: value, url: value, to: value, every: value }, { requiredKeys: [] }),
    value,
  );
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.array(delivery, { maxLength: 7 }), delivery), async (deliver) => {
      let said: string;
      try {
        said = await refusal(deliver);
      } catch (error) {
        // Accepted (a list of good deliveries, or none): nothing to say.
        if (String(error).startsWith("Error: accepted")) return;
        throw error;
      }
      assert.doesNotMatch(said, /Invalid input|expected |received |\(at \d/, said);
      // A URL of the right shape but no web address is refused by the address check, in its own
      // words (found by this property, session 40: `{"type": "webhook", "url": "webhook"}`).
      assert.match(
        said,
        /^Invalid parameter 'deliver': (delivery \d+ |delivery \d+: |must |the webhook URL '.*' must )/,
      );
    }),
    { numRuns: 150 },
  );
});
