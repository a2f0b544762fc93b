/**
 * The one escaping of text put into HTML or XML, as element content or a quoted attribute value.
 * What is stripped before differs by where the text goes and stays with its caller: a page's line
 * (`escapeHtml`, src/auth/oauth_consent_page.ts, after `cleanLine`) or what XML 1.0 can carry
 * (`xmlText`, src/alerts/atom_feed.ts, after `xmlSafe`).
 *
 * @module
 */

/**
 * `text` with `&`, `<`, `>`, `"` and `'` written as character references, which HTML and XML both
 * read (`&#39;`, not HTML 4's missing `&apos;`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(escapeMarkup(`<a href="x">Tom & Jerry's</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
 * ```
 */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
