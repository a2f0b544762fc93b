/**
 * A pattern run over many long texts, most of which cannot match it, skipped on a string search
 * first. The tag patterns (src/ingest/job_tags.ts) each start with a word (`\bpython\b`,
 * `\bdata scien(?:ce|tists?)\b`); run over every description of an import they were about 40% of
 * its CPU (V8 profile of the 47 real files), while `String.prototype.includes` of the word in the
 * lower-cased text rules most of them out for a fraction of that.
 *
 * @module
 */

/** A literal every match of a pattern begins with, and how to look for it. */
export interface RequiredLiteral {
  text: string;
  /** Look in the lower-cased text (the pattern ignores case; `text` is lower case then). */
  lowerCase: boolean;
}

/** Escapes that stand for a class or an assertion, not for the character after the backslash. */
const CLASS_ESCAPES = new Set("bBdDsSwWpPkcuxfnrtv0123456789");
const SPECIAL = new Set("()[]{}|?*+.^$");
const QUANTIFIERS = new Set("?*+{");

/** The index after the group that opens at `start` (a `(`), or -1 when it does not close. */
function afterGroup(source: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

/** Whether `source` has a `|` outside every group and class: then no one literal is required. */
function alternatesAtTop(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

/**
 * The literal that every match of `pattern` begins with (after `^`, `\b` and lookarounds, which
 * match no characters), or undefined when the pattern does not begin with one.
 *
 * Case-insensitive patterns give their literal in lower case, to be looked for in the lower-cased
 * text, and only when it is ASCII and the pattern has no `u` or `v` flag: without them an ASCII
 * letter matches only itself in either case, and lower-casing maps each ASCII letter to one, so a
 * match's letters stay side by side. (With `u`, `/s/iu` matches the long s, which lower-cases to
 * itself.) Lower-casing can find a literal where the pattern would not match (the Kelvin sign
 * lower-cases to `k`); that costs one needless run of the pattern, never a missed match.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(requiredLiteral(/\bhtml5?\b/i), { text: "html", lowerCase: true });
 * assert.deepEqual(requiredLiteral(/(?<![\w+])C\+\+/), { text: "C++", lowerCase: false });
 * assert.equal(requiredLiteral(/\b(?:py)?spark\b/i), undefined);
 * assert.equal(requiredLiteral(/remote|hybrid/i), undefined);
 * ```
 */
export function requiredLiteral(pattern: RegExp): RequiredLiteral | undefined {
  const lowerCase = pattern.ignoreCase;
  if (lowerCase && (pattern.unicode || pattern.unicodeSets)) return undefined;
  const source = pattern.source;
  if (alternatesAtTop(source)) return undefined;
  let at = 0;
  while (at < source.length) {
    if (source[at] === "^") at++;
    else if (source.startsWith("\\b", at) || source.startsWith("\\B", at)) at += 2;
    else if (/^\(\?<?[=!]/.test(source.slice(at, at + 4))) {
      const end = afterGroup(source, at);
      if (end < 0 || QUANTIFIERS.has(source[end])) return undefined;
      at = end;
    } else break;
  }
  let literal = "";
  while (at < source.length) {
    const c = source[at];
    let unit: string;
    if (c === "\\") {
      const escaped = source[at + 1];
      if (escaped === undefined || CLASS_ESCAPES.has(escaped)) break;
      unit = escaped;
      at += 2;
    } else if (SPECIAL.has(c)) {
      break;
    } else {
      unit = c;
      at += 1;
    }
    // "html5?": the 5 may be absent, so the literal ends before it.
    if (QUANTIFIERS.has(source[at])) break;
    literal += unit;
  }
  if (literal === "") return undefined;
  if (!lowerCase) return { text: literal, lowerCase };
  // deno-lint-ignore no-control-regex
  if (!/^[\x00-\x7f]*$/.test(literal)) return undefined;
  return { text: literal.toLowerCase(), lowerCase };
}

/**
 * Which of many literals a text contains, found in one pass of one pattern (the literals as
 * alternatives, longest first) instead of one search per literal: for the 88 lower-case literals of
 * the tag patterns over the 2,675 real descriptions (3,700 characters on average) one pass took
 * 0.30 of the time of 88 `includes`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const scan = new LiteralScan(["java", "javascript", "script", "sql"]);
 * const found = scan.find("javascript and nosql");
 * assert.deepEqual([...found].sort(), ["java", "javascript", "script", "sql"]);
 * assert.deepEqual([...scan.find("python")], []);
 * ```
 */
export class LiteralScan {
  readonly #literals: ReadonlySet<string>;
  readonly #pattern: RegExp | null;
  /** Per literal, the literals it begins with (itself included): found where it is found. */
  readonly #prefixes = new Map<string, string[]>();

  constructor(literals: Iterable<string>) {
    const distinct = [...new Set(literals)].filter((literal) => literal !== "");
    this.#literals = new Set(distinct);
    // Longest first: where several begin at one place, the alternation takes the longest, and the
    // others are found through it (below).
    distinct.sort((a, b) => b.length - a.length);
    for (const literal of distinct) {
      this.#prefixes.set(literal, distinct.filter((other) => literal.startsWith(other)));
    }
    this.#pattern = distinct.length === 0 ? null : new RegExp(
      distinct.map((literal) => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
      "g",
    );
  }

  /** Whether `literal` is one this scan looks for. */
  covers(literal: string): boolean {
    return this.#literals.has(literal);
  }

  /** The literals `text` contains. */
  find(text: string): Set<string> {
    const found = new Set<string>();
    const pattern = this.#pattern;
    if (pattern === null) return found;
    pattern.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text)) !== null) {
      for (const literal of this.#prefixes.get(match[0])!) found.add(literal);
      // From the next character, not past the match: a literal may begin inside another.
      pattern.lastIndex = match.index + 1;
    }
    return found;
  }
}

/**
 * A text and, made when first asked for, its lower-cased form and which of `scan`'s literals the
 * lower-cased form contains.
 */
export class PrefilterText {
  #lower: string | undefined;
  #found: Set<string> | undefined;
  constructor(readonly text: string, readonly scan?: LiteralScan) {}

  get lower(): string {
    this.#lower ??= this.text.toLowerCase();
    return this.#lower;
  }

  /** Whether the text holds `literal` (the lower-cased text, for a pattern that ignores case). */
  contains(literal: RequiredLiteral): boolean {
    if (!literal.lowerCase) return this.text.includes(literal.text);
    if (this.scan?.covers(literal.text)) {
      this.#found ??= this.scan.find(this.lower);
      return this.#found.has(literal.text);
    }
    return this.lower.includes(literal.text);
  }
}

/** A pattern that first checks for its required literal, if it has one. */
export class PrefilteredPattern {
  readonly #pattern: RegExp;
  readonly #global: RegExp;
  readonly #literal: RequiredLiteral | undefined;

  constructor(pattern: RegExp) {
    this.#pattern = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
    this.#global = new RegExp(this.#pattern.source, this.#pattern.flags + "g");
    this.#literal = requiredLiteral(this.#pattern);
  }

  /** The literal every match begins with, if the pattern has one. */
  get literal(): RequiredLiteral | undefined {
    return this.#literal;
  }

  #excluded(text: PrefilterText): boolean {
    return this.#literal !== undefined && !text.contains(this.#literal);
  }

  /** `pattern.test(text)`. */
  test(text: PrefilterText): boolean {
    return !this.#excluded(text) && this.#pattern.test(text.text);
  }

  /** How many times the pattern matches the text (with the `g` flag). */
  count(text: PrefilterText): number {
    if (this.#excluded(text)) return 0;
    return text.text.match(this.#global)?.length ?? 0;
  }
}
