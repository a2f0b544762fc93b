import { strict as assert } from "node:assert";
import fc from "fast-check";
import { sha256Hex } from "../crypto.ts";
import { openStore } from "../store/store.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import { OAuthGrants, type TokenResponse } from "./oauth_grants.ts";
import { OAuthError } from "./oauth_error.ts";
import { GrantSchema } from "./oauth_records.ts";

const HOUR = 60 * 60 * 1000;

/** The store with every call held until the scheduler lets it through, one at a time. */
function scheduledStore(store: OAuthStore, scheduler: fc.Scheduler): OAuthStore {
  return new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        await scheduler.schedule(Promise.resolve(), String(property));
        return await value.apply(target, args);
      };
    },
  });
}

function grantOf(grantId: string) {
  return {
    grantId,
    clientId: "client-1",
    keyHash: "key-hash",
    keyName: "alice",
    scope: "jobs:read",
    resource: "https://jobs.example/mcp",
    expiresAt: Date.now() + HOUR,
  };
}

async function liveTokens(store: OAuthStore, tokens: TokenResponse[]): Promise<string[]> {
  const live: string[] = [];
  for (const token of tokens) {
    const access = sha256Hex(token.access_token);
    const refresh = sha256Hex(token.refresh_token);
    if (await store.getOAuthRecord("access", access, GrantSchema)) live.push(token.access_token);
    if (await store.getOAuthRecord("refresh", refresh, GrantSchema)) live.push(token.refresh_token);
  }
  return live;
}

Deno.test("a grant ended leaves no token alive, whatever the order of its issue and its ends", async () => {
  const store = await openStore(":memory:");
  try {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        async (scheduler, rotation, racingEnds) => {
          const grantId = `grant${String(run++).padStart(17, "0")}`;
          const options = { accessTokenTtlMs: HOUR, refreshTokenTtlMs: HOUR, now: Date.now };
          const plain = new OAuthGrants(store.oauth, options);
          const raced = new OAuthGrants(scheduledStore(store.oauth, scheduler), options);
          const issued: TokenResponse[] = [];
          // A rotation spends the grant's refresh token and continues the grant; a code's exchange
          // starts one.
          const exchange = async () => {
            if (!rotation) return await raced.issue(grantOf(grantId), "code");
            const [first] = issued;
            const spent = await raced.spendOnce(
              "refresh",
              first.refresh_token,
              GrantSchema,
              new OAuthError("invalid_grant", "spent"),
              { replayed: "replayed" },
            );
            return await raced.issue({ ...spent, keyName: "alice" }, "refresh");
          };
          if (rotation) issued.push(await plain.issue(grantOf(grantId), "code"));
          const issue = exchange().then(
            (tokens) => issued.push(tokens),
            (error) => {
              // Refused only because an end got there first.
              assert.ok(
                error instanceof OAuthError && error.toResponseObject().error === "invalid_grant",
                error,
              );
            },
          );
          const ends = Array.from({ length: racingEnds }, () => raced.end(grantId));
          await scheduler.waitFor(Promise.all([issue, ...ends]));
          // The replay that comes after every exchange has answered ends what is left.
          await plain.end(grantId);
          assert.deepEqual(await liveTokens(store.oauth, issued), [], scheduler.report().join());
        },
      ),
      { numRuns: 150 },
    );
  } finally {
    store.close();
  }
});

Deno.test("a rotation of a grant that has ended issues nothing", async () => {
  const store = await openStore(":memory:");
  try {
    const grants = new OAuthGrants(store.oauth, {
      accessTokenTtlMs: HOUR,
      refreshTokenTtlMs: HOUR,
      now: Date.now,
    });
    const grantId = "grantAAAAAAAAAAAAAAAAA";
    const first = await grants.issue(grantOf(grantId), "code");
    assert.equal(await grants.end(grantId), true);
    await assert.rejects(
      grants.issue(grantOf(grantId), "refresh"),
      (error) => error instanceof OAuthError && error.toResponseObject().error === "invalid_grant",
    );
    assert.deepEqual(await liveTokens(store.oauth, [first]), []);
    assert.equal(await grants.end(grantId), false);
  } finally {
    store.close();
  }
});
