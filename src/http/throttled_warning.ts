/**
 * A warning that can repeat many times a second (a connection cap reached, accepts failing) logged
 * at a bounded rate: the first at once, then at most one every `WARN_EVERY_MS` with how many were
 * left out, so a flood cannot fill the log.
 *
 * @module
 */
import type { Logger } from "../log.ts";

/** A repeated warning (cap reached, accept failing) is logged at most this often, with a count. */
export const WARN_EVERY_MS = 10_000;

/** Logs the first of a kind of event at once, then at most every WARN_EVERY_MS with a count. */
export class ThrottledWarning {
  readonly #logger: Logger;
  readonly #msg: string;
  #last = -Infinity;
  #suppressed = 0;

  constructor(logger: Logger, msg: string) {
    this.#logger = logger;
    this.#msg = msg;
  }

  note(fields: Record<string, unknown> = {}): void {
    const now = performance.now();
    if (now - this.#last < WARN_EVERY_MS) {
      this.#suppressed++;
      return;
    }
    this.#logger.warn(this.#msg, { ...fields, since_last_warning: this.#suppressed });
    this.#last = now;
    this.#suppressed = 0;
  }
}
