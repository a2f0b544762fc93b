/** @jsxImportSource hono/jsx */
/**
 * What every page route shares: the security headers (a strict Content-Security-Policy with
 * `frame-ancestors 'none'`), sending a page, redirects, the frame's sign-in state, the check of
 * state-changing forms (same-site `Origin` and the session's form token), and the 404 page.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Child } from "hono/jsx";
import type { AppDeps, AppEnv } from "../http/app_deps.ts";
import { DEFAULT_SCOPES, type Principal, type Scope } from "../domain/service.ts";
import { constantTimeEqual } from "../crypto.ts";
import type { Store } from "../store/store.ts";
import { renderPage } from "./layout.tsx";
import type { ServiceMetrics } from "./metrics.ts";
import { MessagePage } from "./pages.tsx";
import type { WebSession } from "./session.ts";

/** Sign-in attempts per client network and minute: a person mistypes a key a few times at most. */
export const SIGN_IN_PER_PREFIX_PER_MINUTE = 20;

/**
 * The Content-Security-Policy of every page: scripts, styles and images only from this server, as
 * files (no inline script or style, no eval), no framing, forms post only here.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export interface WebDeps extends AppDeps {
  store: Pick<Store, "webSessions" | "snapshots" | "sources" | "postings" | "importRuns">;
  metrics: ServiceMetrics;
}

/** What a page's frame needs to know about who is signed in. */
export interface Frame {
  signedInAs?: string;
  formToken?: string;
  admin?: boolean;
}

export function hasScope(principal: Principal | undefined, scope: Scope): boolean {
  return principal !== undefined && (principal.scopes ?? DEFAULT_SCOPES).includes(scope);
}

export function frameOf(session: WebSession | null): Frame {
  if (!session) return {};
  return {
    signedInAs: session.principal.name,
    formToken: session.record.formToken,
    admin: hasScope(session.principal, "admin"),
  };
}

/** Sends a page with the security headers every page carries. */
export function sendPage(
  _c: Context<AppEnv>,
  node: Child,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(renderPage(node), {
    status,
    headers: { ...pageHeaders(), "content-type": "text/html; charset=utf-8", ...headers },
  });
}

/**
 * The answer to a HEAD of a page whose GET searches: the page's headers, no search run and none
 * counted against a limit (link checkers and previews ask for the headers first: session 52's
 * note). Its status is 200 whatever the GET's would be (a refused or limited search), as no search
 * is made to find out.
 */
export function headersOnly(): Response {
  return new Response(null, {
    headers: { ...pageHeaders(), "content-type": "text/html; charset=utf-8" },
  });
}

export function pageHeaders(): Record<string, string> {
  return {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    // Pages show a person's searches and, on the console, keys: never stored by a shared cache.
    "cache-control": "no-store",
  };
}

/** A redirect after a form (303), with the page headers. */
export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { ...pageHeaders(), location, ...headers } });
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Where {@linkcode safeNext} resolves a path to see whether it leaves the site. */
const NEXT_BASE = "https://site.invalid";

/** A path of this site: one slash, not two, and no backslash after it (`/\\evil` is `//evil`). */
const SITE_PATH = /^\/(?![/\\])/;

/**
 * A path on this site to return to after sign-in; anything else (`//evil`, `https:`) is `/`.
 * Browsers drop tabs and newlines from a Location before resolving it (`/\t/evil` is `//evil`),
 * so a target with a control character is refused, and what remains must resolve on this site.
 * It is returned as the URL parser writes it: a Location carries ASCII alone (`/?q=café` made the
 * redirect throw, a 500), and what the parser resolved (`/.//evil` is `//evil`) is checked again.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || next.length > 4000) return "/";
  if (!SITE_PATH.test(next) || hasControlCharacter(next)) return "/";
  const url = URL.parse(next, NEXT_BASE);
  if (url?.origin !== NEXT_BASE) return "/";
  const target = url.pathname + url.search + url.hash;
  return SITE_PATH.test(target) ? target : "/";
}

/**
 * The origin this site's forms are posted from: the public URL's, else the one the request was
 * sent to (behind the connection guard Deno names it `http+unix://host`; the client spoke http).
 */
export function siteOrigin(c: Context<AppEnv>, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const url = new URL(c.req.url);
  const scheme = url.protocol === "http+unix:" ? "http:" : url.protocol;
  return `${scheme}//${url.host}`;
}

/** Throws unless a state-changing form came from this site and carries the session's token. */
export function checkForm(
  c: Context<AppEnv>,
  deps: WebDeps,
  session: WebSession | null,
  form: Record<string, unknown>,
): string | null {
  const origin = c.req.header("origin");
  if (origin !== siteOrigin(c, deps.config.publicUrl)) {
    return "This form was not sent from this site's page. Reload the page and try again.";
  }
  if (session) {
    const token = typeof form.csrf === "string" ? form.csrf : "";
    if (!constantTimeEqual(token, session.record.formToken)) {
      return "This form has expired. Reload the page and try again.";
    }
  }
  return null;
}

/** The page that answers a form `checkForm` refused. */
export function formRefusedPage(c: Context<AppEnv>, frame: Frame, refused: string): Response {
  return sendPage(c, <MessagePage {...frame} title="Form refused" message={refused} />, 403);
}

export type PostedForm = Record<string, string | File | (string | File)[]>;

/**
 * A posted form's fields, or the 400 page when its body is none a form makes: a multipart part
 * whose headers pass Deno's bound (a CV's name of 70,000 characters) threw from the parser, a 500
 * (reviewer C51).
 */
export async function readForm(
  c: Context<AppEnv>,
  frame: Frame,
): Promise<PostedForm | Response> {
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    return sendPage(
      c,
      <MessagePage
        {...frame}
        title="Form not read"
        message="What was sent is no form this page can read. Go back and try again."
      />,
      400,
    );
  }
}

/** A signed-in user's posted form, or the 403 page when it fails `checkForm`. */
export async function checkedForm(
  c: Context<AppEnv>,
  deps: WebDeps,
  session: WebSession,
): Promise<PostedForm | Response> {
  const form = await readForm(c, frameOf(session));
  if (form instanceof Response) return form;
  const refused = checkForm(c, deps, session, form);
  return refused ? formRefusedPage(c, frameOf(session), refused) : form;
}

/** Sign-in, sign-out, the console's and saved searches' forms are a few fields. */
const SMALL_FORM_BYTES = 64 * 1024;

/**
 * Hono's `bodyLimit`, with a request of our own under it: for a body sent without
 * `Content-Length` (in chunks) it copies the request with `new Request(request, ...)`, which
 * reads the signal of the request `Deno.serve` made, and Deno 2.9 then prints a warning about its
 * legacy abort behaviour on stderr, a line that is no JSON log line. The copy is made here from
 * the URL, method, headers and body stream, which touches no signal.
 */
export function pageBodyLimit(options: Parameters<typeof bodyLimit>[0]): MiddlewareHandler {
  const limit = bodyLimit(options);
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.body && (!raw.headers.has("content-length") || raw.headers.has("transfer-encoding"))) {
      c.req.raw = new Request(raw.url, {
        method: raw.method,
        headers: raw.headers,
        body: raw.body,
        duplex: "half",
      } as RequestInit);
    }
    return await limit(c, next);
  };
}

/**
 * Refuses a larger form body unread, with the pages' own 413 in the frame of `sessionOf`'s
 * session (reviewer W52: a signed-in person was offered "Sign in" on it).
 */
export function smallFormLimit(sessionOf: (c: Context<AppEnv>) => Promise<WebSession | null>) {
  return pageBodyLimit({
    maxSize: SMALL_FORM_BYTES,
    onError: async (c) =>
      sendPage(
        c,
        <MessagePage
          {...frameOf(await sessionOf(c).catch(() => null))}
          title="Form too large"
          message="This form sent more than a form holds."
        />,
        413,
      ),
  });
}

/** The pages' own 404. */
export function notFoundPage(c: Context<AppEnv>, frame: Frame, message?: string): Response {
  return sendPage(
    c,
    <MessagePage
      {...frame}
      title="Page not found"
      message={message ?? "There is no page at this address."}
    />,
    404,
  );
}
