/** @jsxImportSource hono/jsx */
/**
 * Saved searches on the web page (issue 39, item 5): "Save this search" under a result list, and
 * `/saved`, the signed-in key's saved searches with their state. A saved search belongs to the
 * API key's principal subject, the owner `/v1/saved-searches` uses (src/http/saved_search_routes.ts),
 * so one saved on the page is the same one REST lists with that key, and back. Nobody signed in
 * (public mode) has no owner: the page says saving needs a sign-in. Every form here changes state,
 * so each must come from this site and carry the session's form token; each answers with a 303.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app_deps.ts";
import { linkBaseUrl } from "../http/base_url.ts";
import { JobseekError } from "../domain/errors.ts";
import { queryStringInput } from "../domain/search_query.ts";
import { awaitingConfirmation } from "../domain/deliveries.ts";
import type { SavedSearchView } from "../alerts/saved_searches.ts";
import { type WhatIsNew, whatIsNewInWords } from "../alerts/alert_deliverer.ts";
import { ResultItem } from "./result_item.tsx";
import { keptCorrectionInWords } from "../alerts/query_reading.ts";
import { Layout } from "./layout.tsx";
import { paramsInWords, runUrl } from "../domain/param_labels.ts";
import { formLists, SAVED_PATH, savedParams, searchLists } from "./saved_search_form.tsx";
import { MessagePage } from "./pages.tsx";
import { errorInWords } from "./search_page.tsx";
import { signInPath, type WebSession, type WebSessions } from "./session.ts";
import {
  checkedForm,
  type Frame,
  frameOf,
  hasScope,
  headersOnly,
  notFoundPage,
  type PostedForm,
  seeOther,
  sendPage,
  smallFormLimit,
  type WebDeps,
} from "./respond.tsx";
import { ownValue } from "../domain/own_value.ts";
import { type AlertsConfig, DEFAULT_ALERTS } from "../config.ts";

/**
 * "2026-12-01 03:46 UTC" for the API's "2026-12-01T03:46:56.275Z", as the page says every other
 * time (a saved search's "What is new", a held confirmation mail).
 */
function minuteInUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function Delivery(props: { delivery: SavedSearchView["deliver"][number] }) {
  const d = props.delivery;
  const where = d.type === "webhook" ? `Webhook to ${d.url}` : `Email ${d.every} to ${d.to}`;
  return (
    <li>
      {`${where}: ${
        d.state === "unconfirmed"
          ? `${
            awaitingConfirmation(d.confirm_by, d.confirmation_held_until)
          }: nothing is sent to it until the link mailed to it is followed`
          : d.state === "unsubscribed"
          ? `unsubscribed by the link in a digest${
            d.unsubscribed_at ? ` on ${minuteInUtc(d.unsubscribed_at)}` : ""
          }: nothing more is sent to it (remove it and add it again to ask the address again)`
          : d.state
      }`}
      {d.last_delivered_at ? `, last delivered ${minuteInUtc(d.last_delivered_at)}` : ""}
      {d.failing_since ? `, failing since ${minuteInUtc(d.failing_since)}` : ""}
      {d.last_error ? `, last error: ${d.last_error}` : ""}
    </li>
  );
}

/** The deliveries this server can make, and where its API is for adding them. */
export interface DeliveryWays {
  webhook: boolean;
  email: boolean;
  /** The server's address, as its links give it (`https://jobs.example`). */
  base: string;
}

/**
 * What this server delivers by: webhooks unless it allows none (`JOBSEEK_WEBHOOK_PUBLIC=0` and
 * no allowed host), email where its operator set a mail server and a sender.
 */
export function deliveryWays(alerts: AlertsConfig, base: string): DeliveryWays {
  return {
    webhook: alerts.webhookPublic !== false || alerts.webhookAllowHosts.length > 0,
    email: alerts.smtpUrl !== undefined && alerts.mailFrom !== undefined,
    base,
  };
}

/**
 * How a webhook or an email digest is added to a saved search, for the ways this server has
 * (session 39): the page adds none (docs/web.md), so the card says the API call in full (the
 * server's own address, the body to send), and where a way is off, what its operator has to
 * set, in words. It named our repository's docs/alerts.md, and offered email on a server that
 * sends none.
 */
function DeliveriesNote(props: { view: SavedSearchView; ways: DeliveryWays }) {
  const { view, ways } = props;
  const example = ways.webhook
    ? '{"deliver": [{"type": "webhook", "url": "https://your.server/hook"}]}'
    : '{"deliver": [{"type": "email", "to": "you@example.com", "every": "daily"}]}';
  const what = ways.webhook && ways.email
    ? "a webhook or an email digest"
    : ways.webhook
    ? "a webhook"
    : "an email digest";
  return (
    <div class="field-note deliveries-note">
      {ways.webhook || ways.email
        ? (
          <p>
            {`To have new postings sent as well, add ${what} with your API key (in the header `}
            <code>x-api-key</code>
            {"): send "}
            <code>{`PATCH ${ways.base}/v1/saved-searches/${view.id}`}</code>
            {" with "}
            <code>{example}</code>
            {view.deliver.length > 0
              ? ". The list replaces the deliveries it has: name those you keep too."
              : "."}
          </p>
        )
        : null}
      {!ways.email
        ? (
          <p>
            Email digests are off on this server: its operator has not set an outgoing mail server
            and a sender address (the settings JOBSEEK_SMTP_URL and JOBSEEK_MAIL_FROM).
          </p>
        )
        : null}
      {!ways.webhook
        ? (
          <p>
            Webhooks are off on this server: its operator lets them reach only the hosts it lists,
            and lists none (the setting JOBSEEK_WEBHOOK_ALLOW_HOSTS).
          </p>
        )
        : null}
    </div>
  );
}

/**
 * What /saved says after a form, by code: the redirect carries a code, never a sentence, so a link
 * made elsewhere cannot put words on the page. A change to one saved search lands on its card (the
 * URL's fragment), where the keyboard's focus starts again; a deletion on the top of the list.
 */
const DONE_NOTICES: Record<string, string> = {
  paused: "Paused: nothing is sent until you resume it; its feed can still be read.",
  resumed: "Resumed: what is new is sent again.",
  deleted: "Deleted: its feed URL no longer works.",
};

export function savedDoneNotice(code: string | undefined): string | undefined {
  return code === undefined ? undefined : ownValue(DONE_NOTICES, code);
}

function SavedSearchCard(
  props: {
    view: SavedSearchView;
    formToken?: string;
    isNew: boolean;
    isAlready: boolean;
    notice?: string;
    ways: DeliveryWays;
    /** Its feed's entries, shown below the card (`/saved/{id}`). */
    news?: WhatIsNew;
  },
) {
  const { view } = props;
  const action = `${SAVED_PATH}/${encodeURIComponent(view.id)}`;
  return (
    <article class="card" id={view.id} aria-labelledby={`${view.id}-name`}>
      <h2 id={`${view.id}-name`}>{view.name}</h2>
      {props.isNew ? <p role="status">Saved.</p> : null}
      {props.isAlready
        ? (
          <p role="status">
            Already saved: this search was saved before, so it was not saved again.
          </p>
        )
        : null}
      {props.notice ? <p role="status">{props.notice}</p> : null}
      <p>{paramsInWords(view.params)}</p>
      {view.query_corrected ? <p>{keptCorrectionInWords(view.query_corrected)}</p> : null}
      <p>
        {`State: ${view.state}`}
        {view.state === "failing" ? " (a delivery ran out of retries)" : ""}
      </p>
      <p>
        {
          /* As its deliveries search it: the words kept corrected, not as the index reads them
          now. A CV's search has no page URL: `/?profile=` searched nothing and put the whole CV
          in the address bar and the history (reviewer R51b). */
        }
        {typeof view.params.profile === "string" ? "A CV's search, run by its deliveries" : (
          <a
            href={runUrl(
              view.query_corrected ? { ...view.params, q: view.query_corrected.q } : view.params,
            )}
          >
            Run this search
          </a>
        )}
        {props.news ? null : (
          <>
            {" · "}
            <a href={`${action}#new`}>What is new</a>
          </>
        )}
      </p>
      {
        /* A field to copy, not a link: the URL is for a feed reader (a browser shows Atom as raw
          XML), and it is a credential, better kept out of the browser's history. */
      }
      <div>
        <label for={`${view.id}-feed`}>Atom feed URL</label>
        <input
          id={`${view.id}-feed`}
          class="feed-url"
          type="url"
          readonly
          value={view.feed_url}
          aria-describedby={`${view.id}-feed-about`}
        />
        <p id={`${view.id}-feed-about`} class="field-note">
          For a feed reader: it lists what arrived since you saved the search, newest first, and
          until 50 have, its latest earlier matches. It needs no key, so keep it private.
        </p>
      </div>
      {view.deliver.length > 0
        ? (
          <>
            <p>Deliveries:</p>
            <ul>
              {view.deliver.map((delivery) => <Delivery key={delivery.id} delivery={delivery} />)}
            </ul>
          </>
        )
        : <p>Delivered by its feed alone.</p>}
      <DeliveriesNote view={view} ways={props.ways} />
      <form
        method="post"
        action={`${action}/${view.paused ? "resume" : "pause"}`}
        class="inline-form"
      >
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <button type="submit" class="secondary">{view.paused ? "Resume" : "Pause"}</button>
      </form>{" "}
      <form method="post" action={`${action}/delete`} class="inline-form">
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <button type="submit" class="secondary">Delete</button>
      </form>
      {props.news ? <WhatIsNewList news={props.news} /> : null}
    </article>
  );
}

/**
 * The saved search's feed on its page (session 39): what arrived since it was saved, marked
 * "New", then its latest earlier matches, as the feed lists them, and the feed's words for how
 * many are new. A person reads it here without a feed reader.
 */
function WhatIsNewList(props: { news: WhatIsNew }) {
  const { news } = props;
  const entries = [
    ...news.fresh.map((p) => ({ result: p.result, mark: "New" })),
    ...news.earlier.map((p) => ({ result: p.result, mark: undefined })),
  ];
  return (
    <section id="new" aria-labelledby="new-heading">
      <h3 id="new-heading">What is new</h3>
      <p>{whatIsNewInWords(news)}</p>
      {entries.length > 0
        ? (
          <ol class="results">
            {entries.map(({ result, mark }, index) => (
              <li>
                <ResultItem result={result} index={index} mark={mark} heading="h4" />
              </li>
            ))}
          </ol>
        )
        : null}
    </section>
  );
}

/**
 * What deleting `view` undoes, of what it has: a search delivered by its feed alone has no email
 * digest to end (it was said of every one, on servers that send no mail too).
 */
function deletionInWords(view: SavedSearchView): string {
  const webhooks = view.deliver.some((d) => d.type === "webhook");
  const emails = view.deliver.some((d) => d.type === "email");
  const ends = [
    ...(webhooks ? ["its webhook calls"] : []),
    ...(emails ? ["its email digests"] : []),
  ];
  return `Its feed URL stops working${ends.length > 0 ? `, ${ends.join(" and ")} end` : ""}, ` +
    "and it cannot be undone: saving the search again gives a new feed URL" +
    `${emails ? ", and email addresses confirm again" : ""}. Pausing it keeps all of that.`;
}

/** "Delete the saved search 'NAME'?": the one way on to deleting it, and a way back. */
function DeleteQuestion(props: Frame & { view: SavedSearchView }) {
  const { view } = props;
  const id = encodeURIComponent(view.id);
  return (
    <Layout {...props} title={`Delete the saved search '${view.name}'?`}>
      <h1>{`Delete the saved search '${view.name}'?`}</h1>
      <p>{deletionInWords(view)}</p>
      <form method="post" action={`${SAVED_PATH}/${id}/delete`}>
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <button type="submit">{`Delete '${view.name}'`}</button>{" "}
          <a href={`${SAVED_PATH}#${id}`}>Keep it</a>
        </p>
      </form>
    </Layout>
  );
}

export function SavedSearchesPage(
  props: Frame & {
    views: SavedSearchView[];
    newId?: string;
    alreadyId?: string;
    title?: string;
    /** A form's outcome: said on the card it changed (`changedId`), or above the list. */
    notice?: string;
    changedId?: string;
    ways: DeliveryWays;
    news?: WhatIsNew;
  },
) {
  const changedShown = props.views.some((view) => view.id === props.changedId);
  return (
    <Layout {...props} title={props.title ?? "Saved searches"}>
      <h1>{props.title ?? "Saved searches"}</h1>
      {props.notice && !changedShown ? <p class="notice" role="status">{props.notice}</p> : null}
      {props.views.length === 0
        ? (
          <p>
            No saved searches yet. Search on <a href="/">the search page</a>{" "}
            and choose "Save this search".
          </p>
        )
        : props.views.map((view) => (
          <SavedSearchCard
            key={view.id}
            view={view}
            formToken={props.formToken}
            isNew={view.id === props.newId}
            isAlready={view.id === props.alreadyId}
            notice={view.id === props.changedId ? props.notice : undefined}
            ways={props.ways}
            news={props.news}
          />
        ))}
    </Layout>
  );
}

/** The routes of `/saved`; `sessions` are the web page's. */
export function savedRoutes(deps: WebDeps, sessions: WebSessions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The deliveries this server makes, the API's address as this request reaches it. */
  function ways(c: Context<AppEnv>): DeliveryWays {
    let base: string;
    try {
      base = linkBaseUrl(deps.config, c.req.url);
    } catch {
      base = new URL(c.req.url).origin;
    }
    return deliveryWays(deps.config.alerts ?? DEFAULT_ALERTS, base);
  }

  /** The signed-in session that may keep saved searches, or the answer that stops the request. */
  async function owner(c: Context<AppEnv>): Promise<WebSession | Response> {
    const session = await sessions.read(c);
    if (!session) return seeOther(signInPath(c, await afterSignIn(c)));
    const frame = frameOf(session);
    if (!hasScope(session.principal, "search")) {
      return sendPage(
        c,
        <MessagePage
          {...frame}
          title="This key cannot save searches"
          message="The key you signed in with lacks the 'search' scope. Sign in with a search key."
        />,
        403,
      );
    }
    if (!deps.alerts) {
      return sendPage(
        c,
        <MessagePage
          {...frame}
          title="No saved searches here"
          message="This server does not keep saved searches."
        />,
        404,
      );
    }
    return session;
  }

  /**
   * Where a request with no session goes once signed in: a page back to itself; a save back to the
   * search it saves, where the save box waits (it had gone to the bare list, the search lost:
   * reviewer W50). Only the search's parameters are read from that form, and nothing is done with
   * them but a link, so it needs no form token.
   */
  async function afterSignIn(c: Context<AppEnv>): Promise<string> {
    if (c.req.method === "GET") return c.req.path;
    if (c.req.path !== SAVED_PATH) return SAVED_PATH;
    // A body no form makes (a multipart one of garbage) leads to the list: it was a 500 (C51).
    const body = await c.req.parseBody({ all: true }).catch(() => null);
    // Every value of the search's parameters, so that two cities are refused there, as posted.
    return body ? runUrl(searchLists(formLists(body))) : SAVED_PATH;
  }

  async function postedForm(
    c: Context<AppEnv>,
  ): Promise<{ session: WebSession; form: PostedForm } | Response> {
    const session = await owner(c);
    if (session instanceof Response) return session;
    const form = await checkedForm(c, deps, session);
    if (form instanceof Response) return form;
    return { session, form };
  }

  /** Why a saved search was not saved or changed, said on a page of its own, with its status. */
  // A search with no words (a form sent by hand: reviewer W50 had a 500) is refused as a bad one.
  const SAVE_REFUSALS = {
    INVALID_PARAMETER: 400,
    MISSING_QUERY: 400,
    LIMIT_EXCEEDED: 409,
    MISDIRECTED_REQUEST: 421,
  };

  /**
   * A refused change in words: a bad parameter, the owner's limit, a host without an address for
   * links, or an id not theirs (404).
   */
  function refusal(c: Context<AppEnv>, session: WebSession, error: unknown): Response {
    if (!(error instanceof JobseekError)) throw error;
    const frame = frameOf(session);
    if (error.code === "NOT_FOUND") {
      return notFoundPage(c, frame, "You have no saved search with that id.");
    }
    const status = SAVE_REFUSALS[error.code as keyof typeof SAVE_REFUSALS];
    if (status !== undefined) {
      return sendPage(
        c,
        <MessagePage
          {...frame}
          title="Cannot save this search"
          message={errorInWords(error.message)}
          link={{ href: SAVED_PATH, text: "Your saved searches" }}
        />,
        status,
      );
    }
    throw error;
  }

  // A saved search's form is a name and a URL's parameters.
  const smallForm = smallFormLimit((c) => sessions.read(c));
  app.post(SAVED_PATH, smallForm);
  app.post(`${SAVED_PATH}/*`, smallForm);

  app.get(SAVED_PATH, async (c) => {
    const session = await owner(c);
    if (session instanceof Response) return session;
    const views = await deps.alerts!.savedSearches.list(session.principal.subject);
    return sendPage(
      c,
      <SavedSearchesPage
        {...frameOf(session)}
        views={views}
        newId={c.req.query("saved")}
        alreadyId={c.req.query("already")}
        notice={savedDoneNotice(c.req.query("done"))}
        changedId={c.req.query("id")}
        ways={ways(c)}
      />,
    );
  });

  app.get(`${SAVED_PATH}/:id`, async (c) => {
    const session = await owner(c);
    if (session instanceof Response) return session;
    try {
      const view = await deps.alerts!.savedSearches.get(
        session.principal.subject,
        c.req.param("id"),
      );
      // A HEAD searches nothing and spends nothing (as the search page's: reviewer C57).
      if (c.req.method === "HEAD") return headersOnly();
      // Its feed's entries: a search made for the owner, counted as a read of the feed is.
      await deps.rateLimiter.consume(session.principal);
      const news = await deps.alerts!.deliverer.whatIsNew(
        await deps.alerts!.savedSearches.record(session.principal.subject, view.id),
      );
      return sendPage(
        c,
        <SavedSearchesPage
          {...frameOf(session)}
          views={[view]}
          title={`Saved search: ${view.name}`}
          ways={ways(c)}
          news={news}
        />,
      );
    } catch (error) {
      return refusal(c, session, error);
    }
  });

  app.post(SAVED_PATH, async (c) => {
    const got = await postedForm(c);
    if (got instanceof Response) return got;
    const raw = formLists(got.form);
    const params = savedParams(raw);
    const name = raw.name?.[0] ?? "";
    try {
      // Two cities, or two orders, are refused as the search refuses them: the saved search kept
      // the first (reviewer W51).
      queryStringInput(raw);
      const base = linkBaseUrl(deps.config, c.req.url);
      // A second click on "Save", or the same search saved again, would deliver everything twice.
      const same = await deps.alerts!.savedSearches.findSame(
        got.session.principal.subject,
        { ...params, name },
      );
      if (same) {
        return seeOther(`${SAVED_PATH}?already=${encodeURIComponent(same.id)}#${same.id}`);
      }
      const view = await deps.alerts!.savedSearches.create(
        got.session.principal.subject,
        { ...params, name },
        base,
      );
      return seeOther(`${SAVED_PATH}?saved=${encodeURIComponent(view.id)}#${view.id}`);
    } catch (error) {
      return refusal(c, got.session, error);
    }
  });

  for (
    const [verb, change, done] of [
      ["pause", { paused: true }, "paused"],
      ["resume", { paused: false }, "resumed"],
    ] as const
  ) {
    app.post(`${SAVED_PATH}/:id/${verb}`, async (c) => {
      const got = await postedForm(c);
      if (got instanceof Response) return got;
      try {
        await deps.alerts!.savedSearches.update(
          got.session.principal.subject,
          c.req.param("id"),
          change,
        );
      } catch (error) {
        return refusal(c, got.session, error);
      }
      const id = encodeURIComponent(c.req.param("id"));
      return seeOther(`${SAVED_PATH}?done=${done}&id=${id}#${id}`);
    });
  }

  app.get(`${SAVED_PATH}/:id/delete`, async (c) => {
    const session = await owner(c);
    if (session instanceof Response) return session;
    try {
      const view = await deps.alerts!.savedSearches.get(
        session.principal.subject,
        c.req.param("id"),
      );
      return sendPage(c, <DeleteQuestion {...frameOf(session)} view={view} />);
    } catch (error) {
      return refusal(c, session, error);
    }
  });

  app.post(`${SAVED_PATH}/:id/delete`, async (c) => {
    const got = await postedForm(c);
    if (got instanceof Response) return got;
    const owner = got.session.principal.subject;
    try {
      // Asked first, as the console's Revoke is: a delete cannot be undone (its feed URL, its
      // webhook's secret and its confirmed addresses go with it), and its button sits on every
      // card, where one Enter while tabbing through the list pressed it.
      // The question is a page of its own (a GET): as the answer to this POST, Back from it was
      // the browser's "Confirm Form Resubmission" (reviewer W52).
      if (got.form.confirm !== "yes") {
        await deps.alerts!.savedSearches.get(owner, c.req.param("id"));
        return seeOther(`${SAVED_PATH}/${encodeURIComponent(c.req.param("id"))}/delete`);
      }
      await deps.alerts!.savedSearches.remove(owner, c.req.param("id"));
    } catch (error) {
      return refusal(c, got.session, error);
    }
    return seeOther(`${SAVED_PATH}?done=deleted`);
  });
  return app;
}
