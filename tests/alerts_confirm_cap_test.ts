/**
 * The cap on confirmation mails one API key causes (session 36): a key that names many addresses
 * (50 saved searches of 5 each, changed every few seconds) had the operator's SMTP server mail
 * hundreds of strangers a minute; now at most `JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY` in any 24 h,
 * the rest held and sent as the window allows, another key unaffected, two servers on one store
 * together within it. And the mail no longer quotes the saved search's name (the key holder's
 * text, a URL in it), only its query's words with nothing a mail client could link.
 *
 * In-process on a clock of the test's own: the real deliverer, the real saved-search store (KV in
 * memory, or a temporary file opened twice for two servers), the real search service and a real
 * SMTP server (`smtp-server`) on loopback.
 */
import { strict as assert } from "node:assert";
import { Buffer } from "node:buffer";
import { simpleParser } from "mailparser";
import fc from "fast-check";
import { AlertDeliverer, CONFIRMATION_WINDOW_MS } from "../src/alerts/alert_deliverer.ts";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { type AlertsConfig, DEFAULT_ALERTS } from "../src/config.ts";
import { awaitingConfirmation } from "../src/domain/deliveries.ts";
import { formatSavedSearch } from "../cli/commands/alerts.ts";
import { type Logger, silentLogger } from "../src/log.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { createTestSearch, type TestSearch } from "./helpers.ts";
import { startTestSmtp } from "./test_smtp.ts";

const HOUR = 3600_000;
const DAY = CONFIRMATION_WINDOW_MS;
const START = Date.parse("2026-11-30T12:00:00Z");

interface Mail {
  to: string;
  /** The test clock when the server took it. */
  at: number;
  raw: Buffer;
}

/** One SMTP server and one search service for the file; a store and deliverer per world. */
async function setUp() {
  const mails: Mail[] = [];
  const clock = { now: START };
  // One mail a recipient, with the shared clock's time it came at.
  const smtp = await startTestSmtp(({ to, raw }) => {
    for (const address of to) mails.push({ to: address, at: clock.now, raw });
  });
  const search = await createTestSearch();
  const base: AlertsConfig = {
    ...DEFAULT_ALERTS,
    smtpUrl: smtp.url,
    mailFrom: "jobseek <alerts@example.com>",
    retryBaseMs: 1000,
  };
  return {
    mails,
    clock,
    smtp,
    search,
    base,
    close: async () => {
      await search.close();
      await smtp.close();
    },
  };
}

type Shared = Awaited<ReturnType<typeof setUp>>;

/** A deliverer (a server) on `store`, on the shared clock. */
function delivererOn(
  shared: Shared,
  store: Store,
  config: AlertsConfig,
  logger: Logger = silentLogger,
) {
  return new AlertDeliverer({
    store: store.savedSearches,
    service: (shared.search as TestSearch).service,
    config,
    logger,
    now: () => shared.clock.now,
  });
}

async function world(shared: Shared, options: { cap?: number; logger?: Logger } = {}) {
  shared.mails.length = 0;
  shared.clock.now = START;
  const config = {
    ...shared.base,
    confirmationsPerKeyPerDay: options.cap ?? shared.base.confirmationsPerKeyPerDay,
  };
  const store = await openStore(":memory:");
  const now = () => shared.clock.now;
  const savedSearches = new SavedSearches({ store: store.savedSearches, config, now });
  const deliverer = delivererOn(shared, store, config, options.logger);
  return {
    savedSearches,
    deliverer,
    close: async () => {
      await deliverer.stop();
      store.close();
    },
  };
}

/** Whether some span of `windowMs` holds more than `cap` of `times`. */
function overCap(times: number[], cap: number, windowMs: number): boolean {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.some((t, i) => sorted.slice(i).filter((u) => u < t + windowMs).length > cap);
}

Deno.test("confirmation mails: the default cap is 20 a key a day", () => {
  assert.equal(DEFAULT_ALERTS.confirmationsPerKeyPerDay, 20);
});

Deno.test("confirmation mails a key causes: never over its cap in any 24 h, another key unaffected, each held mail sent once the window allows", async () => {
  const shared = await setUp();
  try {
    const CAP = 3;
    const save = fc.record({
      kind: fc.constant("save" as const),
      key: fc.constantFrom("a", "a", "a", "b"),
      // A's addresses come from a small pool, so the address's own day plays in too.
      to: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }),
    });
    const wait = fc.record({
      kind: fc.constant("wait" as const),
      ms: fc.oneof(
        fc.integer({ min: 0, max: 30 * HOUR }),
        fc.constantFrom(DAY - 1, DAY, DAY + 1, 1),
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(save, wait), { minLength: 1, maxLength: 8 }),
        async (ops) => {
          const w = await world(shared, { cap: CAP });
          try {
            const made: { key: string; to: string }[] = [];
            let bMade = 0;
            for (const op of ops) {
              if (op.kind === "wait") shared.clock.now += op.ms;
              else if (op.key === "a") {
                const to = op.to.map((n) => `a${n}@example.com`);
                await w.savedSearches.create("key:a", {
                  name: "Visit http://scam.example/win",
                  q: "nurse",
                  deliver: to.map((address) => ({ type: "email" as const, to: address })),
                }, "http://x");
                made.push(...to.map((address) => ({ key: "a", to: address })));
              } else if (bMade < CAP) {
                // B names fresh addresses, within its own cap: each is mailed at once, whatever A did.
                const to = `b${bMade++}@example.com`;
                await w.savedSearches.create("key:b", {
                  name: "b",
                  q: "nurse",
                  deliver: [{ type: "email", to }],
                }, "http://x");
                made.push({ key: "b", to });
                await w.deliverer.check();
                const got = shared.mails.filter((m) => m.to === to);
                assert.deepEqual(
                  got.map((m) => m.at),
                  [shared.clock.now],
                  `${to} held by A's mails`,
                );
              }
              await w.deliverer.check();
            }
            // Then the clock runs on: every delivery gets its one mail as the windows allow.
            for (let step = 0; step < 6 * 40 && shared.mails.length < made.length; step++) {
              shared.clock.now += 4 * HOUR;
              await w.deliverer.check();
            }
            const mailsOf = (key: string) => shared.mails.filter((m) => m.to.startsWith(key));
            for (const key of ["a", "b"]) {
              const times = mailsOf(key).map((m) => m.at);
              assert.ok(!overCap(times, CAP, DAY), `key ${key} over its cap: ${times}`);
            }
            // One mail a delivery, none lost: an address's mails are as many as its deliveries.
            const count = (list: string[]) =>
              list.reduce((m, to) => m.set(to, (m.get(to) ?? 0) + 1), new Map<string, number>());
            assert.deepEqual(
              count(shared.mails.map((m) => m.to)),
              count(made.map((d) => d.to)),
            );
            // An address's own day holds as before.
            for (const to of new Set(made.map((d) => d.to))) {
              const times = shared.mails.filter((m) => m.to === to).map((m) => m.at);
              assert.ok(!overCap(times, 1, DAY), `${to} mailed twice in a day`);
            }
          } finally {
            await w.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  } finally {
    await shared.close();
  }
});

Deno.test("a mail held by the key's cap is logged once with ids and no address, the owner is shown until when, and it goes out when the window allows", async () => {
  const shared = await setUp();
  const held: Record<string, unknown>[] = [];
  const logger: Logger = {
    ...silentLogger,
    warn: (msg, fields = {}) => void held.push({ msg, ...fields }),
  };
  const w = await world(shared, { cap: 2, logger });
  try {
    const owner = "key:reader";
    const view = await w.savedSearches.create(owner, {
      name: "a",
      q: "nurse",
      deliver: ["p", "q", "r", "s"].map((n) => ({
        type: "email" as const,
        to: `${n}@example.com`,
      })),
    }, "http://x");
    await w.deliverer.check();
    assert.equal(shared.mails.length, 2);
    const lines = () => held.filter((l) => l.msg === "confirmation mail held: the key's daily cap");
    const heldIds = new Set(lines().map((l) => l.delivery));
    assert.equal(heldIds.size, 2);
    const shown = (await w.savedSearches.get(owner, view.id)).deliver;
    const waiting = shown.filter((d) => d.confirmation_held_until !== undefined);
    assert.deepEqual(waiting.map((d) => d.id).sort(), [...heldIds].sort());
    for (const d of waiting) {
      assert.equal(d.state, "unconfirmed");
      assert.equal(d.confirm_by, undefined);
      assert.equal(d.confirmation_held_until, new Date(START + DAY).toISOString());
      assert.equal(
        awaitingConfirmation(d.confirm_by, d.confirmation_held_until),
        "awaiting confirmation (its mail held until 2026-12-01 12:00 UTC: this key's " +
          "confirmation mails reached their daily cap)",
      );
    }
    // `jobseek alerts show` says it as /saved does.
    const cli = formatSavedSearch(await w.savedSearches.get(owner, view.id));
    assert.equal(
      cli.split("\n").filter((line) => line.includes("its mail held until 2026-12-01 12:00 UTC"))
        .length,
      2,
      cli,
    );
    for (const d of shown.filter((d) => !heldIds.has(d.id))) {
      assert.equal(d.confirmation_held_until, undefined);
      assert.ok(d.confirm_by, "the mailed ones show their last day");
    }
    assert.deepEqual(lines()[0], {
      msg: "confirmation mail held: the key's daily cap",
      saved_search: view.id,
      delivery: lines()[0].delivery,
      owner,
      cap: 2,
      until: new Date(START + DAY).toISOString(),
    });
    // Checks meanwhile neither send nor log again.
    for (const hours of [1, 5, 23]) {
      shared.clock.now = START + hours * HOUR;
      await w.deliverer.check();
    }
    assert.equal(shared.mails.length, 2);
    assert.equal(lines().length, 2, "logged once per held delivery");
    // A new address an hour on is held too, until the first two mails are a day old.
    shared.clock.now = START + HOUR;
    await w.savedSearches.update(owner, view.id, {
      deliver: ["p", "q", "r", "s", "t"].map((n) => ({
        type: "email" as const,
        to: `${n}@example.com`,
      })),
    });
    await w.deliverer.check();
    assert.equal(shared.mails.length, 2);
    assert.equal(lines().length, 3);
    // A millisecond before the window: nothing; at it, two of the three held.
    shared.clock.now = START + DAY - 1;
    await w.deliverer.check();
    assert.equal(shared.mails.length, 2);
    shared.clock.now = START + DAY;
    await w.deliverer.check();
    assert.equal(shared.mails.length, 4);
    assert.equal(lines().length, 3, "the one still held is not logged again");
    const still = (await w.savedSearches.get(owner, view.id)).deliver
      .filter((d) => d.confirmation_held_until !== undefined);
    assert.deepEqual(still.map((d) => d.confirmation_held_until), [
      new Date(START + 2 * DAY).toISOString(),
    ]);
    shared.clock.now = START + 2 * DAY;
    await w.deliverer.check();
    assert.equal(shared.mails.length, 5);
    assert.deepEqual(
      new Set(shared.mails.map((m) => m.to)),
      new Set(["p", "q", "r", "s", "t"].map((n) => `${n}@example.com`)),
    );
    const after = (await w.savedSearches.get(owner, view.id)).deliver;
    assert.ok(after.every((d) => d.confirmation_held_until === undefined && d.confirm_by));
    assert.ok(!JSON.stringify(held).includes("@example.com"), "an address in the log");
  } finally {
    await w.close();
    await shared.close();
  }
});

Deno.test("a confirmation mail the mail server refused does not use up the key's cap", async () => {
  const shared = await setUp();
  const w = await world(shared, { cap: 1 });
  try {
    shared.smtp.refusing.now = true;
    const view = await w.savedSearches.create("key:reader", {
      name: "a",
      q: "nurse",
      deliver: [{ type: "email", to: "ann@example.com" }],
    }, "http://x");
    await w.deliverer.check();
    assert.equal(shared.mails.length, 0);
    shared.smtp.refusing.now = false;
    shared.clock.now += 2 * HOUR;
    await w.deliverer.check();
    assert.deepEqual(shared.mails.map((m) => m.to), ["ann@example.com"]);
    const [ann] = (await w.savedSearches.get("key:reader", view.id)).deliver;
    assert.equal(ann.confirmation_held_until, undefined);
    assert.ok(ann.confirm_by);
  } finally {
    shared.smtp.refusing.now = false;
    await w.close();
    await shared.close();
  }
});

Deno.test("two servers on one store together send a key no more confirmation mails a day than its cap", async () => {
  const shared = await setUp();
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kv.sqlite3`;
  const one = await openStore(path);
  const two = await openStore(path);
  const config = { ...shared.base, confirmationsPerKeyPerDay: 20 };
  const servers = [delivererOn(shared, one, config), delivererOn(shared, two, config)];
  try {
    shared.clock.now = START;
    const savedSearches = new SavedSearches({
      store: one.savedSearches,
      config,
      now: () => shared.clock.now,
    });
    // The reviewer's key: 10 saved searches of 5 new addresses each.
    for (let s = 0; s < 10; s++) {
      await savedSearches.create("key:spammy", {
        name: "Visit http://scam.example/win to claim your prize",
        q: "nurse",
        deliver: [0, 1, 2, 3, 4].map((n) => ({
          type: "email" as const,
          to: `s${s}n${n}@example.com`,
        })),
      }, "http://x");
    }
    for (let round = 0; round < 3; round++) {
      await Promise.all(servers.map((server) => server.check()));
    }
    assert.equal(shared.mails.length, 20, "both servers together sent more than the cap");
    shared.clock.now += HOUR;
    await Promise.all(servers.map((server) => server.check()));
    assert.equal(shared.mails.length, 20);
    shared.clock.now = START + DAY;
    await Promise.all(servers.map((server) => server.check()));
    await Promise.all(servers.map((server) => server.check()));
    assert.equal(shared.mails.length, 40);

    // The claim itself, raced from both handles: exactly the cap is granted.
    const claims = Array.from(
      { length: 30 },
      (_, i) =>
        (i % 2 ? one : two).savedSearches.claimConfirmation(
          { addressHash: `address-${i}`, owner: "key:racer", now: START },
          { windowMs: DAY, perOwner: 20 },
        ),
    );
    const granted = (await Promise.all(claims)).filter((hold) => hold === null).length;
    assert.equal(granted, 20);
  } finally {
    for (const server of servers) await server.stop();
    one.close();
    two.close();
    await shared.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the confirmation mail quotes the saved search's words, never its name, and nothing in it is a link but its own", async () => {
  const shared = await setUp();
  const w = await world(shared);
  try {
    const owner = "key:reader";
    const view = await w.savedSearches.create(owner, {
      name: "Nurses",
      q: "registered nurse in Leeds",
      deliver: [],
    }, "http://x");
    // The reviewer's PATCH: a spammy name and five new addresses.
    const spam = "Visit http://scam.example/win to claim your prize";
    await w.savedSearches.update(owner, view.id, {
      name: spam,
      deliver: [1, 2, 3, 4, 5].map((n) => ({ type: "email" as const, to: `v${n}@example.com` })),
    });
    await w.deliverer.check();
    assert.equal(shared.mails.length, 5);
    const mail = await simpleParser(shared.mails[0].raw);
    assert.equal(mail.subject, "jobseek: confirm email digests of new job postings");
    assert.ok(
      mail.text!.includes('digests of new job postings matching "registered nurse in Leeds"'),
      mail.text,
    );
    for (const text of [mail.subject!, mail.text!]) {
      assert.ok(!text.includes("scam"), "the name in the mail");
      assert.ok(!text.includes("prize"), "the name in the mail");
    }
    // The query is the key holder's text too: its words alone, no URL left in them.
    await w.savedSearches.update(owner, view.id, {
      q: `nurse ${spam} or mail win@scam.example`,
      deliver: [{ type: "email", to: "v6@example.com" }],
    });
    await w.deliverer.check();
    const second = await simpleParser(shared.mails.find((m) => m.to === "v6@example.com")!.raw);
    assert.ok(!/scam\.example|@scam/.test(second.text! + second.subject), second.text);
    assert.ok(second.text!.includes('matching "nurse Visit http scam example win to claim'));
    // The links: the server's own name and the confirmation link, nothing of the key holder's.
    const links = [...second.text!.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    assert.deepEqual(links.map((l) => l.replace(/\/v1\/confirm\/[\w-]+$/, "/v1/confirm/TOKEN")), [
      "http://x",
      "http://x/v1/confirm/TOKEN",
    ]);
  } finally {
    await w.close();
    await shared.close();
  }
});
