// The web page in a real Chromium (puppeteer-core, under Node: puppeteer under `deno test` leaks
// ops and hangs at exit). Started by tests/web_browser_test.ts, which runs a real jobseek server
// and counts each scenario printed here as one test. Input (environment): WEB_URL, USER_KEY,
// ADMIN_KEY, CV_FILE, HOSTILE_QUERY, CHROMIUM (the executable), SCREENSHOTS (a folder; unset:
// screenshots are taken and checked but not kept), ONLY (parts of scenario names, separated by
// "|": names hold commas; a scenario runs when its name contains one of them).
// Output: one JSON line per scenario, {"name", "ok", "error"?, "ms"}.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import puppeteer from "puppeteer-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const BASE = process.env.WEB_URL;
const USER_KEY = process.env.USER_KEY;
const ADMIN_KEY = process.env.ADMIN_KEY;
const CV_FILE = process.env.CV_FILE;
const HOSTILE_QUERY = process.env.HOSTILE_QUERY ?? "lighthouse keeper";
const SCREENSHOTS = process.env.SCREENSHOTS || null;
const ONLY = process.env.ONLY ? process.env.ONLY.split("|").filter((part) => part !== "") : null;

/** Every Content-Security-Policy violation any page reported, with the page's URL. */
const cspViolations = [];
/** Pages the scenarios opened, for the CSP and axe passes. */
const visited = new Set();

function check(condition, message) {
  if (!condition) throw new Error(message);
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"],
});

/** A fresh, isolated browser context (its own cookies) with one page that reports violations. */
async function openPage({ javascript = true, width = 1280, height = 900 } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  await page.setJavaScriptEnabled(javascript);
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) {
      cspViolations.push({ url: page.url(), text: message.text() });
    }
  });
  // A dialog would mean scraped text ran as script: recorded, never accepted.
  page.dialogs = [];
  page.on("dialog", async (dialog) => {
    page.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // deno-lint-ignore no-console -- the page's console is how a violation reaches the test
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.add(new URL(frame.url()).pathname);
  });
  page.close = ((close) => async () => {
    await close();
    await context.close();
  })(page.close.bind(page));
  return page;
}

async function signIn(page, key) {
  await page.goto(`${BASE}/signin`);
  await page.type("input[name=api_key]", key);
  await Promise.all([
    page.waitForNavigation(),
    page.click("form[action='/signin'] button[type=submit]"),
  ]);
  // A refused sign-in (a wrong key, or past the 20 a minute per address) says so here, not as a
  // missing element later on a sign-in page.
  if (new URL(page.url()).pathname === "/signin") {
    const said = await page.evaluate(() => document.querySelector("main")?.textContent ?? "");
    throw new Error(`sign-in refused: ${said.trim().slice(0, 200)}`);
  }
}

/**
 * The field `selector` is in view, and no error summary stands above it: what a person typing in
 * it sees while the searches sent as they type are refused (session 39).
 */
async function fieldInViewAlone(page, selector) {
  const seen = await page.evaluate((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      height: innerHeight,
      summary: document.querySelector("#error-summary")?.textContent,
      focus: document.activeElement?.id,
    };
  }, selector);
  check(
    seen.top >= 0 && seen.bottom <= seen.height && seen.summary === "" &&
      `#${seen.focus}` === selector,
    `typing in ${selector}: ${JSON.stringify(seen)}`,
  );
}

async function countText(page) {
  return await page.$eval("#count", (el) => el.textContent.trim());
}

function totalOf(text) {
  const match = text.match(/^(\d+) jobs? match/);
  return match ? Number(match[1]) : 0;
}

/** Waits until the count region says something other than `previous`. */
async function countChange(page, previous) {
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector("#count")?.textContent.trim() ?? "";
      return text !== "" && text !== before;
    },
    { timeout: 15_000 },
    previous,
  );
  return await countText(page);
}

async function search(page, query) {
  await page.goto(`${BASE}/`);
  await page.click("#field-q");
  await page.keyboard.type(query);
  await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }).catch(() => {}),
    page.keyboard.press("Enter"),
  ]);
  await page.waitForFunction(
    () => /match/.test(document.querySelector("#count")?.textContent ?? ""),
    {
      timeout: 15_000,
    },
  );
}

/** A facet checkbox whose count is below the total (so checking it narrows), with its count. */
async function narrowingFacet(page, total) {
  return await page.$$eval(
    ".facets input[type=checkbox]",
    (boxes, total) => {
      for (const box of boxes) {
        const count = Number(box.closest("label").querySelector(".count").textContent);
        if (count > 0 && count < total && !box.checked) {
          return { id: box.id, name: box.name, value: box.value, count };
        }
      }
      return null;
    },
    total,
  );
}

async function activeElement(page) {
  return await page.evaluate(() => {
    const el = document.activeElement;
    return {
      id: el?.id ?? "",
      tag: el?.tagName ?? "",
      type: el?.getAttribute("type") ?? "",
      href: el?.getAttribute("href") ?? "",
      inResult: Boolean(el?.closest(".result")),
      inFacets: Boolean(el?.closest(".facets")),
      inList: Boolean(el?.closest("#result-list")),
      text: el?.textContent?.trim() ?? "",
    };
  });
}

/** Presses Tab until `wanted(active)` holds; fails after `limit` presses. */
async function tabTo(page, wanted, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const active = await activeElement(page);
    if (wanted(active)) return active;
  }
  throw new Error(`no element reached with Tab in ${limit} presses`);
}

/** Empties "Near (city)" and presses Enter: the search goes out and its count comes back. */
async function clearNearAndSearch(page) {
  await page.$eval("#field-near", (field) => field.select());
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    () => /match/.test(document.querySelector("#count")?.textContent ?? ""),
    { timeout: 15_000 },
  );
}

async function runAxe(page) {
  // DevTools evaluation is not subject to the page's CSP: axe runs without weakening it.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () =>
    await globalThis.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    })
  );
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) =>
      `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`
    );
}

async function shot(page, name, fullPage = false) {
  const path = SCREENSHOTS ? join(SCREENSHOTS, `${name}.png`) : undefined;
  await page.screenshot({ path, fullPage });
}

/**
 * Tabs through each of `paths` and checks that every stop shows the page's 3 px focus ring (session
 * 43, keys alone at 1,280 px: the console's tables, Tab stops so that keys scroll them at 360 px,
 * had Chromium's 1 px line).
 */
async function focusRingsOn(page, paths) {
  for (const path of paths) {
    await page.goto(`${BASE}${path}`);
    const stops = [];
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press("Tab");
      const stop = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          what: `${el.tagName}${el.id ? `#${el.id}` : ""} ${
            (el.textContent ?? "").trim().slice(0, 30)
          }`,
          ring: style.outlineStyle === "solid" && style.outlineWidth === "3px",
          top: el.getBoundingClientRect().top + scrollY,
        };
      });
      if (stop === null || stops.some((seen) => seen.what === stop.what && seen.top === stop.top)) {
        break;
      }
      stops.push(stop);
      check(stop.ring, `${path}: ${stop.what} has no focus ring`);
    }
    check(stops.length >= 5, `${path}: only ${stops.length} Tab stops`);
  }
}

/** At 360 px no page scrolls sideways. */
async function assertFits(page) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    client: document.scrollingElement.clientWidth,
  }));
  check(
    widths.scroll <= widths.client + 1,
    `page is ${widths.scroll}px wide in a ${widths.client}px window`,
  );
}

/** One line of the protocol the Deno test reads. */
function report(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const scenarios = {
  async "sign-in and sign-out"() {
    const page = await openPage();
    try {
      const first = await page.goto(`${BASE}/?q=nurse`);
      check(
        new URL(page.url()).pathname === "/signin",
        `not sent to sign in: ${page.url()} (${first.status()})`,
      );
      await page.type("input[name=api_key]", "jsk_not-a-key");
      await Promise.all([page.waitForNavigation(), page.click("form[action='/signin'] button")]);
      check(
        /not valid/.test(await page.$eval(".error", (el) => el.textContent)),
        "a wrong key was not refused",
      );
      await page.type("input[name=api_key]", USER_KEY);
      await Promise.all([page.waitForNavigation(), page.click("form[action='/signin'] button")]);
      const url = new URL(page.url());
      check(
        url.pathname === "/" && url.searchParams.get("q") === "nurse",
        `after sign-in at ${page.url()}`,
      );
      const cookies = await page.cookies();
      const session = cookies.find((c) => c.name === "jobseek_session");
      check(
        session && session.httpOnly && session.sameSite === "Lax",
        "session cookie not HttpOnly+Lax",
      );
      check(!(await page.content()).includes(USER_KEY), "the key appears in the page");
      // The session ends while the page is open (as when its hours are over): the next search
      // typed shows the sign-in page, whole, saying so; it had swapped nothing into the results
      // and left the old count on screen (reviewer W, session 42).
      await page.setCookie({ ...session, value: "jws_ended" });
      await page.focus("#field-q");
      await page.keyboard.press("End");
      await Promise.all([page.waitForNavigation(), page.keyboard.type(" london")]);
      const ended = new URL(page.url());
      check(
        ended.pathname === "/signin",
        `a search after the session ended stayed at ${page.url()}`,
      );
      check(
        /^\/\?q=nurse(\+|%20)l/.test(ended.searchParams.get("next") ?? ""),
        `back to ${ended.searchParams.get("next")} after signing in`,
      );
      check(
        /Your sign-in had ended/.test(await page.$eval("main", (el) => el.textContent)),
        "the sign-in page does not say the session ended",
      );
      await page.setCookie(session);
      await page.goto(`${BASE}/?q=nurse`);
      await Promise.all([page.waitForNavigation(), page.click("form[action='/signout'] button")]);
      check(new URL(page.url()).pathname === "/signin", `after sign-out at ${page.url()}`);
      await page.goto(`${BASE}/?q=nurse`);
      check(new URL(page.url()).pathname === "/signin", "still signed in after signing out");
    } finally {
      await page.close();
    }
  },

  async "search from the form puts the search in the URL"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      await search(page, "registered nurse");
      const url = new URL(page.url());
      check(
        url.pathname === "/" && url.searchParams.get("q") === "registered nurse",
        `URL ${page.url()}`,
      );
      const total = totalOf(await countText(page));
      check(total > 0, `no results: ${await countText(page)}`);
      const titles = await page.$$eval(".result h3", (hs) => hs.map((h) => h.textContent));
      check(titles.some((t) => /nurse/i.test(t)), `no nurse among ${titles.slice(0, 5)}`);
      // The URL alone restores the search: another browser opening it sees the same count.
      const other = await openPage();
      try {
        await signIn(other, USER_KEY);
        await other.goto(page.url());
        check(totalOf(await countText(other)) === total, "the same URL gave another count");
        check(
          (await other.$eval("#field-q", (el) => el.value)) === "registered nurse",
          "query not refilled",
        );
      } finally {
        await other.close();
      }
    } finally {
      await page.close();
    }
  },

  async "typing searches without submitting; a refused search says why, seen at 360 px too, and can be sent again (JavaScript)"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      await page.goto(`${BASE}/`);
      const entries = await page.evaluate(() => history.length);
      await page.click("#field-q");
      await page.keyboard.type("accountant", { delay: 20 });
      await page.waitForFunction(
        () => new URL(location.href).searchParams.get("q") === "accountant",
        {
          timeout: 15_000,
        },
      );
      await page.waitForFunction(
        () => /\d+ jobs? match/.test(document.querySelector("#count").textContent),
        {
          timeout: 15_000,
        },
      );
      check((await page.$$(".result")).length > 0, "no results shown while typing");
      // Leaving the field fires `change`: the same search is not sent or recorded again.
      await page.keyboard.press("Tab");
      await new Promise((resolve) => setTimeout(resolve, 800));
      const added = (await page.evaluate(() => history.length)) - entries;
      check(added === 1, `one typed search added ${added} history entries`);
      check(
        (await page.$eval("#count", (el) => el.getAttribute("aria-live"))) === "polite",
        "count not live",
      );
      // The URL holds no empty fields.
      check(!/=(&|$)/.test(page.url()), `empty fields in ${page.url()}`);
      // A refused search says why where the results were, and can be sent again (one sign-in
      // less than a scenario of its own: the address's sign-ins a minute are limited).
      await search(page, "nurse");
      check(/match/.test(await countText(page)), "no results to start from");
      await page.evaluate(() => {
        for (const details of document.querySelectorAll("form details")) details.open = true;
      });
      // A place the server does not know: a 400, said at the top of the form (session 38), the
      // stale count and results gone.
      const refused = () =>
        page.waitForFunction(
          () => (document.querySelector("#error-summary")?.textContent ?? "").includes("Londonnn"),
          { timeout: 15_000 },
        );
      const sent = () =>
        page.waitForResponse((r) => r.url().includes("near=Londonnn"), { timeout: 15_000 });
      await page.click("#field-near");
      await page.keyboard.type("Londonnn");
      await Promise.all([sent(), page.keyboard.press("Enter")]);
      await refused();
      check(!/match/.test(await countText(page)), `a stale count beside the refusal`);
      check((await page.$$(".result")).length === 0, "stale results beside the refusal");
      // The field at fault is marked and points to the error (htmx swapped the results alone:
      // web.js copies the marks), and axe finds the page as sound as served (session 37).
      await page.waitForFunction(
        () => document.querySelector("#field-near").getAttribute("aria-invalid") === "true",
        { timeout: 15_000 },
      );
      const described = await page.$eval(
        "#field-near",
        (field) => document.getElementById(field.getAttribute("aria-describedby"))?.textContent,
      );
      check(/no place called 'Londonnn'/.test(described ?? ""), `near described by ${described}`);
      check((await page.$$("[aria-invalid]")).length === 1, "another field is marked");
      const marked = await runAxe(page);
      check(marked.length === 0, marked.join("\n"));
      // The same search, sent again: the refusal did not count as the last search sent.
      await page.$eval("#error-summary", (el) => el.replaceChildren());
      await Promise.all([sent(), page.click("#field-q").then(() => page.keyboard.press("Enter"))]);
      await refused();
      // Mended, it searches.
      await clearNearAndSearch(page);
      check((await page.$$(".result")).length > 0, "no results once the place was taken out");
      check((await page.$$("[aria-invalid]")).length === 0, "the mark outlived the refusal");
      // As served (and so without JavaScript too): the same marks.
      await page.goto(`${BASE}/?q=nurse&near=Torontoo`);
      const served = await page.$eval("#field-near", (field) => ({
        invalid: field.getAttribute("aria-invalid"),
        said: document.getElementById(field.getAttribute("aria-describedby"))?.textContent,
      }));
      check(
        served.invalid === "true" &&
          /“Near \(city\)”: no place called 'Torontoo'/.test(served.said ?? ""),
        `as served: ${JSON.stringify(served)}`,
      );
      const asServed = await runAxe(page);
      check(asServed.length === 0, asServed.join("\n"));
      // At 360 px (session 38) a refused search is seen: the error summary at the top of the
      // form takes the focus, with JavaScript and without (the same session: sign-ins a minute
      // are limited per address).
      await page.setJavaScriptEnabled(true);
      await page.setViewport({ width: 360, height: 740 });
      await search(page, "nurse");
      await page.click("details:not(.narrow) > summary");
      const near = await page.$("#field-near");
      await near.scrollIntoView();
      // Typed (session 39): the answer that refuses it says why beside the field, and the
      // summary stays out, so the field typed in stays in view (swapped in above it, the summary
      // pushed the field a screen down).
      await near.click();
      await page.keyboard.type("Torontoo", { delay: 30 });
      await page.waitForFunction(
        () => (document.querySelector("#field-near-error")?.textContent ?? "").includes("Torontoo"),
        { timeout: 15_000 },
      );
      await fieldInViewAlone(page, "#field-near");
      // Submitted (Enter): the summary takes the focus, and with it the view.
      await page.keyboard.press("Enter");
      await page.waitForFunction(
        () => document.activeElement?.classList.contains("error-summary"),
        { timeout: 15_000 },
      );
      const seen = await page.evaluate(() => {
        const box = document.activeElement.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          height: innerHeight,
          said: document.activeElement.textContent,
        };
      });
      check(
        seen.top >= 0 && seen.bottom <= seen.height,
        `summary out of view: ${JSON.stringify(seen)}`,
      );
      check(
        /There is a problem“Near \(city\)”: no place called 'Torontoo'/.test(seen.said),
        seen.said,
      );
      check(!/Invalid parameter|'near'/.test(seen.said), `REST's words on the page: ${seen.said}`);
      const refusedAxe = await runAxe(page);
      check(refusedAxe.length === 0, refusedAxe.join("\n"));
      await shot(page, "error-360");
      // Tab reaches its link, and Enter puts the focus in the field.
      await page.keyboard.press("Tab");
      check(
        (await activeElement(page)).href === "#field-near",
        "Tab from the summary: not its link",
      );
      await page.keyboard.press("Enter");
      check((await activeElement(page)).id === "field-near", "the summary's link left the focus");
      // Typed without submitting: the focus stays where the person types; the field says why.
      await page.$eval("#field-near", (field) => field.select());
      await page.keyboard.type("Torontooo");
      await page.waitForFunction(
        () =>
          (document.querySelector("#field-near-error")?.textContent ?? "").includes("Torontooo"),
        { timeout: 15_000 },
      );
      check(
        (await activeElement(page)).id === "field-near",
        "typing lost the focus to the summary",
      );
      await fieldInViewAlone(page, "#field-near");
      const beside = await page.$eval("#field-near-error", (el) => ({
        next: el.nextElementSibling?.id,
        describes: document.querySelector("#field-near").getAttribute("aria-describedby"),
      }));
      check(
        beside.next === "field-near" && beside.describes === "field-near-error",
        JSON.stringify(beside),
      );
      // Mended, it searches: the summary and the sentence beside the field go.
      await clearNearAndSearch(page);
      const left = await page.evaluate(() => ({
        summary: document.querySelector("#error-summary")?.textContent,
        beside: document.querySelectorAll(".field-error").length,
      }));
      check(left.summary === "" && left.beside === 0, `left over: ${JSON.stringify(left)}`);
      // Escape closes what opens: "More filters", from a field in it, the focus on its summary.
      await page.focus("#field-company");
      await page.keyboard.press("Escape");
      const closed = await page.evaluate(() => ({
        open: document.querySelector("#field-company").closest("details").open,
        focus: document.activeElement?.textContent,
      }));
      check(!closed.open && closed.focus === "More filters", `Escape: ${JSON.stringify(closed)}`);
      await page.keyboard.press("Enter");
      check(
        await page.$eval("#field-company", (field) => field.closest("details").open),
        "Enter on the summary did not open it again",
      );
      // Without JavaScript (the same session: sign-ins a minute are limited per address), a plain
      // submission's page: the summary on the first screen.
      await page.setJavaScriptEnabled(false);
      await page.goto(`${BASE}/?q=nurse&near=Torontoo`);
      const box = await page.$eval("#error-summary .error-summary", (el) => {
        const rect = el.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom };
      });
      check(
        box.top >= 0 && box.bottom <= 740,
        `summary not on the first screen: ${JSON.stringify(box)}`,
      );
      await assertFits(page);
    } finally {
      await page.close();
    }
  },

  async "a facet narrows, and Back restores the wider search"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      await search(page, "nurse");
      const before = await countText(page);
      const total = totalOf(before);
      const facet = await narrowingFacet(page, total);
      check(facet, "no facet value narrows the search");
      const entries = await page.evaluate(() => history.length);
      await page.click(`#${facet.id}`);
      const after = await countChange(page, before);
      // A checkbox fires `input` and `change`: still one search and one history entry.
      await new Promise((resolve) => setTimeout(resolve, 800));
      const added = (await page.evaluate(() => history.length)) - entries;
      check(added === 1, `one facet click added ${added} history entries`);
      check(
        totalOf(after) === facet.count,
        `checked ${facet.name}=${facet.value} (${facet.count}) but: ${after}`,
      );
      const url = new URL(page.url());
      check(
        url.searchParams.getAll(facet.name).includes(facet.value),
        `facet not in URL ${page.url()}`,
      );
      check(
        await page.$eval(`#${facet.id}`, (el) => el.checked),
        "facet not checked after narrowing",
      );
      await page.goBack({ waitUntil: "load" });
      await page.waitForFunction(
        (name) => !new URL(location.href).searchParams.has(name),
        {},
        facet.name,
      );
      await page.waitForFunction(
        (text) => document.querySelector("#count")?.textContent.trim() === text,
        { timeout: 15_000 },
        before,
      );
      check(
        new URL(page.url()).searchParams.get("q") === "nurse",
        `Back lost the query: ${page.url()}`,
      );
    } finally {
      await page.close();
    }
  },

  async "the same search works with JavaScript off"() {
    const page = await openPage({ javascript: false });
    try {
      await signIn(page, USER_KEY);
      await page.goto(`${BASE}/`);
      await page.type("#field-q", "nurse");
      await Promise.all([page.waitForNavigation(), page.click("#search button[type=submit]")]);
      const url = new URL(page.url());
      check(
        url.searchParams.get("q") === "nurse" && !/=(&|$)/.test(page.url()),
        `URL ${page.url()}`,
      );
      const before = await countText(page);
      const total = totalOf(before);
      check(total > 0, `no results without JavaScript: ${before}`);
      const facet = await narrowingFacet(page, total);
      check(facet, "no narrowing facet");
      await page.click(`#${facet.id}`);
      await Promise.all([
        page.waitForNavigation(),
        page.click(".facets noscript button, .facets button"),
      ]);
      check(
        totalOf(await countText(page)) === facet.count,
        `facet without JS gave ${await countText(page)}`,
      );
      await Promise.all([page.waitForNavigation(), page.click(".result h3 a")]);
      check(new URL(page.url()).pathname === "/posting", "result link did not open the posting");
      check((await page.$(".description")) !== null, "posting page has no description");
    } finally {
      await page.close();
    }
  },

  async "keyboard only: Tab to the query and a facet, Space toggles, Enter opens a result"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      await page.goto(`${BASE}/`);
      await tabTo(page, (a) => a.id === "field-q");
      await page.keyboard.type("nurse");
      await Promise.all([page.waitForNavigation().catch(() => {}), page.keyboard.press("Enter")]);
      await page.waitForFunction(
        () => /\d+ jobs? match/.test(document.querySelector("#count")?.textContent ?? ""),
        {
          timeout: 15_000,
        },
      );
      const before = await countText(page);
      // Past the open facets (up to ~30 checkboxes at 1,280 px) in one Tab and Enter: the skip
      // link is the first stop after the form, shows where it is, and lands on the list.
      await page.focus("#field-q");
      const skip = await tabTo(page, (a) => a.inFacets, 4);
      check(skip.text === "Skip to the results", `the first stop in the facets: ${skip.text}`);
      const shown = await page.evaluate(() => {
        const box = document.activeElement.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.top >= 0;
      });
      check(shown, "the focused skip link is not on the screen");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const landed = await activeElement(page);
      check(landed.inList, `after the skip, Tab went to ${JSON.stringify(landed)}`);
      await page.focus("#field-q");
      const facet = await tabTo(page, (a) => a.inFacets && a.type === "checkbox");
      await page.keyboard.press("Space");
      const after = await countChange(page, before);
      check(totalOf(after) <= totalOf(before), `a facet widened the search: ${before} -> ${after}`);
      check(await page.$eval(`#${facet.id}`, (el) => el.checked), "Space did not check the facet");
      const focused = await activeElement(page);
      check(
        focused.id === facet.id,
        `focus moved away from the facet to ${JSON.stringify(focused)}`,
      );
      await tabTo(page, (a) => a.inResult && a.tag === "A");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      check(new URL(page.url()).pathname === "/posting", `Enter opened ${page.url()}`);
    } finally {
      await page.close();
    }
  },

  async "keyboard only: Next page lands on the next results at 1280 and 360 px; a page past the end links the first"() {
    // One sign-in for both widths: the run's sign-ins come near the 20 a minute an address may make.
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      for (const width of [1280, 360]) {
        await page.setViewport({ width, height: 800 });
        await page.goto(`${BASE}/?q=nurse`);
        await tabTo(page, (a) => a.tag === "A" && /offset=20/.test(a.href), 400);
        await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
        const count = await countText(page);
        check(/Showing 21–/.test(count), `${width} px: not the second page: ${count}`);
        // The next Tab is on a result of the new page, not back at the skip link and the form.
        await page.keyboard.press("Tab");
        const focused = await activeElement(page);
        check(focused.inResult, `${width} px: the first Tab went to ${JSON.stringify(focused)}`);
        // And the list is on the screen.
        const top = await page.$eval("#result-list", (el) => el.getBoundingClientRect().top);
        check(top > -2 && top < 200, `${width} px: the results start at ${top} px`);
        // A page past the end (an old or hand-made URL) says so, with no "Previous page" to
        // another empty page, and its First page link leads back (session 37).
        await page.goto(`${BASE}/?q=nurse&offset=5000`);
        const past = await countText(page);
        check(/past the end of the list/.test(past), `${width} px: past the end: ${past}`);
        check(
          (await page.$$(".results li")).length === 0 && (await page.$("a[rel=prev]")) === null,
          `${width} px: results or a Previous page past the end`,
        );
        if (width === 360) await assertFits(page);
        const problems = await runAxe(page);
        check(problems.length === 0, problems.join("\n"));
        await tabTo(page, (a) => a.tag === "A" && a.text === "First page", 400);
        await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
        check(!new URL(page.url()).searchParams.has("offset"), `First page: ${page.url()}`);
        check((await page.$$(".result")).length > 0, `${width} px: the first page lists nothing`);
      }
    } finally {
      await page.close();
    }
  },

  async "CV upload shows what was derived and the results"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      await page.goto(`${BASE}/`);
      const input = await page.$("input[type=file][name=cv]");
      await input.uploadFile(CV_FILE);
      await Promise.all([
        page.waitForNavigation(),
        page.click("form[action='/cv'] button[type=submit]"),
      ]);
      check(new URL(page.url()).pathname === "/cv", `after upload at ${page.url()}`);
      const text = await page.$eval("main", (el) => el.textContent);
      check(/What the search took from your CV/.test(text), "no derived section");
      const roles = await page.$eval(".derived", (el) => el.textContent);
      check(/nurse/i.test(roles), `derived roles lack nurse: ${roles}`);
      check((await page.$$(".result")).length > 0, "no results for the CV");
      // A posting opened from the results, then Back: the results again, not "Confirm Form
      // Resubmission" (reviewer W51); the posting's own link leads back to them too.
      await Promise.all([page.waitForNavigation(), page.click(".result h3 a")]);
      const back = await page.$eval("main p a", (a) => [a.getAttribute("href"), a.textContent]);
      check(back[0] === "/cv", `the posting leads back to ${back}`);
      await page.goBack();
      check(new URL(page.url()).pathname === "/cv", `back at ${page.url()}`);
      check((await page.$$(".result")).length > 0, "no results after Back");
    } finally {
      await page.close();
    }
  },

  async "the console needs an admin key"() {
    const user = await openPage();
    try {
      await user.goto(`${BASE}/admin`);
      check(new URL(user.url()).pathname === "/signin", "console open without sign-in");
      await signIn(user, USER_KEY);
      const refused = await user.goto(`${BASE}/admin`);
      check(refused.status() === 403, `a search key got ${refused.status()} on /admin`);
    } finally {
      await user.close();
    }
    const admin = await openPage();
    try {
      await signIn(admin, ADMIN_KEY);
      const ok = await admin.goto(`${BASE}/admin`);
      check(ok.status() === 200, `an admin key got ${ok.status()}`);
      const headings = await admin.$$eval("h2", (hs) => hs.map((h) => h.textContent));
      for (const wanted of ["Index", "Sources", "API keys", "Postings by country"]) {
        check(headings.some((h) => h.startsWith(wanted)), `no "${wanted}" section`);
      }
      const images = await admin.$$eval(".plot img", (imgs) => imgs.map((i) => i.naturalWidth));
      check(images.length >= 3 && images.every((w) => w > 0), `plots not drawn: ${images}`);
      // Create a key: shown once, then listed; revoke it.
      await admin.type("#key-name", "browser-made");
      await Promise.all([
        admin.waitForNavigation(),
        admin.click("form[action='/admin/keys'] button[type=submit]"),
      ]);
      const key = await admin.$eval("#new-key", (el) => el.textContent.trim());
      check(/^jsk_/.test(key), `no new key shown: ${key}`);
      await admin.goto(`${BASE}/admin`);
      check(!(await admin.content()).includes(key), "the new key is shown again");
      await Promise.all([
        admin.waitForNavigation(),
        admin.click("button[aria-label='Revoke browser-made']"),
      ]);
      // Asked first (one Enter among the rows revoked a key for good); then confirmed.
      check(
        (await admin.$eval("h1", (el) => el.textContent)) === "Revoke the key 'browser-made'?",
        "revoke not asked",
      );
      await Promise.all([
        admin.waitForNavigation(),
        admin.click("form[action='/admin/keys/revoke'] button[type=submit]"),
      ]);
      check(
        /Revoked key/.test(await admin.$eval(".notice", (el) => el.textContent)),
        "revoke not confirmed",
      );
    } finally {
      await admin.close();
    }
  },

  async "save a search from the result list with the keyboard and see it on /saved"() {
    const page = await openPage();
    try {
      await signIn(page, USER_KEY);
      // Searched with htmx: the save box arrives with the results (hx-select-oob), not a reload.
      await search(page, "nurse");
      await page.waitForSelector("#save-search #field-save-name", { timeout: 15_000 });
      // Past the query, the facets and every result: the box is reachable by keyboard alone.
      await tabTo(page, (active) => active.id === "field-save-name", 400);
      const prefilled = await page.$eval("#field-save-name", (el) => el.value);
      check(prefilled === "nurse", `the name was not prefilled from the query: ${prefilled}`);
      const name = `Nurses <b>${randomBytes(4).toString("hex")}</b>`;
      await page.keyboard.down("Control");
      await page.keyboard.press("a");
      await page.keyboard.up("Control");
      await page.keyboard.type(name);
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      check(new URL(page.url()).pathname === "/saved", `not sent to /saved: ${page.url()}`);
      const card = await page.$$eval(
        "article.card",
        (cards, name) => {
          const found = cards.find((c) => c.querySelector("h2")?.textContent === name);
          return found
            ? {
              id: found.id,
              text: found.textContent,
              feed: found.querySelector("input.feed-url[readonly]")?.value,
              feedLinks: [...found.querySelectorAll("a")].filter((a) =>
                a.getAttribute("href")?.includes("/v1/feeds/")
              ).length,
              run: [...found.querySelectorAll("a")].find((a) => a.textContent === "Run this search")
                ?.getAttribute("href"),
              bold: found.querySelectorAll("b").length,
            }
            : null;
        },
        name,
      );
      check(card, "the new saved search is not on /saved");
      check(/Saved\./.test(card.text), "the new one is not marked as saved");
      check(card.bold === 0, "the name became markup");
      // The URL the search form made (its order select sends `sort`), without paging.
      check(card.run === "/?q=nurse&sort=date", `the run link is ${card.run}`);
      check(card.feed?.startsWith(`${BASE}/v1/feeds/`), `no feed URL to copy: ${card.feed}`);
      // Opening the feed marks what it shows as seen: the page offers it to copy, not to follow.
      check(card.feedLinks === 0, "the feed URL is a link a click would read");
      const feed = await fetch(card.feed);
      check(feed.status === 200, `the feed URL answered ${feed.status}`);
      check(/<feed[\s>]/.test(await feed.text()), "the feed is not Atom");
      const rest = await fetch(`${BASE}/v1/saved-searches`, { headers: { "x-api-key": USER_KEY } });
      const listed = (await rest.json()).saved_searches ?? [];
      check(listed.some((s) => s.name === name), "REST does not list the search saved on the page");
      const header = await page.$eval("header nav a[href='/saved']", (a) => a.textContent);
      check(header === "Saved searches", "no Saved searches link in the header");
      // On a phone the card's long feed URL wraps inside it.
      await page.setViewport({ width: 360, height: 780 });
      await assertFits(page);
      // Pause it with the keyboard: the page comes back on its card, says so, and the next Tab
      // stays in that card (not at the top of a long list).
      const inCard = () =>
        page.evaluate(() => document.activeElement?.closest("article.card")?.id ?? "");
      const pressOn = async (label) => {
        for (let i = 0; i < 400; i++) {
          await page.keyboard.press("Tab");
          const here = await page.evaluate(() => document.activeElement?.textContent ?? "");
          if (here === label && await inCard() === card.id) return;
        }
        throw new Error(`no ${label} button in the card reached with Tab`);
      };
      await pressOn("Pause");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      const said = await page.$eval(`article[id='${card.id}']`, (a) => a.textContent);
      check(/Paused: nothing is sent/.test(said), "the card does not say it was paused");
      await page.keyboard.press("Tab");
      check(await inCard() === card.id, "after pausing, Tab left the saved search's card");
      await pressOn("Delete");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      // Asked first; the keyboard goes on to the question's own button.
      const question = await page.$eval("main h1", (h) => h.textContent);
      check(/^Delete the saved search '/.test(question), `Delete did not ask: ${question}`);
      // Back from the question is the list, and Forward the question again: the question was the
      // answer to the POST, and Back showed "Confirm Form Resubmission" (reviewer W52).
      await page.goBack();
      check(new URL(page.url()).pathname === "/saved", `Back went to ${page.url()}`);
      await page.goForward();
      check(
        /^Delete the saved search '/.test(await page.$eval("main h1", (h) => h.textContent)),
        "Forward did not show the question again",
      );
      await tabTo(page, (active) => active.tag === "BUTTON" && active.text.startsWith("Delete '"));
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      const status = await page.$eval("main", (m) => m.textContent);
      check(/Deleted: its feed URL no longer works/.test(status), "no word that it was deleted");
      check((await fetch(card.feed)).status === 404, "the deleted search's feed still answers");
    } finally {
      await page.close();
    }
  },

  async "a hostile posting renders as text, and its 100-letter tag fits 360 px"() {
    const page = await openPage({ width: 360, height: 780 });
    try {
      await signIn(page, USER_KEY);
      await search(page, HOSTILE_QUERY);
      await assertFits(page);
      const titles = await page.$$eval(".result h3", (hs) => hs.map((h) => h.textContent));
      const hostile = titles.find((t) => t.includes("<script>"));
      check(hostile, `the hostile title is not shown as text: ${titles.slice(0, 5)}`);
      const scripts = await page.$$eval("script", (ss) => ss.map((s) => s.getAttribute("src")));
      check(
        scripts.every((src) => src && src.startsWith("/static/")),
        `a script not ours: ${scripts}`,
      );
      check(
        (await page.$$("main img, main iframe, main svg")).length === 0,
        "scraped markup became elements",
      );
      const link = await page.$$eval(
        ".result h3 a",
        (as, hostile) => as.find((a) => a.textContent === hostile)?.getAttribute("href"),
        hostile,
      );
      await Promise.all([page.waitForNavigation(), page.click(`.result h3 a[href="${link}"]`)]);
      await assertFits(page);
      const description = await page.$eval(".description", (el) => el.textContent);
      check(
        description.includes("<iframe") && description.includes("<script>"),
        "description not shown as text",
      );
      check(
        (await page.$$("iframe, main img, main svg, object, embed")).length === 0,
        "description markup ran",
      );
      check(page.dialogs.length === 0, `a dialog opened: ${page.dialogs}`);
    } finally {
      await page.close();
    }
  },

  async "no Content-Security-Policy violation on any page"() {
    const page = await openPage();
    try {
      await signIn(page, ADMIN_KEY);
      for (const path of ["/", "/?q=nurse", "/admin", "/no-such-page", "/signin"]) {
        await page.goto(`${BASE}${path}`);
      }
      await page.goto(`${BASE}/?q=nurse`);
      await Promise.all([page.waitForNavigation(), page.click(".result h3 a")]);
      const headers = (await page.goto(`${BASE}/?q=nurse`)).headers();
      const csp = headers["content-security-policy"] ?? "";
      check(
        /frame-ancestors 'none'/.test(csp) && !/unsafe-inline|unsafe-eval/.test(csp),
        `CSP: ${csp}`,
      );
      // The OAuth consent page (the MCP sign-in) is a page of this service too.
      const redirect = "http://127.0.0.1:9/callback";
      const registered = await fetch(`${BASE}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [redirect], client_name: "browser test" }),
      });
      check(registered.status === 201, `client registration: ${registered.status}`);
      const { client_id } = await registered.json();
      const verifier = randomBytes(32).toString("base64url");
      const consent = await page.goto(`${BASE}/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id,
        redirect_uri: redirect,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        state: "browser",
      })}`);
      check(consent.status() === 200, `consent page: ${consent.status()}`);
      const styled = await page.$eval("button.approve", (b) => getComputedStyle(b).backgroundColor);
      check(styled === "rgb(26, 95, 180)", `the consent page's style did not apply: ${styled}`);
      const missing = await page.goto(`${BASE}/no-such-page`);
      check(missing.status() === 404 && /Page not found/.test(await page.title()), "no 404 page");
      check(cspViolations.length === 0, `violations: ${JSON.stringify(cspViolations.slice(0, 5))}`);
    } finally {
      await page.close();
    }
  },

  async "/metrics of the running server: admin key only, Prometheus text"() {
    check((await fetch(`${BASE}/metrics`)).status === 401, "no key was not 401");
    const user = await fetch(`${BASE}/metrics`, { headers: { "x-api-key": USER_KEY } });
    check(user.status === 403, `a search key got ${user.status}`);
    const response = await fetch(`${BASE}/metrics`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    check(response.status === 200, `an admin key got ${response.status}`);
    const text = await response.text();
    for (const line of text.split("\n")) {
      if (line === "" || line.startsWith("#")) continue;
      check(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? [-+0-9.eInfNa]+$/.test(line),
        `not a sample: ${line}`,
      );
    }
    check(
      /# TYPE jobseek_http_request_duration_seconds histogram/.test(text),
      "no latency histogram",
    );
    check(
      /jobseek_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/"\} [1-9]/
        .test(text),
      "page requests not timed",
    );
    check(
      /^jobseek_searches_total\{outcome="ok",transport="http"\} [1-9]/m.test(text),
      "searches not counted",
    );
    check(/^jobseek_index_postings [1-9]/m.test(text), "index size not reported");
    check(/^jobseek_connections_held [0-9]/m.test(text), "connections held not reported");
    check(
      /^jobseek_connections_refused_total [0-9]/m.test(text),
      "connections refused not reported",
    );
  },

  async "axe finds no serious or critical violation, light and dark"() {
    const problems = [];
    for (const scheme of ["light", "dark"]) {
      const page = await openPage();
      try {
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
        await page.goto(`${BASE}/signin`);
        problems.push(...(await runAxe(page)).map((p) => `${scheme} /signin: ${p}`));
        await signIn(page, ADMIN_KEY);
        const pages = [`/?q=nurse`, `/?q=nurse&country=ZZ`, `/admin`, `/no-such-page`, `/saved`];
        for (const path of pages) {
          await page.goto(`${BASE}${path}`);
          problems.push(...(await runAxe(page)).map((p) => `${scheme} ${path}: ${p}`));
        }
        await page.goto(`${BASE}/?q=nurse`);
        await Promise.all([page.waitForNavigation(), page.click(".result h3 a")]);
        problems.push(...(await runAxe(page)).map((p) => `${scheme} posting: ${p}`));
        const input = await page.goto(`${BASE}/`).then(() => page.$("input[type=file]"));
        await input.uploadFile(CV_FILE);
        await Promise.all([
          page.waitForNavigation(),
          page.click("form[action='/cv'] button[type=submit]"),
        ]);
        problems.push(...(await runAxe(page)).map((p) => `${scheme} cv: ${p}`));
      } finally {
        await page.close();
      }
    }
    check(problems.length === 0, problems.join("\n"));
  },

  async "on a phone the first result shows before the facets, which open by keyboard and stay open"() {
    const page = await openPage({ width: 360, height: 780 });
    try {
      await signIn(page, USER_KEY);
      await search(page, "nurse");
      const firstResult = await page.$eval(".result h3 a", (a) => a.getBoundingClientRect().top);
      check(firstResult < 780, `the first result starts ${firstResult} px down, under the screen`);
      check(
        !(await page.$eval("details.narrow", (d) => d.open)),
        "the facets are open on a phone",
      );
      // A search typed on the phone swaps in results served with the facets open: still closed.
      const typed = await countText(page);
      await page.focus("#field-q");
      await page.keyboard.type(" manager");
      await countChange(page, typed);
      check(
        !(await page.$eval("details.narrow", (d) => d.open)),
        "a typed search opened the facets again",
      );
      await page.focus("#field-q");
      // Past the form's own "More filters" disclosure.
      await tabTo(page, (a) => a.tag === "SUMMARY" && a.inFacets);
      await page.keyboard.press("Enter");
      check(await page.$eval("details.narrow", (d) => d.open), "Enter did not open the facets");
      const before = await countText(page);
      await tabTo(page, (a) => a.inFacets && a.type === "checkbox");
      await page.keyboard.press("Space");
      await countChange(page, before);
      check(
        await page.$eval("details.narrow", (d) => d.open),
        "the facets closed again after a search the person started from them",
      );
      check(
        /\(1 on\)/.test(await page.$eval("details.narrow summary", (s) => s.textContent)),
        "the summary does not say one facet is on",
      );
    } finally {
      await page.close();
    }
  },
  async "pages fit 360 px, screenshots at 1280 and 360; at 1280 every Tab stop shows the focus ring"() {
    for (const width of [1280, 360]) {
      const page = await openPage({ width, height: width === 360 ? 780 : 900 });
      try {
        await signIn(page, ADMIN_KEY);
        await page.goto(`${BASE}/?q=nurse`);
        await assertFits(page);
        await shot(page, `search-${width}`);
        const posting = await page.$eval(".result h3 a", (a) => a.getAttribute("href"));
        await Promise.all([page.waitForNavigation(), page.click(".result h3 a")]);
        await assertFits(page);
        await shot(page, `posting-${width}`);
        await page.goto(`${BASE}/admin`);
        await assertFits(page);
        // Every key's Revoke stands on the screen: the keys table was 673 px wide at 360 px, its
        // Revoke column past the right edge of a box that scrolled (session 42).
        // And every source's "Run now" (an operator's trial, session 57: scrolled off at 360 px).
        const revokes = await page.$$eval(
          "form[action='/admin/keys/revoke'] button, form[action='/admin/sources/run'] button",
          // A DOMRect's sides are getters: they do not cross to Node, plain numbers do.
          (buttons) =>
            buttons.map((b) => {
              const { left, right } = b.getBoundingClientRect();
              return { left, right };
            }),
        );
        const runNow = await page.$$eval(
          "form[action='/admin/sources/run'] button",
          (buttons) => buttons.length,
        );
        check(revokes.length > runNow && runNow > 0, "no Revoke or no Run now button on /admin");
        const off = revokes.filter((r) => r.left < 0 || r.right > width).length;
        check(
          off === 0,
          `${off} of ${revokes.length} Revoke and Run now buttons off the screen at ${width} px`,
        );
        await shot(page, `console-${width}`, true);
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
        await page.goto(`${BASE}/?q=nurse`);
        await shot(page, `search-dark-${width}`);
        if (width === 1280) await focusRingsOn(page, ["/?q=nurse", posting, "/saved", "/admin"]);
      } finally {
        await page.close();
      }
    }
  },
};

for (const [name, run] of Object.entries(scenarios)) {
  if (ONLY && !ONLY.some((part) => name.includes(part))) continue;
  const started = Date.now();
  try {
    await run();
    report({ name, ok: true, ms: Date.now() - started });
  } catch (error) {
    report({
      name,
      ok: false,
      error: String(error?.stack ?? error),
      ms: Date.now() - started,
    });
  }
}
await browser.close();
