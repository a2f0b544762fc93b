/** @jsxImportSource hono/jsx */
/**
 * A posting's description as a person reads it. Scraped descriptions are Markdown (JobSpy writes
 * them so: 3 in 4 of the real postings that match "nurse" carry `**Overview**` and the like), and
 * shown as text they read as `**Job Overview**  We are seeking...`. They are parsed with CommonMark
 * and drawn with a fixed set of elements (paragraphs, emphasis, lists, quotes, code), each through
 * Hono's JSX, which escapes every text: no markup of the posting's is ever written, raw HTML in it
 * is shown as the text it is, a link is its words alone (no address of the posting's becomes a link
 * on this site), an image its description. (session 38)
 *
 * @module
 */
// @ts-types="@types/commonmark"
import { type Node, Parser } from "commonmark";
import type { Child } from "hono/jsx";

/**
 * Below this depth (quotes in quotes, lists in lists) a node is drawn as its text: a description
 * of ten thousand `>` must not exhaust the stack of the page that draws it.
 */
const MAX_DEPTH = 24;

/** Link openings ("](") past which a description is drawn as its lines, not parsed (the real
 * postings hold none). */
const MOST_LINK_OPENINGS = 20;
/** Lists or quotes opened on one line ("- - - a") past which likewise. */
const CONTAINERS_ON_A_LINE = /^(?:[ \t]*(?:[-*+>]|\d{1,9}[.)])(?=[ \t]|$)){5}/m;

/**
 * Whether CommonMark parses `text` in time that grows with its length. Unclosed links ("[a](" over
 * and over) and lists opened on one line ("- - - - a") take it time that grows with the square of
 * the length: a description of 47,600 characters of "[a](" took 5.1 s, and the server stood still
 * meanwhile (reviewer W, session 38). Real descriptions hold a few links, lists two or three deep.
 */
export function parsesInTime(text: string): boolean {
  let openings = 0;
  for (let at = text.indexOf("]("); at !== -1; at = text.indexOf("](", at + 2)) {
    if (++openings > MOST_LINK_OPENINGS) return false;
  }
  return !CONTAINERS_ON_A_LINE.test(text);
}

/**
 * Headings a scrape glued to the text before them ("patient care.### **Our Facilities**": 28 in
 * the real files) put on lines of their own, where CommonMark reads them; it reads "###" within a
 * line as text, and the page showed the marks (a person's trial, session 57). Two marks at least,
 * so "C# developer" stays as it is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(headingsOnTheirLines("care.### Our team"), "care.\n\n### Our team");
 * assert.equal(headingsOnTheirLines("C# and F# developer"), "C# and F# developer");
 * assert.equal(headingsOnTheirLines("Intro\n### Kept"), "Intro\n### Kept");
 * ```
 */
export function headingsOnTheirLines(text: string): string {
  return text.replace(/(?<=[^\s#])(#{2,6}) (?=\S)/g, "\n\n$1 ");
}

/**
 * Lines CommonMark would take for link reference definitions ("[1]: https://example.org", "[!]:0")
 * kept as text: a definition is drawn as nothing, so a posting's line of that shape vanished from
 * its page (found by the property test below, session 58). Its opening bracket is escaped.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(definitionsAsText("Apply:\n[1]: https://example.org"), "Apply:\n\\[1]: https://example.org");
 * assert.equal(definitionsAsText("See [our site](https://x.org)."), "See [our site](https://x.org).");
 * ```
 */
export function definitionsAsText(text: string): string {
  return text.replace(/^( {0,3})(\[(?:[^\]\\\n]|\\.)*\]:)/gm, "$1\\$2");
}

/** The description of a posting, drawn from its Markdown; the text as it is where there is none. */
export function Description(props: { text: string }) {
  if (!parsesInTime(props.text)) {
    // Its paragraphs and lines, as typed: no Markdown read.
    return (
      <div class="description">
        {props.text.split(/\n[ \t]*\n/).map((paragraph, at) => (
          <p key={at} class="kept-lines">{paragraph}</p>
        ))}
      </div>
    );
  }
  const document = new Parser().parse(definitionsAsText(headingsOnTheirLines(props.text)));
  return <div class="description">{drawChildren(document, 0)}</div>;
}

function drawChildren(node: Node, depth: number): Child[] {
  const drawn: Child[] = [];
  for (let child = node.firstChild; child !== null; child = child.next) {
    drawn.push(draw(child, depth + 1));
  }
  return drawn;
}

/** The text of a node and everything in it, walked without recursion. */
function textOf(node: Node): string {
  const parts: string[] = [];
  const walker = node.walker();
  for (let step = walker.next(); step !== null; step = walker.next()) {
    if (!step.entering) continue;
    if (step.node.literal !== null) parts.push(step.node.literal);
    else if (step.node.type === "softbreak" || step.node.type === "linebreak") parts.push("\n");
  }
  return parts.join("");
}

function draw(node: Node, depth: number): Child {
  if (depth > MAX_DEPTH) return <p>{textOf(node)}</p>;
  const inner = () => drawChildren(node, depth);
  switch (node.type) {
    case "text":
    case "html_inline":
      return node.literal ?? "";
    case "code":
      return <code>{node.literal ?? ""}</code>;
    case "softbreak":
    case "linebreak":
      // Scraped lines (an address, a list without marks) are lines: kept as such.
      return <br />;
    case "emph":
      return <em>{inner()}</em>;
    case "strong":
      return <strong>{inner()}</strong>;
    case "link":
    case "image":
      // Words only: the posting's addresses lead nowhere from this site.
      return <>{inner()}</>;
    case "paragraph":
      return <p>{inner()}</p>;
    case "heading":
      // Strong words, not headings: the page's outline is the page's (h1 the title, h2 its parts).
      return (
        <p>
          <strong>{inner()}</strong>
        </p>
      );
    case "block_quote":
      return <blockquote>{inner()}</blockquote>;
    case "list":
      return node.listType === "ordered"
        ? <ol start={node.listStart ?? 1}>{inner()}</ol>
        : <ul>{inner()}</ul>;
    case "item":
      return <li>{inner()}</li>;
    case "code_block":
    case "html_block":
      // Indented lines (a scraped description's, rarely code) and raw HTML: their text, as laid
      // out.
      return <p class="kept-lines">{node.literal ?? ""}</p>;
    case "thematic_break":
      return <hr />;
    default:
      return textOf(node);
  }
}
