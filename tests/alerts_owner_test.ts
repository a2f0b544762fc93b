/**
 * What a key set up stops with the key, and spends its budget (session 24): a revoked key's
 * saved searches send no webhook and their feeds answer 404, as its sessions end; and a feed read,
 * a search made for the key that owns the feed, counts against that key's rate limit, so that a
 * key's feed URLs are not searches without a limit; and the unsubscribe page of an email is
 * served with the web pages' protections, and the request log never writes a feed's or an unsubscribe
 * link's token, nor may a cache keep a saved search's answer. In-process, on the real search service, the
 * real saved-search store and a real webhook receiver on loopback (allowed by name).
 */
import { strict as assert } from "node:assert";
import { AlertDeliverer } from "../src/alerts/alert_deliverer.ts";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens } from "../src/auth/token_verifier.ts";
import { type AlertsConfig, DEFAULT_ALERTS, loadConfig } from "../src/config.ts";
import { type Logger, silentLogger } from "../src/log.ts";
import { openStore } from "../src/store/store.ts";
import { instrumentService, ServiceMetrics } from "../src/web/metrics.ts";
import { createWebApp } from "../src/web/web_app.ts";
import { createTestSearch, infoLines } from "./helpers.ts";
import { webRequester } from "./web_client.ts";

const PER_MINUTE = 5;

async function setUp(alerts: AlertsConfig = DEFAULT_ALERTS, logger: Logger = silentLogger) {
  const search = await createTestSearch();
  const store = await openStore(":memory:");
  const apiKeys = new ApiKeyRegistry(store.apiKeys, [{ name: "fromenv", key: "jsk_static_x" }]);
  const savedSearches = new SavedSearches({
    store: store.savedSearches,
    config: alerts,
    // Saved long before the bundled postings were first seen: each that matches is new.
    now: () => Date.parse("2000-01-01T00:00:00Z"),
  });
  const deliverer = new AlertDeliverer({
    store: store.savedSearches,
    service: search.service,
    config: alerts,
    logger: silentLogger,
    ownerActive: async (owner) => (await apiKeys.principalOfSubject(owner)) !== null,
  });
  const metrics = new ServiceMetrics();
  const app = createWebApp({
    config: loadConfig({}),
    service: instrumentService(search.service, metrics),
    apiKeys,
    rateLimiter: new RateLimiter(store.rateLimits, { perMinute: PER_MINUTE }),
    tokenVerifier: rejectAllTokens,
    logger,
    store: { ...search.store, webSessions: store.webSessions },
    metrics,
    alerts: { savedSearches, deliverer },
  });
  return {
    apiKeys,
    savedSearches,
    deliverer,
    request: webRequester(app),
    app,
    close: async () => {
      await deliverer.stop();
      store.close();
      await search.close();
    },
  };
}

/** A key `name` with one saved search whose delivery is an email digest to NAME@example.com. */
async function withEmailDelivery(name: string) {
  // An email delivery needs a mail server configured; none is reached here.
  const t = await setUp({
    ...DEFAULT_ALERTS,
    smtpUrl: "smtp://127.0.0.1:9",
    mailFrom: "jobseek <alerts@example.com>",
  });
  await t.apiKeys.create(name);
  const view = await t.savedSearches.create(`key:${name}`, {
    name: name.slice(0, 1),
    q: "nurse",
    deliver: [{ type: "email", to: `${name}@example.com` }],
  }, "http://x");
  const record = await t.savedSearches.record(`key:${name}`, view.id);
  const email = record.deliver.find((d) => d.type === "email");
  assert.ok(email?.type === "email");
  return { t, view, email };
}

/** The headers of a page a mailed link opens: no script, no framing, no cache, no referrer. */
function checkLinkPageHeaders(page: Response): void {
  const csp = page.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /form-action 'self'/);
  assert.equal(page.headers.get("x-frame-options"), "DENY");
  assert.equal(page.headers.get("cache-control"), "no-store");
  assert.equal(page.headers.get("referrer-policy"), "no-referrer");
  assert.equal(page.headers.get("x-content-type-options"), "nosniff");
}

/**
 * A mailed link's page as a phone shows it: a viewport (without one the text was about 6 px), the
 * language, and a heading that says what the page is.
 */
function checkLinkPageFitsAPhone(html: string, heading: string): void {
  assert.match(html, /<meta name=viewport content="width=device-width, initial-scale=1">/);
  assert.match(html, /<html lang=en>/);
  assert.ok(html.includes(`<h1>${heading}</h1>`), html);
}

function feedPath(feedUrl: string): string {
  return new URL(feedUrl).pathname;
}

Deno.test("a search saved through a host the server does not answer for is refused, its links never 'null/...'", async () => {
  const t = await setUp();
  try {
    const { key } = await t.apiKeys.create("alice");
    const post = (url: string) =>
      t.app.fetch(
        new Request(url, {
          method: "POST",
          headers: { "x-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ name: "n", q: "nurse" }),
        }),
      );
    // Behind the connection guard a request's URL is `http+unix://HOST/...`: its origin "null".
    for (
      const url of [
        "http+unix://jobs-evil.example/v1/saved-searches",
        "http://192.168.1.20:8741/v1/saved-searches",
      ]
    ) {
      const refused = await post(url);
      assert.equal(refused.status, 421, url);
      const body = await refused.json();
      assert.equal(body.error_code, "MISDIRECTED_REQUEST");
      assert.match(body.error, /JOBSEEK_PUBLIC_URL/);
    }
    assert.deepEqual(await t.savedSearches.list("key:alice"), []);
    // Through the server's own address, saved, its links at that address; behind the connection
    // guard the URL keeps the Host header's case.
    assert.equal((await post("http+unix://LOCALHOST:8000/v1/saved-searches")).status, 201);
    const saved = await post("http+unix://localhost:8000/v1/saved-searches");
    assert.equal(saved.status, 201);
    assert.match((await saved.json()).feed_url, /^http:\/\/localhost:8000\/v1\/feeds\//);
  } finally {
    await t.close();
  }
});

Deno.test("a revoked key's feed answers 404, a live key's and a static key's answer the feed, under a CSP", async () => {
  const t = await setUp();
  try {
    await t.apiKeys.create("alice");
    await t.apiKeys.create("bob");
    const alice = await t.savedSearches.create("key:alice", { name: "a", q: "nurse" }, "http://x");
    const bob = await t.savedSearches.create("key:bob", { name: "b", q: "nurse" }, "http://x");
    const env = await t.savedSearches.create("key:fromenv", { name: "e", q: "nurse" }, "http://x");
    for (const view of [alice, bob, env]) {
      const response = await t.request(feedPath(view.feed_url));
      assert.equal(response.status, 200, view.name);
      assert.match(await response.text(), /<feed /);
      // Opened in a browser the document runs and loads nothing, and its URL is sent nowhere.
      assert.equal(
        response.headers.get("content-security-policy"),
        "default-src 'none'; frame-ancestors 'none'",
      );
      assert.equal(response.headers.get("referrer-policy"), "no-referrer");
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    }
    assert.equal(await t.apiKeys.revoke("alice"), true);
    const gone = await t.request(feedPath(alice.feed_url));
    assert.equal(gone.status, 404);
    assert.equal(gone.headers.get("x-content-type-options"), "nosniff");
    assert.equal((await gone.json()).error_code, "NOT_FOUND");
    assert.equal((await t.request(feedPath(bob.feed_url))).status, 200, "another key's feed stays");
  } finally {
    await t.close();
  }
});

Deno.test("a revoked key's name is not given again with its saved searches, unless asked to keep them", async () => {
  const t = await setUp();
  try {
    await t.apiKeys.create("dana");
    const saved = await t.savedSearches.create("key:dana", { name: "d", q: "nurse" }, "http://x");
    await t.savedSearches.create("key:dana", { name: "d2", q: "barista" }, "http://x");
    // While the key lives, its name is simply taken.
    await assert.rejects(
      t.apiKeys.create("dana"),
      /^JobseekError: Cannot create key: the name 'dana' is taken$/,
    );
    assert.equal(await t.apiKeys.revoke("dana"), true);
    // For someone else the name would hand over the feeds, webhooks and email addresses.
    await assert.rejects(t.apiKeys.create("dana"), (error: Error & { code?: string }) => {
      assert.equal(error.code, "CONFLICT");
      assert.match(
        error.message,
        /^Cannot create key: the name 'dana' still owns 2 saved searches of a revoked key, .*--keep-saved-searches/,
      );
      return true;
    });
    assert.equal((await t.request(feedPath(saved.feed_url))).status, 404, "nothing was created");
    // A name without saved searches is free again, as before.
    await t.apiKeys.create("erin");
    assert.equal(await t.apiKeys.revoke("erin"), true);
    await t.apiKeys.create("erin");
    // The same person's new key takes them over: the feed answers again.
    const { key } = await t.apiKeys.create("dana", { keepSavedSearches: true });
    assert.equal((await t.request(feedPath(saved.feed_url))).status, 200);
    const listed = await t.request("/v1/saved-searches", { headers: { "x-api-key": key } });
    assert.deepEqual(
      ((await listed.json()).saved_searches as { name: string }[]).map((v) => v.name).sort(),
      ["d", "d2"],
    );
  } finally {
    await t.close();
  }
});

Deno.test("feed reads spend the owning key's rate limit, shared across its feeds", async () => {
  const t = await setUp();
  try {
    const { key } = await t.apiKeys.create("carol");
    const paths = [];
    for (const q of ["nurse", "python developer"]) {
      const view = await t.savedSearches.create("key:carol", { name: q, q }, "http://x");
      paths.push(feedPath(view.feed_url));
    }
    // A conditional read that answers 304 spends the budget too: it took the same search.
    const first = await t.request(paths[0]);
    const etag = first.headers.get("etag")!;
    await first.body?.cancel();
    const statuses = [first.status];
    for (let i = 1; i < PER_MINUTE + 2; i++) {
      const response = await t.request(paths[i % 2], {
        headers: i % 2 === 0 ? { "if-none-match": etag } : {},
      });
      await response.body?.cancel();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 304, 200, 304, 429, 429]);
    assert.equal(PER_MINUTE, 5);
    const refused = await t.request(paths[0]);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1, "429 says when to try again");
    assert.equal(refused.headers.get("x-content-type-options"), "nosniff");
    assert.equal((await refused.json()).error, "Rate limit exceeded");
    // The same budget as the key's own searches.
    const search = await t.request("/v1/search?q=nurse", { headers: { "x-api-key": key } });
    assert.equal(search.status, 429);
    // A HEAD reads nothing and searches nothing.
    assert.equal((await t.request(paths[0], { method: "HEAD" })).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("a revoked key's saved search sends no webhook; a live key's does", async () => {
  const received: string[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    received.push(new URL(req.url).pathname);
    await req.body?.cancel();
    return new Response(null, { status: 204 });
  });
  const t = await setUp({ ...DEFAULT_ALERTS, webhookAllowHosts: ["127.0.0.1"] });
  try {
    const base = `http://127.0.0.1:${receiver.addr.port}`;
    for (const name of ["dave", "erin"]) {
      await t.apiKeys.create(name);
      await t.savedSearches.create(`key:${name}`, {
        name,
        q: "nurse",
        deliver: [{ type: "webhook", url: `${base}/${name}` }],
      }, "http://x");
    }
    assert.equal(await t.apiKeys.revoke("dave"), true);
    await t.deliverer.check();
    assert.deepEqual(received, ["/erin"]);
  } finally {
    await t.close();
    await receiver.shutdown();
  }
});

Deno.test("the unsubscribe pages run no script, cannot be framed and are not cached; a dead link says so", async () => {
  const { t, view, email } = await withEmailDelivery("gina");
  try {
    const link = `/v1/unsubscribe/${email.unsubscribeToken}`;
    const page = await t.request(link, { headers: { accept: "text/html" } });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<form method="post"/);
    checkLinkPageFitsAPhone(html, "Unsubscribe");
    checkLinkPageHeaders(page);
    assert.match(html, /Stop the emails of this saved search to this address\?/);
    // The button's POST ends that delivery, answered with the same headers; the saved search
    // is not paused. A second POST (a second click) changes nothing.
    for (const _click of [1, 2]) {
      const posted = await t.request(link, { method: "POST" });
      assert.equal(posted.status, 200);
      assert.match(
        await posted.text(),
        /This address will get no more emails from this saved search\./,
      );
      checkLinkPageHeaders(posted);
    }
    const after = await t.savedSearches.get("key:gina", view.id);
    assert.equal(after.paused, false);
    assert.equal(after.deliver[0].state, "unsubscribed");
    // Deleted: the link's page says it no longer works, with no button that would answer JSON.
    await t.savedSearches.remove("key:gina", view.id);
    const dead = await t.request(link, { headers: { accept: "text/html" } });
    assert.equal(dead.status, 404);
    const deadText = await dead.text();
    assert.match(deadText, /This unsubscribe link no longer works/);
    assert.doesNotMatch(deadText, /<form/);
    checkLinkPageHeaders(dead);
  } finally {
    await t.close();
  }
});

Deno.test("the confirmation pages run no script, cannot be framed and are not cached; a GET confirms nothing", async () => {
  const { t, view, email } = await withEmailDelivery("ivan");
  try {
    assert.equal(view.deliver[0].state, "unconfirmed");
    assert.ok(email.confirmToken);
    // The owner's answers never show the token: only the address's mail carries it.
    assert.ok(!JSON.stringify(view).includes(email.confirmToken));
    const link = `/v1/confirm/${email.confirmToken}`;
    // The pages a stranger reaches from the mail say what it says: the query's words, never the
    // name the key holder chose (session 36).
    await t.savedSearches.update("key:ivan", view.id, { name: "Visit http://scam.example/win" });
    const saying = /digests of new job postings matching &quot;nurse&quot;/;
    for (const method of ["GET", "HEAD"]) {
      const page = await t.request(link, { method, headers: { accept: "text/html" } });
      assert.equal(page.status, 200, method);
      if (method === "GET") {
        const text = await page.text();
        assert.match(text, /<form method="post"/);
        assert.match(text, saying);
        assert.ok(!text.includes("scam"), "the name on the page");
        checkLinkPageFitsAPhone(text, "Confirm email digests");
      }
      checkLinkPageHeaders(page);
    }
    assert.equal((await t.savedSearches.get("key:ivan", view.id)).deliver[0].state, "unconfirmed");
    const posted = await t.request(link, { method: "POST" });
    assert.equal(posted.status, 200);
    const postedText = await posted.text();
    assert.match(postedText, /Confirmed/);
    assert.match(postedText, saying);
    assert.ok(!postedText.includes("scam"), "the name on the page");
    checkLinkPageFitsAPhone(postedText, "Confirmed");
    checkLinkPageHeaders(posted);
    assert.equal((await t.savedSearches.get("key:ivan", view.id)).deliver[0].state, "ok");
    // Confirmed, its GET says so, with no button.
    const after = await t.request(link);
    assert.doesNotMatch(await after.text(), /<form/);
    // Deleted: the link's page says it no longer works, with no button.
    await t.savedSearches.remove("key:ivan", view.id);
    for (const method of ["GET", "POST"]) {
      const dead = await t.request(link, { method, headers: { accept: "text/html" } });
      assert.equal(dead.status, 404, method);
      const deadText = await dead.text();
      assert.match(deadText, /This confirmation link no longer works/);
      assert.doesNotMatch(deadText, /<form/);
      checkLinkPageHeaders(dead);
    }
    const unknown = await t.request("/v1/confirm/never-made", { method: "POST" });
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /no longer works/);
  } finally {
    await t.close();
  }
});

Deno.test("the request log names a feed's and an unsubscribe link's route, never their token", async () => {
  const { logs, logger } = infoLines();
  const t = await setUp(DEFAULT_ALERTS, logger);
  try {
    await t.apiKeys.create("frank");
    const view = await t.savedSearches.create("key:frank", { name: "f", q: "nurse" }, "http://x");
    const token = feedPath(view.feed_url).split("/").at(-1)!;
    assert.equal((await t.request(feedPath(view.feed_url))).status, 200);
    // An unknown token's page is a 404: still a request of the unsubscribe route.
    await (await t.request("/v1/unsubscribe/unsubscribe-secret-9")).body?.cancel();
    await (await t.request("/v1/confirm/confirm-secret-9")).body?.cancel();
    await (await t.request("/v1/confirm/confirm-secret-8", { method: "POST" })).body?.cancel();
    const requests = logs.filter((line) => line.msg === "request");
    assert.deepEqual(requests.map((line) => line.path), [
      "/v1/feeds/:token",
      "/v1/unsubscribe/:token",
      "/v1/confirm/:token",
      "/v1/confirm/:token",
    ]);
    const written = JSON.stringify(logs);
    assert.ok(!written.includes(token), "a feed token in the log");
    assert.ok(!written.includes("unsubscribe-secret-9"), "an unsubscribe token in the log");
    assert.ok(!/confirm-secret-[89]/.test(written), "a confirmation token in the log");
  } finally {
    await t.close();
  }
});

Deno.test("saved-search answers, which carry feed URLs and webhook secrets, are never cached", async () => {
  const t = await setUp({ ...DEFAULT_ALERTS, webhookAllowHosts: ["127.0.0.1"] });
  try {
    const { key } = await t.apiKeys.create("hana");
    const headers = { "x-api-key": key, "content-type": "application/json" };
    const created = await t.request("/v1/saved-searches", {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "h",
        q: "nurse",
        deliver: [{ type: "webhook", url: "http://127.0.0.1:9/hook" }],
      }),
    });
    assert.equal(created.status, 201);
    const view = await created.json();
    assert.match(view.deliver[0].secret, /^whsec_/);
    assert.equal(created.headers.get("cache-control"), "no-store");
    assert.equal(created.headers.get("x-content-type-options"), "nosniff");
    for (
      const [method, path] of [
        ["GET", "/v1/saved-searches"],
        ["GET", `/v1/saved-searches/${view.id}`],
        ["PATCH", `/v1/saved-searches/${view.id}`],
        ["GET", "/v1/saved-searches/ss_none"],
      ]
    ) {
      const response = await t.request(path, {
        method,
        headers,
        body: method === "PATCH" ? JSON.stringify({ rotate_feed_url: true }) : undefined,
      });
      assert.equal(response.headers.get("cache-control"), "no-store", `${method} ${path}`);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff", `${method} ${path}`);
      await response.body?.cancel();
    }
  } finally {
    await t.close();
  }
});

Deno.test("a saved search's name is one line: line breaks, controls and bidi characters are not kept, made or changed", async () => {
  const t = await setUp();
  try {
    await t.apiKeys.create("nell");
    const view = await t.savedSearches.create("key:nell", {
      name: " keeper\r\nBcc: victim@evil.test\u202e\x1b[2J ",
      q: "nurse",
    }, "http://x");
    assert.equal(view.name, "keeper Bcc: victim@evil.test");
    const renamed = await t.savedSearches.update("key:nell", view.id, { name: "night\tnurse\n" });
    assert.equal(renamed.name, "night nurse");
    // Nothing but controls is no name.
    await assert.rejects(
      () => t.savedSearches.create("key:nell", { name: "\r\n\x07", q: "nurse" }, "http://x"),
      /Invalid parameter 'name': must not be empty/,
    );
    // Nor is what renders as nothing: zero-width spaces and joiners, a byte-order mark, the
    // Hangul filler; one character that shows beside them makes a name.
    for (const blank of ["\u200b", "\u200b \u200d\ufeff", "\u3164", "\u2060\u00a0"]) {
      await assert.rejects(
        () => t.savedSearches.create("key:nell", { name: blank, q: "nurse" }, "http://x"),
        /Invalid parameter 'name': must hold a character that shows, not only spaces or invisible/,
        JSON.stringify(blank),
      );
      await assert.rejects(
        () => t.savedSearches.update("key:nell", view.id, { name: blank }),
        /must hold a character that shows/,
      );
    }
    const marked = await t.savedSearches.create(
      "key:nell",
      { name: "\u200bé", q: "chef" },
      "http://x",
    );
    assert.equal(marked.name, "\u200bé");
  } finally {
    await t.close();
  }
});
