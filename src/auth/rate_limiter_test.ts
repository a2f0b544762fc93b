import { strict as assert } from "node:assert";
import { RATE_JITTER_MAX_SECONDS, RateLimiter } from "./rate_limiter.ts";
import { JobseekError } from "../domain/errors.ts";
import type { Principal } from "../domain/service.ts";
import { KvStore } from "../store/kv_store.ts";

const alice: Principal = { subject: "key:alice", name: "alice", via: "api_key" };
const bob: Principal = { subject: "key:bob", name: "bob", via: "api_key" };

async function rejection(promise: Promise<unknown>): Promise<JobseekError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof JobseekError);
    return error;
  }
  assert.fail("expected RATE_LIMITED");
}

Deno.test("RateLimiter.consume() allows perMinute requests per window, then throws", async () => {
  const store = await KvStore.open(":memory:");
  let now = 1_700_000_000_000 - (1_700_000_000_000 % 60_000) + 15_000; // 15 s into a window
  const limiter = new RateLimiter(store, { perMinute: 3, now: () => now, random: () => 0 });
  for (let i = 0; i < 3; i++) await limiter.consume(alice);
  const error = await rejection(limiter.consume(alice));
  assert.equal(error.code, "RATE_LIMITED");
  assert.equal(error.message, "Rate limit exceeded");
  assert.equal(error.retryAfter, 45);
  // Another principal has its own budget.
  await limiter.consume(bob);
  // The next window starts afresh.
  now += 45_000;
  await limiter.consume(alice);
  store.close();
});

Deno.test("RateLimiter.consume() uses the principal's own limit when it has one", async () => {
  const store = await KvStore.open(":memory:");
  const limiter = new RateLimiter(store, { perMinute: 1, now: () => 120_000, random: () => 0 });
  const generous = { ...alice, rateLimit: 4 };
  for (let i = 0; i < 4; i++) await limiter.consume(generous);
  await rejection(limiter.consume(generous));
  await limiter.consume(bob);
  await rejection(limiter.consume(bob));
  store.close();
});

Deno.test("RateLimiter.consume() adds whole-second jitter and never advises less than 1 s", async () => {
  const store = await KvStore.open(":memory:");
  const windowEnd = 60_000 * 1000;
  const late = new RateLimiter(store, {
    perMinute: 1,
    now: () => windowEnd - 200,
    random: () => 0,
  });
  await late.consume(alice);
  assert.equal((await rejection(late.consume(alice))).retryAfter, 1);
  const jittered = new RateLimiter(store, {
    perMinute: 1,
    now: () => windowEnd - 30_000,
    random: () => 0.999,
  });
  await jittered.consume(bob);
  assert.equal((await rejection(jittered.consume(bob))).retryAfter, 30 + RATE_JITTER_MAX_SECONDS);
  store.close();
});

Deno.test("RateLimiter counts shared by servers on one KV", async () => {
  const store = await KvStore.open(":memory:");
  const now = () => 600_000;
  const a = new RateLimiter(store, { perMinute: 4, now });
  const b = new RateLimiter(store, { perMinute: 4, now });
  await Promise.all([a.consume(alice), b.consume(alice), a.consume(alice), b.consume(alice)]);
  await rejection(a.consume(alice));
  await rejection(b.consume(alice));
  store.close();
});

Deno.test("RateLimiter.consume() counts concurrent requests of one key without failing", async () => {
  const store = await KvStore.open(":memory:");
  const generous = new RateLimiter(store, { perMinute: 1_000_000, now: () => 60_000 });
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 40; i++) await generous.consume(alice);
    }),
  );
  const strict = new RateLimiter(store, { perMinute: 10, now: () => 60_000 });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 30 }, () => strict.consume(bob)),
  );
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 10);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") assert.equal(outcome.reason.code, "RATE_LIMITED");
  }
  store.close();
});
