import { strict as assert } from "node:assert";
import fc from "fast-check";
import { RATE_JITTER_MAX_SECONDS, RateLimiter } from "./rate_limiter.ts";
import { JobseekError } from "../domain/errors.ts";
import { rejection } from "./testdata/rejection.ts";
import type { Principal } from "../domain/service.ts";
import { openStore } from "../store/store.ts";

const alice: Principal = { subject: "key:alice", name: "alice", via: "api_key" };
const bob: Principal = { subject: "key:bob", name: "bob", via: "api_key" };

Deno.test("RateLimiter.consume() admits perMinute requests in any 60 s, sliding", async () => {
  const store = await openStore(":memory:");
  let now = 1_700_000_000_000 - (1_700_000_000_000 % 60_000) + 15_000; // 15 s into a minute
  const limiter = new RateLimiter(store.rateLimits, {
    perMinute: 3,
    now: () => now,
    random: () => 0,
  });
  for (let i = 0; i < 3; i++) await limiter.consume(alice);
  const error = await rejection(limiter.consume(alice));
  assert.equal(error.code, "RATE_LIMITED");
  assert.equal(error.message, "Rate limit exceeded");
  // The three leave the window 60 s after they came, not when a clock minute ends.
  assert.equal(error.retryAfter, 60);
  // Another principal has its own budget.
  await limiter.consume(bob);
  now += 45_000; // a new clock minute has begun: a fixed window would admit three more here
  assert.equal((await rejection(limiter.consume(alice))).retryAfter, 15);
  now += 15_000;
  await limiter.consume(alice);
  store.close();
});

Deno.test("RateLimiter.consume() frees the budget second by second as requests age", async () => {
  const store = await openStore(":memory:");
  let now = 1_800_000_000_000;
  const limiter = new RateLimiter(store.rateLimits, {
    perMinute: 4,
    now: () => now,
    random: () => 0,
  });
  await limiter.consume(alice);
  now += 10_000;
  await limiter.consume(alice);
  await limiter.consume(alice);
  await limiter.consume(alice);
  // The oldest request leaves the window first: one fits 50 s later, not 60.
  assert.equal((await rejection(limiter.consume(alice))).retryAfter, 50);
  now += 50_000;
  await limiter.consume(alice);
  await rejection(limiter.consume(alice));
  store.close();
});

Deno.test("RateLimiter.consume() counts a cost of several calls at once, all or none", async () => {
  const store = await openStore(":memory:");
  const limiter = new RateLimiter(store.rateLimits, { perMinute: 4, now: () => 1_800_000_000_000 });
  // More than the limit can never fit: refused, and nothing is spent.
  await rejection(limiter.consume(alice, 5));
  await limiter.consume(alice, 3);
  await rejection(limiter.consume(alice, 2));
  await limiter.consume(alice);
  await rejection(limiter.consume(alice));
  store.close();
});

Deno.test("RateLimiter refuses a subject over its limit from memory, without the store", async () => {
  const store = await openStore(":memory:");
  const limiter = new RateLimiter(store.rateLimits, { perMinute: 2, now: () => 1_800_000_000_000 });
  await limiter.consume(alice);
  await limiter.consume(alice);
  await rejection(limiter.consume(alice));
  store.close();
  // The store is gone: only a refusal remembered in memory can still answer.
  const error = await rejection(limiter.consume(alice));
  assert.equal(error.code, "RATE_LIMITED");
  // A principal with a higher limit than the one refused is not refused from memory.
  await assert.rejects(limiter.consume({ ...alice, rateLimit: 50 }), (e) =>
    !(
      e instanceof JobseekError && e.code === "RATE_LIMITED"
    ));
});

Deno.test("RateLimiter.consume() uses the principal's own limit when it has one", async () => {
  const store = await openStore(":memory:");
  const limiter = new RateLimiter(store.rateLimits, {
    perMinute: 1,
    now: () => 120_000,
    random: () => 0,
  });
  const generous = { ...alice, rateLimit: 4 };
  for (let i = 0; i < 4; i++) await limiter.consume(generous);
  await rejection(limiter.consume(generous));
  await limiter.consume(bob);
  await rejection(limiter.consume(bob));
  store.close();
});

Deno.test("RateLimiter.consume() adds whole-second jitter and never advises less than 1 s", async () => {
  const store = await openStore(":memory:");
  const start = 60_000 * 1000;
  let now = start;
  const late = new RateLimiter(store.rateLimits, { perMinute: 1, now: () => now, random: () => 0 });
  await late.consume(alice);
  now = start + 60_000 - 200;
  assert.equal((await rejection(late.consume(alice))).retryAfter, 1);
  const jittered = new RateLimiter(store.rateLimits, {
    perMinute: 1,
    now: () => start + 30_000,
    random: () => 0.999,
  });
  await jittered.consume(bob);
  assert.equal((await rejection(jittered.consume(bob))).retryAfter, 60 + RATE_JITTER_MAX_SECONDS);
  store.close();
});

Deno.test("RateLimiter counts shared by servers on one KV", async () => {
  const store = await openStore(":memory:");
  const now = () => 600_000;
  const a = new RateLimiter(store.rateLimits, { perMinute: 4, now });
  const b = new RateLimiter(store.rateLimits, { perMinute: 4, now });
  await Promise.all([a.consume(alice), b.consume(alice), a.consume(alice), b.consume(alice)]);
  await rejection(a.consume(alice));
  await rejection(b.consume(alice));
  store.close();
});

Deno.test("RateLimiter.consume() counts concurrent requests of one key without failing", async () => {
  const store = await openStore(":memory:");
  const generous = new RateLimiter(store.rateLimits, { perMinute: 1_000_000, now: () => 60_000 });
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 40; i++) await generous.consume(alice);
    }),
  );
  const strict = new RateLimiter(store.rateLimits, { perMinute: 10, now: () => 60_000 });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 30 }, () => strict.consume(bob)),
  );
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 10);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") assert.equal(outcome.reason.code, "RATE_LIMITED");
  }
  store.close();
});

Deno.test("RateLimiter reserves blocks for a generous key: few commits, never over", async () => {
  const store = await openStore(":memory:");
  const now = () => 1_900_000_000_000;
  const generous = { ...alice, rateLimit: 2000 };
  const servers = [
    new RateLimiter(store.rateLimits, { perMinute: 60, now }),
    new RateLimiter(store.rateLimits, { perMinute: 60, now }),
  ];
  let admitted = 0;
  await Promise.all(servers.map(async (server) => {
    while (true) {
      try {
        await server.consume(generous);
        admitted++;
      } catch (error) {
        assert.ok(error instanceof JobseekError && error.code === "RATE_LIMITED");
        return;
      }
    }
  }));
  // Reservations that were not spent lapse: a little early, never over.
  assert.ok(admitted <= 2000, `${admitted}`);
  assert.ok(admitted >= 1960, `${admitted}`);
  store.close();
});

Deno.test("RateLimiter spends a reservation from memory, within its second only", async () => {
  const store = await openStore(":memory:");
  let now = 1_900_000_000_000;
  const limiter = new RateLimiter(store.rateLimits, { perMinute: 100_000, now: () => now });
  await limiter.consume(alice);
  store.close();
  // The store is gone: only the block reserved with the first commit can admit these.
  for (let i = 0; i < 500; i++) await limiter.consume(alice);
  now += 1000;
  await assert.rejects(limiter.consume(alice), (e) => !(e instanceof JobseekError));
});

Deno.test("RateLimiter.consume() on servers whose decisions straddle a second keeps every admission counted", async () => {
  // One store, two servers: one decides at second S+1 while the other's decision still reads S (a
  // slow read, a retried commit). The later second's admissions must survive the earlier one's
  // write, or together they admit more than the limit.
  const store = await openStore(":memory:");
  const start = 1_700_000_000_000 - (1_700_000_000_000 % 60_000) + 15_000;
  const ahead = new RateLimiter(store.rateLimits, {
    perMinute: 3,
    now: () => start + 1000,
    random: () => 0,
  });
  const behind = new RateLimiter(store.rateLimits, {
    perMinute: 3,
    now: () => start,
    random: () => 0,
  });
  await ahead.consume(alice);
  await ahead.consume(alice);
  await behind.consume(alice);
  assert.equal((await rejection(behind.consume(alice))).code, "RATE_LIMITED");
  assert.equal((await rejection(ahead.consume(alice))).code, "RATE_LIMITED");
  store.close();
});

Deno.test("RateLimiter split among N processes: each admits its share, rounded up; together the limit", async () => {
  const stores = await Promise.all([openStore(":memory:"), openStore(":memory:")]);
  const now = 1_700_000_000_000;
  const limiters = stores.map((store) =>
    new RateLimiter(store.rateLimits, { perMinute: 60, splitAmong: 2, now: () => now })
  );
  // Requests of one client reach the two in turn (round-robin connections).
  let admitted = 0;
  for (let i = 0; i < 14; i++) {
    try {
      await limiters[i % 2].consumeSubject("addr:register:10.0.0.0/24", 10);
      admitted++;
    } catch (error) {
      assert.ok(error instanceof JobseekError && error.code === "RATE_LIMITED");
    }
  }
  assert.equal(admitted, 10);
  // An odd limit rounds up: never a share of 0, at most N - 1 over the whole.
  const alone = new RateLimiter(stores[0].rateLimits, { perMinute: 60, splitAmong: 2 });
  for (let i = 0; i < 2; i++) await alone.consumeSubject("addr:odd", 3);
  assert.equal((await rejection(alone.consumeSubject("addr:odd", 3))).code, "RATE_LIMITED");
  assert.throws(
    () => new RateLimiter(stores[0].rateLimits, { perMinute: 60, splitAmong: 0 }),
    /splitAmong must be a whole number >= 1, got 0/,
  );
  for (const store of stores) store.close();
});

Deno.test("property: N limiters a client reaches in turn admit the whole limit, and at most N - 1 more", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 1, max: 4 }),
      async (limit, processes) => {
        const stores = await Promise.all(
          Array.from({ length: processes }, () => openStore(":memory:")),
        );
        try {
          const limiters = stores.map((store) =>
            new RateLimiter(store.rateLimits, {
              perMinute: 60,
              splitAmong: processes,
              now: () => 1_700_000_000_000,
            })
          );
          let admitted = 0;
          for (let i = 0; i < 2 * limit + processes; i++) {
            await limiters[i % processes].consumeSubject("addr:x", limit).then(
              () => admitted++,
              (error) => assert.ok(error instanceof JobseekError && error.code === "RATE_LIMITED"),
            );
          }
          assert.ok(admitted >= limit, `${admitted} admitted of ${limit}`);
          assert.ok(admitted <= limit + processes - 1, `${admitted} admitted of ${limit}`);
        } finally {
          for (const store of stores) store.close();
        }
      },
    ),
    { numRuns: 40 },
  );
});
