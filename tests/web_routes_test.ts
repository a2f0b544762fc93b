/**
 * The web routes in-process, on the real search service over the first fixture postings and a
 * hostile one: who may search in each `JOBSEEK_WEB` mode, sessions (cookie flags, sign-out,
 * revocation with the key, expiry), forms refused from other sites or without the session's token,
 * page searches counted against the key's REST budget, the console's scope, `/metrics` (401/403,
 * Prometheus text with a latency histogram), the pages' 404 and escaping.
 */
import { emptyCounts, type ImportCounts } from "../src/ingest/import_files.ts";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { Hono } from "hono";
import JSZip from "jszip";
import { DOMParser } from "linkedom";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { JobseekError } from "../src/domain/errors.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery, type SearchQuery } from "../src/domain/search_query.ts";
import type { SearchOutcome, SearchService } from "../src/domain/service.ts";
import { NOT_READY_RETRY_AFTER_SECONDS } from "../src/http/error_response.ts";
import { pdfBomb } from "../fixtures/pdf_bomb.ts";
import { CvFileError } from "../src/ingest/cv_text.ts";
import { openStore } from "../src/store/store.ts";
import { sha256Hex } from "../src/crypto.ts";
import { ServiceMetrics } from "../src/web/metrics.ts";
import { CvReader, CvReadersBusy } from "../src/web/cv_reader.ts";
import type { ConsoleData } from "../src/web/console_data.ts";
import { renderPlot } from "../src/web/plots.ts";
import { safeNext, SIGN_IN_PER_PREFIX_PER_MINUTE } from "../src/web/respond.tsx";
import { ASSETS } from "../src/web/static.ts";
import { WebSessions } from "../src/web/session.ts";
import {
  createTestSearch,
  defaultTestJobs,
  feederAndReaderKeys,
  type TestSearch,
} from "./helpers.ts";
import { startTestServer } from "./test_server.ts";
import { createIngestService } from "../src/search/ingest_service.ts";
import { ORIGIN, pageAt, signIn, startTestWeb, type TestWeb } from "./web_client.ts";

async function hostilePosting(): Promise<Job> {
  // Says it is from indeed, and its link leads elsewhere: the posting page must name where.
  const job_url = "https://indeed.evil.example/viewjob?jk=hostile-web";
  return {
    id: await jobIdFromUrl(job_url),
    job_title: `Lighthouse Keeper <script>alert(1)</script>`,
    company_name: `"><img src=x onerror=alert(2)>`,
    city: "Oban",
    country: "GB",
    publish_time: "2026-11-20 09:00:00",
    job_url,
    job_tags: ["<b>maritime</b>"],
    data_source: "indeed",
    job_description: "Keep the lamp lit.\n<iframe src=https://evil.example></iframe>",
    languages: ["en", "de"],
  };
}

let shared: Promise<TestSearch> | undefined;
function testSearch(): Promise<TestSearch> {
  shared ??=
    (async () =>
      createTestSearch({ jobs: [...await defaultTestJobs(), await hostilePosting()] }))();
  return shared;
}

interface Web extends TestWeb {
  /** Saved searches in the keys' store, owned by `key:NAME`. */
  savedSearches: SavedSearches;
}

async function startWeb(
  env: Record<string, string> = {},
  keyOptions: { rateLimit?: number } = {},
  wrapService: (service: SearchService) => SearchService = (service) => service,
): Promise<Web> {
  const web = await startTestWeb(await testSearch(), { env, keyOptions, wrapService });
  return {
    ...web,
    savedSearches: new SavedSearches({ store: web.store.savedSearches, config: DEFAULT_ALERTS }),
  };
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

async function formToken(web: Web, cookie: string): Promise<string> {
  const html = await (await web.request("/", { cookie })).text();
  const token = html.match(/name="csrf" value="([^"]+)"/)?.[1];
  assert.ok(token, "no form token on the page");
  return token;
}

/** Posts `file` as the CV form from this site: with a session's cookie and token, or from a peer. */
async function postCv(
  web: Web,
  file: File,
  from: { cookie?: string; csrf?: string; peer?: string; work?: string },
): Promise<Response> {
  const body = new FormData();
  if (from.csrf !== undefined) body.set("csrf", from.csrf);
  body.set("cv", file);
  if (from.work !== undefined) body.set("work", from.work);
  const posted = await web.request("/cv", {
    method: "POST",
    headers: { origin: ORIGIN },
    cookie: from.cookie,
    peer: from.peer,
    body,
  });
  // Signed in, the results are their own page, as a browser follows the redirect to it.
  if (posted.status !== 303 || posted.headers.get("location") !== "/cv") return posted;
  return await web.request("/cv", { cookie: from.cookie, peer: from.peer });
}

/** Signs in with the user key: the cookie, and the form token its pages carry. */
async function userSession(web: Web): Promise<{ cookie: string; csrf: string }> {
  const cookie = await signIn(web, web.userKey);
  return { cookie, csrf: await formToken(web, cookie) };
}

Deno.test("key mode: the page sends to sign-in, the cookie is HttpOnly and SameSite=Lax, sign-out ends it", async () => {
  const web = await startWeb();
  try {
    const first = await web.request("/?q=nurse");
    assert.equal(first.status, 303);
    assert.equal(first.headers.get("location"), "/signin?next=%2F%3Fq%3Dnurse");
    const page = await web.request("/signin?next=%2F%3Fq%3Dnurse");
    const html = await page.text();
    assert.match(html, /name="api_key"/);
    assert.match(page.headers.get("content-security-policy")!, /frame-ancestors 'none'/);
    const wrong = await web.request("/signin", {
      method: "POST",
      headers: { origin: ORIGIN },
      body: form({ api_key: "jsk_wrong", next: "/" }),
    });
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /That API key is not valid/);
    const signedIn = await web.request("/signin", {
      method: "POST",
      headers: { origin: ORIGIN },
      body: form({ api_key: web.userKey, next: "/?q=nurse" }),
    });
    assert.equal(signedIn.status, 303);
    assert.equal(signedIn.headers.get("location"), "/?q=nurse");
    const setCookie = signedIn.headers.getSetCookie().join("\n");
    assert.match(setCookie, /HttpOnly/);
    // Lax: a link shared in webmail opens signed in; forms still need the Origin and the token.
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/, "Secure on an http public URL");
    assert.ok(!setCookie.includes(web.userKey), "the key itself is in the cookie");
    const cookie = setCookie.split(";")[0];
    const results = await web.request("/?q=nurse", { cookie });
    assert.equal(results.status, 200);
    assert.match(await results.text(), /\d+ jobs? match/);
    const token = await formToken(web, cookie);
    // "/signout" visited asks, with a button: a visit changes nothing (reviewer W50: a 404).
    const ask = await web.request("/signout", { cookie });
    assert.equal(ask.status, 200);
    const askHtml = await ask.text();
    assert.match(askHtml, /<h1>Sign out\?<\/h1>/);
    assert.match(askHtml, new RegExp(`name="csrf" value="${token}"`));
    assert.equal((await web.request("/?q=nurse", { cookie })).status, 200);
    const out = await web.request("/signout", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token }),
    });
    assert.equal(out.status, 303);
    assert.equal((await web.request("/?q=nurse", { cookie })).status, 303);
    const signedOut = await web.request("/signout", { cookie });
    assert.equal(signedOut.status, 303);
    assert.equal(signedOut.headers.get("location"), "/signin?signed_out");
  } finally {
    web.close();
  }
});

Deno.test("a page's path called with a method it does not take is a 405 page with Allow", async () => {
  // Reviewer W50: these answered a JSON 404 "no endpoint", though the page is there.
  const web = await startWeb();
  try {
    for (
      const [method, path, allow] of [
        ["POST", "/", "GET, HEAD"],
        ["PUT", "/signin", "GET, HEAD, POST"],
        ["DELETE", "/saved", "GET, HEAD, POST"],
        ["POST", "/posting", "GET, HEAD"],
        ["PATCH", "/admin", "GET, HEAD"],
        ["PUT", "/cv", "GET, HEAD, POST"],
        ["PUT", "/saved/abc/delete", "GET, HEAD, POST"],
        ["GET", "/saved/abc/pause", "POST"],
      ]
    ) {
      const response = await web.request(path, { method, headers: { accept: "text/html" } });
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.equal(response.headers.get("allow"), allow, `${method} ${path}`);
      assert.match(response.headers.get("content-type")!, /^text\/html/);
      assert.match(response.headers.get("content-security-policy")!, /frame-ancestors 'none'/);
      assert.match(await response.text(), new RegExp(`This page takes ${allow}, not ${method}\\.`));
    }
    // `/metrics` answers as `/healthz` does, in JSON (reviewer W52: a 404 without Allow).
    for (const method of ["POST", "PUT", "OPTIONS"]) {
      const metrics = await web.request("/metrics", { method });
      assert.equal(metrics.status, 405, `${method} /metrics`);
      assert.equal(metrics.headers.get("allow"), "GET, HEAD");
      assert.match(metrics.headers.get("content-type")!, /json/);
    }
    // No page there: the API's JSON 404, as before.
    const none = await web.request("/nothing", { method: "POST" });
    assert.equal(none.status, 404);
    assert.match(none.headers.get("content-type")!, /json/);
  } finally {
    web.close();
  }
});

Deno.test("the session cookie is Secure when the public URL is https, in capitals too", async () => {
  // The URL parser lower-cases a scheme and host; the setting once kept them as typed, and
  // "HTTPS://" left the cookie without Secure (session 42).
  for (const publicUrl of ["https://jobs.example.com", "HTTPS://Jobs.Example.COM/"]) {
    const web = await startWeb({ JOBSEEK_PUBLIC_URL: publicUrl });
    try {
      const response = await web.request("/signin", {
        method: "POST",
        headers: { origin: "https://jobs.example.com" },
        body: form({ api_key: web.userKey, next: "/" }),
      });
      assert.equal(response.status, 303, publicUrl);
      assert.match(response.headers.getSetCookie().join(), /; Secure/, publicUrl);
    } finally {
      web.close();
    }
  }
});

Deno.test("a session ends when its key is revoked", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    assert.equal((await web.request("/?q=nurse", { cookie })).status, 200);
    assert.equal(await web.apiKeys.revoke("user"), true);
    const after = await web.request("/?q=nurse", { cookie });
    assert.equal(after.status, 303);
    assert.match(after.headers.get("location")!, /^\/signin/);
  } finally {
    web.close();
  }
});

Deno.test("a session expires after its lifetime", async () => {
  const store = await openStore(":memory:");
  try {
    const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
    const { key } = await apiKeys.create("someone");
    let now = Date.UTC(2026, 0, 1);
    const sessions = new WebSessions({
      store: store.webSessions,
      apiKeys,
      lifetimeMs: 3_600_000,
      secure: false,
      now: () => now,
    });
    const app = new Hono();
    app.post("/in", async (c) => c.text((await sessions.signIn(c, key))?.name ?? "none"));
    app.get("/who", async (c) => c.text((await sessions.read(c))?.principal.name ?? "nobody"));
    const signIn = await app.request("/in", { method: "POST" });
    const cookie = signIn.headers.getSetCookie()[0].split(";")[0];
    assert.match(signIn.headers.getSetCookie()[0], /Max-Age=3600/);
    const who = async () => await (await app.request("/who", { headers: { cookie } })).text();
    now += 3_599_000;
    assert.equal(await who(), "someone");
    now += 1000;
    assert.equal(await who(), "nobody");
    now -= 10_000;
    assert.equal(await who(), "nobody", "an expired session came back");
  } finally {
    store.close();
  }
});

Deno.test("forms from another site, or without the session's token, change nothing", async () => {
  const web = await startWeb();
  try {
    const noOrigin = await web.request("/signin", {
      method: "POST",
      body: form({ api_key: web.userKey, next: "/" }),
    });
    assert.equal(noOrigin.status, 403);
    assert.equal(noOrigin.headers.getSetCookie().length, 0);
    const huge = await web.request("/signin", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: `api_key=${"a".repeat(200_000)}`,
    });
    assert.equal(huge.status, 413);
    const cookie = await signIn(web, web.adminKey);
    const token = await formToken(web, cookie);
    const crossSite = await web.request("/admin/keys", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      cookie,
      body: form({ csrf: token, name: "evil-made", scope: "admin" }),
    });
    assert.equal(crossSite.status, 403);
    const noToken = await web.request("/admin/keys", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ name: "tokenless", scope: "admin" }),
    });
    assert.equal(noToken.status, 403);
    const names = (await web.apiKeys.list()).map((k) => k.name);
    assert.deepEqual(names.sort(), ["admin", "user"]);
    const made = await web.request("/admin/keys", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token, name: "made-here", scope: "search" }),
    });
    assert.equal(made.status, 200);
    const html = await made.text();
    const shown = html.match(/id="new-key">(jsk_[^<]+)</)?.[1];
    assert.ok(shown, "the new key is not shown");
    assert.ok(await web.apiKeys.verify(shown), "the key shown does not work");
    const again = await (await web.request("/admin", { cookie })).text();
    assert.ok(!again.includes(shown), "the key is shown a second time");
  } finally {
    web.close();
  }
});

Deno.test("signing in lands where the key can work: an admin-only key on the console unless a page was asked for", async () => {
  const web = await startWeb();
  try {
    const operator = (await web.apiKeys.create("operator", { scopes: ["admin"] })).key;
    const landing = async (key: string, next: string) => {
      const response = await web.request("/signin", {
        method: "POST",
        headers: { origin: ORIGIN },
        body: form({ api_key: key, next }),
      });
      assert.equal(response.status, 303);
      return response.headers.get("location");
    };
    assert.equal(await landing(operator, "/"), "/admin");
    assert.equal(await landing(operator, "/admin/keys"), "/admin/keys");
    assert.equal(await landing(web.adminKey, "/"), "/", "an admin key that may search");
    assert.equal(await landing(web.userKey, "/"), "/");
  } finally {
    web.close();
  }
});

Deno.test("the console: sign in first, 403 without the admin scope", async () => {
  const web = await startWeb();
  try {
    const none = await web.request("/admin");
    assert.equal(none.status, 303);
    assert.equal(none.headers.get("location"), "/signin?next=%2Fadmin");
    const user = await signIn(web, web.userKey);
    assert.equal((await web.request("/admin", { cookie: user })).status, 403);
    assert.equal((await web.request("/admin/plots/countries.svg", { cookie: user })).status, 403);
    const admin = await signIn(web, web.adminKey);
    const page = await web.request("/admin", { cookie: admin });
    assert.equal(page.status, 200);
    const html = await page.text();
    for (
      const heading of ["Index", "Imports and pushes", "Sources", "API keys", "Postings by country"]
    ) {
      assert.match(html, new RegExp(`<h2>${heading}`));
    }
    // An ingest of a folder names dozens of files: the first and a count, the rest folded away,
    // every name escaped (a file may be named anything).
    const tag = crypto.randomUUID().slice(0, 8);
    const files = [`first-${tag}.csv`, ...Array.from({ length: 45 }, (_, i) => `f${i}-${tag}.csv`)];
    files.push(`<img src=x onerror=alert(1)>-${tag}.csv`);
    const saveRun = async (runFiles: string[], counts: Partial<ImportCounts>) =>
      await (await testSearch()).store.importRuns.save({
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        files: runFiles,
        ...emptyCounts(),
        ...counts,
        skipped_by_site: {},
        invalid_examples: [],
      });
    await saveRun(files, { rows_read: 3, inserted: 3 });
    // A run that changed nothing (a source pulled with nothing new) is not listed: the sources
    // table says it, and such runs crowded out the pushes (an operator's trial, session 57).
    await saveRun([`quiet-${tag}.csv`], { rows_read: 40, unchanged: 40 });
    // One that read no row (a failed `jobseek ingest`) is listed (reviewer C58b).
    await saveRun([`header-only-${tag}.csv`], {});
    const withRun = await (await web.request("/admin", { cookie: admin })).text();
    assert.ok(!withRun.includes(`quiet-${tag}.csv`), "a run that changed nothing is listed");
    assert.ok(withRun.includes(`header-only-${tag}.csv`), "a run that read nothing is not listed");
    assert.match(withRun, /\d+ recent runs found every posting unchanged and are not listed/);
    assert.match(withRun, new RegExp(`<summary>first-${tag}\\.csv and 46 more</summary>`));
    assert.ok(withRun.includes(`<li>f44-${tag}.csv</li>`), "a folded file is not listed");
    assert.ok(!withRun.includes("<img src=x"), "a file name reached the console as markup");
    assert.ok(withRun.includes(`&lt;img src=x onerror=alert(1)&gt;-${tag}.csv`));
    const plot = await web.request("/admin/plots/countries.svg", { cookie: admin });
    assert.equal(plot.status, 200);
    assert.match(plot.headers.get("content-type")!, /image\/svg\+xml/);
    assert.match(await plot.text(), /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  } finally {
    web.close();
  }
});

Deno.test("the console's Run now makes a source due; Revoke ends a key", async () => {
  const web = await startWeb();
  try {
    const search = await testSearch();
    const later = Date.now() + 3_600_000;
    const name = `feed-${crypto.randomUUID().slice(0, 8)}`;
    await search.store.sources.addSource({
      name,
      location: "https://feeds.example.com/jobs.csv",
      everyMs: 3_600_000,
      createdAt: Date.now(),
      nextRunAt: later,
    });
    const cookie = await signIn(web, web.adminKey);
    const token = await formToken(web, cookie);
    const consolePage = await (await web.request("/admin", { cookie })).text();
    assert.match(consolePage, new RegExp(`aria-label="Run now: ${name}"`));
    const before = Date.now();
    const run = await web.request("/admin/sources/run", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token, name }),
    });
    assert.equal(run.status, 303);
    const source = await search.store.sources.getSource(name);
    assert.ok(source && source.nextRunAt >= before && source.nextRunAt <= Date.now());
    // Revoke asks first: one press of a button among the keys' rows (Tab, Enter) undid a key
    // for good (tried keyboard only, session 32).
    const asked = await web.request("/admin/keys/revoke", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token, name: "user" }),
    });
    // A page of its own (a GET), so that Back from it resubmits nothing (reviewer W52).
    assert.equal(asked.status, 303);
    assert.equal(asked.headers.get("location"), "/admin/keys/revoke?name=user");
    const question = await (await web.request(asked.headers.get("location")!, { cookie })).text();
    assert.match(question, /<h1>Revoke the key &#39;user&#39;\?<\/h1>/);
    assert.match(question, /name="confirm" value="yes"/);
    assert.match(question, /<a href="\/admin">Keep it<\/a>/);
    assert.ok(await web.apiKeys.verify(web.userKey), "asked, not revoked");
    // The admin's own key: the question says that revoking it signs them out.
    const own = await web.request("/admin/keys/revoke", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token, name: "admin" }),
    });
    const ownQuestion = await web.request(own.headers.get("location")!, { cookie });
    assert.match(await ownQuestion.text(), /You are signed in with this key/);
    // A link asking about a key that is not stored asks nothing (reviewer C52).
    const madeUp = await web.request("/admin/keys/revoke?name=prod%20%E2%80%94%20urgent", {
      cookie,
    });
    assert.equal(madeUp.status, 404);
    assert.doesNotMatch(await madeUp.text(), /name="confirm"/);
    const revoked = await web.request("/admin/keys/revoke", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie,
      body: form({ csrf: token, name: "user", confirm: "yes" }),
    });
    assert.equal(revoked.status, 303);
    const after = await web.request(revoked.headers.get("location")!, { cookie });
    assert.match(await after.text(), /Revoked key &#39;user&#39;\.|Revoked key 'user'\./);
    assert.equal(await web.apiKeys.verify(web.userKey), null);
    await search.store.sources.removeSource(name);

    // A revoked key's name that still owns saved searches is given again only when asked to keep
    // them (its feeds, webhooks and email addresses would pass to whoever gets the name).
    await web.apiKeys.create("ops");
    const kept = await web.savedSearches.create("key:ops", { name: "o", q: "nurse" }, ORIGIN);
    await web.apiKeys.revoke("ops");
    const create = (fields: Record<string, string>) =>
      web.request("/admin/keys", {
        method: "POST",
        headers: { origin: ORIGIN },
        cookie,
        body: form({ csrf: token, name: "ops", scope: "search", ...fields }),
      });
    const refused = await (await create({})).text();
    assert.match(refused, /the name &#39;ops&#39; still owns 1 saved search of a revoked key/);
    assert.equal(await web.apiKeys.principalOfSubject("key:ops"), null, "no key was made");
    const created = await (await create({ keep_saved_searches: "on" })).text();
    assert.match(created, /Created key &#39;ops&#39;/);
    assert.equal((await web.savedSearches.list("key:ops"))[0].id, kept.id);
  } finally {
    web.close();
  }
});

Deno.test("sign-ins from one network are limited, and the page says they were, not searches", async () => {
  const web = await startWeb();
  try {
    const attempt = () =>
      web.request("/signin", {
        method: "POST",
        headers: { origin: ORIGIN },
        body: new URLSearchParams({ api_key: "jsk_not-a-key", next: "/" }),
      });
    for (let i = 0; i < SIGN_IN_PER_PREFIX_PER_MINUTE; i++) {
      assert.equal((await attempt()).status, 401, `attempt ${i + 1}`);
    }
    const refused = await attempt();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    const text = await refused.text();
    assert.match(text, /Too many sign-in attempts from your network in the last minute/);
    assert.ok(!text.includes("searches"), text);
  } finally {
    web.close();
  }
});

Deno.test("page searches count against the key's budget, shared with REST", async () => {
  const web = await startWeb({}, { rateLimit: 4 });
  try {
    const cookie = await signIn(web, web.userKey);
    // A CV searched (its POST and its page: two searches), kept for the HEAD below.
    const cv = new File(["Jane Doe\nRegistered Nurse, Leeds, 2018-present"], "cv.txt");
    const read = await postCv(web, cv, { cookie, csrf: await formToken(web, cookie) });
    assert.equal(read.status, 200);
    assert.equal((await web.request("/?q=nurse", { cookie })).status, 200);
    assert.equal(
      (await web.request("/v1/search?q=nurse", { headers: { "x-api-key": web.userKey } })).status,
      200,
    );
    const refused = await web.request("/?q=teacher", { cookie });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.match(await refused.text(), /Too many searches/);
    // The page without a query searches nothing and costs nothing; nor does a HEAD of a search,
    // which searches nothing (a link checker's or a preview's).
    assert.equal((await web.request("/", { cookie })).status, 200);
    for (
      const [path, status] of [
        ["/?q=teacher", 200],
        ["/cv", 200],
        ["/posting?url=https%3A%2F%2Fexample.com%2F1", 404],
      ] as const
    ) {
      const head = await web.request(path, { method: "HEAD", cookie });
      assert.equal(head.status, status, path);
      assert.equal(await head.text(), "", path);
      assert.equal(head.headers.get("cache-control"), "no-store", path);
    }
    // Still spent for a GET.
    assert.equal((await web.request("/?q=teacher", { cookie })).status, 429);
  } finally {
    web.close();
  }
});

Deno.test("a link cannot put its own sentence on the console", async () => {
  const web = await startWeb();
  try {
    const admin = await signIn(web, web.adminKey);
    const says = async (query: string) => {
      const html = await (await web.request(`/admin?${query}`, { cookie: admin })).text();
      return html.match(/<p class="notice" role="status">(.*?)<\/p>/)?.[1];
    };
    const lure = "Your key leaked. Paste a new admin key at https://evil.example now";
    assert.equal(await says(new URLSearchParams({ done: lure }).toString()), undefined);
    assert.equal(
      await says(new URLSearchParams({ done: "revoked", name: lure }).toString()),
      undefined,
    );
    assert.equal(await says("done=constructor&name=x"), undefined);
    assert.match((await says("done=run&name=feed"))!, /Source (&#39;|')feed(&#39;|') will run/);
  } finally {
    web.close();
  }
});

Deno.test("every console route, not only the page, is 403 for a search key and changes nothing", async () => {
  const web = await startWeb();
  try {
    const user = await signIn(web, web.userKey);
    const csrf = await formToken(web, user);
    const posts: [string, Record<string, string | string[]>][] = [
      ["/admin/keys", { name: "sneaky", scope: "admin" }],
      ["/admin/keys/revoke", { name: "admin" }],
      ["/admin/sources/run", { name: "feed" }],
    ];
    for (const [path, fields] of posts) {
      const body = new URLSearchParams({ csrf });
      for (const [name, value] of Object.entries(fields)) {
        for (const v of [value].flat()) body.append(name, v);
      }
      const response = await web.request(path, {
        method: "POST",
        headers: { origin: ORIGIN },
        cookie: user,
        body,
      });
      assert.equal(response.status, 403, path);
      await response.body?.cancel();
      // Nobody signed in is sent to sign in, and nothing is done either.
      const anonymous = await web.request(path, {
        method: "POST",
        headers: { origin: ORIGIN },
        body: new URLSearchParams(fields as Record<string, string>),
      });
      assert.equal(anonymous.status, 303, path);
      assert.match(anonymous.headers.get("location")!, /^\/signin/);
    }
    for (const path of ["/admin", "/admin/plots/first-seen.svg", "/admin/plots/nope.svg"]) {
      const response = await web.request(path, { cookie: user });
      assert.equal(response.status, 403, path);
      await response.body?.cancel();
    }
    const names = (await web.apiKeys.list()).map((k) => k.name).sort();
    assert.deepEqual(names, ["admin", "user"]);
  } finally {
    web.close();
  }
});

Deno.test("public mode: a CV upload counts against the network's limit even when the file is bad", async () => {
  const web = await startWeb({ JOBSEEK_WEB: "public", JOBSEEK_RATE_LIMIT: "3" });
  try {
    const upload = () =>
      postCv(web, new File(["old word file"], "cv.doc"), { peer: "203.0.113.9" });
    for (let i = 0; i < 3; i++) {
      const response = await upload();
      assert.equal(response.status, 400, `upload ${i + 1}`);
      await response.body?.cancel();
    }
    const refused = await upload();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    await refused.body?.cancel();
  } finally {
    web.close();
  }
});

Deno.test("public mode: a CV's results answer its upload, and a posting opened from them leads to the search", async () => {
  // Reviewer C51: "Back to the jobs for your CV" led a public page's visitor to a 404 (no session
  // keeps a CV there).
  const web = await startWeb({ JOBSEEK_WEB: "public" });
  try {
    const page = await postCv(web, new File(["Registered nurse. Toronto."], "cv.txt"), {
      peer: "203.0.113.20",
    });
    assert.equal(page.status, 200);
    const href = new DOMParser().parseFromString(await page.text(), "text/html")
      .querySelector("article.result h3 a")?.getAttribute("href");
    assert.ok(href);
    const posting = new DOMParser().parseFromString(
      await (await web.request(href, {
        peer: "203.0.113.20",
        headers: { referer: `${ORIGIN}/cv` },
      })).text(),
      "text/html",
    );
    const link = posting.querySelector("main p a");
    assert.deepEqual([link?.getAttribute("href"), link?.textContent], ["/", "Back to the search"]);
  } finally {
    web.close();
  }
});

Deno.test("public mode: anyone searches, limited per address prefix", async () => {
  const web = await startWeb({ JOBSEEK_WEB: "public", JOBSEEK_RATE_LIMIT: "3" });
  try {
    for (const host of [1, 2, 3]) {
      const ok = await web.request("/?q=nurse", { peer: `203.0.113.${host}` });
      assert.equal(ok.status, 200, `request ${host}`);
    }
    const refused = await web.request("/?q=nurse", { peer: "203.0.113.77" });
    assert.equal(refused.status, 429);
    assert.equal((await web.request("/?q=nurse", { peer: "198.51.100.1" })).status, 200);
    // The console stays for admin keys only.
    assert.equal((await web.request("/admin", { peer: "198.51.100.1" })).status, 303);
  } finally {
    web.close();
  }
});

Deno.test("off: no pages, the API's JSON 404, /metrics still served", async () => {
  const web = await startWeb({ JOBSEEK_WEB: "off" });
  try {
    const page = await web.request("/", { headers: { accept: "text/html" } });
    assert.equal(page.status, 404);
    assert.equal((await page.json()).error_code, "NOT_FOUND");
    assert.equal((await web.request("/signin")).status, 404);
    assert.equal(
      (await web.request("/metrics", { headers: { "x-api-key": web.adminKey } })).status,
      200,
    );
  } finally {
    web.close();
  }
});

Deno.test("a company typed with no words searches nothing, and the page says how to list its postings", async () => {
  // A person's trial (session 57): the page said only "Type the work ..." with Company filled in.
  const web = await startWeb();
  try {
    const { cookie } = await userSession(web);
    const page = await web.request("/?company=Amazon", { cookie });
    assert.equal(page.status, 200);
    const document = new DOMParser().parseFromString(await page.text(), "text/html");
    const results = document.querySelector("#results");
    assert.equal(results?.querySelectorAll(".result").length, 0);
    const link = results?.querySelector("a");
    assert.equal(link?.getAttribute("href"), "/?q=jobs+at+Amazon");
    assert.match(results?.textContent ?? "", /The filters narrow a search of the words/);
    // Without a company, the plain invitation alone.
    const blank = await (await web.request("/", { cookie })).text();
    assert.doesNotMatch(blank, /jobs at/);
  } finally {
    web.close();
  }
});

Deno.test("a search before the index is loaded: a page saying so, 503 with the API's Retry-After", async () => {
  // A service with no index yet, as a starting server's is.
  const web = await startWeb({}, {}, (service) => ({
    isReady: () => false,
    search: () => {
      throw new JobseekError("NOT_READY", "Cannot search: the search index is not loaded yet");
    },
    listCities: (options) => service.listCities(options),
  }));
  try {
    const { cookie } = await userSession(web);
    const page = await web.request("/?q=nurse", { cookie });
    assert.equal(page.status, 503);
    assert.equal(page.headers.get("retry-after"), String(NOT_READY_RETRY_AFTER_SECONDS));
    const text = await page.text();
    assert.match(text, /Not ready yet[\s\S]*the search index is not loaded yet/);
    // The header is the signed-in person's, as on every page: not "Sign in".
    assert.match(text, /Signed in as user/);
    assert.match(text, /action="\/signout"/);
  } finally {
    web.close();
  }
});

Deno.test("a page that fails: the 500 page with the request id, in the signed-in person's frame", async () => {
  const web = await startWeb({}, {}, (service) => ({
    ...service,
    isReady: () => true,
    search: () => Promise.reject(new Error("the index broke")),
    listCities: (options) => service.listCities(options),
  }));
  try {
    const { cookie } = await userSession(web);
    const page = await web.request("/?q=nurse", { cookie });
    assert.equal(page.status, 500);
    assert.match(page.headers.get("content-security-policy")!, /default-src 'none'/);
    const text = await page.text();
    assert.match(text, /Something went wrong[\s\S]*Quote request [0-9a-f-]{36}/);
    assert.ok(!text.includes("the index broke"), "the error's own words reach the page");
    assert.match(text, /Signed in as user/);
  } finally {
    web.close();
  }
});

Deno.test("the pages' own 404 for browsers, JSON for API clients", async () => {
  const web = await startWeb();
  try {
    const page = await web.request("/no-such-page", { headers: { accept: "text/html" } });
    assert.equal(page.status, 404);
    assert.match(page.headers.get("content-type")!, /text\/html/);
    assert.match(page.headers.get("content-security-policy")!, /default-src 'none'/);
    assert.match(await page.text(), /Page not found/);
    // Signed in, the 404 keeps the person's own header, not "Sign in" (session 26: it did not).
    const cookie = await signIn(web, web.userKey);
    const signedIn = await web.request("/no-such-page", {
      cookie,
      headers: { accept: "text/html" },
    });
    assert.equal(signedIn.status, 404);
    const signedInText = await signedIn.text();
    assert.match(signedInText, /Signed in as user/);
    assert.ok(
      !signedInText.includes('href="/signin"'),
      "the 404 offers a signed-in person to sign in",
    );
    const api = await web.request("/v1/nothing", { headers: { accept: "text/html" } });
    assert.equal((await api.json()).error_code, "NOT_FOUND");
    const unknownPosting = await web.request("/posting?url=https%3A%2F%2Fnowhere.example%2F", {
      cookie: await signIn(web, web.userKey),
    });
    assert.equal(unknownPosting.status, 404);
  } finally {
    web.close();
  }
});

Deno.test("a posting's page leads back to the list it was opened from, on this site only", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const list = (await pageAt(web, "/?q=nurse", { cookie })).page;
    const href = list.querySelector("article.result h3 a")?.getAttribute("href");
    assert.ok(href);
    const back = async (referer?: string) => {
      const { page } = await pageAt(web, href, { cookie, headers: referer ? { referer } : {} });
      const link = page.querySelector("main p a");
      return [link?.getAttribute("href"), link?.textContent];
    };
    assert.deepEqual(await back(`${ORIGIN}/?q=nurse&city=Toronto`), [
      "/?q=nurse&city=Toronto",
      "Back to the search",
    ]);
    // From a saved search's page it had led to an empty search (reviewer W51).
    assert.deepEqual(await back(`${ORIGIN}/saved/abc123`), [
      "/saved/abc123",
      "Back to the saved search",
    ]);
    assert.deepEqual(await back(`${ORIGIN}/saved`), ["/saved", "Back to your saved searches"]);
    for (const elsewhere of [undefined, `${ORIGIN}/admin`, "https://evil.example/?q=nurse"]) {
      assert.deepEqual(await back(elsewhere), ["/", "Back to the search"], elsewhere);
    }
  } finally {
    web.close();
  }
});

Deno.test("the pay field says its currency: any posting's own, or the one chosen", async () => {
  // A person's trial (session 56): "Yearly salary at least 30000" listed rupees a month beside
  // pounds a year, and the page said nothing of currency.
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const selectOf = async (path: string) => {
      const html = await (await web.request(path, { cookie })).text();
      const page = new DOMParser().parseFromString(html, "text/html");
      const select = page.querySelector("select#field-salary_currency");
      const options = [...(select?.querySelectorAll("option") ?? [])];
      return {
        page,
        chosen: options.filter((o) => o.hasAttribute("selected")).map((o) => o.textContent),
        codes: options.map((o) => o.getAttribute("value")),
      };
    };
    const plain = await selectOf("/?q=nurse&salary_min=30000");
    assert.deepEqual(plain.chosen, ["Any (each posting's own currency)"]);
    assert.deepEqual(plain.codes, ["", "USD", "GBP", "EUR", "CAD", "AUD", "INR"]);
    const pounds = await selectOf("/?q=nurse&salary_min=30000&salary_currency=GBP");
    assert.deepEqual(pounds.chosen, ["GBP"]);
    assert.match(pounds.page.querySelector(".applied ul")?.textContent ?? "", /pay in: GBP/);
    // A code the list lacks, from a shared link, stays chosen.
    assert.deepEqual((await selectOf("/?q=nurse&salary_currency=CHF")).chosen, ["CHF"]);
    // "Any" sends an empty value, which the page's URL leaves out.
    const any = await web.request("/?q=nurse&salary_min=30000&salary_currency=", { cookie });
    assert.equal(any.status, 303);
    assert.equal(any.headers.get("location"), "/?q=nurse&salary_min=30000");
  } finally {
    await web.close();
  }
});

Deno.test("an emptied search says why and links to the search without that filter", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const response = await web.request("/?q=nurse&country=ZZ&sort=relevance", { cookie });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /No jobs match\./);
    // The hint names the filter by the field's words, not as REST sends it (session 37).
    assert.match(html, /Nothing matches with country: ZZ;/);
    assert.doesNotMatch(html, /country=ZZ/);
    assert.match(
      html,
      /<a href="\/\?q=nurse&amp;sort=relevance">Search again without “Country”<\/a>/,
    );
    // A filter is said by its field's words, not its parameter's name.
    const paid = await (await web.request("/?q=nurse&salary_min=30000", { cookie })).text();
    const applied = new DOMParser().parseFromString(paid, "text/html").querySelector(".applied ul");
    assert.match(
      applied?.textContent ?? "",
      /yearly salary at least: 30000 Remove “Yearly salary at least”/,
    );
    assert.ok(!(applied?.textContent ?? "").includes("salary_min"), applied?.textContent);
    const invalid = await web.request("/?q=nurse&since=garbage", { cookie });
    assert.equal(invalid.status, 400);
    assert.match(await invalid.text(), /“Posted since”: must look like YYYY-MM-DD/);
    // Two filters, one a list: each said as its field ("work mode: hybrid,remote").
    const two = await (await web.request(
      "/?q=nurse&remote=hybrid&remote=remote&salary_min=900000",
      { cookie },
    )).text();
    const notice = new DOMParser().parseFromString(two, "text/html").querySelector(".notice");
    assert.match(notice?.textContent ?? "", /yearly salary at least: 900000/, two);
    assert.doesNotMatch(notice?.textContent ?? "", /salary_min|remote=/);
  } finally {
    web.close();
  }
});

Deno.test("a refused search marks its field invalid, said beside it and at the top of the form by its label", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    for (
      const [url, field] of [
        ["/?q=nurse&near=Torontoo", "near"],
        ["/?q=nurse&since=2026-13-45", "since"],
        ["/?q=nurse&added_since=garbage", "added_since"],
        ["/?q=nurse&radius_km=50", "radius_km"],
        ["/?q=nurse&salary_min=lots", "salary_min"],
        [`/?q=${"nurse ".repeat(200)}`, "q"],
      ]
    ) {
      const response = await web.request(url, { cookie });
      assert.equal(response.status, 400, url);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const input = page.querySelector(`#field-${field}`);
      assert.equal(input?.getAttribute("aria-invalid"), "true", url);
      const describedBy = input?.getAttribute("aria-describedby") ?? "";
      const error = page.querySelector(`#${describedBy}`);
      // Said beside the field by its label, as the form shows it (session 38).
      const label = page.querySelector(`label[for=field-${field}]`)?.textContent ?? "";
      assert.ok(label !== "", url);
      assert.ok((error?.textContent ?? "").includes(`Error: “${label}”: `), url);
      assert.ok(!(error?.textContent ?? "").includes(`'${field}'`), url);
      // And at the top of the form, announced, linking to the field.
      const summary = page.querySelector("#error-summary [role=alert]");
      assert.equal(summary?.querySelector("a")?.getAttribute("href"), `#field-${field}`, url);
      // Only that field is marked; a field in "More filters" has it open.
      assert.equal(page.querySelectorAll("[aria-invalid]").length, 1, url);
      if (field !== "q") assert.ok(input?.closest("details")?.hasAttribute("open"), url);
    }
    // An accepted search marks no field.
    const fine = await (await web.request("/?q=nurse&near=Toronto", { cookie })).text();
    assert.doesNotMatch(fine, /aria-invalid/);
  } finally {
    web.close();
  }
});

Deno.test("two cities ticked are refused with a link to each city alone, not searched as the first", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const response = await web.request("/?q=nurse&city=Toronto&city=%3Cb%3ELeeds", { cookie });
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.doesNotMatch(html, /<b>Leeds/, "a value is text, not markup");
    const page = new DOMParser().parseFromString(html, "text/html");
    const summary = page.querySelector("#error-summary [role=alert]");
    assert.match(
      summary?.textContent ?? "",
      /“City”: takes one value, and 2 different ones were given/,
    );
    assert.deepEqual(
      [...summary!.querySelectorAll("li li a")].map((a) => [a.textContent, a.getAttribute("href")]),
      [
        ["Search with city: Toronto", "/?q=nurse&city=Toronto"],
        ["Search with city: <b>Leeds", "/?q=nurse&city=%3Cb%3ELeeds"],
      ],
    );
    assert.equal(page.querySelectorAll(".result").length, 0);
    // The same city twice is that city.
    assert.equal(
      (await web.request("/?q=nurse&city=Toronto&city=Toronto", { cookie })).status,
      200,
    );
    // Two queries offer each; an order given twice is mended in the form, with no link to follow.
    const links = async (url: string) => {
      const response = await web.request(url, { cookie });
      assert.equal(response.status, 400, url);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      return [...page.querySelectorAll("#error-summary li li a")].map((a) => a.textContent);
    };
    assert.deepEqual(await links("/?q=nurse&q=chef"), ["Search for “nurse”", "Search for “chef”"]);
    assert.deepEqual(await links("/?q=nurse&sort=date&sort=relevance"), []);
  } finally {
    web.close();
  }
});

Deno.test("a radius without near is refused, and taking near off takes its radius too", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const alone = await web.request("/?q=nurse&radius_km=50", { cookie });
    assert.equal(alone.status, 400);
    assert.match(
      await alone.text(),
      /“Radius \(km\)”: it only applies with “Near \(city\)”/,
    );
    // "Remove “Near (city)”" and "Search again without “Near (city)”" would leave the radius
    // alone, refused.
    const html = await (await web.request("/?q=nurse&near=Toronto&radius_km=10", { cookie }))
      .text();
    const links = [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("a")]
      .filter((a) => /without “Near \(city\)”|Remove “Near \(city\)”/.test(a.textContent ?? ""));
    assert.ok(links.length > 0, html);
    for (const link of links) {
      const href = link.getAttribute("href")!;
      assert.equal(href, "/?q=nurse", link.textContent ?? "");
      assert.equal((await web.request(href, { cookie })).status, 200);
    }
  } finally {
    web.close();
  }
});

Deno.test("a page past the end of the list says so and links the first and the last page", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const full = await (await web.request("/?q=nurse", { cookie })).text();
    const count = Number(full.match(/(\d+) jobs? match/)?.[1]);
    assert.ok(count > 0, full);
    const response = await web.request("/?q=nurse&offset=5000", { cookie });
    assert.equal(response.status, 200);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    assert.match(
      page.querySelector("#count")?.textContent ?? "",
      /match\. This page is past the end of the list\./,
    );
    const notice = page.querySelector(".past-end")?.textContent ?? "";
    assert.match(notice, new RegExp(`starts at result 5001, past the end of the list: it has`));
    const links: Record<string, string> = Object.fromEntries(
      [...page.querySelectorAll(".past-end a")].map((
        a,
      ) => [a.textContent ?? "", a.getAttribute("href") ?? ""]),
    );
    assert.equal(links["First page"], "/?q=nurse#result-list");
    // No "Previous page" to another page past the end.
    assert.equal(page.querySelector("a[rel=prev]"), null);
    const last = Object.entries(links).find(([text]) => text.startsWith("Last page"));
    if (count > 20) {
      assert.ok(last, JSON.stringify(links));
      const lastPage = await (await web.request(last[1].replace(/#.*/, ""), { cookie })).text();
      const shown = new DOMParser().parseFromString(lastPage, "text/html");
      assert.ok(shown.querySelectorAll("ol.results > li").length > 0);
      assert.equal(shown.querySelector("a[rel=next]"), null, "the last page is the last");
      assert.equal(shown.querySelector(".past-end"), null);
    } else assert.equal(last, undefined);
  } finally {
    web.close();
  }
});

Deno.test("a place the search does not know is said at the top of the form, not a 500", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    // A place the search does not know (a typo in "Near") is refused by the search itself, not
    // its parser: said beside the form as well, with the form still there (it was a 500).
    const unknownPlace = await web.request("/?q=nurse&near=Torontoo", { cookie });
    assert.equal(unknownPlace.status, 400);
    const refused = await unknownPlace.text();
    assert.match(
      refused,
      /<div role="alert"><h2 id="error-summary-title">There is a problem<\/h2><ul><li><a href="#field-near">“Near \(city\)”: no place called &#39;Torontoo&#39;/,
    );
    assert.match(refused, /<input id="field-near"[^>]*value="Torontoo"/);
  } finally {
    web.close();
  }
});

Deno.test("the page words the service's hint for people: no response field names", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=registered+nurse&city=Chicago", { cookie })).text();
    assert.match(page, /No strong match with city: Chicago/);
    // One close match there, said in the singular.
    assert.match(page, /the close match that passes the filters is listed below\./);
    assert.ok(!page.includes("`"), "a backticked API name on the page");
  } finally {
    web.close();
  }
});

Deno.test("no strong match in a city: the page shows the closest there, marked, and relevance order continues past the strong ones", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    // The bundled postings hold no strong match for "registered nurse" in Chicago, and one close:
    // a CNA job.
    const dated = await (await web.request("/?q=registered+nurse&city=Chicago", { cookie }))
      .text();
    assert.match(dated, /No strong match; 1 close match\. Showing 1–1\./);
    assert.match(dated, /<h2 class="closest">Closest matches in Chicago<\/h2>/);
    assert.match(dated, /CNA<\/a><span class="match-close">Close match<\/span>/);
    // "RN - Med/Surg" in Dallas reads as a registered nurse (src/index/title_abbreviations.ts): a
    // strong match for "nurse" there, where it was the one close match before session 20.
    const dallas = await (await web.request("/?q=nurse&city=Dallas", { cookie })).text();
    assert.match(dallas, /RN - Med\/Surg<\/a>/);
    assert.ok(!dallas.includes("match-close"), "a close match for nurse in Dallas");

    const ranked = await (await web.request("/?q=nurse&sort=relevance&top_k=50", { cookie }))
      .text();
    const strong = Number(ranked.match(/(\d+) jobs? match, then (\d+) close match/)?.[1]);
    assert.ok(strong > 0, "relevance order names its strong and close matches");
    const titles = [...ranked.matchAll(/<h3 id="result-(\d+)">.*?<\/h3>/g)].map((m) => m[0]);
    const firstClose = titles.findIndex((h) => h.includes("match-close"));
    // Close matches come after every strong one, and only there.
    assert.ok(firstClose === -1 || firstClose >= Math.min(strong, titles.length));
    assert.ok(
      titles.slice(firstClose === -1 ? titles.length : firstClose).every((h) =>
        h.includes("match-close")
      ),
    );
  } finally {
    web.close();
  }
});

Deno.test("a place named in the query is said as what the page keeps: remote is not a place to search in", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const remote = await (await web.request("/?q=remote+nurse", { cookie })).text();
    assert.match(remote, /Searching remote postings: your query named it \(&quot;remote&quot;\)\./);
    // And the hint that nothing among them is near the words names no place: their nearest are
    // listed as close matches, and the words' matches elsewhere counted.
    assert.match(
      remote,
      /Nothing among the remote postings is near these words \(&quot;<a href="\/\?q=nurse">nurse<\/a>&quot; lists (the one posting|the \d+ postings) elsewhere\): the (one remote posting nearest them is|\d+ remote postings nearest them are) listed as close matches?/,
    );
    // Both queries it suggests are links: the words elsewhere, and the remote postings' list.
    assert.match(remote, /&quot;<a href="\/\?q=remote\+jobs">remote jobs<\/a>&quot; lists /);
    const chicago = await (await web.request("/?q=nurse+jobs+in+Chicago", { cookie })).text();
    assert.match(
      chicago,
      /Searching postings in Chicago: your query named it \(&quot;Chicago&quot;\)\./,
    );
    // "near" keeps what the near filter keeps, and the page offers to widen it.
    const near = await (await web.request("/?q=nurse+jobs+near+Chicago", { cookie })).text();
    assert.match(
      near,
      /Searching postings within 25 km of Chicago, US: your query named it \(&quot;Chicago&quot;\)\./,
    );
    const wider = [...new DOMParser().parseFromString(near, "text/html").querySelectorAll("a")]
      .find((a) => a.textContent === "Search within 50 km");
    assert.ok(wider, "a link to search wider");
    const widened = new URLSearchParams(wider.getAttribute("href")!.replace(/^\/\?/, ""));
    assert.deepEqual([...widened], [
      ["q", "nurse jobs near Chicago"],
      ["near", "Chicago, US"],
      ["radius_km", "50"],
    ]);
    const widenedPage = await (await web.request(wider.getAttribute("href")!, { cookie })).text();
    assert.match(widenedPage, /near \(city\): Chicago, US/);
    assert.doesNotMatch(widenedPage, /your query named it/);
  } finally {
    web.close();
  }
});

Deno.test("no strong match is said once above the closest postings, not again in their heading", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    for (
      const [path, heading] of [
        // A filter emptied the strong set; nothing in the index is a strong match for the words.
        ["/?q=registered+nurse&city=Chicago", "Closest matches in Chicago"],
        ["/?q=underwater+basket+weaving", "Nearest postings"],
      ]
    ) {
      const page = await (await web.request(path, { cookie })).text();
      assert.match(page, new RegExp(`<h2 class="closest">${heading}</h2>`), path);
      // The count (read out by screen readers) says it in short; the notice says why, once.
      const saying = /No (posting is a )?strong match/g;
      const count = page.match(/<p id="count"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "";
      assert.match(count, /^No strong match; \d+ close match/, path);
      const rest = page.replace(count, "");
      assert.equal([...rest.matchAll(saying)].length, 1, `${path} says it more than once`);
    }
  } finally {
    web.close();
  }
});

Deno.test("newest first ends its strong matches with a link to the close ones, best first", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const ranked = await (await web.request("/?q=registered+nurse&sort=relevance", { cookie }))
      .text();
    const counts = ranked.match(/(\d+) jobs? match, then (\d+) close match/);
    assert.ok(counts, "relevance order names its strong and close matches");
    const [strong, close] = [Number(counts[1]), Number(counts[2])];
    assert.ok(strong > 1 && strong < 50 && close > 0, `${strong} strong, ${close} close`);
    assert.ok(!ranked.includes("close-note"), "relevance order lists the close ones itself");

    // Every strong match on one page: the note ends it, and its link keeps the query.
    const dated = await (await web.request("/?q=registered+nurse&top_k=50", { cookie })).text();
    assert.match(dated, new RegExp(`${strong} jobs match\\.`));
    assert.match(
      dated,
      new RegExp(
        `<p class="close-note">${
          close === 1 ? "One more posting is" : `${close} more postings are`
        } a close match\\. ` +
          `<a href="/\\?q=registered\\+nurse&amp;top_k=50&amp;sort=relevance">` +
          `List every match, best first</a></p>`,
      ),
    );
    // A first page with a next one: the note waits for the last page.
    const paged = await (await web.request("/?q=registered+nurse&top_k=1", { cookie })).text();
    assert.ok(!paged.includes("close-note"), "the note on a page that is not the last");
    const last = await (await web.request(
      `/?q=registered+nurse&top_k=1&offset=${strong - 1}`,
      { cookie },
    )).text();
    assert.match(last, /class="close-note"/);
    // No strong match under the filters: the closest are listed already, with no note.
    const city = await (await web.request("/?q=registered+nurse&city=Chicago", { cookie })).text();
    assert.ok(!city.includes("close-note"), "a note beside the closest matches");
  } finally {
    web.close();
  }
});

Deno.test("a hostile posting is escaped in the list and on its page", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const list = await (await web.request("/?q=lighthouse+keeper", { cookie })).text();
    assert.match(list, /Lighthouse Keeper &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.ok(!list.includes("<script>alert"), "raw script in the list");
    assert.ok(!list.includes("<img src=x"), "raw img in the list");
    // The languages the work needs, read at import, by their names, said as languages.
    assert.match(list, /<dt>Languages<\/dt><dd>In English and German<\/dd>/);
    const href = list.match(/href="(\/posting\?url=[^"]*hostile-web[^"]*)"/)?.[1];
    assert.ok(href, "no link to the hostile posting");
    const page = await (await web.request(href.replaceAll("&amp;", "&"), { cookie })).text();
    assert.match(page, /&lt;iframe src=https:\/\/evil.example&gt;&lt;\/iframe&gt;/);
    assert.ok(!page.includes("<iframe"), "raw iframe on the posting page");
    // The link says the host it leads to: "View on indeed" sent a person to another site, as
    // the posting's own `data_source` claimed (tried as a person, session 32).
    const link = page.match(/<a href="https:\/\/indeed\.evil\.example\/[^"]*"[^>]*>([^<]*)<\/a>/);
    assert.ok(link, "no link to the posting's URL");
    assert.equal(link[1], "View the posting on indeed.evil.example");
    assert.match(page, /<dd>indeed · <a href="https:\/\/indeed\.evil\.example\//);
  } finally {
    web.close();
  }
});

Deno.test("a CV whose place holds none of its work is told, in the page's words, where to look", async () => {
  // The API's hint names `near`, `city` and `country`, which the CV form has not (session 54).
  const web = await startWeb();
  try {
    const session = await userSession(web);
    const html = await (await postCv(
      web,
      new File(["I am a nurse. I live in Berlin."], "cv.txt", { type: "text/plain" }),
      session,
    )).text();
    const page = new DOMParser().parseFromString(html, "text/html");
    const notice = page.querySelector("main .notice")?.textContent ?? "";
    assert.match(
      notice,
      /^No strong match for the profile near Berlin, DE\b.*\. Elsewhere it has \d+ strong match/,
    );
    assert.match(
      notice,
      /search for the work and a place on the search page \(“nurse in Leeds”\) to look there\.$/,
    );
    assert.doesNotMatch(notice, /near, city or country|`/);
  } finally {
    web.close();
  }
});

Deno.test("a CV of one plain sentence is read; a CV with no role says what the page offers, and the work typed beside it is searched", async () => {
  const asked: SearchQuery[] = [];
  const web = await startWeb({}, {}, (service) => ({
    isReady: () => service.isReady(),
    listCities: (options) => service.listCities(options),
    search: (query) => (asked.push(query), service.search(query)),
  }));
  try {
    const session = await userSession(web);
    const upload = (text: string, work?: string) =>
      postCv(web, new File([text], "cv.txt", { type: "text/plain" }), { ...session, work });
    const roles = (html: string) => {
      const page = new DOMParser().parseFromString(html, "text/html");
      return {
        text: page.querySelector("main")?.textContent ?? "",
        derived: page.querySelector(".derived")?.textContent ?? "",
        results: page.querySelectorAll(".result").length,
      };
    };
    // Reviewer W51: "Experienced nurse looking for work in Leeds." was read as no role.
    const plain = roles(
      await (await upload("Experienced nurse looking for work in Toronto.")).text(),
    );
    // The title without its qualifier ("Experienced").
    assert.match(plain.derived, /Roles\s*nurse\s*Skills/);
    assert.ok(plain.results > 0);
    // No role: the advice is this page's, with no API parameter in it.
    const none = roles(await (await upload("Hello. I live in Toronto and like walks.")).text());
    assert.equal(none.results, 0);
    assert.match(
      none.text,
      /No role could be read from your CV: say the work you want in the box below/,
    );
    assert.doesNotMatch(none.text, /`|\bq\b/);
    // The work typed beside a CV is searched first, as `q` beside a profile is through the API and
    // the CLI: where the CV names no role, and where it names one (until session 58 the page left
    // it out there, without a word: a person's trial; one rule for every transport: reviewer C58).
    const typed = roles(
      await (await upload("Hello. I live in Toronto and like walks.", "nurse")).text(),
    );
    assert.ok(typed.results > 0, typed.text);
    assert.match(typed.text, /nurse/i);
    const cv = "Experienced nurse looking for work in Toronto.";
    asked.length = 0;
    const beside = new DOMParser().parseFromString(
      await (await upload(cv, "receptionist")).text(),
      "text/html",
    );
    assert.deepEqual(asked.map((query) => [query.q, query.profile]), [["receptionist", cv]]);
    const direct = await (await testSearch()).service.search(
      parseSearchQuery({ profile: cv, q: "receptionist", top_k: 50 }, "q"),
    );
    assert.deepEqual(
      [...beside.querySelectorAll(".result h3 a")].map((a) => a.textContent),
      direct.results.map((r) => r.job_title),
    );
    assert.match(beside.querySelector(".derived")?.textContent ?? "", /receptionist/);
  } finally {
    web.close();
  }
});

Deno.test("a CV's results are a page of the session's to come back to, gone when it signs out", async () => {
  const web = await startWeb();
  try {
    const session = await userSession(web);
    // None searched yet: the search page's CV form, where one is chosen.
    const none = await web.request("/cv", { cookie: session.cookie });
    assert.equal(none.status, 303);
    assert.equal(none.headers.get("location"), "/#cv-search");
    assert.match(
      await (await web.request("/", { cookie: session.cookie })).text(),
      /id="cv-search"/,
    );
    const body = new FormData();
    body.set("csrf", session.csrf);
    body.set("cv", new File(["Registered nurse, 6 years. Toronto."], "cv.txt"));
    const posted = await web.request("/cv", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie: session.cookie,
      body,
    });
    // Posted, then a page of its own: Back and reload open it again (reviewer W51).
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get("location"), "/cv");
    for (let i = 0; i < 2; i++) {
      const again = await web.request("/cv", { cookie: session.cookie });
      assert.equal(again.status, 200);
      const html = await again.text();
      assert.match(html, /Read from cv\.txt\./);
      assert.match(html, /class="result"/);
      assert.equal(again.headers.get("cache-control"), "no-store");
    }
    // Another session never sees it; signing out takes it away.
    const tokenHash = sha256Hex(session.cookie.split("=")[1]);
    assert.equal((await web.store.webSessions.findCv(tokenHash))?.fileName, "cv.txt");
    const other = await userSession(web);
    assert.equal((await web.request("/cv", { cookie: other.cookie })).status, 303);
    // A long file name is said cut; one past what Deno's form parser reads is a 400 page, not a
    // 500 (reviewer C51).
    const upload = (name: string) => {
      const body = new FormData();
      body.set("csrf", session.csrf);
      body.set("cv", new File(["Registered nurse. Toronto."], name));
      return web.request("/cv", {
        method: "POST",
        headers: { origin: ORIGIN },
        cookie: session.cookie,
        body,
      });
    };
    assert.equal((await upload(`${"a".repeat(5_000)}.txt`)).status, 303);
    const longPage = await (await web.request("/cv", { cookie: session.cookie })).text();
    assert.match(longPage, /Read from a{150,200}…\.txt\./);
    const tooLong = await upload(`${"a".repeat(70_000)}.txt`);
    assert.equal(tooLong.status, 400);
    assert.match(await tooLong.text(), /What was sent is no form this page can read/);
    const out = await web.request("/signout", {
      method: "POST",
      headers: { origin: ORIGIN },
      cookie: session.cookie,
      body: form({ csrf: session.csrf }),
    });
    assert.equal(out.status, 303);
    assert.equal(await web.store.webSessions.findCv(tokenHash), null);
    // A CV read while its session was signed out is not kept after it (reviewer C51).
    const late = { text: "Nurse.", work: "", fileName: "cv.txt", cut: 0 };
    assert.equal(await web.store.webSessions.saveCv(tokenHash, late, Date.now() + 60_000), false);
    assert.equal(await web.store.webSessions.findCv(tokenHash), null);
  } finally {
    web.close();
  }
});

Deno.test("a CV upload: derived roles and results; a .doc is refused with what to do", async () => {
  let searched: SearchOutcome | undefined;
  const web = await startWeb({}, {}, (service) => ({
    isReady: () => service.isReady(),
    listCities: (options) => service.listCities(options),
    search: async (query) => (searched = await service.search(query)),
  }));
  try {
    const session = await userSession(web);
    const upload = (name: string, text: string, csrf = session.csrf) =>
      postCv(web, new File([text], name, { type: "text/plain" }), { ...session, csrf });
    const ok = await upload("cv.txt", "Registered nurse, 6 years in intensive care. Toronto.");
    assert.equal(ok.status, 200);
    const html = await ok.text();
    assert.match(html, /What the search took from your CV/);
    assert.match(html, /class="result"/);
    // The count says the strong matches and the close ones after them (reviewer W50: "12 jobs
    // match. Showing the best 20." where 8 of the 20 were close), all of them as the API counts
    // them, not the ones shown (a person's trial, session 57).
    const parsed = new DOMParser().parseFromString(html, "text/html");
    const shown = parsed.querySelectorAll(".result").length;
    const line = parsed.querySelector("#count")?.textContent ?? "";
    const { total, close_total: close } = searched!;
    assert.ok(total > 0 && close !== undefined && close > 0, JSON.stringify({ total, close }));
    assert.equal(
      line,
      `${total} job${total === 1 ? " matches" : "s match"}, then ${close} close match${
        close === 1 ? "" : "es"
      }. Showing the best ${shown}.`,
    );
    // Each result's day is said once to a screen reader: the hidden term, then the date alone
    // ("Posted" beside it is for the eye).
    const result = new DOMParser().parseFromString(html, "text/html").querySelector(".result")!;
    const posted = [...result.querySelectorAll("dt")].find((dt) => dt.textContent === "Posted")!;
    const day = posted.nextElementSibling!;
    assert.match(day.querySelector("time")?.textContent ?? "", /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(day.querySelector('[aria-hidden="true"]')?.textContent, "Posted\u00a0");
    // A name with "=" or ";" in it, which Deno's form parser cuts short ('"cv'): read by its bytes.
    for (const name of ["cv=final.txt", "Jane; CV.txt"]) {
      const odd = await upload(name, "Registered nurse, 6 years in intensive care. Toronto.");
      assert.equal(odd.status, 200, name);
      assert.match(await odd.text(), /What the search took from your CV/, name);
    }
    // An empty file chosen is told it is empty, not to choose one (reviewer W51).
    const empty = await upload("cv.txt", "");
    assert.equal(empty.status, 400);
    assert.match(await empty.text(), /The file chosen is empty: choose a CV with text in it\./);
    const doc = await upload("cv.doc", "old word file");
    assert.equal(doc.status, 400);
    assert.match(await doc.text(), /save it as .docx/);
    assert.equal((await upload("cv.txt", "nurse", "wrong-token")).status, 403);
  } finally {
    web.close();
  }
});

/** A .docx whose document part unpacks to `bytes` of text: a few hundred KiB as uploaded. */
async function docxBomb(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  zip.file(
    "word/document.xml",
    `<?xml version="1.0"?><w:document xmlns:w="${w}"><w:body><w:p><w:r><w:t>Nurse ` +
      "a".repeat(bytes) + "</w:t></w:r></w:p></w:body></w:document>",
  );
  return new Uint8Array(await zip.generateAsync({ type: "arraybuffer", compression: "DEFLATE" }));
}

Deno.test("a .docx that unpacks to far more than a CV is refused before it is parsed", async () => {
  const web = await startWeb();
  try {
    const session = await userSession(web);
    const bomb = await docxBomb(64 * 1024 * 1024);
    assert.ok(bomb.byteLength < 1024 * 1024, `the bomb is ${bomb.byteLength} bytes`);
    const response = await postCv(web, new File([bomb], "cv.docx"), session);
    const page = await response.text();
    assert.equal(response.status, 400, page.slice(0, 300));
    assert.match(page, /unpacks to more than/);
  } finally {
    web.close();
  }
});

Deno.test("a PDF whose page unpacks to a gigabyte is refused, and the server reads the next CV", async () => {
  const web = await startWeb();
  try {
    const session = await userSession(web);
    const upload = (pdf: Uint8Array<ArrayBuffer>) =>
      postCv(web, new File([pdf], "cv.pdf"), session);
    // A small one of the same make is read: the reader is not refusing PDFs as such.
    const small = await upload(await pdfBomb(64 * 1024));
    assert.equal(small.status, 200);
    assert.match(await small.text(), /What the search took from your CV/);
    const bomb = await pdfBomb(1024 * 1024 * 1024);
    assert.ok(bomb.byteLength < 10 * 1024 * 1024, `the bomb is ${bomb.byteLength} bytes`);
    const response = await upload(bomb);
    const page = await response.text();
    assert.equal(response.status, 400, page.slice(0, 300));
    assert.match(page, /far more than a CV holds/);
    // And the server goes on reading CVs.
    assert.equal((await upload(await pdfBomb(64 * 1024))).status, 200);
  } finally {
    web.close();
  }
});

Deno.test("after a PDF bomb the next CVs are read, and the server's memory stays where it was", async () => {
  const web = await startWeb();
  try {
    const session = await userSession(web);
    const upload = async (pdf: Uint8Array<ArrayBuffer>) => {
      const response = await postCv(web, new File([pdf], "cv.pdf"), session);
      return { status: response.status, page: await response.text() };
    };
    const small = await pdfBomb(64 * 1024);
    assert.equal((await upload(small)).status, 200);
    // This worker's own heap and buffers, sampled while the bomb is read: what this isolate holds,
    // whatever the suite's other workers do meanwhile.
    const isolate = () => {
      const { heapUsed, external } = Deno.memoryUsage();
      return heapUsed + external;
    };
    const isolateBefore = isolate();
    let isolatePeak = isolateBefore;
    const sampler = setInterval(() => isolatePeak = Math.max(isolatePeak, isolate()), 10);
    const before = Deno.memoryUsage().rss;
    const bomb = await upload(await pdfBomb(1024 * 1024 * 1024)).finally(() =>
      clearInterval(sampler)
    );
    assert.equal(bomb.status, 400, bomb.page.slice(0, 300));
    const isolateGrown = isolatePeak - isolateBefore;
    assert.ok(
      isolateGrown < 200 * 1024 * 1024,
      `the server's isolate grew by ${isolateGrown >> 20} MiB`,
    );
    assert.match(bomb.page, /far more than a CV holds/);
    // A reader killed mid-bomb held its gigabyte elsewhere: the server's memory is not its.
    for (let i = 0; i < 5; i++) {
      const next = await upload(small);
      assert.equal(next.status, 200, `read ${i + 1} after the bomb: ${next.page.slice(0, 300)}`);
      assert.match(next.page, /What the search took from your CV/);
    }
    // The process's RSS is shared with the suite's other workers (up to ~360 MiB of theirs seen
    // under load): half the bomb is what a read inside this process, in any of its threads, passes.
    const grown = Deno.memoryUsage().rss - before;
    assert.ok(grown < 512 * 1024 * 1024, `the server grew by ${grown >> 20} MiB`);
  } finally {
    web.close();
  }
});

/** The pids of this process's children that read a CV (Linux; empty elsewhere). */
function cvChildren(): number[] {
  const pids: number[] = [];
  try {
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      try {
        const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const command = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
        if (parent === Deno.pid && command.includes("cv_child.ts")) pids.push(Number(entry.name));
      } catch {
        // It ended while we looked.
      }
    }
  } catch {
    // No /proc: not Linux.
  }
  return pids;
}

Deno.test("a CV read that outlasts the timeout is killed, and says it takes too long", async () => {
  // Memory is no limit here: the bomb is read until the timeout stops it (a whole read takes
  // seconds and gigabytes).
  const reader = new CvReader({ timeoutMs: 1_000, memoryBytes: 8 * 1024 ** 3, concurrent: 1 });
  const reading = reader.read("cv.pdf", await pdfBomb(1024 * 1024 * 1024));
  const outcome = reading.then(() => "read", (error: unknown) => error);
  if (Deno.build.os === "linux") {
    let seen: number[] = [];
    for (let i = 0; i < 200 && seen.length === 0; i++) {
      seen = cvChildren();
      if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(seen.length, 1, "no reading process was seen");
  }
  const error = await outcome;
  assert.ok(error instanceof CvFileError, String(error));
  assert.equal(
    error.message,
    "Cannot read the CV cv.pdf: it takes too long to read; save it as a .txt file",
  );
  assert.deepEqual(cvChildren(), []);
  // Its one reading slot is free again: the next CV is taken, not refused as busy. (Under a
  // loaded CI machine a reading process can take more than this reader's 1 s to start, so the
  // next read may itself time out; what must not happen is the busy refusal.)
  const next = await reader.read("cv.txt", new TextEncoder().encode("Nurse in Toronto")).catch((
    error: unknown,
  ) => error);
  assert.ok(!(next instanceof CvReadersBusy), "the killed read still holds its slot");
  if (!(next instanceof CvFileError)) {
    assert.equal((next as { text: string }).text, "Nurse in Toronto");
  }
});

Deno.test("a third CV read while two are under way is refused as busy", async () => {
  const reader = new CvReader();
  const bomb = await pdfBomb(1024 * 1024 * 1024);
  const first = reader.read("a.pdf", bomb).catch((error: unknown) => error);
  const second = reader.read("b.pdf", bomb).catch((error: unknown) => error);
  await assert.rejects(reader.read("c.txt", new TextEncoder().encode("Nurse")), CvReadersBusy);
  assert.ok(await first instanceof CvFileError);
  assert.ok(await second instanceof CvFileError);
  assert.equal((await reader.read("c.txt", new TextEncoder().encode("Nurse"))).text, "Nurse");
});

/** Every sample line of a Prometheus text exposition: `name{labels} value`. */
function samples(text: string): { name: string; labels: string; value: number }[] {
  return text.split("\n").filter((line) => line !== "" && !line.startsWith("#")).map((line) => {
    const match = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (-?[0-9.e+-]+|NaN|\+Inf)$/);
    assert.ok(match, `not a Prometheus sample line: ${line}`);
    return { name: match[1], labels: match[2] ?? "", value: Number(match[3]) };
  });
}

Deno.test("/metrics: 401 without a key, 403 without the admin scope, Prometheus text for admins", async () => {
  const web = await startWeb();
  try {
    assert.equal((await web.request("/metrics")).status, 401);
    const user = await web.request("/metrics", { headers: { "x-api-key": web.userKey } });
    assert.equal(user.status, 403);
    assert.equal((await user.json()).error_code, "AUTH_INSUFFICIENT_SCOPE");
    const wrong = await web.request("/metrics", { headers: { authorization: "Bearer jsk_nope" } });
    assert.equal(wrong.status, 403);
    await web.request("/v1/search?q=nurse", { headers: { "x-api-key": web.userKey } });
    const viaHeader = await web.request("/metrics", { headers: { "x-api-key": web.adminKey } });
    assert.equal(viaHeader.status, 200);
    const bearer = await web.request("/metrics", {
      headers: { authorization: `Bearer ${web.adminKey}` },
    });
    assert.equal(bearer.status, 200);
    assert.match(bearer.headers.get("content-type")!, /^text\/plain; version=0\.0\.4/);
    const text = await bearer.text();
    assert.match(text, /# TYPE jobseek_http_request_duration_seconds histogram/);
    const all = samples(text);
    const search = all.filter((s) =>
      s.name === "jobseek_http_request_duration_seconds_bucket" &&
      s.labels.includes('route="/v1/search"')
    );
    assert.ok(search.some((s) => s.labels.includes('le="+Inf"') && s.value === 1), "no histogram");
    assert.ok(
      all.some((s) =>
        s.name === "jobseek_http_requests_total" && s.labels.includes('route="/metrics"') &&
        s.labels.includes('status="401"')
      ),
      "the refused scrape is not counted",
    );
    assert.equal(all.find((s) => s.name === "jobseek_searches_total")?.value, 1);
  } finally {
    web.close();
  }
});

Deno.test("/metrics: made-up methods and paths add no series", async () => {
  const web = await startWeb();
  try {
    const series = async () =>
      samples(
        await (await web.request("/metrics", { headers: { "x-api-key": web.adminKey } })).text(),
      ).filter((s) => s.name === "jobseek_http_requests_total").length;
    await web.request("/v1/search?q=nurse", { headers: { "x-api-key": web.userKey } });
    await web.request("/nowhere-0");
    await web.request("/nowhere-0", { method: "BREW0" });
    await web.request("/v1/search?q=nurse", { method: "BREW0" });
    const settled = await series();
    for (let i = 1; i <= 30; i++) {
      await web.request(`/nowhere-${i}`);
      await web.request(`/v1/search?q=nurse`, { method: `BREW${i}` });
      await web.request(`/nowhere-${i}`, { method: `BREW${i}` });
    }
    const after = await series();
    const shown = await (await web.request("/metrics", { headers: { "x-api-key": web.adminKey } }))
      .text();
    assert.ok(
      after - settled <= 1,
      `random methods or paths added series: ${settled} -> ${after}\n${
        shown.split("\n").filter((l) => l.startsWith("jobseek_http_requests_total")).join("\n")
      }`,
    );
    const text = await (await web.request("/metrics", { headers: { "x-api-key": web.adminKey } }))
      .text();
    assert.ok(!/BREW\d/.test(text), "a made-up method is a label value");
    assert.ok(!text.includes("nowhere"), "a made-up path is a label value");
  } finally {
    web.close();
  }
});

Deno.test("/static/ serves its files and nothing else: inherited names are 404", async () => {
  const web = await startWeb();
  try {
    const css = await web.request("/static/web.css");
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type")!, /^text\/css/);
    await css.body?.cancel();
    // Every page names its icon; without one each load asks for /favicon.ico and logs a 404.
    const page = await (await web.request("/signin")).text();
    const icon = page.match(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/)?.[1];
    assert.ok(icon, "the page links its icon");
    const svg = await web.request(icon.replaceAll("&amp;", "&"));
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get("content-type"), "image/svg+xml");
    assert.match(await svg.text(), /^<svg /);
    // Opened on its own (the icon is an SVG document then), a file runs, loads and frames nothing.
    for (const name of Object.keys(ASSETS)) {
      const file = await web.request(`/static/${name}`);
      assert.equal(file.status, 200, name);
      const csp = file.headers.get("content-security-policy") ?? "";
      assert.match(csp, /default-src 'none'/, name);
      assert.match(csp, /frame-ancestors 'none'/, name);
      assert.doesNotMatch(csp, /script-src/, name);
      assert.equal(file.headers.get("x-frame-options"), "DENY", name);
      assert.equal(file.headers.get("x-content-type-options"), "nosniff", name);
      await file.body?.cancel();
    }
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "nope.js"]) {
      const response = await web.request(`/static/${name}`, { headers: { accept: "text/html" } });
      assert.equal(response.status, 404, name);
      assert.match(response.headers.get("content-type")!, /^text\/html/, name);
      await response.body?.cancel();
    }
  } finally {
    web.close();
  }
});

Deno.test("plots: any source, country or work-mode name is text in well-formed SVG", () => {
  // XML 1.0 allows no C0 control but tab, newline and carriage return: one would blank the image.
  const notXml = (text: string) =>
    [...text].some((ch) => ch < " " && ch !== "\t" && ch !== "\n" && ch !== "\r");
  const names = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(
      `</text><script>alert(1)</script>`,
      `"><svg onload=alert(1)>`,
      "a\u0001b\u001fc",
    ),
  );
  fc.assert(
    fc.property(names, names, (source, place) => {
      const data = {
        postings: {
          firstSeen: [
            { day: "2026-11-20", source, count: 3 },
            { day: "2026-11-21", source, count: 4 },
          ],
          byCountry: [{ value: place, count: 5 }],
          byWorkMode: [{ value: place, count: 2 }],
          computedAt: 0,
        },
      } as unknown as ConsoleData;
      for (const name of ["first-seen", "countries", "work-modes"] as const) {
        const svg = renderPlot(name, data);
        assert.ok(!notXml(svg), `${name}: a control character in the SVG`);
        const document = new DOMParser().parseFromString(svg, "image/svg+xml");
        assert.equal(document.querySelectorAll("script").length, 0, `${name}: a script element`);
        assert.ok(
          [...document.querySelectorAll("*")].every((element: { attributes: { name: string }[] }) =>
            [...element.attributes].every((a) => !a.name.startsWith("on"))
          ),
          `${name}: an event handler attribute`,
        );
      }
    }),
    { numRuns: 60 },
  );
});

Deno.test("plots write nothing to the console: the server's log is JSON lines alone", () => {
  // Thirty sources first seen one day each: Plot warned "the implicit z channel has high
  // cardinality" on stderr at every view of /admin (an operator's trial, session 57).
  const firstSeen = Array.from({ length: 30 }, (_, at) => ({
    day: `2026-11-${String((at % 28) + 1).padStart(2, "0")}`,
    source: `feed ${at}`,
    count: at + 1,
  }));
  const data = {
    postings: { firstSeen, byCountry: [], byWorkMode: [], computedAt: 0 },
    searches: [{ minute: Date.UTC(2026, 11, 3, 13), count: 2, p50Ms: 4, p95Ms: 9 }],
    publishes: [{ at: Date.UTC(2026, 11, 3, 13), seconds: 2, kind: "full" }],
  } as unknown as ConsoleData;
  const written: unknown[][] = [];
  const { warn, log, error } = console;
  // The console is what is watched: Plot writes its warnings there.
  // deno-lint-ignore no-console
  console.warn = console.log = console.error = (...args: unknown[]) => void written.push(args);
  try {
    for (const name of ["first-seen", "searches", "publishes"] as const) renderPlot(name, data);
  } finally {
    Object.assign(console, { warn, log, error });
  }
  assert.deepEqual(written, []);
});

Deno.test("plots: the searches plot's time axis reads 24-hour UTC", () => {
  // An afternoon's minutes: D3's own ticks read "01 PM", "01:30".
  const start = Date.UTC(2026, 11, 3, 13, 0);
  const data = {
    searches: Array.from({ length: 90 }, (_, at) => ({
      minute: start + at * 60_000,
      count: at % 7,
      p50Ms: 4,
      p95Ms: 9,
    })),
  } as unknown as ConsoleData;
  const svg = renderPlot("searches", data);
  const document = new DOMParser().parseFromString(svg, "image/svg+xml");
  const ticks = [...document.querySelectorAll('g[aria-label="x-axis tick label"] text')]
    .map((text: { textContent: string }) => text.textContent);
  assert.ok(ticks.length >= 3, JSON.stringify(ticks));
  for (const tick of ticks) assert.match(tick, /^(?:1[34]):[0-5]\d$/, JSON.stringify(ticks));
  assert.ok(!/\b(?:AM|PM)\b/.test(svg));
});

Deno.test("metrics read publishes, source runs and pushes off the log lines", () => {
  const metrics = new ServiceMetrics();
  metrics.observeLog("index published", { total_ms: 1500, doc_count: 10 });
  metrics.observeLog("index delta published", { total_ms: 200, doc_count: 11 });
  // As a compaction's publish process reports it (its log lines reach the server's logger).
  metrics.observeLog("index deltas compacted", { total_ms: 3400, doc_count: 11, deltas: 20 });
  metrics.observeLog("source pulled", { source: "feed", outcome: "imported" });
  // As the puller logs a failed pull (at warn, its own message).
  metrics.observeLog("source pull failed", { source: "feed", outcome: "HTTP 500" });
  metrics.observeLog("postings pushed", { rows_read: 7 });
  metrics.observeLog("index snapshot loaded", { doc_count: 11, load_ms: 5 });
  metrics.observeRequest("GET", "/v1/search", 429, 0.001);
  assert.deepEqual(metrics.publishes().map((p) => [p.kind, p.seconds]), [
    ["full", 1.5],
    ["delta", 0.2],
    ["compaction", 3.4],
  ]);
  return metrics.text().then((text) => {
    const all = samples(text);
    const value = (name: string, labels = "") =>
      all.find((s) => s.name === name && s.labels.includes(labels))?.value;
    assert.equal(value("jobseek_publish_duration_seconds_count", 'kind="full"'), 1);
    assert.equal(value("jobseek_publish_duration_seconds_count", 'kind="compaction"'), 1);
    assert.equal(value("jobseek_source_runs_total", 'outcome="ok"'), 1);
    assert.equal(value("jobseek_source_runs_total", 'outcome="failed"'), 1);
    assert.equal(value("jobseek_pushed_postings_total"), 7);
    assert.equal(value("jobseek_index_postings"), 11);
    assert.equal(value("jobseek_rate_limit_refusals_total", 'route="/v1/search"'), 1);
  });
});

Deno.test("after sign-in a person is only ever sent to a path on this site", () => {
  const site = "https://jobs.example";
  // A browser resolves a Location against the page, after dropping tabs and newlines from it.
  const landing = (target: string) => new URL(target, `${site}/signin`);
  const sneaky = fc.constantFrom("/", "\\", "\t", "\n", "\r", " ", "%09", ":", "evil.example");
  const nexts = fc.oneof(
    fc.string(),
    // Any code point, lone surrogates included: a hand-made link may carry them.
    fc.string({ unit: "binary" }).map((text) => "/" + text),
    fc.array(sneaky, { maxLength: 6 }).map((parts) => parts.join("")),
    fc.array(sneaky, { maxLength: 6 }).map((parts) => "/" + parts.join("")),
  );
  fc.assert(
    fc.property(nexts, (next) => {
      const target = safeNext(next);
      assert.ok(target.startsWith("/"), `${JSON.stringify(next)} -> ${JSON.stringify(target)}`);
      assert.equal(landing(target).origin, site, `${JSON.stringify(next)} leaves the site`);
      // Printable ASCII: what a Location header carries as it was meant (no 500, no mojibake).
      assert.ok(
        [...target].every((ch) => ch > " " && ch < "\u007f"),
        `not printable ASCII in ${JSON.stringify(target)}`,
      );
      assert.equal(new Headers({ location: target }).get("location"), target);
    }),
    { numRuns: 2000 },
  );
  for (
    const evil of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:x",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\t\\evil.example",
      // What the URL parser resolves to two slashes.
      "/.//evil.example",
      "/..//evil.example",
      "/./\\evil.example",
    ]
  ) {
    assert.equal(safeNext(evil), "/", JSON.stringify(evil));
  }
  // A path of this site, with its query, is kept as it was.
  assert.equal(safeNext("/?q=nurse&remote=hybrid"), "/?q=nurse&remote=hybrid");
  assert.equal(safeNext("/admin"), "/admin");
  // A query in other letters than ASCII keeps its meaning, as UTF-8.
  assert.equal(safeNext("/?q=café München"), "/?q=caf%C3%A9%20M%C3%BCnchen");
  assert.equal(safeNext("/?q=caf%C3%A9"), "/?q=caf%C3%A9");
});

Deno.test("signed in, /signin?next= a path in other letters than ASCII redirects there, no 500", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const response = await web.request(`/signin?next=${encodeURIComponent("/?q=café")}`, {
      cookie,
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get("location"), "/?q=caf%C3%A9");
  } finally {
    web.close();
  }
});

Deno.test("signed in, /signin?next= with a tab before a second slash stays on this site", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const response = await web.request(`/signin?next=${encodeURIComponent("/\t/evil.example")}`, {
      cookie,
    });
    assert.equal(response.status, 303);
    const location = response.headers.get("location")!;
    assert.equal(new URL(location, ORIGIN).origin, ORIGIN, `sent to ${JSON.stringify(location)}`);
  } finally {
    web.close();
  }
});

Deno.test("an employment type in the query: the page says it was read, not filtered, and links the filter", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=Part-Time+charge+nurse", { cookie })).text();
    const document = new DOMParser().parseFromString(page, "text/html");
    const said = [...document.querySelectorAll(".applied p")].find((p) =>
      (p.textContent ?? "").startsWith('Read "part time" as the employment type (Part-time)')
    );
    assert.ok(said, page);
    assert.match(said.textContent ?? "", /ticking Employment type "Part-time" keeps only/);
    // Newest first: the type decides which postings are matches, not their order.
    assert.match(said.textContent ?? "", /state it or say it are counted as matches more readily/);
    const best = await (await web.request("/?q=Part-Time+charge+nurse&sort=relevance", { cookie }))
      .text();
    assert.match(best, /state it or say it rank a little higher than they would without it/);
    // Each result says the type it states, so that a person sees what was lifted (reviewer W52).
    const types = [
      ...new DOMParser().parseFromString(best, "text/html").querySelectorAll("article.result dl"),
    ].map((dl) => {
      const terms = [...dl.querySelectorAll("dt")];
      const at = terms.findIndex((dt) => dt.textContent === "Employment type");
      return at < 0 ? null : dl.querySelectorAll("dd")[at]?.textContent;
    });
    assert.ok(types.some((type) => type && /Part-time/.test(type)), JSON.stringify(types));
    const link = said.querySelector("a");
    assert.equal(link?.getAttribute("href"), "/?q=Part-Time+charge+nurse&employment_type=parttime");
    // Following it applies the filter; the page no longer offers it.
    const filtered = await (await web.request(link!.getAttribute("href")!, { cookie })).text();
    const text = new DOMParser().parseFromString(filtered, "text/html").querySelector(".applied")
      ?.textContent ?? "";
    assert.ok(
      text.includes('Read "part time" as the employment type (Part-time), not as the work.'),
      text,
    );
    assert.ok(!text.includes("keeps only the postings that state it"), text);
  } finally {
    web.close();
  }
});

Deno.test("facets say a type, a level and a work mode in a posting's words; the URL keeps the code", async () => {
  // The facets showed "parttime", "mid", "onsite" where a posting's page says "Part-time".
  const words: Record<string, string> = {
    fulltime: "Full-time",
    parttime: "Part-time",
    contract: "Contract",
    internship: "Internship",
    temporary: "Temporary",
    intern: "Intern",
    junior: "Junior",
    mid: "Mid-level",
    senior: "Senior",
    lead: "Lead",
    executive: "Executive",
    remote: "Remote",
    hybrid: "Hybrid",
    onsite: "On-site",
  };
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = new DOMParser().parseFromString(
      await (await web.request("/?q=nurse", { cookie })).text(),
      "text/html",
    );
    const shown = new Map<string, string[]>();
    for (const name of ["employment_type", "seniority", "remote"]) {
      for (const box of page.querySelectorAll(`.facets input[name="${name}"]`)) {
        const value = box.getAttribute("value")!;
        const label = box.closest("label")!.querySelector("span")!.textContent;
        assert.equal(label, words[value], `${name}=${value}`);
        shown.set(name, [...shown.get(name) ?? [], value]);
      }
    }
    assert.ok(shown.get("employment_type")?.includes("fulltime"), [...shown].join(" "));
    assert.ok((shown.get("seniority") ?? []).length > 0, [...shown].join(" "));
    // Ticked, the box is still the filter's code in the URL, and says its words.
    const ticked = new DOMParser().parseFromString(
      await (await web.request("/?q=nurse&employment_type=parttime", { cookie })).text(),
      "text/html",
    );
    const box = ticked.querySelector('.facets input[name="employment_type"][value="parttime"]');
    assert.ok(box?.hasAttribute("checked"));
    assert.equal(box?.closest("label")?.querySelector("span")?.textContent, "Part-time");
  } finally {
    web.close();
  }
});

Deno.test("a seniority alone in the query: the page says it was read and links the filter", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=senior+remote+jobs", { cookie })).text();
    const document = new DOMParser().parseFromString(page, "text/html");
    const said = [...document.querySelectorAll(".applied p")].find((p) =>
      (p.textContent ?? "").startsWith('Read "senior" as the seniority (Senior)')
    );
    assert.ok(said, page);
    assert.match(said.textContent ?? "", /ticking Seniority "Senior" keeps only the first/);
    const link = said.querySelector("a");
    assert.equal(link?.getAttribute("href"), "/?q=senior+remote+jobs&seniority=senior");
    const filtered = await (await web.request(link!.getAttribute("href")!, { cookie })).text();
    const text = new DOMParser().parseFromString(filtered, "text/html").querySelector(".applied")
      ?.textContent ?? "";
    assert.ok(text.includes('Read "senior" as the seniority (Senior), not as the work.'), text);
    assert.ok(!text.includes("keeps only the first"), text);
    // With no place named only that level is listed: no filter link to the same list.
    const anywhere = new DOMParser().parseFromString(
      await (await web.request("/?q=senior+jobs", { cookie })).text(),
      "text/html",
    );
    const level = [...anywhere.querySelectorAll(".applied p")].find((p) =>
      (p.textContent ?? "").startsWith('Read "senior" as the seniority (Senior)')
    );
    assert.ok(level, anywhere.body?.textContent ?? "");
    assert.match(level.textContent ?? "", /only the postings whose title or job level says it/);
    assert.ok(level.querySelector("a") === null, level.innerHTML);
  } finally {
    web.close();
  }
});

/** The sentence of what the page read (`.applied`) that says `saying`, on the page of `q`. */
async function appliedSaying(web: Web, cookie: string, q: string, saying: string) {
  const page = await (await web.request(`/?q=${encodeURIComponent(q)}`, { cookie })).text();
  const document = new DOMParser().parseFromString(page, "text/html");
  const said = [...document.querySelectorAll(".applied p")].find((p) =>
    (p.textContent ?? "").includes(saying)
  );
  assert.ok(said, page);
  return said;
}

Deno.test("a level beside the work: the page says it and links the filter, unless none of the work's postings is of the level", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const readOf = (q: string) => appliedSaying(web, cookie, q, "as the seniority");
    const junior = await readOf("junior developer");
    assert.match(junior.textContent ?? "", /beside the work: the postings of the work whose title/);
    assert.equal(
      junior.querySelector("a")?.getAttribute("href"),
      "/?q=junior+developer&seniority=junior",
    );
    // None of the data analysts is an entry-level one: the filter would keep none of what is
    // listed, and is not offered.
    const none = await readOf("entry level data analyst");
    assert.match(none.textContent ?? "", /none of the work's postings says junior or intern/);
    // A boolean, not the element: a failing assertion would inspect the whole document.
    assert.ok(none.querySelector("a") === null, none.innerHTML);
  } finally {
    web.close();
  }
});

Deno.test("how the work is done beside the work: the page says it and links the filter, unless none of the work's postings is done that way", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const readOf = (q: string) => appliedSaying(web, cookie, q, "as how the work is done");
    // On-site beside the work: few postings' fields say it, and the filter is not offered.
    const onsite = await readOf("nurse onsite");
    assert.ok(onsite.querySelector("a") === null, onsite.innerHTML);
    const hybrid = await readOf("data analyst hybrid");
    assert.match(hybrid.textContent ?? "", /beside the work: the postings of the work that say/);
    assert.equal(
      hybrid.querySelector("a")?.getAttribute("href"),
      "/?q=data+analyst+hybrid&remote=hybrid",
    );
    // None of the nurses is a hybrid one: the filter would keep none of what is listed.
    const none = await readOf("nurse hybrid");
    assert.match(none.textContent ?? "", /none of the work's strong matches says hybrid/);
    assert.ok(none.querySelector("a") === null, none.innerHTML);
  } finally {
    web.close();
  }
});

Deno.test("a hint's suggested query is a link that searches it under the same filters", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=Berlin&source=linkedin", { cookie })).text();
    const notice = new DOMParser().parseFromString(page, "text/html").querySelector(".notice");
    assert.match(notice?.textContent ?? "", /Searched "Berlin" as words.*"jobs in Berlin" lists/);
    const link = notice?.querySelector("a");
    assert.equal(link?.textContent, "jobs in Berlin");
    assert.equal(link?.getAttribute("href"), "/?q=jobs+in+Berlin&source=linkedin");
    // Followed, it lists the place's postings, the count the hint gave.
    const said = /lists (?:all (\d+) postings|the (one) posting)/.exec(notice?.textContent ?? "");
    assert.ok(said, notice?.textContent ?? "");
    const count = said[1] ?? "1";
    const listed = await (await web.request(link!.getAttribute("href")!, { cookie })).text();
    assert.match(listed, new RegExp(`${count} jobs? match`));
  } finally {
    web.close();
  }
});

Deno.test("hybrid alone in the query: the page says it was read and links the filter", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=hybrid+jobs+in+Berlin", { cookie })).text();
    const document = new DOMParser().parseFromString(page, "text/html");
    const said = [...document.querySelectorAll(".applied p")].find((p) =>
      (p.textContent ?? "").startsWith('Read "hybrid" as how the work is done (Hybrid)')
    );
    assert.ok(said, page);
    const link = said.querySelector("a");
    assert.equal(link?.getAttribute("href"), "/?q=hybrid+jobs+in+Berlin&remote=hybrid");
    const filtered = await (await web.request(link!.getAttribute("href")!, { cookie })).text();
    const text = new DOMParser().parseFromString(filtered, "text/html").querySelector(".applied")
      ?.textContent ?? "";
    assert.ok(
      text.includes('Read "hybrid" as how the work is done (Hybrid), not as the work.'),
      text,
    );
    assert.ok(!text.includes("Only postings that say hybrid"), text);
  } finally {
    web.close();
  }
});

Deno.test("'remote or hybrid' in the query: the page says both were read and links the filter with both", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=remote+or+hybrid+jobs+in+Berlin", { cookie }))
      .text();
    const document = new DOMParser().parseFromString(page, "text/html");
    const said = [...document.querySelectorAll(".applied p")].find((p) =>
      (p.textContent ?? "").startsWith(
        'Read "remote or hybrid" as how the work is done (Remote or Hybrid)',
      )
    );
    assert.ok(said, page);
    assert.match(
      said.textContent ?? "",
      /ticking Work mode "Remote" and "Hybrid" keeps only the first/,
    );
    const link = said.querySelector("a");
    assert.equal(link?.textContent, "Only postings that say remote or hybrid");
    assert.equal(
      link?.getAttribute("href"),
      "/?q=remote+or+hybrid+jobs+in+Berlin&remote=remote&remote=hybrid",
    );
    const filtered = await (await web.request(link!.getAttribute("href")!, { cookie })).text();
    const results = new DOMParser().parseFromString(filtered, "text/html");
    const modes = [...results.querySelectorAll("dd")].map((d) => d.textContent ?? "");
    assert.ok(modes.includes("Hybrid"), filtered);
    assert.ok(!results.querySelector(".applied")?.textContent?.includes("keeps only"), filtered);
  } finally {
    web.close();
  }
});

Deno.test("when posted, in the query: the page says it was read, and 'without this week' drops the words", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    // The bundled postings are older than a week: "this week" leaves none.
    const page = await (await web.request("/?q=nurse+jobs+this+week", { cookie })).text();
    const document = new DOMParser().parseFromString(page, "text/html");
    const applied = document.querySelector(".applied")?.textContent ?? "";
    assert.match(applied, /Read "this week" as when the postings were posted, not as the work/);
    // Named as the words said it, not as the form's "Posted since" the person never set.
    const again = [...document.querySelectorAll(".notice a")].find((a) =>
      a.textContent === "Search again without “this week”"
    );
    assert.equal(again?.getAttribute("href"), "/?q=nurse+jobs");
    const listed = await (await web.request(again!.getAttribute("href")!, { cookie })).text();
    assert.match(listed, /<ol class="results">/);
    // With an earlier day set in the form the words' day still applies (session 37): the link
    // takes the words off and keeps the form's day.
    const both = await (await web.request("/?q=nurse+jobs+this+week&since=2020-01-01", { cookie }))
      .text();
    const bothLinks = [
      ...new DOMParser().parseFromString(both, "text/html").querySelectorAll(
        ".notice a",
      ),
    ];
    const bothAgain = bothLinks.find((a) => a.textContent === "Search again without “this week”");
    assert.equal(bothAgain?.getAttribute("href"), "/?q=nurse+jobs&since=2020-01-01");
  } finally {
    web.close();
  }
});

Deno.test("pay in the query: the page says it was read as pay and where to set a higher floor", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request("/?q=nurse+%2440k", { cookie })).text();
    const said = [
      ...new DOMParser().parseFromString(page, "text/html").querySelectorAll(".applied p"),
    ]
      .map((p) => p.textContent ?? "");
    assert.ok(
      said.includes(
        'Read "$40k" as pay, not as the work: postings that state less than 40,000 a year in ' +
          'their own currency are left out, those that state no pay are kept; "Yearly salary at ' +
          'least" (More filters) sets a higher floor.',
      ),
      said.join("\n"),
    );
    // A higher floor given in the form replaces the query's: nothing is said of it then.
    const given = await (await web.request("/?q=nurse+%2440k&salary_min=50000", { cookie })).text();
    assert.doesNotMatch(given, /as pay, not as the work/);
    // A lower one does not widen it (session 37): the words' floor is said, with the postings
    // that state no pay left out as the form's floor leaves them out.
    const lower = await (await web.request("/?q=nurse+%2440k&salary_min=20000", { cookie })).text();
    assert.match(
      lower,
      /postings that state less than 40,000 a year in their own currency or no pay are left out; &quot;Yearly salary at least&quot; \(More filters\) sets a higher floor\./,
    );
  } finally {
    web.close();
  }
});

Deno.test("good pay asked for: the page says so, and links the order that lists the best paid first", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const said = async (url: string) => {
      const page = new DOMParser().parseFromString(
        await (await web.request(url, { cookie })).text(),
        "text/html",
      );
      const p = [...page.querySelectorAll(".applied p")].find((p) =>
        (p.textContent ?? "").startsWith('Read "well paid" as pay')
      );
      return { text: p?.textContent ?? "", link: p?.querySelector("a")?.getAttribute("href") };
    };
    // Newest first (the page's default) the words order nothing: the link lists them by pay.
    const newest = await said("/?q=well+paid+nurse+jobs");
    assert.match(newest.text, /newest first, the strong matches are listed by date/);
    assert.equal(newest.link, "/?q=well+paid+nurse+jobs&sort=relevance");
    const best = await said("/?q=well+paid+nurse+jobs&sort=relevance");
    assert.match(best.text, /the best paid first|none of the strong matches listed states pay/);
    assert.equal(best.link, undefined);
  } finally {
    web.close();
  }
});

Deno.test("a misspelt word is said on the page, what was typed escaped", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const q = "nurce <script>alert(1)</script>";
    const page = await (await web.request(`/?q=${encodeURIComponent(q)}`, { cookie })).text();
    const said = [...new DOMParser().parseFromString(page, "text/html").querySelectorAll("p")]
      .map((p) => p.textContent ?? "").find((text) => text.startsWith("Showing results for"));
    assert.ok(said, "the page says what it searched");
    assert.match(
      said,
      /^Showing results for "nurse <script>alert\(1\)<\/script>" \(you typed "nurce"/,
    );
    assert.match(page, /Showing results for &quot;nurse &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(page, /<script>alert/);
  } finally {
    web.close();
  }
});

Deno.test("filters applied are said in a posting's words: 'work mode: Hybrid or Remote', 'employment type: Part-time'", async () => {
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const page = await (await web.request(
      "/?q=nurse&remote=hybrid&remote=remote&employment_type=parttime&seniority=mid",
      { cookie },
    )).text();
    const items = [
      ...new DOMParser().parseFromString(page, "text/html").querySelectorAll(".applied li"),
    ].map((li) => (li.textContent ?? "").replace(/\s+/g, " ").trim());
    assert.deepEqual(items.toSorted(), [
      "employment type: Part-time Remove “Employment type”",
      "seniority: Mid-level Remove “Seniority”",
      "work mode: Hybrid or Remote Remove “Work mode”",
    ]);
  } finally {
    web.close();
  }
});

Deno.test("no narrowing that lists nothing: a reading at a place where none says it offers no filter link", async () => {
  // Session 43: "hybrid jobs in London" listed every London posting as a close match (none says
  // hybrid), and the page still offered "Only postings that say hybrid", which listed nothing.
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const cases = [
      ["hybrid jobs in New York", "as how the work is done (Hybrid)", "remote=hybrid"],
      ["senior jobs in London", "as the seniority (Senior)", "seniority=senior"],
      ["internship in London", "as the employment type (Internship)", "employment_type=internship"],
    ];
    for (const [q, saying, filter] of cases) {
      const said = await appliedSaying(web, cookie, q, saying);
      assert.ok(said.querySelector("a") === null, `${q}: ${said.innerHTML}`);
      // The premise: the filter would list nothing, not even a close match.
      const filtered = await (await web.request(
        `/?q=${encodeURIComponent(q)}&${filter}`,
        { cookie },
      )).text();
      const listed = new DOMParser().parseFromString(filtered, "text/html")
        .querySelectorAll("article.result").length;
      assert.equal(listed, 0, `${q}&${filter}`);
    }
    // Where some posting there says it, the link stays (Berlin: see "hybrid alone in the query").
    const berlin = await appliedSaying(web, cookie, "hybrid jobs in Berlin", "(Hybrid)");
    assert.equal(berlin.querySelector("a")?.textContent, "Only postings that say hybrid");
  } finally {
    web.close();
  }
});

Deno.test("pay is said by the period a posting pays by, in the list and on its page", async () => {
  // Session 43: hourly pay was said only as a year ("$106,080 a year" for 36.5-51.0 USD/HOUR).
  const web = await startWeb();
  try {
    const cookie = await signIn(web, web.userKey);
    const list = new DOMParser().parseFromString(
      await (await web.request("/?q=RN+Med%2FSurg", { cookie })).text(),
      "text/html",
    );
    const item = [...list.querySelectorAll("article.result")].find((a) =>
      a.querySelector("h3")?.textContent?.startsWith("RN - Med/Surg")
    );
    assert.ok(item, list.body?.textContent ?? "");
    const terms = [...item.querySelectorAll("dt")].map((dt) => dt.textContent);
    const pay = item.querySelectorAll("dd")[terms.indexOf("Pay")]?.textContent;
    assert.equal(pay, "$36.50–$51 an hour (up to about $106,080 a year)");
    const href = item.querySelector("h3 a")!.getAttribute("href")!;
    const posting = new DOMParser().parseFromString(
      await (await web.request(href, { cookie })).text(),
      "text/html",
    );
    // Called as the list calls it (it was "Salary" here: reviewer W50), and every detail the list
    // shows is on the posting's own page too (its languages were not).
    const postingTerms = [...posting.querySelectorAll("dt")].map((dt) => dt.textContent);
    for (const term of terms.filter((term) => term !== "Reposts")) {
      assert.ok(postingTerms.includes(term), `${term} in ${postingTerms}`);
    }
    assert.ok(terms.includes("Languages"), `${terms}`);
    const salary = [...posting.querySelectorAll("dt")].find((dt) => dt.textContent === "Pay");
    assert.equal(
      salary?.nextElementSibling?.textContent,
      "$36.50–$51 an hour (up to about $106,080 a year)",
    );
  } finally {
    web.close();
  }
});

Deno.test("work named as alternatives is said back on the page", async () => {
  const web = await startWeb();
  try {
    const { cookie } = await userSession(web);
    const page = await web.request("/?q=nurse%20or%20barista", { cookie });
    assert.equal(page.status, 200);
    const text = await page.text();
    const quote = '(?:"|&quot;|&#34;)';
    assert.match(
      text,
      new RegExp(
        `Read ${quote}nurse or barista${quote} as either of ${quote}nurse${quote} and ` +
          `${quote}barista${quote}: the list holds what each lists searched alone\\.`,
      ),
    );
  } finally {
    web.close();
  }
});

Deno.test("a push is recorded as the key's, for the console's imports table, and its rows named as the body's", async () => {
  // An operator's trial (session 57): the console's "From" said "body", not whose push it was.
  const search = await createTestSearch();
  const server = await startTestServer(search.store, search.service, {
    ingest: createIngestService({ store: search.store }),
  });
  try {
    const { feeder } = await feederAndReaderKeys(search.store);
    const response = await server.fetch("/v1/postings", {
      method: "POST",
      headers: { "x-api-key": feeder, "content-type": "text/csv" },
      body: "site,job_url,title,date_posted\n" +
        "indeed,https://uk.indeed.com/viewjob?jk=push1,Nurse,2026-11-20\n" +
        "indeed,,Chef,2026-11-20\n",
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.deepEqual(body.totals.invalid_examples, ["body:3: no job_url"]);
    const [run] = await search.store.importRuns.list(1);
    assert.deepEqual(run.files, ["push by feeder"]);
  } finally {
    await server.close();
    await search.close();
  }
});
