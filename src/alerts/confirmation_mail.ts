/**
 * The one mail an email delivery's address gets before it confirms: who asked, what it would be
 * sent (the saved search's words, neutralised: `wordsForStrangers`), the link that confirms, and
 * that ignoring it sends nothing more. Text alone: nothing in it needs markup, and a mail sent
 * unasked should be as plain as it can be.
 *
 * The saved search's name is not in it (session 36): a key holder chooses it freely ("Visit
 * http://scam.example/win to claim your prize"), and this mail goes to a stranger who never asked
 * for it, from the operator's mail domain. The query says what the person will receive, and is
 * shown with nothing in it that a mail client could make a link of.
 *
 * @module
 */
import type { DigestPeriod } from "../domain/deliveries.ts";
import { type MailMessage, plain } from "./email_digest.ts";

/** The most characters of a saved search's words a confirmation mail (or page) quotes. */
export const WORDS_SHOWN_MAX = 80;

export interface ConfirmationOptions {
  from: string;
  to: string;
  /** The saved search's parameters: its `q` says what the address would be sent. */
  params: Record<string, unknown>;
  /** Who asked: the owner's subject (`key:NAME`). */
  owner: string;
  every: DigestPeriod;
  /** The server's base URL, as its links name it. */
  site: string;
  confirmUrl: string;
  messageId: string;
}

/**
 * A key holder's words as a mail to a stranger may quote them: letters, digits, combining marks,
 * spaces and the marks job words use (`+ # & ' - £ $ € %`), every other character a space (so no
 * URL, domain, e-mail address or markup survives: `.`, `:`, `/`, `@`, `<` and their look-alikes
 * all go), spaces collapsed, at most `WORDS_SHOWN_MAX` characters cut at a word.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { wordsForStrangers } from "./confirmation_mail.ts";
 *
 * assert.equal(wordsForStrangers("Visit http://scam.example/win now"), "Visit http scam example win now");
 * assert.equal(wordsForStrangers("c++ or c# developer, £30k"), "c++ or c# developer £30k");
 * assert.equal(wordsForStrangers("mail me@evil.example"), "mail me evil example");
 * ```
 */
export function wordsForStrangers(text: string): string {
  const words = text.toWellFormed().normalize("NFKC")
    .replace(/[^\p{L}\p{N}\p{M}+#&'\-£$€% ]+/gu, " ")
    .replace(/ +/g, " ").trim();
  if (words.length <= WORDS_SHOWN_MAX) return words;
  const cut = words.slice(0, WORDS_SHOWN_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > 0 ? cut.slice(0, space) : cut).trim()}...`;
}

/**
 * What a saved search sends, in words a stranger may be shown: its query's words, or that it has
 * none (its filters alone choose the postings).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { searchForStrangers } from "./confirmation_mail.ts";
 *
 * assert.equal(searchForStrangers({ q: "nurse <b>Leeds</b>" }), 'new job postings matching "nurse b Leeds b"');
 * assert.equal(searchForStrangers({ country: "US" }), "new job postings of a saved search");
 * ```
 */
export function searchForStrangers(params: Record<string, unknown>): string {
  const words = typeof params.q === "string" ? wordsForStrangers(params.q) : "";
  return words ? `new job postings matching "${words}"` : "new job postings of a saved search";
}

export function confirmationMessage(options: ConfirmationOptions): MailMessage {
  const text = [
    `Someone using the API key "${plain(options.owner.replace(/^key:/, ""))}" on ${
      plain(options.site)
    } asked for ${options.every} digests of ${searchForStrangers(options.params)} to be sent to ${
      plain(options.to)
    }.`,
    "",
    "To get them, open this link and press the button on its page:",
    options.confirmUrl,
    "",
    "If you did not ask for this, ignore this mail: nothing more will be sent.",
    "",
  ].join("\n");
  return {
    from: options.from,
    to: options.to,
    // Nothing of the key holder's in the subject: it is what a stranger's inbox lists.
    subject: "jobseek: confirm email digests of new job postings",
    text,
    messageId: options.messageId,
    // RFC 3834: an automatic mail, which auto-responders should not answer.
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
