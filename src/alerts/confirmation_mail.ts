/**
 * The one mail an email delivery's address gets before it confirms: who asked, for which saved
 * search (its name is the key holder's text, shown as the digest shows it: plain, no control or
 * bidi characters), the link that confirms, and that ignoring it sends nothing more. Text alone:
 * nothing in it needs markup, and a mail sent unasked should be as plain as it can be.
 *
 * @module
 */
import type { DigestPeriod } from "../domain/deliveries.ts";
import { type MailMessage, plain } from "./email_digest.ts";

export interface ConfirmationOptions {
  from: string;
  to: string;
  /** The saved search's name: the key holder's words, not ours. */
  name: string;
  /** Who asked: the owner's subject (`key:NAME`). */
  owner: string;
  every: DigestPeriod;
  /** The server's base URL, as its links name it. */
  site: string;
  confirmUrl: string;
  messageId: string;
}

export function confirmationMessage(options: ConfirmationOptions): MailMessage {
  const name = plain(options.name);
  const subject = plain(`jobseek: confirm email digests for "${options.name}"`).slice(0, 200);
  const text = [
    `Someone using the API key "${plain(options.owner.replace(/^key:/, ""))}" on ${
      plain(options.site)
    } asked for ${options.every} digests of new job postings for the saved search "${name}" to be ` +
    `sent to ${plain(options.to)}.`,
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
    subject,
    text,
    messageId: options.messageId,
    // RFC 3834: an automatic mail, which auto-responders should not answer.
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
