/**
 * The consent page of `/oauth/authorize`: one self-contained HTML document (no scripts, no
 * external assets) where a person sees which app asks and where it will be sent back, signs in
 * with their jobseek API key, and approves or denies. Everything echoed is HTML-escaped.
 *
 * @module
 */
import { cleanLine } from "../domain/clean_text.ts";
import { escapeMarkup } from "../domain/escape_markup.ts";
import { sha256, toBase64 } from "../crypto.ts";

/**
 * Escapes text for HTML element content and double-quoted attribute values, without control or
 * bidi characters: a client's self-chosen name with U+202E would otherwise show reversed, and could
 * make "evil.example" read as another app (src/domain/clean_text.ts).
 */
export function escapeHtml(text: string): string {
  return escapeMarkup(cleanLine(text));
}

export interface ConsentPageOptions {
  /** The form's action (the authorize endpoint). */
  action: string;
  /** One-time token binding the form to the checked request. */
  formToken: string;
  /** The name the app registered with (self-asserted); absent when it gave none. */
  clientName?: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  /** Shown above the form, e.g. after a wrong key. */
  error?: string;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem;
    color: #1d1d1f; }
  h1 { font-size: 1.4rem; }
  .box { border: 1px solid #ccc; border-radius: 8px; padding: 1rem 1.25rem; }
  .error { background: #fdecea; border: 1px solid #e0a39c; border-radius: 6px; padding: .5rem .75rem; }
  .muted { color: #555; font-size: .9rem; }
  code { word-break: break-all; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
  .buttons { display: flex; gap: .75rem; margin-top: 1rem; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #888;
    cursor: pointer; }
  button.approve { background: #1a5fb4; border-color: #1a5fb4; color: #fff; }
`;

/**
 * The CSP source that allows the page's one `<style>` element and no other inline style: its
 * hash, so the page's Content-Security-Policy needs no `'unsafe-inline'`.
 */
export const CONSENT_STYLE_SOURCE = `'sha256-${toBase64(sha256(STYLE))}'`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Where the person is sent back to; an app's own scheme (`cursor://...`) has an opaque origin. */
function appOrigin(url: URL): string {
  return url.origin === "null" ? `${url.protocol}//${url.host}` : url.origin;
}

/** The page asking a person to approve an app's access. */
export function renderConsentPage(options: ConsentPageOptions): string {
  const redirect = new URL(options.redirectUri);
  const appName = options.clientName
    ? `<strong>${escapeHtml(options.clientName)}</strong>`
    : "<strong>An app that gave no name</strong>";
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : "";
  return page(
    "Sign in to jobseek",
    `<h1>Sign in to jobseek</h1>
${error}<div class="box">
<p>${appName} wants to search job postings on jobseek for you.</p>
<p class="muted">Access asked for: <code>${escapeHtml(options.scope)}</code> (search only; it
cannot change anything). After you answer you will be sent back to
<code>${escapeHtml(appOrigin(redirect))}</code>. App id: <code>${
      escapeHtml(options.clientId)
    }</code>.
The name above is what the app calls itself; approve only if you just asked it to connect.</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="consent" value="${escapeHtml(options.formToken)}">
<label for="api_key">Your jobseek API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required autofocus>
<p class="muted">The key proves who you are; the app never sees it and gets a token of its own
that ends when the key is revoked.</p>
<div class="buttons">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>
</div>`,
  );
}

/** A page for requests that cannot be sent back to the app (no valid client or redirect URI). */
export function renderErrorPage(message: string): string {
  return page(
    "jobseek sign-in failed",
    `<h1>This sign-in cannot go on</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="muted">Nothing was shared with the app. Start again from the app.</p>`,
  );
}
