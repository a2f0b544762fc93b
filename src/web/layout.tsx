/** @jsxImportSource hono/jsx */
/**
 * The frame of every page: head (stylesheet and scripts as files, so the Content-Security-Policy
 * needs no inline allowance), the top bar with sign-in state, and a skip link. Hono's JSX escapes
 * every value it is given: no page builds HTML from strings.
 *
 * @module
 */
import type { Child } from "hono/jsx";
import { ASSET_VERSION } from "./static.ts";

export interface LayoutProps {
  title: string;
  /** The signed-in key's name; absent when nobody is signed in. */
  signedInAs?: string;
  /** The session's form token, for the sign-out form. */
  formToken?: string;
  /** Show the operator console link. */
  admin?: boolean;
  /** Load htmx and the page script (the search page). */
  enhance?: boolean;
  children?: Child;
}

/** htmx's settings: no eval, no inline styles of its own, and Back reloads from the server. */
const HTMX_CONFIG = JSON.stringify({
  allowEval: false,
  allowScriptTags: false,
  includeIndicatorStyles: false,
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
  selfRequestsOnly: true,
});

export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${props.title} · jobseek`}</title>
        <link rel="icon" type="image/svg+xml" href={`/static/icon.svg?v=${ASSET_VERSION}`} />
        <link rel="stylesheet" href={`/static/web.css?v=${ASSET_VERSION}`} />
        {props.enhance
          ? (
            <>
              <meta name="htmx-config" content={HTMX_CONFIG} />
              <script src={`/static/htmx.min.js?v=${ASSET_VERSION}`} defer></script>
              <script src={`/static/web.js?v=${ASSET_VERSION}`} defer></script>
            </>
          )
          : null}
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">jobseek</a>
          {
            /* Swapped with each live search's results (search_page.tsx), so a tab says who it acts
          as once another tab signs in with another key, and its sign-out carries the new token. */
          }
          <nav id="account" aria-label="Account">
            {props.admin ? <a href="/admin">Console</a> : null}
            {props.signedInAs !== undefined
              ? (
                <>
                  <a href="/saved">Saved searches</a>
                  <span>Signed in as {props.signedInAs}</span>
                  <form method="post" action="/signout" class="inline-form">
                    <input type="hidden" name="csrf" value={props.formToken ?? ""} />
                    <button type="submit" class="secondary">Sign out</button>
                  </form>
                </>
              )
              : <a href="/signin">Sign in</a>}
          </nav>
        </header>
        <main id="main">{props.children}</main>
        <footer>jobseek · postings are third-party text, shown as written</footer>
      </body>
    </html>
  );
}

/** A whole page as a string with its doctype. */
export function renderPage(node: Child): string {
  return "<!doctype html>" + String(node);
}
