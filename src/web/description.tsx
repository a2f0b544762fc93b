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

/** The description of a posting, drawn from its Markdown; the text as it is where there is none. */
export function Description(props: { text: string }) {
  const document = new Parser().parse(props.text);
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
