/**
 * Saved searches on the web page, in-process on the real search service and saved-search store:
 * "Save this search" under a result list saves the URL's parameters for the signed-in key, the same
 * saved search REST shows with that key (and back), `/saved` lists one's own with their state, and
 * pause, resume and delete there; another key's id is a 404, forms from another site or without the
 * token change nothing, names are escaped, and nobody signed in (public mode) cannot save.
 */
import { strict as assert } from "node:assert";
import { DOMParser } from "linkedom";
import fc from "fast-check";
import { AlertDeliverer } from "../src/alerts/alert_deliverer.ts";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { correctionWith } from "../src/alerts/query_reading.ts";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens } from "../src/auth/token_verifier.ts";
import { DEFAULT_ALERTS, loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import type { SavedSearchStore } from "../src/store/saved_search_store.ts";
import { openStore } from "../src/store/store.ts";
import { instrumentService, ServiceMetrics } from "../src/web/metrics.ts";
import { savedParams } from "../src/web/saved_search_form.tsx";
import { paramsInWords, runUrl } from "../src/domain/param_labels.ts";
import { FILTER_NAMES, type FilterParam, FILTERS } from "../src/domain/filters.ts";
import { createWebApp } from "../src/web/web_app.ts";
import { createTestSearch, type TestSearch } from "./helpers.ts";
import { ORIGIN, signIn, type WebRequest, webRequester } from "./web_client.ts";

let shared: Promise<TestSearch> | undefined;
function testSearch(): Promise<TestSearch> {
  shared ??= createTestSearch();
  return shared;
}

interface Web {
  request: WebRequest;
  app: { fetch(request: Request): Response | Promise<Response> };
  userKey: string;
  otherKey: string;
  savedSearchStore: SavedSearchStore;
  close(): void;
}

async function startWeb(env: Record<string, string> = {}, perMinute = 1000): Promise<Web> {
  const search = await testSearch();
  const store = await openStore(":memory:");
  const config = loadConfig(env);
  const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
  const userKey = (await apiKeys.create("user")).key;
  const otherKey = (await apiKeys.create("other")).key;
  const metrics = new ServiceMetrics();
  const alerts = config.alerts ?? DEFAULT_ALERTS;
  const app = createWebApp({
    config,
    service: instrumentService(search.service, metrics),
    apiKeys,
    rateLimiter: new RateLimiter(store.rateLimits, { perMinute }),
    tokenVerifier: rejectAllTokens,
    addressLimiter: new RateLimiter(store.rateLimits, { perMinute: 1000 }),
    logger: silentLogger,
    store: { ...search.store, webSessions: store.webSessions },
    metrics,
    alerts: {
      savedSearches: new SavedSearches({
        store: store.savedSearches,
        config: alerts,
        correctionOf: correctionWith(search.service),
      }),
      deliverer: new AlertDeliverer({
        store: store.savedSearches,
        service: search.service,
        config: alerts,
        logger: silentLogger,
      }),
    },
  });
  return {
    userKey,
    otherKey,
    savedSearchStore: store.savedSearches,
    request: webRequester(app),
    app,
    close: () => store.close(),
  };
}

/** The "Save this search" form of a result page: its action and fields, as a browser sends them. */
async function saveForm(web: Web, cookie: string, path: string) {
  const response = await web.request(path, { cookie });
  assert.equal(response.status, 200);
  const html = await response.text();
  const form = html.match(/<form id="save-search"[^>]*>([\s\S]*?)<\/form>/);
  assert.ok(form, "no Save this search form on the result page");
  assert.match(form[0], /method="post" action="\/saved"/);
  const fields = new URLSearchParams();
  for (const input of form[1].matchAll(/<input([^>]*)>/g)) {
    const name = input[1].match(/name="([^"]*)"/)?.[1];
    const value = input[1].match(/value="([^"]*)"/)?.[1] ?? "";
    if (name) fields.append(name, value.replaceAll("&amp;", "&"));
  }
  return fields;
}

function post(web: Web, path: string, cookie: string, fields: URLSearchParams, origin = ORIGIN) {
  return web.request(path, { method: "POST", headers: { origin }, cookie, body: fields });
}

async function restList(web: Web, key: string) {
  const response = await web.request("/v1/saved-searches", { headers: { "x-api-key": key } });
  assert.equal(response.status, 200);
  return (await response.json()).saved_searches as {
    id: string;
    name: string;
    params: Record<string, unknown>;
    paused: boolean;
    state: string;
    feed_url: string;
  }[];
}

Deno.test("Save this search on a result list saves the URL's search for the key; REST sees the same one, and back", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(
      web,
      cookie,
      "/?q=nurse&remote=onsite&remote=hybrid&sort=relevance&offset=20&top_k=10",
    );
    assert.equal(fields.get("name"), "nurse", "the name is prefilled from q");
    assert.ok(!fields.has("offset") && !fields.has("top_k"), "paging is saved");
    fields.set("name", "Nursing jobs");
    const saved = await post(web, "/saved", cookie, fields);
    assert.equal(saved.status, 303);
    const location = saved.headers.get("location")!;
    assert.match(location, /^\/saved\?saved=ss_/);

    const rest = await restList(web, web.userKey);
    assert.equal(rest.length, 1);
    assert.equal(rest[0].name, "Nursing jobs");
    assert.deepEqual(rest[0].params, {
      q: "nurse",
      remote: ["onsite", "hybrid"],
      sort: "relevance",
    });
    assert.match(rest[0].feed_url, /^http:\/\/127\.0\.0\.1:8000\/v1\/feeds\//);

    const page = await (await web.request(location, { cookie })).text();
    assert.match(page, /Nursing jobs/);
    assert.ok(page.includes(rest[0].feed_url), "the page does not show the feed URL");
    // To copy into a reader, not to follow: the URL is a credential, for a feed reader.
    assert.match(
      page,
      /<input id="ss_[^"]*-feed" class="feed-url" type="url" readonly="" value="http/,
    );
    assert.doesNotMatch(page, /<a [^>]*href="[^"]*\/v1\/feeds\//);
    assert.match(page, /Saved\./);
    // Where a webhook is added, since the page adds none (session 38): the call in full, and no
    // path of the repository (session 39).
    assert.ok(
      page.includes(
        `add a webhook with your API key (in the header <code>x-api-key</code>): send <code>PATCH ${ORIGIN}/v1/saved-searches/${
          rest[0].id
        }</code> with <code>{&quot;deliver&quot;: [{&quot;type&quot;: &quot;webhook&quot;`,
      ),
      "no word of where deliveries are added",
    );
    assert.doesNotMatch(page, /docs\//);
    assert.ok(
      page.includes(`href="${runUrl(rest[0].params).replaceAll("&", "&amp;")}"`),
      "no link that runs it",
    );
    assert.match(page, /State: active/);

    // Saved over REST with the same key: listed on the page.
    const made = await web.request("/v1/saved-searches", {
      method: "POST",
      headers: { "x-api-key": web.userKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Python over REST", q: "python developer", salary_min: 50000 }),
    });
    assert.equal(made.status, 201);
    const listed = await (await web.request("/saved", { cookie })).text();
    assert.match(listed, /Python over REST/);
    assert.match(listed, /yearly salary at least: 50000/);
    assert.match(listed, /Nursing jobs/);
  } finally {
    web.close();
  }
});

Deno.test("saving through a host the server does not answer for says why on a page and saves nothing", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    // A person reaching the server by its LAN address, with no JOBSEEK_PUBLIC_URL set.
    const lan = "http://192.168.1.20:8741";
    const refused = await web.app.fetch(
      new Request(`${lan}/saved`, {
        method: "POST",
        headers: { origin: lan, cookie },
        body: fields,
        redirect: "manual",
      }),
    );
    assert.equal(refused.status, 421);
    const page = await refused.text();
    assert.match(page, /Cannot save this search/);
    assert.match(page, /through the host &#39;192\.168\.1\.20:8741&#39;/);
    assert.ok(!page.includes("null/"), page);
    assert.deepEqual(await restList(web, web.userKey), []);
  } finally {
    web.close();
  }
});

Deno.test("a save form sent without words is refused on a page, not a 500, and saves nothing", async () => {
  // Reviewer W50: a form sent by hand with no q (or an empty one) was "Something went wrong".
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    for (const q of [undefined, "", "   "]) {
      const sent = new URLSearchParams(fields);
      if (q === undefined) sent.delete("q");
      else sent.set("q", q);
      const response = await post(web, "/saved", cookie, sent);
      assert.equal(response.status, 400, JSON.stringify(q));
      assert.match(await response.text(), /Cannot save this search/);
    }
    // Two values of a parameter that takes one, as the search refuses them (reviewer W51: the first
    // was saved); the same value twice, and a list parameter's several, are a search.
    for (const [name, second] of [["city", "York"], ["q", "chef"], ["sort", "date"]]) {
      const sent = new URLSearchParams(fields);
      if (name === "city") sent.append("city", "Leeds");
      if (name === "sort") sent.append("sort", "relevance");
      sent.append(name, second);
      const response = await post(web, "/saved", cookie, sent);
      assert.equal(response.status, 400, name);
      const page = await response.text();
      assert.match(page, /Cannot save this search/);
      assert.match(page, /takes one value, and 2 different ones were given/);
    }
    assert.deepEqual(await restList(web, web.userKey), []);
    const listed = new URLSearchParams(fields);
    listed.append("employment_type", "parttime");
    listed.append("employment_type", "fulltime");
    listed.append("q", "nurse");
    assert.equal((await post(web, "/saved", cookie, listed)).status, 303);
    assert.equal((await restList(web, web.userKey)).length, 1);
  } finally {
    web.close();
  }
});

Deno.test("saving a search already saved keeps one and says so; another search or another key saves anew", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse&country=GB&remote=hybrid");
    const first = await post(web, "/saved", cookie, fields);
    assert.match(first.headers.get("location")!, /^\/saved\?saved=ss_/);
    const [saved] = await restList(web, web.userKey);

    // A second click, a new name, and the same parameters in another order: the same search.
    const reordered = new URLSearchParams();
    for (const [name, value] of [...fields].reverse()) reordered.append(name, value);
    reordered.set("name", "nurses again");
    for (const again of [fields, reordered]) {
      const response = await post(web, "/saved", cookie, again);
      assert.equal(response.status, 303);
      assert.equal(
        response.headers.get("location"),
        `/saved?already=${saved.id}#${saved.id}`,
      );
    }
    assert.equal((await restList(web, web.userKey)).length, 1, "saved twice");
    const page = await (await web.request(`/saved?already=${saved.id}`, { cookie })).text();
    assert.match(page, /Already saved: this search was saved before, so it was not saved again\./);
    assert.doesNotMatch(page, />Saved\.</);

    // A list filter's values in another order, or as one comma-separated value: the same search.
    const both = await saveForm(web, cookie, "/?q=nurse&country=GB&remote=hybrid&remote=onsite");
    const bothSaved = await post(web, "/saved", cookie, both);
    assert.match(bothSaved.headers.get("location")!, /saved=ss_/);
    for (const path of ["remote=onsite&remote=hybrid", "remote=onsite,hybrid"]) {
      const again = await saveForm(web, cookie, `/?q=nurse&country=GB&${path}`);
      assert.match(
        (await post(web, "/saved", cookie, again)).headers.get("location")!,
        /^\/saved\?already=ss_/,
        path,
      );
    }
    assert.equal((await restList(web, web.userKey)).length, 2);

    // Any parameter that changes the search is another saved search.
    const other = await saveForm(web, cookie, "/?q=nurse&country=GB&remote=onsite");
    assert.match((await post(web, "/saved", cookie, other)).headers.get("location")!, /saved=ss_/);
    assert.equal((await restList(web, web.userKey)).length, 3);

    // The same search saved by another key is that key's own.
    const otherCookie = await signIn(web, web.otherKey);
    const theirs = await saveForm(web, otherCookie, "/?q=nurse&country=GB&remote=hybrid");
    assert.match(
      (await post(web, "/saved", otherCookie, theirs)).headers.get("location")!,
      /saved=ss_/,
    );
    assert.equal((await restList(web, web.otherKey)).length, 1);

    // One saved under older rules that no longer parses is not the search being saved.
    const record = (await web.savedSearchStore.get(saved.id))!;
    await web.savedSearchStore.add(
      { ...record, id: "ss_old", params: { q: "midwife", top_k: "many" }, feedToken: "old" },
      { feedHash: "old", unsubscribe: [] },
      100,
    );
    const fresh = await saveForm(web, cookie, "/?q=midwife");
    assert.match((await post(web, "/saved", cookie, fresh)).headers.get("location")!, /saved=ss_/);
  } finally {
    web.close();
  }
});

Deno.test("words that name no job and no place offer no Save: such a search would never tell of anything", async () => {
  // A person's trial (session 57): "🙂" was answered "The query names no job" and offered a Save.
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    for (const q of ["🙂", "jobs", "jobs near me"]) {
      const html = await (await web.request(`/?q=${encodeURIComponent(q)}`, { cookie })).text();
      assert.doesNotMatch(html, /<form id="save-search"/, q);
      assert.match(html, /<div id="save-search"><\/div>/, q);
    }
    const nurses = await (await web.request("/?q=nurse", { cookie })).text();
    assert.match(nurses, /<form id="save-search"/);
  } finally {
    web.close();
  }
});

Deno.test("a HEAD of a saved search's page searches nothing and spends nothing of the key's limit", async () => {
  // Reviewer C57: the page's "what is new" searches ran, and were counted, for a HEAD too.
  const web = await startWeb({}, 3);
  try {
    const made = await web.request("/v1/saved-searches", {
      method: "POST",
      headers: { "x-api-key": web.userKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Nurses", q: "nurse" }),
    });
    assert.equal(made.status, 201);
    const { id } = await made.json();
    const cookie = await signIn(web, web.userKey);
    for (let i = 0; i < 5; i++) {
      const head = await web.request(`/saved/${id}`, { method: "HEAD", cookie });
      assert.equal(head.status, 200, `HEAD ${i + 1}`);
      assert.equal(await head.text(), "");
    }
    // Five HEADs spent nothing: the page itself still shows what is new.
    const page = await web.request(`/saved/${id}`, { cookie });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Nurses/);
    // Another key's saved search is a 404 to a HEAD too.
    assert.equal((await web.request("/saved/ss_nope", { method: "HEAD", cookie })).status, 404);
  } finally {
    web.close();
  }
});

Deno.test("another key's saved search is a 404 on the page, absent from its list, and its forms change nothing", async () => {
  const web = await startWeb();
  try {
    const made = await web.request("/v1/saved-searches", {
      method: "POST",
      headers: { "x-api-key": web.otherKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Someone else's", q: "nurse" }),
    });
    assert.equal(made.status, 201);
    const { id } = await made.json();
    const cookie = await signIn(web, web.userKey);
    const token = (await saveForm(web, cookie, "/?q=nurse")).get("csrf")!;
    assert.doesNotMatch(await (await web.request("/saved", { cookie })).text(), /Someone else/);
    const one = await web.request(`/saved/${id}`, { cookie, headers: { accept: "text/html" } });
    assert.equal(one.status, 404);
    assert.match(one.headers.get("content-type")!, /text\/html/);
    assert.doesNotMatch(await one.text(), /Someone else/);
    for (const verb of ["pause", "delete"]) {
      const response = await post(
        web,
        `/saved/${id}/${verb}`,
        cookie,
        new URLSearchParams({ csrf: token }),
      );
      assert.equal(response.status, 404, verb);
    }
    const theirs = await restList(web, web.otherKey);
    assert.equal(theirs.length, 1);
    assert.equal(theirs[0].paused, false);
  } finally {
    web.close();
  }
});

Deno.test("saved-search forms from another site or without the session's token change nothing", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    const crossSite = await post(web, "/saved", cookie, fields, "https://evil.example");
    assert.equal(crossSite.status, 403);
    const noOrigin = await web.request("/saved", { method: "POST", cookie, body: fields });
    assert.equal(noOrigin.status, 403);
    const tokenless = new URLSearchParams(fields);
    tokenless.delete("csrf");
    assert.equal((await post(web, "/saved", cookie, tokenless)).status, 403);
    const huge = new URLSearchParams(fields);
    huge.set("name", "a".repeat(200_000));
    const tooLarge = await post(web, "/saved", cookie, huge);
    assert.equal(tooLarge.status, 413);
    const tooLargePage = await tooLarge.text();
    assert.match(tooLargePage, /Form too large/);
    // Drawn in the person's frame: not "Sign in" to someone signed in (reviewer W52).
    assert.match(tooLargePage, /Signed in as /);
    const wrongToken = new URLSearchParams(fields);
    wrongToken.set("csrf", "not-the-token");
    assert.equal((await post(web, "/saved", cookie, wrongToken)).status, 403);
    assert.equal((await restList(web, web.userKey)).length, 0);

    assert.equal((await post(web, "/saved", cookie, fields)).status, 303);
    const [saved] = await restList(web, web.userKey);
    for (const verb of ["pause", "delete"]) {
      const evil = await post(
        web,
        `/saved/${saved.id}/${verb}`,
        cookie,
        new URLSearchParams({ csrf: fields.get("csrf")! }),
        "https://evil.example",
      );
      assert.equal(evil.status, 403);
      const noToken = await post(web, `/saved/${saved.id}/${verb}`, cookie, new URLSearchParams());
      assert.equal(noToken.status, 403);
    }
    const after = await restList(web, web.userKey);
    assert.equal(after.length, 1);
    assert.equal(after[0].paused, false);
  } finally {
    web.close();
  }
});

Deno.test("pause, resume and delete on /saved; the state shows as REST shows it", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    const token = fields.get("csrf")!;
    assert.equal((await post(web, "/saved", cookie, fields)).status, 303);
    const [saved] = await restList(web, web.userKey);
    const paused = await post(
      web,
      `/saved/${saved.id}/pause`,
      cookie,
      new URLSearchParams({ csrf: token }),
    );
    assert.equal(paused.status, 303);
    // Back on the card it changed (where the keyboard's focus starts again), saying what it did.
    const pausedAt = paused.headers.get("location")!;
    assert.equal(pausedAt, `/saved?done=paused&id=${saved.id}#${saved.id}`);
    const [afterPause] = await restList(web, web.userKey);
    assert.equal(afterPause.paused, true);
    assert.equal(afterPause.state, "paused");
    const page = await (await web.request(pausedAt, { cookie })).text();
    assert.match(page, /State: paused/);
    assert.match(page, new RegExp(`action="/saved/${saved.id}/resume"`));
    const card = page.match(
      new RegExp(`<article class="card" id="${saved.id}"[\\s\\S]*?</article>`),
    );
    assert.match(card?.[0] ?? "", /<p role="status">Paused: nothing is sent until you resume it/);
    const resumed = await post(
      web,
      `/saved/${saved.id}/resume`,
      cookie,
      new URLSearchParams({ csrf: token }),
    );
    assert.equal(resumed.status, 303);
    const resumedPage = await (await web.request(resumed.headers.get("location")!, { cookie }))
      .text();
    assert.match(resumedPage, /<p role="status">Resumed: what is new is sent again\.<\/p>/);
    assert.equal((await restList(web, web.userKey))[0].state, "active");
    // Only the server's own sentences: a made-up code says nothing.
    const madeUp = await (await web.request(`/saved?done=constructor&id=${saved.id}`, { cookie }))
      .text();
    assert.doesNotMatch(madeUp, /role="status"/);
    // The card's Delete asks first: one Enter while tabbing through the list deleted it.
    const asked = await post(
      web,
      `/saved/${saved.id}/delete`,
      cookie,
      new URLSearchParams({ csrf: token }),
    );
    // A page of its own, so that Back from it is no "Confirm Form Resubmission" (reviewer W52).
    assert.equal(asked.status, 303);
    assert.equal(asked.headers.get("location"), `/saved/${saved.id}/delete`);
    const shown = await web.request(asked.headers.get("location")!, { cookie });
    assert.equal(shown.status, 200);
    const question = new DOMParser().parseFromString(await shown.text(), "text/html");
    assert.match(question.querySelector("h1")?.textContent ?? "", /^Delete the saved search '/);
    assert.equal(
      question.querySelector("a[href^='/saved#']")?.getAttribute("href"),
      `/saved#${saved.id}`,
    );
    assert.equal((await restList(web, web.userKey)).length, 1, "asking deleted it");
    const confirmForm = question.querySelector(`form[action='/saved/${saved.id}/delete']`);
    assert.ok(confirmForm !== null, "no form to confirm the delete");
    const confirm = new URLSearchParams();
    for (const input of confirmForm.querySelectorAll("input")) {
      confirm.set(input.getAttribute("name")!, input.getAttribute("value")!);
    }
    assert.equal(confirm.get("confirm"), "yes");
    const deleted = await post(web, `/saved/${saved.id}/delete`, cookie, confirm);
    assert.equal(deleted.status, 303);
    const deletedPage = await (await web.request(deleted.headers.get("location")!, { cookie }))
      .text();
    assert.match(deletedPage, /role="status">Deleted: its feed URL no longer works\.<\/p>/);
    assert.equal((await restList(web, web.userKey)).length, 0);
    const gone = await web.request(`/v1/saved-searches/${saved.id}`, {
      headers: { "x-api-key": web.userKey },
    });
    assert.equal(gone.status, 404);
    assert.match(await (await web.request("/saved", { cookie })).text(), /No saved searches yet/);
  } finally {
    web.close();
  }
});

Deno.test("a misspelt query saved on the page says on /saved what it is searched as", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurce");
    assert.equal((await post(web, "/saved", cookie, fields)).status, 303);
    const html = await (await web.request("/saved", { cookie })).text();
    assert.ok(
      html.includes(
        "<p>Searched as &quot;nurse&quot; (&quot;nurce&quot; read as &quot;nurse&quot; when it " +
          "was saved).</p>",
      ),
      html,
    );
    // Its link runs what its deliveries search.
    assert.ok(html.includes('<a href="/?q=nurse">'), html);
    const rest = await web.request("/v1/saved-searches", { headers: { "x-api-key": web.userKey } });
    const [saved] = (await rest.json()).saved_searches;
    assert.deepEqual(saved.query_corrected, {
      q: "nurse",
      words: [{ from: "nurce", to: "nurse" }],
    });
  } finally {
    web.close();
  }
});

Deno.test("a hostile name and parameters are escaped on /saved; a blank name is refused in words", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    fields.set("name", `<script>alert(1)</script>"><img src=x onerror=alert(2)>`);
    fields.set("company", `"><svg onload=alert(3)>`);
    assert.equal((await post(web, "/saved", cookie, fields)).status, 303);
    const html = await (await web.request("/saved", { cookie })).text();
    assert.ok(!html.includes("<script>alert(1)"), "the name is not escaped");
    assert.ok(!html.includes("<img src=x"), "the name is not escaped");
    assert.ok(!html.includes("<svg onload"), "a parameter is not escaped");
    assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    const blank = new URLSearchParams(fields);
    blank.set("name", "   ");
    const refused = await post(web, "/saved", cookie, blank);
    assert.equal(refused.status, 400);
    assert.match(
      await refused.text(),
      // Named by the box's label, not REST's parameter (session 38).
      /“Save this search as”: must not be empty/,
    );
    assert.equal((await restList(web, web.userKey)).length, 1);
  } finally {
    web.close();
  }
});

Deno.test("a delivery made over REST shows on /saved with its state (an unconfirmed address's too, with its last day); a failing one marks the saved search failing, its error escaped", async () => {
  const web = await startWeb({
    JOBSEEK_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    // No mail is sent here: an email delivery needs a mail server configured to be made.
    JOBSEEK_SMTP_URL: "smtp://127.0.0.1:9",
    JOBSEEK_MAIL_FROM: "jobseek <alerts@example.com>",
  });
  try {
    const made = await web.request("/v1/saved-searches", {
      method: "POST",
      headers: { "x-api-key": web.userKey, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Hooked",
        q: "nurse",
        deliver: [
          { type: "webhook", url: "http://127.0.0.1:9/hook" },
          { type: "email", to: "ann@example.com" },
        ],
      }),
    });
    assert.equal(made.status, 201);
    const view = await made.json();
    const cookie = await signIn(web, web.userKey);
    const before = await (await web.request("/saved", { cookie })).text();
    assert.match(before, /Webhook to http:\/\/127\.0\.0\.1:9\/hook: ok/);
    assert.match(
      before,
      /Email daily to ann@example\.com: awaiting confirmation: nothing is sent/,
    );
    assert.match(before, /State: active/);
    assert.ok(!before.includes(view.deliver[0].secret), "the webhook's secret is shown again");
    // What the deliverer records when a webhook's retries run out.
    await web.savedSearchStore.saveState(view.id, view.deliver[0].id, {
      failing: true,
      failingSince: Date.parse("2026-11-27T10:00:00Z"),
      lastError: `HTTP 500 <script>alert(1)</script>`,
    });
    const rest = await web.request(`/v1/saved-searches/${view.id}`, {
      headers: { "x-api-key": web.userKey },
    });
    assert.equal((await rest.json()).state, "failing");
    const after = await (await web.request("/saved", { cookie })).text();
    assert.match(after, /State: failing/);
    // As the page says every time, not the API's ISO form (reviewer, session 42).
    assert.match(after, /hook: failing, failing since 2026-11-27 10:00 UTC, last error/);
    assert.doesNotMatch(after, /2026-11-27T10/);
    await web.savedSearchStore.saveState(view.id, view.deliver[0].id, {
      lastDeliveredAt: Date.parse("2026-12-01T03:46:56.275Z"),
    });
    const delivered = await (await web.request("/saved", { cookie })).text();
    assert.match(delivered, /hook: ok, last delivered 2026-12-01 03:46 UTC</);
    // Its mail held back by the key's daily cap on confirmation mails: until when, and why.
    await web.savedSearchStore.saveState(view.id, view.deliver[1].id, {
      confirmationRetryAt: Date.parse("2026-11-30T14:05:00Z"),
      confirmationHeldByCap: true,
    });
    const heldRest = await web.request(`/v1/saved-searches/${view.id}`, {
      headers: { "x-api-key": web.userKey },
    });
    const heldView = (await heldRest.json()).deliver[1];
    assert.equal(heldView.state, "unconfirmed");
    assert.equal(heldView.confirmation_held_until, "2026-11-30T14:05:00.000Z");
    const held = await (await web.request("/saved", { cookie })).text();
    assert.match(
      held,
      /ann@example\.com: awaiting confirmation \(its mail held until 2026-11-30 14:05 UTC: this key&#39;s confirmation mails reached their daily cap\): nothing is sent/,
    );
    // Once its confirmation mail went out, the day it is removed if still unconfirmed.
    await web.savedSearchStore.saveState(view.id, view.deliver[1].id, {
      confirmationSentAt: Date.parse("2026-11-29T10:00:00Z"),
    });
    const mailed = await (await web.request("/saved", { cookie })).text();
    assert.match(
      mailed,
      /ann@example\.com: awaiting confirmation \(until 2026-12-29\): nothing is sent/,
    );
    assert.ok(after.includes("last error: HTTP 500 &lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.ok(!after.includes("<script>alert(1)"));
    // The address follows a digest's unsubscribe link: the page says so, and when, and the
    // saved search is not paused (session 42).
    const stored = await web.savedSearchStore.get(view.id);
    const email = stored?.deliver[1];
    assert.ok(email?.type === "email");
    const unsubscribed = await web.request(`/v1/unsubscribe/${email.unsubscribeToken}`, {
      method: "POST",
    });
    assert.equal(unsubscribed.status, 200);
    await unsubscribed.body?.cancel();
    const gone = await (await web.request("/saved", { cookie })).text();
    assert.match(
      gone,
      /Email daily to ann@example\.com: unsubscribed by the link in a digest on \d{4}-\d\d-\d\d \d\d:\d\d UTC: nothing more is sent to it/,
    );
    assert.doesNotMatch(gone, /State: paused/);
  } finally {
    web.close();
  }
});

Deno.test("public mode: nobody signed in sees a sign-in sentence instead of the form, and cannot save", async () => {
  const web = await startWeb({ JOBSEEK_WEB: "public" });
  try {
    const html = await (await web.request("/?q=nurse")).text();
    assert.match(html, /\d+ jobs? match/);
    assert.doesNotMatch(html, /action="\/saved"/);
    assert.match(html, /Sign in<\/a> with an API key to save this search/);
    const attempt = await web.request("/saved", {
      method: "POST",
      headers: { origin: ORIGIN },
      body: new URLSearchParams({ name: "anon", q: "nurse" }),
    });
    assert.equal(attempt.status, 303);
    assert.match(attempt.headers.get("location")!, /^\/signin/);
    assert.equal((await web.request("/saved")).status, 303);
    assert.equal((await restList(web, web.userKey)).length, 0);
    assert.equal((await restList(web, web.otherKey)).length, 0);
  } finally {
    web.close();
  }
});

Deno.test("the header links to /saved when signed in", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    assert.match(
      await (await web.request("/", { cookie })).text(),
      /<a href="\/saved">Saved searches<\/a>/,
    );
  } finally {
    web.close();
  }
});

Deno.test("a page URL's parameters survive saving and running again, paging and what no search takes left out", () => {
  const value = fc.string({ minLength: 1, maxLength: 20 });
  // A link's tracking, a pasted `deliver=x`, the form's own fields: no search parameter.
  const stray = ["deliver", "utm_source", "fbclid", "name", "csrf", "constructor"];
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.constantFrom(
          "q",
          "company",
          "remote",
          "country",
          "near",
          "sort",
          "offset",
          "top_k",
          ...stray,
        ),
        fc.array(value, { minLength: 1, maxLength: 3 }),
      ),
      (params) => {
        const saved = savedParams(params);
        assert.ok(!("offset" in saved) && !("top_k" in saved));
        for (const name of stray) assert.ok(!Object.hasOwn(saved, name), name);
        const again = savedParams(
          Object.fromEntries(
            [...new URLSearchParams(runUrl(saved).slice(2)).entries()].reduce(
              (all, [k, v]) => all.set(k, [...(all.get(k) ?? []), v]),
              new Map<string, string[]>(),
            ),
          ),
        );
        assert.deepEqual(again, saved);
        assert.equal(typeof paramsInWords(saved), "string");
      },
    ),
  );
});

Deno.test("a saved search's filters are said in words on /saved, never by their API names", () => {
  // "salary_include_unknown: true" was listed as such (tried as a person, session 32): each
  // filter of the table, alone or with others, is said in words.
  fc.assert(
    fc.property(
      fc.subarray([...FILTER_NAMES], { minLength: 1 }),
      (names) => {
        const params: Record<string, unknown> = { q: "nurse" };
        for (const name of names) params[name] = (FILTERS[name] as FilterParam).example;
        const words = paramsInWords(params);
        for (const name of names) {
          if (name.includes("_")) assert.ok(!words.includes(name), `${name} in "${words}"`);
        }
      },
    ),
  );
});

Deno.test("/saved offers only the deliveries this server makes, and says what its operator sets for the others", async () => {
  const ways = async (env: Record<string, string>) => {
    const web = await startWeb(env);
    try {
      const cookie = await signIn(web, web.userKey);
      const saved = await post(web, "/saved", cookie, await saveForm(web, cookie, "/?q=nurse"));
      assert.equal(saved.status, 303);
      const html = await (await web.request("/saved", { cookie })).text();
      assert.doesNotMatch(html, /docs\/|\.md\b/, "a path of the repository");
      return new DOMParser().parseFromString(html, "text/html")
        .querySelector(".deliveries-note")?.textContent?.replace(/\s+/g, " ") ?? "";
    } finally {
      web.close();
    }
  };
  // No mail server: webhooks offered, email said to be off and what the operator sets.
  const noMail = await ways({});
  assert.match(noMail, /add a webhook with your API key/);
  assert.doesNotMatch(noMail, /add a webhook or an email digest|"type": "email"/);
  assert.match(
    noMail,
    /Email digests are off on this server: its operator has not set an outgoing mail server and a sender address \(the settings JOBSEEK_SMTP_URL and JOBSEEK_MAIL_FROM\)\./,
  );
  // A mail server and a sender: both offered, nothing said to be off.
  const mail = await ways({
    JOBSEEK_SMTP_URL: "smtp://127.0.0.1:2525",
    JOBSEEK_MAIL_FROM: "jobs@example.com",
  });
  assert.match(mail, /add a webhook or an email digest with your API key/);
  assert.doesNotMatch(mail, /are off/);
  // Webhooks to no host and no mail: nothing to add, both said to be off.
  const none = await ways({ JOBSEEK_WEBHOOK_PUBLIC: "0" });
  assert.doesNotMatch(none, /PATCH|with your API key/);
  assert.match(none, /Webhooks are off on this server: .*JOBSEEK_WEBHOOK_ALLOW_HOSTS/);
  assert.match(none, /Email digests are off/);
  // Webhooks to listed hosts alone, with mail: email offered by its example.
  const listed = await ways({
    JOBSEEK_WEBHOOK_PUBLIC: "0",
    JOBSEEK_WEBHOOK_ALLOW_HOSTS: "hooks.example",
    JOBSEEK_SMTP_URL: "smtp://127.0.0.1:2525",
    JOBSEEK_MAIL_FROM: "jobs@example.com",
  });
  assert.match(listed, /add a webhook or an email digest/);
});

Deno.test("a saved search's page lists what is new as its feed does: its latest earlier matches while nothing arrived, said as such", async () => {
  const web = await startWeb();
  // A posting seen in the second the search is saved counts as new (times are kept to the
  // second): saved in the next second, the postings just stored are all from before.
  await new Promise((resolve) => setTimeout(resolve, 1010 - Date.now() % 1000));
  try {
    const cookie = await signIn(web, web.userKey);
    const saved = await post(web, "/saved", cookie, await saveForm(web, cookie, "/?q=nurse"));
    const id = new URL(saved.headers.get("location")!, ORIGIN).searchParams.get("saved")!;
    // The list links each card's "What is new".
    const list = await (await web.request("/saved", { cookie })).text();
    assert.ok(list.includes(`href="/saved/${id}#new"`), "no link to what is new");
    const response = await web.request(`/saved/${id}`, { cookie });
    assert.equal(response.status, 200);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const section = page.querySelector("#new");
    assert.equal(section?.querySelector("h3")?.textContent, "What is new");
    assert.match(
      section?.querySelector("p")?.textContent ?? "",
      /^Nothing new since this search was saved \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\): these are its latest matches from before, by posting date\.$/,
    );
    const items = [...section!.querySelectorAll("ol.results > li")];
    assert.ok(items.length > 0, "no earlier match listed");
    // None arrived since it was saved: none is marked new; latest posted first.
    assert.equal(section!.querySelectorAll(".match-new").length, 0);
    const posted = items.map((li) => li.querySelector("time")?.getAttribute("datetime") ?? "");
    assert.deepEqual(posted, [...posted].sort().reverse());
    // Each links the posting's page, under a heading below "What is new".
    assert.ok(items.every((li) => li.querySelector("h4 a[href^='/posting?url=']")));
    // The feed lists the same postings, in the same order.
    const rest = (await restList(web, web.userKey)).find((s) => s.id === id)!;
    const feed = await (await web.request(new URL(rest.feed_url).pathname)).text();
    const titles = [...feed.matchAll(/<title type="text">(.*?)<\/title>/g)].map((m) => m[1]);
    assert.deepEqual(
      titles.map((title) => title.replace(/ at .*$/, "")),
      items.map((li) => li.querySelector("h4 a")?.textContent ?? ""),
    );
  } finally {
    web.close();
  }
});

Deno.test("a session that ended while a page was open sends to a sign-in page that says so, and back to the search", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const fields = await saveForm(web, cookie, "/?q=nurse");
    // The session ends on the server (as when its hours are over): this page's cookie names a
    // session that is gone.
    const signedOut = await post(
      web,
      "/signout",
      cookie,
      new URLSearchParams({
        csrf: fields.get("csrf")!,
      }),
    );
    assert.equal(signedOut.status, 303);
    const search = await web.request("/?q=nurse%20london", { cookie });
    assert.equal(search.status, 303);
    assert.equal(search.headers.get("location"), "/signin?next=%2F%3Fq%3Dnurse%2520london&ended");
    const page = await (await web.request(search.headers.get("location")!, { cookie })).text();
    assert.match(page, /Your sign-in had ended, so that was not done: sign in again to go on\./);
    assert.match(page, /name="next" value="\/\?q=nurse%20london"/);
    // Saving alike, back to the search saved (its save box under it), with no more of the form
    // than the search's own parameters; and the console alike.
    fields.append("employment_type", "parttime");
    fields.append("employment_type", "fulltime");
    fields.append("utm_source", "mail");
    const saved = await post(web, "/saved", cookie, fields);
    assert.equal(saved.status, 303);
    assert.equal(
      saved.headers.get("location"),
      "/signin?next=%2F%3Fq%3Dnurse%26employment_type%3Dparttime%26employment_type%3Dfulltime&ended",
    );
    assert.equal((await restList(web, web.userKey)).length, 0, "nothing was saved");
    const console = await web.request("/admin", { cookie });
    assert.equal(console.headers.get("location"), "/signin?next=%2Fadmin&ended");
    // With no cookie at all, nothing ended: the page asks to sign in, no more. A form posted with
    // none (another tab signed out, and its cookie went) was not done: that is said.
    const fresh = await web.request("/?q=nurse");
    assert.equal(fresh.headers.get("location"), "/signin?next=%2F%3Fq%3Dnurse");
    const cookieless = await post(web, "/saved", "", fields);
    assert.equal(
      cookieless.headers.get("location"),
      "/signin?next=%2F%3Fq%3Dnurse%26employment_type%3Dparttime%26employment_type%3Dfulltime&ended",
    );
    // A HEAD asked nothing to be done; two cities are kept in the link, to be refused there; a body
    // no form makes leads to the list (it was a 500: reviewer C51).
    const head = await web.request("/?q=nurse", { method: "HEAD" });
    assert.equal(head.headers.get("location"), "/signin?next=%2F%3Fq%3Dnurse");
    const twoCities = await post(
      web,
      "/saved",
      "",
      new URLSearchParams([["q", "nurse"], ["city", "Leeds"], ["city", "York"]]),
    );
    assert.equal(
      twoCities.headers.get("location"),
      "/signin?next=%2F%3Fq%3Dnurse%26city%3DLeeds%26city%3DYork&ended",
    );
    const garbage = await web.request("/saved", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "multipart/form-data; boundary=xyz" },
      body: "garbage",
    });
    assert.equal(garbage.status, 303);
    assert.equal(garbage.headers.get("location"), "/signin?next=%2Fsaved&ended");
    assert.doesNotMatch(await (await web.request("/signin?next=%2F")).text(), /had ended/);
  } finally {
    web.close();
  }
});

Deno.test("/saved says a saved search's filter values as postings do ('Part-time'), not as codes", () => {
  // Session 43: "employment type: parttime · seniority: mid · work mode: onsite or hybrid";
  // session 46: "country: GB".
  assert.equal(
    paramsInWords({
      q: "cleaner",
      employment_type: "parttime",
      seniority: ["mid"],
      remote: ["onsite", "hybrid"],
      country: "GB",
    }),
    "“cleaner” · employment type: Part-time · seniority: Mid-level · work mode: On-site or Hybrid · " +
      "country: United Kingdom",
  );
});

Deno.test("the save box says a saved search tells of strong matches, and that none is one now where so", async () => {
  // Reviewer W51: a search of close matches alone was saved in silence, and its page said
  // "nothing matched before".
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const told = async (path: string) => {
      const html = await (await web.request(path, { cookie })).text();
      const page = new DOMParser().parseFromString(html, "text/html");
      const name = page.querySelector("#field-save-name");
      return page.querySelector(`#${name?.getAttribute("aria-describedby")}`)?.textContent;
    };
    assert.equal(
      await told("/?q=nurse"),
      "You will be told of new postings that are strong matches.",
    );
    assert.equal(
      await told("/?q=astronaut"),
      "None is a strong match for this search now: you will be told when one arrives.",
    );
  } finally {
    web.close();
  }
});

Deno.test("a saved CV search offers no page URL: the CV never goes into an address bar", async () => {
  // Reviewer R51b: "Run this search" was `/?profile=<the whole CV>`, which searched nothing.
  const web = await startWeb();
  try {
    const created = await web.request("/v1/saved-searches", {
      method: "POST",
      headers: { "x-api-key": web.userKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "My CV", profile: "Registered nurse, phone 07700 900123." }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/saved", { cookie })).text();
    assert.match(
      page,
      /A CV&#39;s search, run by its deliveries|A CV's search, run by its deliveries/,
    );
    assert.doesNotMatch(page, /profile=|07700/);
    assert.doesNotMatch(page, />Run this search</);
  } finally {
    web.close();
  }
});
