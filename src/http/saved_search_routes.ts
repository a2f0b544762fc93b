/**
 * Saved searches over REST (`/v1/saved-searches`), each caller's own, and the two links that need
 * no key: the Atom feed (`/v1/feeds/{token}`), an email's one-click unsubscribe
 * (`/v1/unsubscribe/{token}`, RFC 8058) and an email address's confirmation
 * (`/v1/confirm/{token}`). docs/alerts.md describes them.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { etag } from "hono/etag";
import { JobseekError } from "../domain/errors.ts";
import { CONFIRM_PATH, FEED_PATH, notFound, UNSUBSCRIBE_PATH } from "../alerts/saved_searches.ts";
import { xmlText } from "../alerts/atom_feed.ts";
import { searchForStrangers } from "../alerts/confirmation_mail.ts";
import { apiKeyAuth } from "./api_key_auth.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { linkBaseUrl } from "./base_url.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { readJsonObject } from "./read_json_body.ts";

export const SAVED_SEARCHES_PATH = "/v1/saved-searches";

/**
 * A page a mailed link opens, whole: most are opened on a phone, where a page without a viewport
 * showed its text at about 6 px (reviewer B, session 36). `body` is markup whose every field is
 * escaped by the caller; the title is our own words.
 */
function linkPage(title: string, body: string): string {
  return "<!doctype html><html lang=en><meta charset=utf-8>" +
    '<meta name=viewport content="width=device-width, initial-scale=1">' +
    '<meta name=color-scheme content="light dark">' +
    `<title>${title} · jobseek</title><h1>${title}</h1>${body}`;
}

/**
 * The unsubscribe pages are HTML a person opens from an email: the web pages' protections (no
 * script, no framing, forms post only here, never cached, the token in the URL sent nowhere;
 * nosniff is the app's, on every answer).
 */
const UNSUBSCRIBE_PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function ownerOf(c: Context<AppEnv>): string {
  return c.get("principal")!.subject;
}

/** The routes; without `deps.alerts` none is served. */
export function createSavedSearchRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const alerts = deps.alerts;
  if (!alerts) return app;
  const { savedSearches, deliverer } = alerts;
  const auth = apiKeyAuth(deps);
  const one = `${SAVED_SEARCHES_PATH}/:id`;
  const send = `${SAVED_SEARCHES_PATH}/:id/send`;

  // Answers carry feed URLs (credentials) and, once, webhook secrets: no cache may keep them
  // (a shared cache does not know that `x-api-key` makes a request private, as it does for
  // `Authorization`).
  for (const path of [SAVED_SEARCHES_PATH, `${SAVED_SEARCHES_PATH}/*`]) {
    app.use(path, async (c, next) => {
      await next();
      c.header("cache-control", "no-store");
    });
  }

  app.post(SAVED_SEARCHES_PATH, auth, async (c) => {
    const raw = await readJsonObject(c.req.raw);
    const view = await savedSearches.create(ownerOf(c), raw, linkBaseUrl(deps.config, c.req.url));
    return c.json(view, 201, { location: `${SAVED_SEARCHES_PATH}/${view.id}` });
  });
  app.get(SAVED_SEARCHES_PATH, auth, async (c) => {
    return c.json({ saved_searches: await savedSearches.list(ownerOf(c)) });
  });
  app.all(SAVED_SEARCHES_PATH, methodNotAllowed(["GET", "HEAD", "POST"], deps.logger));

  app.post(send, auth, async (c) => {
    const record = await savedSearches.record(ownerOf(c), c.req.param("id"));
    const sent = await deliverer.sendNow(record);
    if (sent === null) {
      throw new JobseekError(
        "DELIVERY_IN_PROGRESS",
        "Cannot send now: another server is delivering this saved search; try again in a minute",
      );
    }
    return c.json({ id: record.id, sent });
  });
  app.all(send, methodNotAllowed(["POST"], deps.logger));

  app.get(one, auth, async (c) => c.json(await savedSearches.get(ownerOf(c), c.req.param("id"))));
  app.patch(one, auth, async (c) => {
    const raw = await readJsonObject(c.req.raw);
    return c.json(await savedSearches.update(ownerOf(c), c.req.param("id"), raw));
  });
  app.delete(one, auth, async (c) => {
    await savedSearches.remove(ownerOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
  app.all(one, methodNotAllowed(["GET", "HEAD", "PATCH", "DELETE"], deps.logger));

  // The feed URL is the credential: no key, and a revoked (rotated) token is a 404. The ETag is
  // the document's digest: a reader polling with `If-None-Match` gets a 304 until an entry (or
  // the saved search's name) changes. No Last-Modified: a posting stored before the newest entry
  // but published into the index after a read shows up with an older `first_seen`, and a 304 by
  // date would hide it from that reader.
  app.get(`${FEED_PATH}/:token`, etag(), async (c) => {
    const record = await savedSearches.byFeedToken(c.req.param("token"));
    // A revoked key's feeds end with it, as its sessions do.
    const owner = record ? await deps.apiKeys.principalOfSubject(record.owner) : null;
    if (!record || !owner) throw new JobseekError("NOT_FOUND", "Not found: no feed at this URL");
    // A read is a search made for the owner: it spends the owner key's budget, or a key's 50 feed
    // URLs would be searches without any limit (and readable by anyone they are shared with). A
    // 304 spends it too: it takes the same search to know that nothing changed.
    if (c.req.method !== "HEAD") await deps.rateLimiter.consume(owner);
    if (!deps.service.isReady()) {
      throw new JobseekError(
        "NOT_READY",
        "Cannot read the feed: the search index is not loaded yet",
      );
    }
    const headers = {
      "content-type": "application/atom+xml; charset=utf-8",
      "cache-control": "no-store",
      // Opened in a browser, an XML document may hold markup that runs: nothing may run or load.
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "referrer-policy": "no-referrer",
    };
    // A HEAD answers the headers alone, without the search (and so without an ETag).
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(await deliverer.readFeed(record), 200, headers);
  });
  app.all(`${FEED_PATH}/:token`, methodNotAllowed(["GET", "HEAD"], deps.logger));

  // RFC 8058: the POST unsubscribes; a GET (a person clicking the link, or a scanner following it)
  // only shows a button that posts.
  app.post(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    if (!(await savedSearches.unsubscribe(c.req.param("token")))) {
      throw notFound("(unsubscribe link)");
    }
    return c.html(
      linkPage(
        "Unsubscribed",
        "<p>This address will get no more emails from this saved search.</p>",
      ),
      200,
      UNSUBSCRIBE_PAGE_HEADERS,
    );
  });
  app.get(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    // A person who follows a dead link (the saved search was deleted) is told so here, rather
    // than shown a button whose answer is the API's JSON 404.
    if (!(await savedSearches.knowsUnsubscribeToken(c.req.param("token")))) {
      return c.html(
        linkPage(
          "Unsubscribe",
          "<p>This unsubscribe link no longer works: its saved search was deleted, so it sends " +
            "nothing.</p>",
        ),
        404,
        UNSUBSCRIBE_PAGE_HEADERS,
      );
    }
    return c.html(
      linkPage(
        "Unsubscribe",
        `<form method="post" action="${xmlText(c.req.path)}">` +
          "<p>Stop the emails of this saved search to this address?</p>" +
          "<button type=submit>Unsubscribe</button></form>",
      ),
      200,
      UNSUBSCRIBE_PAGE_HEADERS,
    );
  });
  app.all(`${UNSUBSCRIBE_PATH}/:token`, methodNotAllowed(["GET", "HEAD", "POST"], deps.logger));

  // An email address's yes: the GET (a person, or a mail scanner or link preview fetching the
  // link) only shows a button; its POST confirms. The pages are the unsubscribe pages' kind.
  const confirmGone = (c: Context<AppEnv>) =>
    c.html(
      linkPage(
        "Confirm email digests",
        "<p>This confirmation link no longer works: its saved search or its email delivery was " +
          "removed, so nothing will be sent to this address.</p>",
      ),
      404,
      UNSUBSCRIBE_PAGE_HEADERS,
    );
  // The pages a stranger reaches from the mail say what it said: the saved search's words as
  // neutralised for strangers, never its name (src/alerts/confirmation_mail.ts).
  const confirmDone = (
    c: Context<AppEnv>,
    record: { params: Record<string, unknown> },
    every: string,
  ) =>
    c.html(
      linkPage(
        "Confirmed",
        `<p>Confirmed: this address will get ${every} digests of ` +
          `${xmlText(searchForStrangers(record.params))} when there is something new. Each ` +
          "digest has a link that stops them.</p>",
      ),
      200,
      UNSUBSCRIBE_PAGE_HEADERS,
    );
  app.post(`${CONFIRM_PATH}/:token`, async (c) => {
    const done = await savedSearches.confirm(c.req.param("token"));
    if (!done) return confirmGone(c);
    return confirmDone(c, done.record, done.delivery.every);
  });
  app.get(`${CONFIRM_PATH}/:token`, async (c) => {
    const found = await savedSearches.byConfirmToken(c.req.param("token"));
    if (!found) return confirmGone(c);
    if (found.delivery.confirmedAt !== undefined) {
      return confirmDone(c, found.record, found.delivery.every);
    }
    return c.html(
      linkPage(
        "Confirm email digests",
        `<form method="post" action="${xmlText(c.req.path)}">` +
          `<p>Send ${found.delivery.every} digests of ` +
          `${xmlText(searchForStrangers(found.record.params))} to ${
            xmlText(found.delivery.to)
          }?</p>` +
          "<button type=submit>Confirm</button>" +
          "<p>If you did not ask for them, close this page: nothing more will be sent.</p></form>",
      ),
      200,
      UNSUBSCRIBE_PAGE_HEADERS,
    );
  });
  app.all(`${CONFIRM_PATH}/:token`, methodNotAllowed(["GET", "HEAD", "POST"], deps.logger));
  return app;
}
