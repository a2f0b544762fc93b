/** @jsxImportSource hono/jsx */
/**
 * The web page's routes: search (`/`), one posting (`/posting`), the CV search (`POST /cv`),
 * sign-in and sign-out, the operator console (`/admin`), and the static files. Who may search is
 * `JOBSEEK_WEB` (docs/web.md): `key` (a session signed in with an API key), `public` (anyone,
 * limited per address prefix) or `off` (none of these routes). Searches go through the one
 * search service REST and MCP use, and count against the key's rate limit as REST searches do.
 *
 * Every page is sent with a strict Content-Security-Policy and `frame-ancestors 'none'`; every
 * form that changes state must come from this site (its `Origin`) and carry the session's form
 * token.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app_deps.ts";
import { addressPrefix, clientAddress } from "../http/address_limit.ts";
import { NOT_READY_RETRY_AFTER_SECONDS } from "../http/error_response.ts";
import { JobseekError } from "../domain/errors.ts";
import { toSearchResponse } from "../domain/job.ts";
import { FACET_NAMES } from "../domain/facets.ts";
import { parseSearchQuery, queryStringInput } from "../domain/search_query.ts";
import { errorFields } from "../log.ts";
import { CV_MAX_BYTES, CvFileError, uploadedCvName } from "../ingest/cv_text.ts";
import { CvReader, CvReadersBusy } from "./cv_reader.ts";
import { CvResultsPage, MessagePage, PostingPage, SignInPage, SignOutPage } from "./pages.tsx";
import { CV_FORM_ID, type PageParams, SearchPage } from "./search_page.tsx";
import { searchOrRefusals } from "./search_refusals.ts";
import { signInPath, type WebSession, WebSessions } from "./session.ts";
import type { WebSessionCv } from "../store/web_session_store.ts";
import { SAVED_PATH } from "./saved_search_form.tsx";
import { ASSETS } from "./static.ts";
import { adminRoutes } from "./admin_routes.tsx";
import { savedRoutes } from "./saved_pages.tsx";
import {
  checkForm,
  formRefusedPage,
  type Frame,
  frameOf,
  hasScope,
  headersOnly,
  notFoundPage,
  pageBodyLimit,
  readForm,
  safeNext,
  seeOther,
  sendPage,
  SIGN_IN_PER_PREFIX_PER_MINUTE,
  siteOrigin,
  smallFormLimit,
  type WebDeps,
} from "./respond.tsx";
import { ownValue } from "../domain/own_value.ts";

/** Errors that say what is wrong with a person's search: the page shows them beside the form. */

/** The static files' policy: as documents of their own, nothing runs, loads or frames them. */
const STATIC_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The page's parameters from the query string: every value of every parameter. */
function pageParams(c: Context<AppEnv>): PageParams {
  return c.req.queries() as PageParams;
}

function searchInput(params: PageParams): Record<string, unknown> {
  return { ...queryStringInput(params), facets: FACET_NAMES };
}

/**
 * The Retry-After seconds of a 429, in words for the page; `what` was refused: the key's searches,
 * or the sign-ins from the person's network (not their searches: they made none yet).
 */
function rateLimitedPage(
  c: Context<AppEnv>,
  frame: Frame,
  error: JobseekError,
  what: "searches" | "sign-in attempts from your network" = "searches",
): Response {
  const seconds = Math.max(1, Math.ceil(error.retryAfter ?? 1));
  return sendPage(
    c,
    <MessagePage
      {...frame}
      title={`Too many ${what.split(" from ")[0]}`}
      message={`Too many ${what} in the last minute. Try again in ${seconds} seconds.`}
    />,
    429,
    { "retry-after": String(seconds) },
  );
}

/**
 * The page of a request whose `Host` names no host (src/http/well_formed_host.ts): a 400 that says
 * so, in the frame of nobody signed in (no session is read for a request to no host).
 */
export function hostRefusedPage(c: Context<AppEnv>, message: string): Response {
  const said = `${message[0].toUpperCase()}${message.slice(1)}.`;
  return sendPage(
    c,
    <MessagePage
      title="Bad request"
      message={`${said} Open this site by its own address.`}
    />,
    400,
  );
}

export interface WebRoutes {
  routes: Hono<AppEnv>;
  /** The pages' 404, in the person's own frame (signed in as, sign out) as every other page. */
  notFound(c: Context<AppEnv>): Promise<Response>;
  /**
   * The pages' 405 for a page's path called with a method it does not take, with `Allow`; null
   * where the path is no page's.
   */
  wrongMethod(c: Context<AppEnv>): Promise<Response | null>;
}

/**
 * Each page's path and the methods it takes (HEAD with GET). Called with another, a page answers
 * 405 in HTML with `Allow`, as the API does in JSON: it had answered a JSON 404 "no endpoint",
 * though the page is there (reviewer W50).
 */
/** The page of the CV a session searched last. */
const CV_PATH = "/cv";

/** Characters of a CV file's name the page says and keeps. */
const CV_NAME_SHOWN = 200;

/**
 * A CV file's name as the page says and keeps it: one of 70,000 characters, kept with the CV, was
 * more than a value of KV holds, and a 500 (reviewer C51). Cut, its extension kept.
 */
function shownCvName(name: string): string {
  if (name.length <= CV_NAME_SHOWN) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot >= 0 && name.length - dot <= 6 ? name.slice(dot) : "";
  return `${name.slice(0, CV_NAME_SHOWN - extension.length - 1)}…${extension}`;
}

const PAGE_METHODS: readonly [RegExp, readonly string[]][] = [
  [/^\/$/, ["GET", "HEAD"]],
  [/^\/(?:posting|admin|saved\/[^/]+|admin\/plots\/[^/]+|static\/[^/]+)$/, ["GET", "HEAD"]],
  [/^\/(?:signin|signout|saved)$/, ["GET", "HEAD", "POST"]],
  [/^\/cv$/, ["GET", "HEAD", "POST"]],
  [/^\/(?:admin\/keys|admin\/sources\/run)$/, ["POST"]],
  [/^\/admin\/keys\/revoke$/, ["GET", "HEAD", "POST"]],
  [/^\/saved\/[^/]+\/(?:pause|resume)$/, ["POST"]],
  [/^\/saved\/[^/]+\/delete$/, ["GET", "HEAD", "POST"]],
];

export function createWebRoutes(deps: WebDeps): WebRoutes {
  const app = new Hono<AppEnv>();
  const sessions = new WebSessions({
    store: deps.store.webSessions,
    apiKeys: deps.apiKeys,
    lifetimeMs: deps.config.webSessionHours * 3_600_000,
    secure: deps.config.publicUrl?.startsWith("https:") ?? false,
  });
  const publicSearch = deps.config.web === "public";
  const cvReader = new CvReader();

  app.onError(async (error, c) => {
    // The person's own frame (signed in as, sign out): the same header as on every other page,
    // unless the failure is the store's and no session can be read.
    const frame = frameOf(await sessions.read(c).catch(() => null));
    if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
      return rateLimitedPage(c, frame, error);
    }
    if (
      error instanceof JobseekError && (error.code === "NOT_READY" || error.code === "NO_INDEX")
    ) {
      return sendPage(
        c,
        <MessagePage {...frame} title="Not ready yet" message={error.message} />,
        503,
        { "retry-after": String(NOT_READY_RETRY_AFTER_SECONDS) },
      );
    }
    const requestId = c.get("requestId") ?? crypto.randomUUID();
    deps.logger.error("web page failed", { request_id: requestId, ...errorFields(error) });
    return sendPage(
      c,
      <MessagePage
        {...frame}
        title="Something went wrong"
        message={`The server could not show this page. Quote request ${requestId} when you report it.`}
      />,
      500,
    );
  });

  const smallForm = smallFormLimit((c) => sessions.read(c));
  for (const path of ["/signin", "/signout", "/admin/*"]) app.post(path, smallForm);

  app.get("/static/:name", (c) => {
    const name = c.req.param("name");
    // Own names only: `constructor` or `toString` of the object are not files.
    const asset = ownValue(ASSETS, name);
    if (!asset) return notFoundPage(c, {});
    return new Response(asset.body, {
      headers: {
        "content-type": asset.type,
        // A file opened on its own (the SVG icon is a document then) runs and loads nothing.
        "content-security-policy": STATIC_CSP,
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        // The URL carries the content's hash (`?v=`): a changed file has a new URL.
        "cache-control": "public, max-age=86400",
      },
    });
  });

  /**
   * Who searches, or the answer that stops the request: the sign-in page (key mode without a
   * session), a 403 (a key without the search scope) or a 429. Counts the search against the
   * key's limit, or (public mode, nobody signed in) the client network's.
   */
  async function searcher(
    c: Context<AppEnv>,
    count: boolean,
  ): Promise<{ session: WebSession | null; frame: Frame } | Response> {
    const session = await sessions.read(c);
    const frame = frameOf(session);
    if (!session && !publicSearch) {
      const next = ["GET", "HEAD"].includes(c.req.method)
        ? c.req.path + new URL(c.req.url).search
        : "/";
      return seeOther(signInPath(c, next));
    }
    if (session && !hasScope(session.principal, "search")) {
      return sendPage(
        c,
        <MessagePage
          {...frame}
          title="This key cannot search"
          message="The key you signed in with lacks the 'search' scope. Sign in with a search key."
          link={frame.admin ? { href: "/admin", text: "Go to the console" } : undefined}
        />,
        403,
      );
    }
    // A HEAD asks for the headers alone: link checkers and previews send them. Nothing is
    // searched for it (below), so it spends nothing of the key's limit (session 52's note).
    if (!count || c.req.method === "HEAD") return { session, frame };
    try {
      if (session) {
        c.set("principal", session.principal);
        await deps.rateLimiter.consume(session.principal);
      } else if (deps.addressLimiter) {
        await deps.addressLimiter.consumeSubject(
          `addr:web:${addressPrefix(clientAddress(c))}`,
          deps.config.rateLimitPerMinute,
        );
      }
    } catch (error) {
      if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
        return rateLimitedPage(c, frame, error);
      }
      throw error;
    }
    return { session, frame };
  }

  app.get("/", async (c) => {
    const params = pageParams(c);
    // A plain form sends its empty fields too: the URL that holds the search leaves them out.
    if (Object.values(params).some((values) => values.some((v) => v === ""))) {
      const clean = new URLSearchParams();
      for (const [name, values] of Object.entries(params)) {
        for (const value of values) if (value !== "") clean.append(name, value);
      }
      const text = clean.toString();
      return seeOther(text ? `/?${text}` : "/");
    }
    const searching = (params.q?.[0] ?? "").trim() !== "";
    const who = await searcher(c, searching);
    if (who instanceof Response) return who;
    const shown = { ...who.frame, params, offset: 0, pageSize: 20 };
    if (c.req.method === "HEAD") return headersOnly();
    if (!searching) return sendPage(c, <SearchPage {...shown} />);
    // The search refuses what only the index can judge (a `near` that names no known place): the
    // person's input too, said on the page beside the form, not a 500. Every field at fault is
    // said at once (src/web/search_refusals.ts), as the same parse and search judge it.
    const searched = await searchOrRefusals(params, async (tried) => {
      const query = parseSearchQuery(searchInput(tried), "q");
      return { query, outcome: await deps.service.search(query) };
    });
    if (searched.refusals) {
      const errors = searched.refusals.map((error) => ({
        message: error.message,
        param: error.param,
      }));
      return sendPage(c, <SearchPage {...shown} errors={errors} />, 400);
    }
    const { query, outcome } = searched.value;
    const response = toSearchResponse(c.get("requestId"), outcome);
    return sendPage(
      c,
      <SearchPage
        {...shown}
        response={response}
        offset={query.offset}
        pageSize={query.top_k}
      />,
    );
  });

  app.get("/posting", async (c) => {
    const url = c.req.query("url") ?? "";
    const who = await searcher(c, true);
    if (who instanceof Response) return who;
    const job = url && deps.service.getJob ? await deps.service.getJob(url) : null;
    if (!job) return notFoundPage(c, who.frame, "No posting has that address.");
    const referer = c.req.header("referer");
    const refererUrl = referer ? URL.parse(referer) : null;
    // Back to the list the posting was opened from: a search, or a saved search's page (from
    // which "Back to the search" had led to an empty search: reviewer W51).
    // A CV's page is a session's (a public page's CV answered its POST, kept nowhere).
    const fromList = refererUrl && refererUrl.origin === siteOrigin(c, deps.config.publicUrl) &&
        (refererUrl.pathname === "/" || refererUrl.pathname === SAVED_PATH ||
          refererUrl.pathname.startsWith(`${SAVED_PATH}/`) ||
          (refererUrl.pathname === CV_PATH && who.session !== null))
      ? refererUrl
      : null;
    const back = fromList ? fromList.pathname + fromList.search : "/";
    const backText = !fromList || fromList.pathname === "/"
      ? "Back to the search"
      : fromList.pathname === CV_PATH
      ? "Back to the jobs for your CV"
      : fromList.pathname === SAVED_PATH
      ? "Back to your saved searches"
      : "Back to the saved search";
    return sendPage(c, <PostingPage {...who.frame} job={job} back={back} backText={backText} />);
  });

  app.post(
    "/cv",
    pageBodyLimit({
      maxSize: CV_MAX_BYTES + 64 * 1024,
      onError: (c) =>
        sendPage(
          c,
          <MessagePage
            title="CV too large"
            message={`A CV file may be at most ${CV_MAX_BYTES / 1024 / 1024} MiB.`}
          />,
          413,
        ),
    }),
    async (c) => {
      const who = await searcher(c, false);
      if (who instanceof Response) return who;
      const form = await readForm(c, who.frame);
      if (form instanceof Response) return form;
      const refused = checkForm(c, deps, who.session, form);
      if (refused) return formRefusedPage(c, who.frame, refused);
      // Counted before the file is read: reading is the costly part, and a file that cannot be
      // read must not be a way to make the server work without spending anything.
      const counted = await searcher(c, true);
      if (counted instanceof Response) return counted;
      const file = form.cv;
      if (!(file instanceof File) || file.size === 0) {
        // A file chosen but empty is told so ("Choose a CV file" read as if none was: W51).
        const message = file instanceof File && file.name !== ""
          ? "The file chosen is empty: choose a CV with text in it."
          : "Choose a CV file to upload.";
        return sendPage(c, <MessagePage {...who.frame} title="No CV" message={message} />, 400);
      }
      let cv;
      const bytes = new Uint8Array(await file.arrayBuffer());
      const fileName = uploadedCvName(file.name, bytes);
      try {
        cv = await cvReader.read(fileName, bytes);
      } catch (error) {
        if (error instanceof CvReadersBusy) {
          return sendPage(
            c,
            <MessagePage
              {...who.frame}
              title="Busy reading CVs"
              message="Other CVs are being read right now. Try again in a few seconds."
            />,
            503,
            { "retry-after": "5" },
          );
        }
        if (error instanceof CvFileError) {
          return sendPage(
            c,
            <MessagePage {...who.frame} title="Cannot read the CV" message={error.message} />,
            400,
          );
        }
        throw error;
      }
      const searched: WebSessionCv = {
        text: cv.text,
        work: typeof form.work === "string" ? form.work.trim().slice(0, 200) : "",
        fileName: shownCvName(fileName),
        cut: cv.cut,
      };
      // Signed in, the results are a page of their own to come back to (`GET /cv`); a search with
      // no session (a public page) has nowhere to keep the CV, and answers the POST, as does one
      // whose session ended while the file was read.
      const kept = who.session !== null && await deps.store.webSessions.saveCv(
        who.session.tokenHash,
        searched,
        who.session.record.expiresAt,
      );
      if (kept) return seeOther(CV_PATH);
      return await cvResults(c, who.frame, searched);
    },
  );

  /** The results of the CV a session searched last, searched again (counted as a search). */
  app.get(CV_PATH, async (c) => {
    const who = await searcher(c, true);
    if (who instanceof Response) return who;
    const searched = who.session
      ? await deps.store.webSessions.findCv(who.session.tokenHash)
      : null;
    // None searched in this session (a bookmark, another browser, signed out since): the form to
    // choose one, where "Page not found" had stood for a page that exists (session 54's note).
    if (!searched) return seeOther(`/#${CV_FORM_ID}`);
    if (c.req.method === "HEAD") return headersOnly();
    return await cvResults(c, who.frame, searched);
  });

  /**
   * A CV's search and its page. The work typed beside it is searched as the API and the CLI search
   * `q` beside a profile: first, the CV's roles after it. Until session 58 the page searched it only
   * where the CV named no role (reviewer R51b), and a person who typed "mental health nurse" to
   * steer a nurse's CV saw it dropped; one rule for every transport (reviewer C58).
   */
  async function cvResults(
    c: Context<AppEnv>,
    frame: Frame,
    searched: WebSessionCv,
  ): Promise<Response> {
    const { text, work, fileName, cut } = searched;
    const outcome = await deps.service.search(
      parseSearchQuery({ profile: text, ...(work !== "" ? { q: work } : {}), top_k: 50 }, "q"),
    );
    const response = toSearchResponse(c.get("requestId"), outcome);
    return sendPage(
      c,
      <CvResultsPage {...frame} fileName={fileName} cut={cut} response={response} />,
    );
  }

  app.get("/signin", async (c) => {
    const session = await sessions.read(c);
    const next = safeNext(c.req.query("next"));
    if (session) return seeOther(next);
    const status = c.req.query("signed_out") !== undefined
      ? "You are signed out."
      : c.req.query("ended") !== undefined
      ? "Your sign-in had ended, so that was not done: sign in again to go on."
      : undefined;
    return sendPage(c, <SignInPage next={next} status={status} />);
  });

  app.post("/signin", async (c) => {
    const form = await readForm(c, {});
    if (form instanceof Response) return form;
    const next = safeNext(form.next);
    const refused = checkForm(c, deps, null, form);
    if (refused) return sendPage(c, <SignInPage next={next} error={refused} />, 403);
    if (deps.addressLimiter) {
      try {
        await deps.addressLimiter.consumeSubject(
          `addr:web-signin:${addressPrefix(clientAddress(c))}`,
          SIGN_IN_PER_PREFIX_PER_MINUTE,
        );
      } catch (error) {
        if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
          return rateLimitedPage(c, {}, error, "sign-in attempts from your network");
        }
        throw error;
      }
    }
    const key = typeof form.api_key === "string" ? form.api_key.trim() : "";
    const principal = await sessions.signIn(c, key);
    if (!principal) {
      return sendPage(c, <SignInPage next={next} error="That API key is not valid." />, 401);
    }
    // An operator's key that may not search would land on a 403: its default page is the console.
    const landing = next === "/" && !hasScope(principal, "search") && hasScope(principal, "admin")
      ? "/admin"
      : next;
    // The cookie was set on the context's response headers: carry them onto the redirect.
    const response = seeOther(landing);
    for (const cookie of c.res.headers.getSetCookie()) {
      response.headers.append("set-cookie", cookie);
    }
    return response;
  });

  app.get("/signout", async (c) => {
    const session = await sessions.read(c);
    if (!session) return seeOther("/signin?signed_out");
    return sendPage(c, <SignOutPage {...frameOf(session)} />);
  });

  app.post("/signout", async (c) => {
    const session = await sessions.read(c);
    const form = await readForm(c, frameOf(session));
    if (form instanceof Response) return form;
    const refused = checkForm(c, deps, session, form);
    if (refused) return formRefusedPage(c, frameOf(session), refused);
    await sessions.signOut(c);
    const response = seeOther("/signin?signed_out");
    for (const cookie of c.res.headers.getSetCookie()) {
      response.headers.append("set-cookie", cookie);
    }
    return response;
  });

  app.route("/", adminRoutes(deps, sessions));
  app.route("/", savedRoutes(deps, sessions));
  return {
    routes: app,
    notFound: async (c) => notFoundPage(c, frameOf(await sessions.read(c).catch(() => null))),
    wrongMethod: async (c) => {
      const allow = PAGE_METHODS.find(([path]) => path.test(c.req.path))?.[1];
      if (allow === undefined || allow.includes(c.req.method)) return null;
      const frame = frameOf(await sessions.read(c).catch(() => null));
      const response = sendPage(
        c,
        <MessagePage
          {...frame}
          title="Not done this way"
          message={`This page takes ${allow.join(", ")}, not ${c.req.method}.`}
        />,
        405,
      );
      response.headers.set("allow", allow.join(", "));
      return response;
    },
  };
}
