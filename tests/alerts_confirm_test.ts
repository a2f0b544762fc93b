/**
 * An email delivery's confirmation mail on a clock of the test's own (session 24): one per delivery
 * however long it waits, one per address a day whichever saved search asks (a refused one is sent
 * once the day is over, not dropped), and one that the mail server refused is sent again, not
 * counted; an address that does not confirm within 30 days of its mail loses its delivery. In-process, on the real search service, the real saved-search store (KV in memory) and
 * a real SMTP server (`smtp-server`) on loopback; tests/alerts_test.ts has the whole path through a
 * server.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { AlertDeliverer, CONFIRMATION_WINDOW_MS } from "../src/alerts/alert_deliverer.ts";
import { confirmationMessage } from "../src/alerts/confirmation_mail.ts";
import { SavedSearches, UNCONFIRMED_KEEP_MS } from "../src/alerts/saved_searches.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { type Logger, silentLogger } from "../src/log.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch, infoLines } from "./helpers.ts";
import { startTestSmtp } from "./test_smtp.ts";

const HOUR = 3600_000;

Deno.test("a confirmation mail is text alone, the saved search's words in it as plain text with no link or address made of them, with its link and a way out", () => {
  // Words, and what a key holder might hide a link in: URLs, addresses, bare domains.
  const spammy = fc.oneof(
    fc.string({ maxLength: 200, unit: "binary" }),
    fc.array(
      fc.oneof(fc.webUrl(), fc.emailAddress(), fc.domain(), fc.string({ unit: "binary" })),
      { maxLength: 6 },
    ).map((parts) => parts.join(" ")),
  );
  fc.assert(
    fc.property(spammy, (q) => {
      const mail = confirmationMessage({
        from: "jobseek <alerts@example.com>",
        to: "ann@example.com",
        params: { q },
        owner: "key:reader",
        every: "weekly",
        site: "https://jobs.example.com",
        confirmUrl: "https://jobs.example.com/v1/confirm/TOKEN_abc-123",
        messageId: "<1@jobseek>",
      });
      // deno-lint-ignore no-control-regex
      const unsafe = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
      assert.equal(mail.subject, "jobseek: confirm email digests of new job postings");
      assert.ok(!unsafe.test(mail.text), "a control or bidi character in the text");
      assert.equal(mail.html, undefined);
      const lines = mail.text.split("\n");
      assert.ok(lines.includes("https://jobs.example.com/v1/confirm/TOKEN_abc-123"), "the link");
      assert.ok(
        lines.includes("If you did not ask for this, ignore this mail: nothing more will be sent."),
      );
      assert.match(lines[0], /^Someone using the API key "reader" on https:\/\/jobs\.example\.com/);
      assert.match(lines[0], /weekly digests of new job postings/);
      assert.match(lines[0], / to be sent to ann@example\.com\.$/);
      // What the key holder wrote: letters, digits and the marks of job words, no more than 80.
      const quoted = /matching "(.*)" to be sent/.exec(lines[0])?.[1] ?? "";
      assert.match(quoted, /^[\p{L}\p{N}\p{M}+#&'\-£$€% ]*(\.\.\.)?$/u, quoted);
      assert.ok(quoted.length <= 83, quoted);
    }),
  );
});

async function setUp(logger: Logger = silentLogger) {
  const smtp = await startTestSmtp();
  const mails = smtp.mails;
  const config = {
    ...DEFAULT_ALERTS,
    smtpUrl: smtp.url,
    mailFrom: "jobseek <alerts@example.com>",
    retryBaseMs: 1000,
  };
  const search = await createTestSearch();
  const store = await openStore(":memory:");
  const clock = { now: Date.parse("2026-11-29T12:00:00Z") };
  const now = () => clock.now;
  const savedSearches = new SavedSearches({ store: store.savedSearches, config, now });
  const deliverer = new AlertDeliverer({
    store: store.savedSearches,
    service: search.service,
    config,
    logger,
    now,
  });
  return {
    clock,
    mails,
    /** Mail to `address`. */
    to: (address: string) => mails.filter((m) => m.to.includes(address)).length,
    smtp,
    savedSearches,
    deliverer,
    close: async () => {
      await deliverer.stop();
      store.close();
      await search.close();
      await smtp.close();
    },
  };
}

Deno.test("a delivery gets one confirmation mail however long it waits; an address one a day, whichever saved search asks", async () => {
  const t = await setUp();
  try {
    const owner = "key:reader";
    const view = await t.savedSearches.create(owner, {
      name: "a",
      q: "nurse",
      deliver: [{ type: "email", to: "ann@example.com" }],
    }, "http://x");
    await t.deliverer.check();
    assert.equal(t.to("ann@example.com"), 1);
    // Passes later, days later: never a second one for the same delivery.
    for (const hours of [0, 1, 25, 24 * 8]) {
      t.clock.now += hours * HOUR;
      await t.deliverer.check();
    }
    assert.equal(t.to("ann@example.com"), 1, "a second confirmation mail for one delivery");
    assert.equal((await t.savedSearches.get(owner, view.id)).deliver[0].state, "unconfirmed");

    // Removed and added again: its new delivery has one, a day after the last one at the soonest.
    const again = async () => {
      await t.savedSearches.update(owner, view.id, { deliver: [] });
      await t.savedSearches.update(owner, view.id, {
        deliver: [{ type: "email", to: "ann@example.com" }],
      });
      await t.deliverer.check();
    };
    await again();
    assert.equal(t.to("ann@example.com"), 2, "the last one was more than a day ago");
    t.clock.now += HOUR;
    await again();
    const other = await t.savedSearches.create(owner, {
      name: "b",
      q: "nurse",
      deliver: [{ type: "email", to: "ann@example.com", every: "weekly" }],
    }, "http://x");
    await t.deliverer.check();
    assert.equal(t.to("ann@example.com"), 2, "a second one within a day");
    // Held back, not dropped: once the day is over, the newest delivery and the other saved
    // search's are owed one each, and the first sent takes the day again.
    t.clock.now += CONFIRMATION_WINDOW_MS - HOUR;
    await t.deliverer.check();
    assert.equal(t.to("ann@example.com"), 3);
    t.clock.now += CONFIRMATION_WINDOW_MS;
    await t.deliverer.check();
    assert.equal(t.to("ann@example.com"), 4);
    const states = [
      ...(await t.savedSearches.get(owner, view.id)).deliver,
      ...(await t.savedSearches.get(owner, other.id)).deliver,
    ].map((d) => d.state);
    assert.deepEqual(states, ["unconfirmed", "unconfirmed"]);
  } finally {
    await t.close();
  }
});

Deno.test("a confirmation mail the mail server refused is sent again later, and does not use up the address's day", async () => {
  const t = await setUp();
  try {
    const owner = "key:reader";
    t.smtp.refusing.now = true;
    const view = await t.savedSearches.create(owner, {
      name: "a",
      q: "nurse",
      deliver: [{ type: "email", to: "bob@example.com" }],
    }, "http://x");
    await t.deliverer.check();
    assert.equal(t.mails.length, 0);
    const refused = (await t.savedSearches.get(owner, view.id)).deliver[0];
    assert.equal(refused.state, "unconfirmed");
    assert.match(refused.last_error ?? "", /mailbox unavailable/);
    t.smtp.refusing.now = false;
    // Not before its retry is due.
    await t.deliverer.check();
    assert.equal(t.mails.length, 0);
    t.clock.now += 2 * HOUR;
    await t.deliverer.check();
    assert.equal(t.to("bob@example.com"), 1);
    const sent = (await t.savedSearches.get(owner, view.id)).deliver[0];
    assert.equal(sent.last_error, undefined, "the error is gone once it was sent");
  } finally {
    await t.close();
  }
});

Deno.test("an address that does not confirm within 30 days of its mail loses its delivery; the saved search and its other deliveries stay", async () => {
  const { logs, logger } = infoLines();
  const t = await setUp(logger);
  try {
    const owner = "key:reader";
    const view = await t.savedSearches.create(owner, {
      name: "a",
      q: "nurse",
      deliver: [
        { type: "email", to: "ann@example.com" },
        { type: "email", to: "bob@example.com", every: "weekly" },
      ],
    }, "http://x");
    const [ann, bob] = (await t.savedSearches.record(owner, view.id)).deliver;
    assert.ok(ann.type === "email" && bob.type === "email");
    // Before its mail is sent, no date: the address has not been asked yet.
    assert.equal((await t.savedSearches.get(owner, view.id)).deliver[0].confirm_by, undefined);
    const mailedAt = t.clock.now;
    await t.deliverer.check();
    assert.equal(t.to("ann@example.com"), 1);
    const asked = (await t.savedSearches.get(owner, view.id)).deliver;
    assert.deepEqual(asked.map((d) => d.confirm_by), [
      new Date(mailedAt + UNCONFIRMED_KEEP_MS).toISOString(),
      new Date(mailedAt + UNCONFIRMED_KEEP_MS).toISOString(),
    ]);
    assert.equal(UNCONFIRMED_KEEP_MS, 30 * 24 * HOUR);
    // Bob says yes: his delivery stays, and shows no date.
    t.clock.now += 20 * 24 * HOUR;
    assert.ok(await t.savedSearches.confirm(bob.confirmToken!));
    assert.equal((await t.savedSearches.get(owner, view.id)).deliver[1].confirm_by, undefined);
    t.clock.now = mailedAt + UNCONFIRMED_KEEP_MS - 1;
    await t.deliverer.check();
    const before = await t.savedSearches.get(owner, view.id);
    assert.deepEqual(before.deliver.map((d) => [d.to, d.state]), [
      ["ann@example.com", "unconfirmed"],
      ["bob@example.com", "ok"],
    ]);
    t.clock.now += 1;
    await t.deliverer.check();
    const after = await t.savedSearches.get(owner, view.id);
    assert.deepEqual(after.deliver.map((d) => [d.id, d.to, d.state]), [
      [bob.id, "bob@example.com", "ok"],
    ]);
    assert.equal(after.name, "a");
    assert.equal(after.state, "active");
    // Its links stop working with it.
    assert.equal(await t.savedSearches.byConfirmToken(ann.confirmToken!), null);
    assert.equal(await t.savedSearches.knowsUnsubscribeToken(ann.unsubscribeToken), false);
    assert.equal(await t.savedSearches.knowsUnsubscribeToken(bob.unsubscribeToken), true);
    const removed = logs.filter((line) => line.msg === "unconfirmed email delivery removed");
    assert.deepEqual(removed, [{
      msg: "unconfirmed email delivery removed",
      saved_search: view.id,
      delivery: ann.id,
    }]);
    assert.ok(!JSON.stringify(logs).includes("ann@example.com"), "the address is not logged");
    assert.equal(t.to("ann@example.com"), 1, "nothing more was mailed to it");
  } finally {
    await t.close();
  }
});

Deno.test("an unconfirmed delivery is kept for less than 30 days after its mail, paused or not, and removed from then on", async () => {
  const t = await setUp();
  try {
    const owner = "key:reader";
    let runs = 0;
    const start = t.clock.now;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 0, max: 2 * UNCONFIRMED_KEEP_MS }),
          fc.constantFrom(UNCONFIRMED_KEEP_MS - 1, UNCONFIRMED_KEEP_MS, UNCONFIRMED_KEEP_MS + 1),
        ),
        fc.boolean(),
        async (after, paused) => {
          // An address and a day of its own per run: its mail is never held back.
          const run = ++runs;
          t.clock.now = start + run * 4 * UNCONFIRMED_KEEP_MS;
          const view = await t.savedSearches.create(`${owner}-${run}`, {
            name: "a",
            q: "nurse",
            deliver: [{ type: "email", to: `run${run}@example.com` }],
          }, "http://x");
          await t.deliverer.check();
          assert.equal(t.to(`run${run}@example.com`), 1);
          if (paused) await t.savedSearches.update(`${owner}-${run}`, view.id, { paused: true });
          t.clock.now += after;
          await t.deliverer.check();
          const kept = (await t.savedSearches.get(`${owner}-${run}`, view.id)).deliver.length;
          assert.equal(kept, after < UNCONFIRMED_KEEP_MS ? 1 : 0, `${after} ms after its mail`);
        },
      ),
      { numRuns: 25 },
    );
  } finally {
    await t.close();
  }
});
